"""The engine's first line of sight, kept as the reference the sight tables must agree with.

It traces each segment with exact rational numbers and asks the state about every edge and
square on it, every time: slow, and plainly right (spec Appendix B). Used by tests only.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import pairwise

from arena.games.wiz_war import board as B
from arena.games.wiz_war import figures, sight
from arena.games.wiz_war.rules import WizWarState


def trace(p: tuple[int, int], q: tuple[int, int], start: int, end: int) -> B.Trace:
    """The segment p-q in doubled coordinates: edges and grid vertices touched, in order,
    and the squares whose interior it crosses, strictly between `start` and `end`."""
    (px, py), (qx, qy) = p, q
    dx, dy = qx - px, qy - py
    cuts: set[Fraction] = set()
    for lo, hi, origin, delta in ((px, qx, px, dx), (py, qy, py, dy)):
        if delta == 0:
            continue
        for line in range(min(lo, hi), max(lo, hi) + 1):
            if line % 2 == 0:
                t = Fraction(line - origin, delta)
                if 0 < t < 1:
                    cuts.add(t)
    edges: list[int] = []
    vertices: list[int] = []
    for t in sorted(cuts):
        x, y = px + t * dx, py + t * dy
        x_line = x.denominator == 1 and x.numerator % 2 == 0
        y_line = y.denominator == 1 and y.numerator % 2 == 0
        if x_line and y_line:
            vertices.append(11 * (y.numerator // 2) + x.numerator // 2)
        elif x_line:
            col_line, row = x.numerator // 2, int(y // 2)
            edges.append(2 * B.square(row, col_line - 1))
        else:
            row_line, col = y.numerator // 2, int(x // 2)
            edges.append(2 * B.square(row_line - 1, col) + 1)
    squares: list[int] = []
    bounds = [Fraction(0), *sorted(cuts), Fraction(1)]
    for t0, t1 in pairwise(bounds):
        tm = (t0 + t1) / 2
        x, y = px + tm * dx, py + tm * dy
        sq = B.square(int(y // 2), int(x // 2))
        if sq not in (start, end) and sq not in squares:
            squares.append(sq)
    return B.Trace(tuple(edges), tuple(vertices), tuple(squares))


@cache
def trace_squares(a: int, b: int) -> B.Trace:
    return trace(B._centre(a), B._centre(b), a, b)


@cache
def trace_edge(a: int, edge: int) -> B.Trace:
    return trace(B._centre(a), B._edge_midpoint(edge), a, -1)


def _clear(
    s: WizWarState,
    token: str,
    at: int,
    edges: tuple[int, ...],
    vertices: tuple[int, ...],
    squares: tuple[int, ...],
    ignore: int,
) -> bool:
    fillers = sight.fillers(s)
    if any(x in fillers for x in squares):
        return False
    blocked = {e for e in edges if sight.edge_blocks(s, e, token, at)}
    for v in vertices:
        blocked.update(e for e in B.VERTEX_EDGES[v] if sight.edge_blocks(s, e, token, at))
    return len(blocked) <= ignore


def line(s: WizWarState, token: str, a: int, b: int, ignore: int, at: int = -1) -> bool:
    at = a if at < 0 else at
    t = trace_squares(a, b)
    if _clear(s, token, at, t.edges, t.vertices, t.squares, ignore):
        return True
    wrap = B.wrap_path(a, b)
    return wrap is not None and _clear(s, token, at, wrap[0], (), wrap[1], ignore)


def sees_edge(s: WizWarState, token: str, a: int, edge: int, ignore: int = 0) -> bool:
    """The old `sees_edge` from square a."""
    if a in B.edge_squares(edge):
        return True
    if figures.spell_in_play(s, "fog"):
        return False
    if sight.objects_at(s, a, "dust_cloud") and not figures.hovers(s, token):
        return False
    t = trace_edge(a, edge)
    return _clear(s, token, a, t.edges, t.vertices, t.squares, ignore)
