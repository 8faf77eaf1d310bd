"""The ladder scheduler: keep each game's queue at a target depth (lineups.py picks who).

A remote bot is a candidate like a hosted one, with the same count of games (rated plus
scheduled) deciding when it plays, so it gets as many matches as a hosted bot of the same
standing; but only while it is online, and only up to the matches at once its owner
allows (concurrency). Offline or full, it sits out this round, and its lower count makes
it the first to play when it is back.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter

from django.conf import settings
from django.db import transaction

import arena.games
from arena.match.seeds import new_match_seed
from webui.bots import presence
from webui.bots.models import BotVersion
from webui.ladder.lineups import Candidate, pick_lineup
from webui.ladder.models import Rating
from webui.matches.models import Match, MatchSeat

_LIVE = (Match.Status.QUEUED, Match.Status.RUNNING)


def candidates(game: str) -> list[Candidate]:
    """Active versions of `game` with their rating and games played or scheduled."""
    rows = list(
        BotVersion.objects.filter(status=BotVersion.Status.ACTIVE, bot__game=game).values_list(
            "pk", "bot_id", "bot__kind", "bot__concurrency"
        )
    )
    remote = {pk: (bot, concurrency) for pk, bot, kind, concurrency in rows if kind == "remote"}
    online = presence.online(bot for bot, _ in remote.values())
    versions = [pk for pk, *_ in rows if pk not in remote or remote[pk][0] in online]
    rated = {
        r.version_id: r
        for r in Rating.objects.filter(game=game, version_id__in=versions).only(
            "version_id", "mu", "games"
        )
    }
    scheduled = Counter(
        MatchSeat.objects.filter(
            match__game=game, match__status__in=_LIVE, version_id__in=versions
        ).values_list("version_id", flat=True)
    )
    busy = _live_per_bot([bot for bot, _ in remote.values()])
    result = []
    for version_id in versions:
        rating = rated.get(version_id)
        mu = rating.mu if rating else Rating._meta.get_field("mu").default
        games = (rating.games if rating else 0) + scheduled[version_id]
        room = None
        if version_id in remote:
            bot, concurrency = remote[version_id]
            room = concurrency - busy[bot]
            if room <= 0:
                continue
        result.append(Candidate(version_id, mu, games, room))
    return result


def _live_per_bot(bot_ids: list[int]) -> Counter[int]:
    """Matches queued or running per bot (any version, any kind of match)."""
    if not bot_ids:
        return Counter()
    return Counter(
        MatchSeat.objects.filter(match__status__in=_LIVE, version__bot_id__in=bot_ids).values_list(
            "version__bot_id", flat=True
        )
    )


def fill_queue(
    game_name: str, depth: int | None = None, rng: random.Random | None = None
) -> list[int]:
    """Create ladder matches until `game_name` has `depth` queued or running; return new ids."""
    depth = settings.ARENA_LADDER_DEPTH if depth is None else depth
    game = arena.games.get(game_name)
    live = Match.objects.filter(game=game_name, kind=Match.Kind.LADDER, status__in=_LIVE).count()
    if live >= depth:
        return []
    rng = rng or random.Random(secrets.randbits(64))
    pool = candidates(game_name)
    by_id = {c.version_id: c for c in pool}
    options = game.resolve_options({})
    time_control = {
        "per_decision": settings.ARENA_TIME_PER_DECISION,
        "bank": settings.ARENA_TIME_BANK,
        "max_strikes": 3,
    }
    created = []
    with transaction.atomic():
        for _ in range(depth - live):
            # A rating needs opponents: solo games (Castle Panic alone) are never ladder games.
            lineup = pick_lineup(
                pool, max(2, game.min_players), game.max_players, rng, game.cooperative
            )
            if lineup is None:
                break
            match = Match.objects.create(
                game=game_name,
                kind=Match.Kind.LADDER,
                options=options,
                seed=new_match_seed(),  # never from `rng`: bots must not guess it
                time_control=time_control,
            )
            MatchSeat.objects.bulk_create(
                MatchSeat(match=match, seat=seat, version_id=version_id)
                for seat, version_id in enumerate(lineup)
            )
            for version_id in lineup:
                chosen = by_id[version_id]
                chosen.games += 1
                if chosen.room is not None:
                    chosen.room -= 1
                    if chosen.room <= 0:  # a remote bot at its concurrency sits out
                        pool.remove(chosen)
            created.append(match.pk)
    return created


def games_with_ladders() -> list[str]:
    """Registered games that have at least one active version."""
    active = set(
        BotVersion.objects.filter(status=BotVersion.Status.ACTIVE)
        .values_list("bot__game", flat=True)
        .distinct()
    )
    return [name for name in arena.games.names() if name in active]
