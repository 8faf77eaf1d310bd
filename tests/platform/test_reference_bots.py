"""The games' own bots join the ladders as reference bots: by default all of them, search bot
included, and the demo's first match per game seats the search bot; ARENA_REFERENCE_BOTS
narrows the set on a small machine."""

from __future__ import annotations

import arena.bots
import arena.games


def test_every_games_own_bot_is_a_reference_bot_unless_narrowed(db, settings_override) -> None:
    from webui.bots.models import REFERENCE_USER, BotVersion
    from webui.bots.reference import load_reference_bots

    reference = BotVersion.objects.filter(bot__owner__username=REFERENCE_USER)
    assert set(reference.values_list("builtin", flat=True)) == {"random", "greedy"}
    settings_override(ARENA_REFERENCE_BOTS=[])
    load_reference_bots()
    for name in arena.games.names():
        loaded = set(reference.filter(bot__game=name).values_list("builtin", flat=True))
        assert loaded == set(arena.bots.get(name)), name
    assert reference.filter(builtin="ismcts", status=BotVersion.Status.ACTIVE).exists()


def test_the_showcase_match_seats_the_search_bot(db, settings_override) -> None:
    from webui.bots.reference import load_reference_bots
    from webui.ladder.showcase import showcase_match
    from webui.matches.models import Match

    assert showcase_match("wandering_towers") is None, "no search bot loaded: no showcase"
    settings_override(ARENA_REFERENCE_BOTS=[])
    load_reference_bots()
    for name in arena.games.names():
        pk = showcase_match(name)
        if "ismcts" not in arena.bots.get(name):
            assert pk is None, name
            continue
        match = Match.objects.get(pk=pk)
        builtins = [s.version.builtin for s in match.seats.order_by("seat")]
        assert "ismcts" in builtins and match.kind == Match.Kind.LADDER, (name, builtins)
