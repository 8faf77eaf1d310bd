"""The site's live view of a running match shows no more than the players see: with
Wandering Towers' hide_prisoners, its frames hide who is imprisoned; once the match is over
its replay shows them. The rule lives in the game's views.py; the site only asks."""

from __future__ import annotations

import random

from platform_support import GAME

import arena.games


def actions_until_someone_is_imprisoned(options: dict) -> tuple[int, list[str]]:
    game = arena.games.get(GAME)
    for seed in range(50):
        state, rng, played = game.new_state(2, seed, options), random.Random(seed), []
        while not state.is_over():
            code = rng.choice(state.legal_actions())
            state.apply(code)
            played.append(code)
            if any(w["imprisoned"] for w in state.spectate()["wizards"]):
                return seed, played
    raise AssertionError("no game imprisoned a wizard")


def test_live_frames_hide_prisoners_where_the_players_cannot_see_them(db) -> None:
    from django.contrib.auth import get_user_model

    from webui.bots.models import BotVersion
    from webui.matches import frames
    from webui.matches.models import Match, MatchSeat

    options = arena.games.get(GAME).resolve_options({"hide_prisoners": True})
    seed, played = actions_until_someone_is_imprisoned(options)
    versions = list(BotVersion.objects.filter(bot__game=GAME, builtin__gt="")[:2])
    assert len(versions) == 2 and get_user_model().objects.exists()
    match = Match.objects.create(
        game=GAME, seed=seed, options=options, status=Match.Status.RUNNING, live_actions=played
    )
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=i, version=v) for i, v in enumerate(versions)
    )
    live = frames.live_payload(match, since=0)
    last = live["frames"][-1]
    assert not any(w["imprisoned"] and w["space"] >= 0 for w in last["wizards"])
    assert any(level["hidden"] for space in last["spaces"] for level in space["levels"])
    # the same moves as a replay (the match over): the prisoners are shown
    doc = frames.live_document(match)
    _, replay_frames = frames.simulate(doc, None)
    shown = replay_frames[-1]
    assert any(w["imprisoned"] and w["space"] >= 0 for w in shown["wizards"])
