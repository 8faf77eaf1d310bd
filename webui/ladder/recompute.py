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
from webui.pagecache import pages_changed

TOLERANCE = 1e-9


@dataclass
class Mismatch:
    #: The bot version; None for a cooperative game's own rating at `players` seats.
    version_id: int | None
    game: str
    stored: tuple[float, float, int, int] | None
    expected: tuple[float, float, int, int]
    players: int | None = None

    def __str__(self) -> str:
        def show(v: tuple[float, float, int, int] | None) -> str:
            return (
                "missing"
                if v is None
                else f"mu={v[0]:.6f} sigma={v[1]:.6f} games={v[2]} wins={v[3]}"
            )

        who = (
            f"version {self.version_id} ({self.game})"
            if self.version_id is not None
            else f"{self.game} itself at {self.players} players"
        )
        return f"{who}: stored {show(self.stored)}, recomputed {show(self.expected)}"


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
        cooperative = arena.games.get(game).cooperative
        opponent = GameRating.key_for(game, len(seated)) if cooperative else None
        history.append((keys, ranks, seat_wins(summary, ranks), opponent))
    return history


def recompute(fix: bool = False) -> Report:
    """Replay the ladder; with `fix`, overwrite stored ratings with the replayed ones."""
    history = _history()
    table = ratings.replay(history)
    report = Report(matches=len(history))
    stored = {(r.version_id, r.game): r for r in Rating.objects.all()}
    report.ratings = len(stored)
    games = {k: v for k, v in table.items() if k[0] == "game"}
    bots = {k: v for k, v in table.items() if k[0] != "game"}
    opponents = {r.key: r for r in GameRating.objects.all()}
    for key, have, expected in _differences(opponents, games):
        report.mismatches.append(Mismatch(None, key[1], have, expected, players=key[2]))
    for key, have, expected in _differences(stored, bots):
        report.mismatches.append(Mismatch(key[0], key[1], have, expected))
    if fix and report.mismatches:
        with transaction.atomic():
            pages_changed()  # ratings show on every kept page
            for m in report.mismatches:
                mu, sigma, games, wins = m.expected
                if m.version_id is None:  # a cooperative game's own rating
                    GameRating.objects.update_or_create(
                        game=m.game, players=m.players,
                        defaults={"mu": mu, "sigma": sigma, "games": games, "wins": wins},
                    )  # fmt: skip
                    continue
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


def _differences(rows: dict, replayed: dict):
    """(key, stored, recomputed) wherever a stored rating row and the replay disagree."""
    for key in sorted(set(rows) | set(replayed)):
        skill, games, wins = replayed.get(key, (ratings.Skill(), 0, 0))
        expected = (skill.mu, skill.sigma, games, wins)
        row = rows.get(key)
        have = None if row is None else (row.mu, row.sigma, row.games, row.wins)
        if have is None or not _same(have, expected):
            yield key, have, expected


def _same(a: tuple[float, float, int, int], b: tuple[float, float, int, int]) -> bool:
    return abs(a[0] - b[0]) <= TOLERANCE and abs(a[1] - b[1]) <= TOLERANCE and a[2:] == b[2:]
