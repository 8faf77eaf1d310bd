"""The demo's first match per game: the search bot at the table, so a newcomer's first replay
shows strong play. An ordinary ladder match between reference bots, rated like any other."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

import arena.games
from arena.match.seeds import new_match_seed
from webui.bots.models import REFERENCE_USER, BotVersion
from webui.matches.models import Match, MatchSeat

#: Who sits at the showcase table, in seat order: competitive and co-operative games.
LINEUP = ("ismcts", "greedy")
TEAM = ("ismcts", "ismcts")


def showcase_match(game_name: str) -> int | None:
    """Queue one ladder match seating the reference `ismcts`; None if the game has none."""
    game = arena.games.get(game_name)
    lineup = TEAM if game.cooperative else LINEUP
    versions = {
        v.builtin: v
        for v in BotVersion.objects.filter(
            bot__owner__username=REFERENCE_USER,
            bot__game=game_name,
            builtin__in=lineup,
            status=BotVersion.Status.ACTIVE,
        )
    }
    if not set(lineup) <= set(versions):
        return None
    with transaction.atomic():
        match = Match.objects.create(
            game=game_name,
            kind=Match.Kind.LADDER,
            options=game.resolve_options({}),
            seed=new_match_seed(),
            time_control={
                "per_decision": settings.ARENA_TIME_PER_DECISION,
                "bank": settings.ARENA_TIME_BANK,
                "max_strikes": 3,
            },
        )
        MatchSeat.objects.bulk_create(
            MatchSeat(match=match, seat=seat, version_id=versions[name].pk)
            for seat, name in enumerate(lineup)
        )
    return match.pk
