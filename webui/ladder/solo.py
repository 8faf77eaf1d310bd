"""The solo leaderboard: games that can be played alone (Castle Panic) keep a board of their
own, by win rate and points, since a rating needs opponents.

Solo games are friendly one-seat matches queued beside the ladder; their results are read
from each finished match's summary, so nothing is stored twice.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q

import arena.games
from arena.match.seeds import new_match_seed
from webui.bots.models import BotVersion
from webui.matches.models import Match, MatchSeat

_LIVE = (Match.Status.QUEUED, Match.Status.RUNNING)


def solo_matches(game: str):
    """One-seat matches of `game` (tournament and ladder matches always seat two or more)."""
    return Match.objects.filter(game=game).annotate(players=Count("seats")).filter(players=1)


def fill_solo_queue(
    game_name: str, depth: int | None = None, rng: random.Random | None = None
) -> list[int]:
    """Queue solo games for the active versions with the fewest; return the new match ids."""
    game = arena.games.get(game_name)
    if game.min_players != 1:
        return []
    ladder_depth = settings.ARENA_LADDER_DEPTH if depth is None else depth
    depth = (ladder_depth + 1) // 2  # half the ladder's depth; none when the ladder is off
    live = solo_matches(game_name).filter(status__in=_LIVE).count()
    versions = list(
        BotVersion.objects.filter(status=BotVersion.Status.ACTIVE, bot__game=game_name)
        .exclude(bot__kind="remote")  # solo boards are for hosted bots (docs/remote-bots.md)
        .annotate(
            solo=Count("seats", filter=Q(seats__match__in=solo_matches(game_name).values("pk")))
        )
        .order_by("solo", "pk")
        .values_list("pk", flat=True)
    )
    rng = rng or random.Random(secrets.randbits(64))
    created = []
    with transaction.atomic():
        for version_id in versions[: max(0, depth - live)]:
            match = Match.objects.create(
                game=game_name,
                kind=Match.Kind.FRIENDLY,
                options=game.resolve_options({}),
                seed=new_match_seed(),  # never from `rng`: bots must not guess it
                time_control={
                    "per_decision": settings.ARENA_TIME_PER_DECISION,
                    "bank": settings.ARENA_TIME_BANK,
                    "max_strikes": 3,
                },
            )
            MatchSeat.objects.create(match=match, seat=0, version_id=version_id)
            created.append(match.pk)
    return created


@dataclass
class SoloRow:
    version: BotVersion
    games: int = 0
    wins: int = 0
    points: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_points(self) -> float:
        return sum(self.points) / len(self.points) if self.points else 0.0

    @property
    def best(self) -> float:
        return max(self.points, default=0.0)


def solo_rows(game: str) -> list[SoloRow]:
    """Versions with finished solo games, best win rate first, then average points."""
    rows: dict[int, SoloRow] = {}
    seats = (
        MatchSeat.objects.filter(
            match__in=solo_matches(game).filter(status=Match.Status.FINISHED).values("pk")
        )
        .select_related("version__bot__owner", "match")
        .only("version", "match__summary")
    )
    for seat in seats:
        outcome = (seat.match.summary or {}).get("outcome") or []
        if not outcome:
            continue
        result = outcome[0]
        row = rows.setdefault(seat.version_id, SoloRow(seat.version))
        row.games += 1
        row.wins += arena.games.won(result)
        row.points.append(float(result.get("points", result.get("score", 0)) or 0))
    return sorted(rows.values(), key=lambda r: (-r.win_rate, -r.average_points, r.version.pk))
