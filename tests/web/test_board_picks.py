"""What the board offers to click, it draws: every step of every legal action that a game's
viewer plug-in names (`pickable`) matches a node of the board drawn for that very view.

A step with nothing drawn would leave a person half-way through a pick with nothing to
click; the table keeps such an action in the list only, and these tests keep the plug-ins
from needing that.
"""

from __future__ import annotations

import json
import random

import pytest
from web_support import play, wait_for_viewer

import arena.games

#: Seat 0's decisions sampled from one random game of each engine.
SAMPLED = 30

#: In the browser: draw each view as the board (the viewer's own render) and name the steps
#: of its legal actions that match nothing drawn.
UNDRAWN = """([game, cases]) => {
    const v = ArenaViewer.current(), plugin = ArenaViewer.plugins[game], svg = v.svg;
    const undrawn = [];
    for (const [view, codes] of cases) {
        v.frames.push(view);
        v.steps.push({seat: view.seat, label: 'a decision'});
        v.go(v.frames.length - 1, false);
        for (const code of codes) {
            let steps = plugin.pickable(code, view);
            if (!steps) continue;
            if (!Array.isArray(steps)) steps = [steps];
            steps.forEach((selector, depth) => {
                if (!svg.querySelector(selector)) undrawn.push([code, depth, selector]);
            });
        }
    }
    return undrawn;
}"""


def undrawn_steps(page, game: str, cases: list[tuple[dict, list[str]]]) -> list:
    return page.evaluate(UNDRAWN, [game, [[json.loads(json.dumps(v)), c] for v, c in cases]])


def open_viewer(page, game: str) -> None:
    from webui.bots.models import BotVersion

    reference = list(
        BotVersion.objects.filter(bot__owner__username="reference", bot__game=game).order_by("id")
    )
    seats = max(2, arena.games.get(game).min_players)
    match = play([reference[i % len(reference)] for i in range(seats)], seed=5, game=game)
    page.goto(f"/matches/{match.pk}/?seat=0")
    wait_for_viewer(page)


def seat_zero_decisions(game: str, seed: int) -> list[tuple[dict, list[str]]]:
    """(seat 0's view, its legal codes) at a sample of its decisions in a random game."""
    info = arena.games.get(game)
    state = info.new_state(max(2, info.min_players), seed, {})
    chooser = random.Random(seed)
    cases = []
    while not state.is_over():
        codes = state.legal_actions()
        if state.to_move() == 0:
            cases.append((state.observe(0), codes))
        state.apply(chooser.choice(codes))
    return random.Random(seed).sample(cases, min(SAMPLED, len(cases)))


@pytest.mark.parametrize("game", arena.games.names())
def test_every_step_the_board_offers_in_a_random_game_is_drawn(page, world, game):
    open_viewer(page, game)
    cases = seat_zero_decisions(game, seed=11)
    offered = sum(
        1
        for view, codes in cases
        for code in codes
        if page.evaluate(
            "([g, c, v]) => Boolean(ArenaViewer.plugins[g].pickable(c, v))",
            [game, code, json.loads(json.dumps(view))],
        )
    )
    assert offered > 0, "the board offers something to click"
    assert undrawn_steps(page, game, cases) == []


def test_a_siege_tower_on_its_wall_line_can_be_hit_on_the_board(page, world):
    """A breached Siege Tower stands on the wall line, not in a space, and is still a target."""
    from arena.games.castle_panic.rules import PLAY

    open_viewer(page, "castle_panic")
    state = arena.games.get("castle_panic").new_state(2, 0, {})
    state.clear_board()
    state.walls[3] = False
    tower = state.put_monster("siege_tower", "S3")
    state.phase, state.step, state.offer, state._legal = 4, PLAY, None, None
    state.missing = True
    state.apply("end_phase")  # the monsters move: the Siege Tower breaches arc 3's wall line
    for crew in state.crew.get(tower, [])[:1]:
        state.apply(f"pick:monster={crew}")
    assert tower in state.breached
    state.phase, state.step, state.offer, state._legal = 4, PLAY, None, None
    seat = state.active
    state.deal(seat, ["green_swordsman"])
    codes = state.legal_actions()
    hits = [c for c in codes if c.startswith("hit:") and c.endswith(f"monster={tower}")]
    assert hits, codes
    view = state.observe(seat)
    assert undrawn_steps(page, "castle_panic", [(view, hits)]) == []
