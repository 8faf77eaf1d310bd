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


#: Steps through the whole replay with the forward button and notes, at each move, the move
#: drawn, the caption, and whether the board kept from move to move is the board drawn afresh
#: for that move (the viewer changes its board in place: nothing of a move may linger).
EVERY_MOVE = """() => {
    // Nodes, attributes (in any order) and text.
    const markup = (node) => node.nodeType === 3 ? node.data
        : '<' + node.localName
          + Array.from(node.attributes, a => ' ' + a.name + '="' + a.value + '"').sort().join('')
          + '>' + Array.from(node.childNodes, markup).join('') + '</>';
    const drawn = (svg) => Array.from(svg.childNodes, markup).join('');
    const v = ArenaViewer.current(), svg = v.svg, plugin = ArenaViewer.plugins[v.game];
    const forward = v.root.querySelector('[data-act="forward"]');
    const caption = v.root.querySelector('.caption-text');
    v.go(0, false);
    const seen = [];
    for (;;) {
        const fresh = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
        plugin.draw(fresh, v.frame(), v.context());
        seen.push([Number(svg.dataset.step), caption.textContent, drawn(svg) === drawn(fresh)]);
        if (v.index === v.count - 1) return seen;
        forward.click();
    }
}"""


@pytest.mark.parametrize("game", arena.games.names())
def test_stepping_through_a_replay_draws_every_move_with_its_label(page, world, game):
    import json

    from webui.bots.models import BotVersion
    from webui.matches.frames import simulate

    info = arena.games.get(game)
    reference = list(
        BotVersion.objects.filter(bot__owner__username="reference", bot__game=game).order_by("id")
    )
    seats = max(2, info.min_players)
    match = play([reference[i % len(reference)] for i in range(seats)], seed=4, game=game)
    with match.replay.open("rb") as handle:
        steps, _ = simulate(json.load(handle), None)
    names = [seat.label for seat in match.seats.order_by("seat")]
    page.goto(f"/matches/{match.pk}/")
    wait_for_viewer(page)
    seen = page.evaluate(EVERY_MOVE)
    assert [index for index, _, _ in seen] == list(range(len(steps))), "every move, in order"
    expected = ["Setup"] + [f"{names[s['seat']]}: {s['label']}" for s in steps[1:]]
    assert [caption for _, caption, _ in seen] == expected
    stale = [index for index, _, same in seen if not same]
    assert not stale, f"moves whose board differs from a fresh drawing: {stale[:10]}"
