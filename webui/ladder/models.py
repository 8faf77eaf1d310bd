"""Ratings per bot version and game, and the history of every change.

A finished ladder match updates its seats' ratings inside the transaction that records it
(`Rating.apply_match`). The rows are locked in id order so that two matches sharing a bot
apply one after the other, never both from the same old value; RatingHistory ids follow that
order, which is how `recompute` replays the ladder exactly.
"""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django.utils import timezone

import arena.games
from arena import ratings


def seat_wins(summary: dict | None, ranks: list[int]) -> list[bool]:
    """Who won, from the stored outcome: a cooperative team that lost shares rank 0 unwon."""
    outcome = (summary or {}).get("outcome") or []
    if len(outcome) != len(ranks):
        return [rank == 0 for rank in ranks]
    return [arena.games.won(result) for result in outcome]


class Rating(models.Model):
    version = models.ForeignKey("bots.BotVersion", models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=64, db_index=True)
    mu = models.FloatField(default=ratings.DEFAULT_MU)
    sigma = models.FloatField(default=ratings.DEFAULT_SIGMA)
    display = models.FloatField(default=ratings.display(ratings.DEFAULT_MU, ratings.DEFAULT_SIGMA))
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    last_played = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["version", "game"], name="rating_unique_per_game"),
        ]
        indexes: ClassVar = [models.Index(fields=["game", "-display"], name="rating_ladder")]
        ordering: ClassVar = ["game", "-display"]

    def __str__(self) -> str:
        return f"{self.version} {self.game}: {self.display:.2f}"

    @property
    def skill(self) -> ratings.Skill:
        return ratings.Skill(self.mu, self.sigma)

    @classmethod
    def for_version(cls, version_id: int, game: str) -> Rating:
        rating, _ = cls.objects.get_or_create(version_id=version_id, game=game)
        return rating

    @classmethod
    def apply_match(cls, match) -> list[RatingHistory]:
        """Rate a finished match. Call inside the transaction that records its result."""
        seats = list(match.seats.order_by("seat"))
        version_ids = [seat.version_id for seat in seats]
        for version_id in sorted(set(version_ids)):
            cls.objects.get_or_create(version_id=version_id, game=match.game)
        locked = {
            r.version_id: r
            for r in cls.objects.select_for_update()
            .filter(game=match.game, version_id__in=version_ids)
            .order_by("id")
        }
        current = [locked[v] for v in version_ids]
        ranks = [seat.rank for seat in seats]
        wins = seat_wins(match.summary, ranks)
        if arena.games.get(match.game).cooperative:  # the table against the game itself
            horde = GameRating.locked(match.game, len(seats))
            new, beaten = ratings.rate_against_the_game([r.skill for r in current], horde.skill,
                                                        won=any(wins))  # fmt: skip
            horde.record(beaten, won=not any(wins))
        else:
            new = ratings.rate([r.skill for r in current], ranks)
        now = timezone.now()
        history = []
        for seat, rating, skill, win in zip(seats, current, new, wins, strict=True):
            history.append(
                RatingHistory(
                    rating=rating,
                    match=match,
                    mu_before=rating.mu,
                    sigma_before=rating.sigma,
                    mu=skill.mu,
                    sigma=skill.sigma,
                    rank=seat.rank,
                )
            )
            rating.mu, rating.sigma, rating.display = skill.mu, skill.sigma, skill.display
            rating.games += 1
            rating.wins += win
            rating.last_played = now
        cls.objects.bulk_update(current, ["mu", "sigma", "display", "games", "wins", "last_played"])
        return RatingHistory.objects.bulk_create(history)


class GameRating(models.Model):
    """A cooperative game itself, rated as the opponent of every table: one per game and
    player count (a harder game at four is another opponent than at two). `wins` are the
    tables it beat."""

    game = models.CharField(max_length=64)
    players = models.PositiveSmallIntegerField()
    mu = models.FloatField(default=ratings.DEFAULT_MU)
    sigma = models.FloatField(default=ratings.DEFAULT_SIGMA)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["game", "players"], name="game_rating_unique"),
        ]
        ordering: ClassVar = ["game", "players"]

    def __str__(self) -> str:
        return f"{self.game} at {self.players}: {self.display:.2f}"

    @property
    def skill(self) -> ratings.Skill:
        return ratings.Skill(self.mu, self.sigma)

    @property
    def display(self) -> float:
        return ratings.display(self.mu, self.sigma)

    @property
    def team_win_rate(self) -> float:
        """Percent of the tables that beat it."""
        return 100 * (self.games - self.wins) / self.games if self.games else 0.0

    @property
    def key(self) -> tuple[str, str, int]:
        return self.key_for(self.game, self.players)

    @staticmethod
    def key_for(game: str, players: int) -> tuple[str, str, int]:
        """The game's key among the bots' in `arena.ratings.replay`."""
        return ("game", game, players)

    @classmethod
    def locked(cls, game: str, players: int) -> GameRating:
        """The row, locked (after the seats' ratings: every match locks in that order)."""
        cls.objects.get_or_create(game=game, players=players)
        return cls.objects.select_for_update().get(game=game, players=players)

    def record(self, skill: ratings.Skill, won: bool) -> None:
        self.mu, self.sigma = skill.mu, skill.sigma
        self.games += 1
        self.wins += won
        self.save(update_fields=["mu", "sigma", "games", "wins"])


class RatingHistory(models.Model):
    #: Indexed by history_rating_newest (a chart reads each rating's newest changes).
    rating = models.ForeignKey(Rating, models.CASCADE, related_name="history", db_index=False)
    match = models.ForeignKey("matches.Match", models.CASCADE, related_name="rating_history")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    rank = models.PositiveSmallIntegerField()
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["rating", "match"], name="history_once_per_match"),
        ]
        indexes: ClassVar = [models.Index(fields=["rating", "-id"], name="history_rating_newest")]
        ordering: ClassVar = ["id"]
        verbose_name_plural = "rating history"

    def __str__(self) -> str:
        return f"{self.rating.version} after match {self.match_id}: {self.mu:.2f}"

    @property
    def display(self) -> float:
        return ratings.display(self.mu, self.sigma)
