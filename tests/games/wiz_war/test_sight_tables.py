"""The sight tables agree with the exact rational tracer on every segment and board state
the tests can enumerate: every pair of squares, every square to every edge, doors closed,
held open one at a time and all together, walls broken and built, squares filled."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from arena.games.wiz_war import board as B
from arena.games.wiz_war import sight
from arena.games.wiz_war.records import Obj
from arena.games.wiz_war.rules import WizWarState

from . import exact_sight as exact
from .helpers import new_game


def test_every_segment_touches_the_same_edges_vertices_and_squares() -> None:
    for a in B.SQUARES:
        for b in B.SQUARES:
            assert B.trace_squares(a, b) == exact.trace_squares(a, b), (a, b)
        for edge in B.ALL_EDGES:
            assert B.trace_edge(a, edge) == exact.trace_edge(a, edge), (a, edge)


def _doors_closed(s: WizWarState) -> None:
    pass


def _all_doors_held(s: WizWarState) -> None:
    s.held = dict.fromkeys(s.doors, 1)


def _door_held(edge: int) -> Callable[[WizWarState], None]:
    def hold(s: WizWarState) -> None:
        s.held = {edge: 1}

    return hold


def _walls_broken_and_built(s: WizWarState) -> None:
    for edge in sorted(s.walls)[::3]:
        del s.walls[edge]
    for edge in [e for e in B.ALL_EDGES if e not in s.walls and e not in s.doors][::11]:
        s.walls[edge] = 0


def _squares_filled(s: WizWarState) -> None:
    for i, sq in enumerate((23, 45, 46, 54, 67, 71, 18)):
        s.objects[100 + i] = Obj(
            100 + i, ("stone_block", "rosebush", "dust_cloud")[i % 3], sq, 0, -1
        )
    _door_held(sorted(s.doors)[0])(s)


BOARDS = {
    "doors closed": _doors_closed,
    "all doors held open": _all_doors_held,
    **{f"door {B.edge_name(e)} held open": _door_held(e) for e in sorted(B.DOOR_EDGES)},
    "walls broken and built": _walls_broken_and_built,
    "squares filled": _squares_filled,
}


def _board(name: str) -> Iterator[WizWarState]:
    s = new_game(4)
    BOARDS[name](s)
    s._memo = {}
    yield s


@pytest.mark.parametrize("name", BOARDS)
def test_sight_between_squares_agrees_with_the_exact_tracer(name: str) -> None:
    s = next(_board(name))
    for token in ("w0", "w2"):  # blue and green doors open beside their own wizard
        for a in B.SQUARES:
            for b in B.SQUARES:
                for ignore in (0, 1, 2):
                    want = exact.line(s, token, a, b, ignore)
                    assert sight._line(s, token, a, b, ignore) == want, (token, a, b, ignore)


@pytest.mark.parametrize("name", BOARDS)
def test_sight_to_edges_agrees_with_the_exact_tracer(name: str) -> None:
    s = next(_board(name))
    for a in B.SQUARES:
        for edge in B.ALL_EDGES:
            for ignore in (0, 1):
                want = exact.sees_edge(s, "w0", a, edge, ignore)
                assert sight.sees_edge(s, "w0", edge, origin=a, ignore=ignore) == want, (a, edge)


@pytest.mark.parametrize("name", BOARDS)
def test_squares_in_sight_agree_with_each_line(name: str) -> None:
    """The union of what each blocker hides (no walls ignored) and the count of blockers on
    each line (some ignored) both give the squares whose line is clear."""
    s = next(_board(name))
    for token in ("w0", "w2"):
        for a in B.SQUARES:
            for ignore in (0, 1, 2):
                seen = B.visible_squares(a, sight._blocking(s, token, a), sight._filled(s), ignore)
                for b in B.SQUARES:
                    assert (seen >> b & 1 == 1) == sight._line(s, token, a, b, ignore), (
                        token,
                        a,
                        b,
                    )
