"""Recompute every rating from the match history and compare with the stored ones.

Matches are replayed in the order they were rated (their first RatingHistory id): two
matches sharing a bot were serialised by row locks, so this is the order that produced the
stored numbers, and matches sharing no bot commute.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F, Min

import arena.games
from arena import ratings
from webui.ladder.models import GameRating, Rating, seat_wins
from webui.matches.models import Match, MatchSeat

TOLERANCE = 1e-9


@dataclass
class Mismatch:
    #: The bot version, or for a cooperative game's own rating, "GAME at N".
    version_id: int | str
    game: str
    stored: tuple[float, float, int, int] | None
    expected: tuple[float, float, int, int]

    def __str__(self) -> str:
        def show(v: tuple[float, float, int, int] | None) -> str:
            return (
                "missing"
                if v is None
                else f"mu={v[0]:.6f} sigma={v[1]:.6f} games={v[2]} wins={v[3]}"
            )

        return (
            f"version {self.version_id} ({self.game}): stored {show(self.stored)}, "
            f"recomputed {show(self.expected)}"
        )


@dataclass
class Report:
    matches: int = 0
    ratings: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        return not self.mismatches


def _history() -> list[tuple[list[tuple[int, str]], list[int], list[bool]]]:
    """Finished ladder matches in rating order, as (keys, ranks, who won)."""
    order = (
        Match.objects.filter(status=Match.Status.FINISHED, kind=Match.Kind.LADDER)
        .annotate(first=Min("rating_history__id"))
        .order_by(F("first").asc(nulls_last=True), "finished", "id")
        .values_list("pk", "game", "summary")
    )
    seats: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    rows = MatchSeat.objects.filter(
        match__status=Match.Status.FINISHED, match__kind=Match.Kind.LADDER
    ).values_list("match_id", "seat", "version_id", "rank")
    for match_id, seat, version_id, rank in rows:
        seats[match_id].append((seat, version_id, rank))
    history = []
    for match_id, game, summary in order:
        seated = sorted(seats[match_id])
        ranks = [r for _, _, r in seated]
        keys = [(v, game) for _, v, _ in seated]
        opponent = ("game", game, len(seated)) if arena.games.get(game).cooperative else None
        history.append((keys, ranks, seat_wins(summary, ranks), opponent))
    return history


def recompute(fix: bool = False) -> Report:
    """Replay the ladder; with `fix`, overwrite stored ratings with the replayed ones."""
    history = _history()
    table = ratings.replay(history)
    report = Report(matches=len(history))
    stored = {(r.version_id, r.game): r for r in Rating.objects.all()}
    report.ratings = len(stored)
    opponents = {r.key: r for r in GameRating.objects.all()}
    for key in sorted(set(opponents) | {k for k in table if k[0] == "game"}):
        skill, games, wins = table.get(key, (ratings.Skill(), 0, 0))
        expected = (skill.mu, skill.sigma, games, wins)
        row = opponents.get(key)
        have = None if row is None else (row.mu, row.sigma, row.games, row.wins)
        if have is None or not _same(have, expected):
            report.mismatches.append(Mismatch(f"{key[1]} at {key[2]}", key[1], have, expected))
            if fix:
                GameRating.objects.update_or_create(
                    game=key[1], players=key[2],
                    defaults={"mu": skill.mu, "sigma": skill.sigma, "games": games, "wins": wins},
                )  # fmt: skip
    table = {k: v for k, v in table.items() if k[0] != "game"}
    for key in sorted(set(stored) | set(table)):
        skill, games, wins = table.get(key, (ratings.Skill(), 0, 0))
        expected = (skill.mu, skill.sigma, games, wins)
        row = stored.get(key)
        have = None if row is None else (row.mu, row.sigma, row.games, row.wins)
        if have is None or not _same(have, expected):
            report.mismatches.append(Mismatch(key[0], key[1], have, expected))
    if fix and report.mismatches:
        with transaction.atomic():
            for m in report.mismatches:
                if not isinstance(m.version_id, int):  # a game's own rating: fixed above
                    continue
                mu, sigma, games, wins = m.expected
                Rating.objects.update_or_create(
                    version_id=m.version_id,
                    game=m.game,
                    defaults={
                        "mu": mu,
                        "sigma": sigma,
                        "display": ratings.display(mu, sigma),
                        "games": games,
                        "wins": wins,
                    },
                )
    return report


def _same(a: tuple[float, float, int, int], b: tuple[float, float, int, int]) -> bool:
    return abs(a[0] - b[0]) <= TOLERANCE and abs(a[1] - b[1]) <= TOLERANCE and a[2:] == b[2:]
