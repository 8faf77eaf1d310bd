"""Every registered game has a drawing script, and its replays play to the engine's final view.

New games (docs/viewer.md) are picked up here without a change to this file.
"""

from __future__ import annotations

import pytest
from web_support import final_view, play, shot, viewer_state, wait_for_viewer

import arena.games


@pytest.mark.parametrize("game", arena.games.names())
def test_a_games_replay_draws_every_move_and_ends_on_the_engines_view(page, world, game):
    from webui.bots.models import BotVersion

    info = arena.games.get(game)
    reference = list(
        BotVersion.objects.filter(bot__owner__username="reference", bot__game=game).order_by("id")
    )
    assert reference, f"{game} has no reference bots"
    seats = max(2, info.min_players)
    match = play([reference[i % len(reference)] for i in range(seats)], seed=3, game=game)
    page.goto(f"/matches/{match.pk}/")
    wait_for_viewer(page)
    assert page.evaluate(f"() => Boolean(ArenaViewer.plugins[{game!r}])"), (
        f"no webui/static/viewer/games/{game}.js"
    )
    page.keyboard.press("End")
    state = viewer_state(page)
    assert state["index"] == state["count"] - 1
    assert state["frame"] == final_view(match)
    assert "Drawing failed" not in page.locator("svg.board").text_content()
    for index in range(0, state["count"], max(1, state["count"] // 25)):  # a sample of moves
        page.evaluate(f"() => ArenaViewer.current().go({index}, false)")
        assert "Drawing failed" not in page.locator("svg.board").text_content(), index
    page.keyboard.press("End")
    page.select_option(".seatview select", "0")
    page.wait_for_function("() => document.querySelector('svg.board').dataset.view === 'seat-0'")
    wait_for_viewer(page)
    assert viewer_state(page)["frame"] == final_view(match, seat=0)
    shot(page, f"viewer-{game}")
