"""The labyrinth: squares, border lines, wrap openings, sectors and line-of-sight geometry.

Spec §2 (board, Appendix A data) and Appendix B (LOS). Squares are ints `row * 10 + col`
(written `r2c3` in action codes); a border line between two orthogonal neighbours inside the
grid is an *edge* id: `2 * square` for the east side of a square, `2 * square + 1` for its south
side (written `r2c3e` / `r2c3s`). Outer edges are indestructible walls except the eight wrap
openings, which are never edges: a step through one simply lands on the opposite side.

Everything here is static geometry; what stands on the board lives in the state (rules.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from itertools import pairwise
from typing import NamedTuple

SIZE = 10
SQUARES = range(SIZE * SIZE)
COLOURS = ("blue", "red", "green", "yellow")
DIRS = "nesw"
DELTA = ((-1, 0), (0, 1), (1, 0), (0, -1))
OPPOSITE = (2, 3, 0, 1)

# --- The map (§2.3, Appendix A: the authoritative machine-readable form) ----------------------
# fmt: off
INTERIOR_WALLS = (
    ((0, 1), (1, 1)), ((0, 2), (1, 2)), ((0, 4), (0, 5)), ((0, 6), (1, 6)), ((0, 8), (1, 8)),
    ((1, 0), (1, 1)), ((1, 3), (1, 4)), ((1, 3), (2, 3)), ((1, 4), (1, 5)), ((1, 6), (1, 7)),
    ((1, 7), (2, 7)), ((1, 8), (1, 9)), ((2, 1), (2, 2)), ((2, 1), (3, 1)), ((2, 2), (3, 2)),
    ((2, 3), (2, 4)), ((2, 5), (2, 6)), ((2, 6), (2, 7)), ((2, 8), (2, 9)), ((3, 0), (3, 1)),
    ((3, 2), (4, 2)), ((3, 3), (4, 3)), ((3, 4), (3, 5)), ((3, 5), (3, 6)), ((3, 7), (3, 8)),
    ((3, 7), (4, 7)), ((3, 8), (4, 8)), ((4, 0), (5, 0)), ((4, 1), (5, 1)), ((4, 3), (5, 3)),
    ((4, 4), (4, 5)), ((4, 4), (5, 4)), ((4, 5), (5, 5)), ((4, 6), (5, 6)), ((4, 8), (5, 8)),
    ((4, 9), (5, 9)), ((5, 1), (6, 1)), ((5, 2), (6, 2)), ((5, 4), (5, 5)), ((5, 6), (6, 6)),
    ((5, 7), (6, 7)), ((6, 1), (6, 2)), ((6, 3), (6, 4)), ((6, 4), (6, 5)), ((6, 7), (7, 7)),
    ((6, 8), (6, 9)), ((6, 8), (7, 8)), ((7, 0), (7, 1)), ((7, 2), (7, 3)), ((7, 2), (8, 2)),
    ((7, 3), (7, 4)), ((7, 5), (7, 6)), ((7, 6), (8, 6)), ((7, 7), (7, 8)), ((8, 0), (8, 1)),
    ((8, 1), (9, 1)), ((8, 2), (8, 3)), ((8, 3), (9, 3)), ((8, 4), (8, 5)), ((8, 5), (8, 6)),
    ((8, 7), (9, 7)), ((8, 8), (8, 9)), ((8, 8), (9, 8)), ((9, 4), (9, 5)),
)
#: (square a, square b, colour index)
DOORS = (
    ((2, 4), (2, 5), 1), ((3, 3), (3, 4), 0), ((3, 6), (4, 6), 1), ((4, 2), (5, 2), 0),
    ((4, 7), (5, 7), 2), ((5, 3), (6, 3), 3), ((6, 5), (6, 6), 2), ((7, 4), (7, 5), 3),
)
# fmt: on
HOMES = ((2, 2), (2, 7), (7, 7), (7, 2))  # by colour: blue, red, green, yellow
TREASURES = (((1, 1), (3, 3)), ((1, 8), (3, 6)), ((8, 8), (6, 6)), ((8, 1), (6, 3)))
WRAP_COLUMNS = (2, 7)  # north <-> south openings
WRAP_ROWS = (2, 7)  # west <-> east openings
#: Top-left corner of each colour's sector (5x5).
SECTOR_CORNERS = ((0, 0), (0, 5), (5, 5), (5, 0))


def square(row: int, col: int) -> int:
    return row * SIZE + col


def row_col(sq: int) -> tuple[int, int]:
    return divmod(sq, SIZE)


def square_name(sq: int) -> str:
    r, c = divmod(sq, SIZE)
    return f"r{r}c{c}"


def parse_square(text: str) -> int:
    """`r2c3` -> 23; ValueError for anything else."""
    if not text.startswith("r") or "c" not in text:
        raise ValueError(text)
    r, c = text[1:].split("c", 1)
    row, col = int(r), int(c)
    if not (0 <= row < SIZE and 0 <= col < SIZE) or f"r{row}c{col}" != text:
        raise ValueError(text)
    return row * SIZE + col


# --- Edges ------------------------------------------------------------------------------------
def edge_between(a: int, b: int) -> int:
    """The interior edge between two orthogonal neighbours inside the grid, else -1."""
    if a > b:
        a, b = b, a
    ra, ca = divmod(a, SIZE)
    rb, cb = divmod(b, SIZE)
    if ra == rb and cb == ca + 1:
        return 2 * a
    if ca == cb and rb == ra + 1:
        return 2 * a + 1
    return -1


def edge_squares(edge: int) -> tuple[int, int]:
    a = edge // 2
    return (a, a + 1) if edge % 2 == 0 else (a, a + SIZE)


def edge_name(edge: int) -> str:
    return f"{square_name(edge // 2)}{'e' if edge % 2 == 0 else 's'}"


def parse_edge(text: str) -> int:
    side = text[-1:]
    if side not in ("e", "s"):
        raise ValueError(text)
    sq = parse_square(text[:-1])
    r, c = divmod(sq, SIZE)
    if (side == "e" and c == SIZE - 1) or (side == "s" and r == SIZE - 1):
        raise ValueError(text)
    return 2 * sq + (0 if side == "e" else 1)


def _all_edges() -> tuple[int, ...]:
    edges = []
    for sq in SQUARES:
        r, c = divmod(sq, SIZE)
        if c < SIZE - 1:
            edges.append(2 * sq)
        if r < SIZE - 1:
            edges.append(2 * sq + 1)
    return tuple(edges)


ALL_EDGES = _all_edges()
ALL_EDGES_MASK = sum(1 << e for e in ALL_EDGES)
WALL_EDGES = frozenset(edge_between(square(*a), square(*b)) for a, b in INTERIOR_WALLS)
DOOR_EDGES = {edge_between(square(*a), square(*b)): colour for a, b, colour in DOORS}
HOME_SQUARES = tuple(square(*rc) for rc in HOMES)
TREASURE_SQUARES = tuple(tuple(square(*rc) for rc in pair) for pair in TREASURES)

#: (square, direction) -> square reached through a wrap opening.
WRAPS: dict[tuple[int, int], int] = {}
for _c in WRAP_COLUMNS:
    WRAPS[(square(0, _c), 0)] = square(SIZE - 1, _c)
    WRAPS[(square(SIZE - 1, _c), 2)] = square(0, _c)
for _r in WRAP_ROWS:
    WRAPS[(square(_r, 0), 3)] = square(_r, SIZE - 1)
    WRAPS[(square(_r, SIZE - 1), 1)] = square(_r, 0)

WRAP = -1  # the "edge" of a step through a wrap opening: never blocking


class Neighbour(NamedTuple):
    square: int
    edge: int  # interior edge id, or WRAP


def _neighbours() -> tuple[tuple[Neighbour | None, ...], ...]:
    table = []
    for sq in SQUARES:
        r, c = divmod(sq, SIZE)
        row: list[Neighbour | None] = []
        for d, (dr, dc) in enumerate(DELTA):
            nr, nc = r + dr, c + dc
            if 0 <= nr < SIZE and 0 <= nc < SIZE:
                other = square(nr, nc)
                row.append(Neighbour(other, edge_between(sq, other)))
            elif (sq, d) in WRAPS:
                row.append(Neighbour(WRAPS[(sq, d)], WRAP))
            else:
                row.append(None)  # outer wall
        table.append(tuple(row))
    return tuple(table)


#: NEIGHBOURS[square][direction]: the square one step away and the edge crossed, or None.
NEIGHBOURS = _neighbours()


def direction_between(a: int, b: int) -> int:
    """The direction of a single step from a to b (wrap steps included), else -1."""
    for d, n in enumerate(NEIGHBOURS[a]):
        if n is not None and n.square == b:
            return d
    return -1


# --- Sectors (§2.1, §2.7) ---------------------------------------------------------------------
def sector_of(sq: int) -> int:
    """Colour index of the quadrant holding `sq`: blue, red, green, yellow."""
    r, c = divmod(sq, SIZE)
    if r < 5:
        return 0 if c < 5 else 1
    return 3 if c < 5 else 2


SECTOR_SQUARES = tuple(tuple(sq for sq in SQUARES if sector_of(sq) == s) for s in range(4))
#: Edges with both bordering squares inside the sector: the ones that rotate with it.
SECTOR_EDGES = tuple(
    tuple(e for e in ALL_EDGES if all(sector_of(x) == s for x in edge_squares(e))) for s in range(4)
)


def rotate_square(sq: int, sector: int, quarter_turns: int) -> int:
    """`sq` (inside `sector`) after turning the sector clockwise by 90° x quarter_turns."""
    r0, c0 = SECTOR_CORNERS[sector]
    r, c = divmod(sq, SIZE)
    i, j = r - r0, c - c0
    for _ in range(quarter_turns % 4):
        i, j = j, 4 - i
    return square(r0 + i, c0 + j)


def rotate_edge(edge: int, sector: int, quarter_turns: int) -> int:
    a, b = edge_squares(edge)
    return edge_between(
        rotate_square(a, sector, quarter_turns), rotate_square(b, sector, quarter_turns)
    )


def manhattan(a: int, b: int) -> int:
    """Orthogonal distance on the grid, looked up (ranges are asked on every probe)."""
    return MANHATTAN[a][b]


def _grid_distance(a: int, b: int) -> int:
    ra, ca = divmod(a, SIZE)
    rb, cb = divmod(b, SIZE)
    return abs(ra - rb) + abs(ca - cb)


# --- Line of sight geometry (§2.8, Appendix B) ------------------------------------------------
# Doubled coordinates: a square's centre is (2c+1, 2r+1), grid lines are the even values.
class Trace(NamedTuple):
    """What a segment from a square's centre touches on its way to a target."""

    edges: tuple[int, ...]  # interior edges touched (never the target edge itself)
    vertices: tuple[int, ...]  # interior grid vertices touched, as 11 * y + x (grid units)
    squares: tuple[int, ...]  # squares whose interior it crosses, strictly between


def _vertex_edges() -> dict[int, tuple[int, ...]]:
    table = {}
    for y in range(1, SIZE):
        for x in range(1, SIZE):
            edges = [
                2 * square(y - 1, x - 1),  # vertical line x, row y-1: east side of (y-1, x-1)
                2 * square(y, x - 1),
                2 * square(y - 1, x - 1) + 1,  # horizontal line y, col x-1: south of (y-1, x-1)
                2 * square(y - 1, x) + 1,
            ]
            table[11 * y + x] = tuple(edges)
    return table


VERTEX_EDGES = _vertex_edges()


def _centre(sq: int) -> tuple[int, int]:
    r, c = divmod(sq, SIZE)
    return 2 * c + 1, 2 * r + 1


def _edge_midpoint(edge: int) -> tuple[int, int]:
    r, c = divmod(edge // 2, SIZE)
    return (2 * c + 2, 2 * r + 1) if edge % 2 == 0 else (2 * c + 1, 2 * r + 2)


def _trace(p: tuple[int, int], q: tuple[int, int], start: int, end: int) -> Trace:
    """Exact, in integers: a point of the segment is p + (n / span) * (q - p), 0 < n < span,
    so every grid line it crosses has an integer n and coordinates compare as multiples of
    span (the old rational-number tracer in the tests agrees on every segment)."""
    (px, py), (qx, qy) = p, q
    dx, dy = qx - px, qy - py
    span = (abs(dx) or 1) * (abs(dy) or 1)
    cuts: set[int] = set()
    for lo, hi, origin, delta in ((px, qx, px, dx), (py, qy, py, dy)):
        if delta:
            for line in range(min(lo, hi) + (min(lo, hi) % 2), max(lo, hi) + 1, 2):
                n = (line - origin) * span // delta
                if 0 < n < span:
                    cuts.add(n)
    double = 2 * span  # a grid line every 2 units: on a line when divisible by 2 * span
    edges: list[int] = []
    vertices: list[int] = []
    order = sorted(cuts)
    for n in order:
        x, y = px * span + n * dx, py * span + n * dy  # coordinates times span
        x_line, y_line = x % double == 0, y % double == 0
        if x_line and y_line:
            vertices.append(11 * (y // double) + x // double)
        elif x_line:
            edges.append(2 * square(y // double, x // double - 1))
        else:
            edges.append(2 * square(y // double - 1, x // double) + 1)
    squares: list[int] = []
    bounds = [0, *order, span]
    for n0, n1 in pairwise(bounds):  # the middle of each piece, in units of span / 2
        x, y = 2 * px * span + (n0 + n1) * dx, 2 * py * span + (n0 + n1) * dy
        sq = square(y // (2 * double), x // (2 * double))
        if sq not in (start, end) and sq not in squares:
            squares.append(sq)
    return Trace(tuple(edges), tuple(vertices), tuple(squares))


# A segment's trace only depends on where its end lies relative to its start: each shape is
# traced once, from the square nearest the top-left corner where it fits, and moved.
@cache
def _shape(dr: int, dc: int, side: int) -> tuple[Trace, int]:
    """(trace, start) of the segment from a square to the centre of the square (dr, dc) away
    (side -1) or to the midpoint of that square's east (0) or south (1) edge."""
    a = square(max(0, -dr), max(0, -dc))
    if side < 0:
        return _trace(_centre(a), _centre(a + dr * SIZE + dc), a, a + dr * SIZE + dc), a
    return _trace(_centre(a), _edge_midpoint(2 * (a + dr * SIZE + dc) + side), a, -1), a


def _moved(trace: Trace, start: int, a: int) -> Trace:
    """`trace`, traced from `start`, moved to start from `a` (down and right of it)."""
    (r0, c0), (r, c) = divmod(start, SIZE), divmod(a, SIZE)
    sq, vertex = (r - r0) * SIZE + c - c0, (r - r0) * 11 + c - c0
    return Trace(
        tuple(e + 2 * sq for e in trace.edges),
        tuple(v + vertex for v in trace.vertices),
        tuple(x + sq for x in trace.squares),
    )


def _offset(a: int, b: int) -> tuple[int, int]:
    (ra, ca), (rb, cb) = divmod(a, SIZE), divmod(b, SIZE)
    return rb - ra, cb - ca


@cache
def trace_squares(a: int, b: int) -> Trace:
    """The segment between the centres of squares a and b."""
    trace, start = _shape(*_offset(a, b), -1)
    return _moved(trace, start, a)


@cache
def trace_edge(a: int, edge: int) -> Trace:
    """The segment from the centre of square a to the midpoint of `edge` (itself ignored)."""
    trace, start = _shape(*_offset(a, edge // 2), edge % 2)
    return _moved(trace, start, a)


@cache
def wrap_path(a: int, b: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """LOS through a wrap opening runs only along a straight wrap row or column [assumed]:
    the edges crossed and the squares strictly between, or None if no such line joins a, b."""
    ra, ca = divmod(a, SIZE)
    rb, cb = divmod(b, SIZE)
    if a == b:
        return None
    if ra == rb and ra in WRAP_ROWS:
        d = 3 if cb > ca else 1  # leave away from b, come back round
    elif ca == cb and ca in WRAP_COLUMNS:
        d = 0 if rb > ra else 2
    else:
        return None
    edges: list[int] = []
    between: list[int] = []
    sq = a
    while True:
        n = NEIGHBOURS[sq][d]
        assert n is not None
        if n.edge != WRAP:
            edges.append(n.edge)
        sq = n.square
        if sq == b:
            return tuple(edges), tuple(between)
        between.append(sq)


def path_edges_in_line(a: int, d: int, steps: int) -> list[tuple[int, int]]:
    """(square, edge) pairs of up to `steps` straight steps from a that never wrap."""
    out = []
    sq = a
    for _ in range(steps):
        n = NEIGHBOURS[sq][d]
        if n is None or n.edge == WRAP:
            break
        out.append((n.square, n.edge))
        sq = n.square
    return out


# --- Sight tables (§2.8): every segment of the fixed board as bitmasks ------------------------
# Walls, doors and square-filling objects change during a game; the segments never do. So each
# segment is traced once, as two masks: the edges it touches (bit e; at a grid vertex, all four
# edges meeting there) and the squares it crosses strictly between its ends (bit sq). A state
# then sees along it when no blocking edge and no filled square is in those masks.
def bit_mask(bits: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for b in bits:
        mask |= 1 << b
    return mask


def _touched(trace: Trace) -> int:
    edges = bit_mask(trace.edges)
    for v in trace.vertices:
        edges |= bit_mask(VERTEX_EDGES[v])
    return edges


class Sightline(NamedTuple):
    """The straight segment between two square centres, and the wrap line if there is one
    (wrap masks -1 when no wrap row or column joins the two squares)."""

    edges: int
    squares: int
    wrap_edges: int
    wrap_squares: int


@cache
def _shape_masks(dr: int, dc: int, side: int) -> tuple[int, int, int]:
    """(edges touched, squares crossed, start) of a `_shape`, as masks: moving the segment
    by k squares down or right shifts them by 2k and k bits."""
    trace, start = _shape(dr, dc, side)
    return _touched(trace), bit_mask(trace.squares), start


@cache
def sightlines(a: int) -> tuple[Sightline, ...]:
    """From the centre of square a to the centre of every square b, indexed by b."""
    row = []
    for b in SQUARES:
        edges, squares, start = _shape_masks(*_offset(a, b), -1)
        k = a - start
        wrap = wrap_path(a, b)
        wrap_edges, wrap_squares = (bit_mask(wrap[0]), bit_mask(wrap[1])) if wrap else (-1, -1)
        row.append(Sightline(edges << 2 * k, squares << k, wrap_edges, wrap_squares))
    return tuple(row)


@cache
def edge_sightlines(a: int) -> tuple[tuple[int, int], ...]:
    """From the centre of square a to the midpoint of every edge, indexed by edge id:
    (edges touched, squares crossed); (0, 0) for ids that name no interior edge."""
    row = [(0, 0)] * (2 * SIZE * SIZE)
    for edge in ALL_EDGES:
        edges, squares, start = _shape_masks(*_offset(a, edge // 2), edge % 2)
        k = a - start
        row[edge] = (edges << 2 * k, squares << k)
    return tuple(row)


def _hidden(
    by_edge: tuple[int, ...], by_square: tuple[int, ...], blocking: int, filled: int
) -> int:
    """The union of what each blocking edge and each filled square hides."""
    hidden = 0
    while blocking:
        low = blocking & -blocking
        hidden |= by_edge[low.bit_length() - 1]
        blocking ^= low
    while filled:
        low = filled & -filled
        hidden |= by_square[low.bit_length() - 1]
        filled ^= low
    return hidden


@cache
def _square_blockers(a: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[Sightline, ...]]:
    """From square a: per edge, the mask of the squares whose straight line it touches; per
    square, those whose line crosses it; and the wrap lines (in `Sightline`s, edges and
    squares holding the target's bit)."""
    by_edge, by_square, wraps = [0] * (2 * SIZE * SIZE), [0] * (SIZE * SIZE), []
    for b, line in enumerate(sightlines(a)):
        for e in bits(line.edges):
            by_edge[e] |= 1 << b
        for x in bits(line.squares):
            by_square[x] |= 1 << b
        if line.wrap_edges >= 0:
            wraps.append(Sightline(1 << b, 0, line.wrap_edges, line.wrap_squares))
    return tuple(by_edge), tuple(by_square), tuple(wraps)


@cache
def _edge_blockers(a: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """From square a: per edge, the mask of the edges whose segment it touches; per square,
    those whose segment crosses it."""
    by_edge, by_square = [0] * (2 * SIZE * SIZE), [0] * (SIZE * SIZE)
    row = edge_sightlines(a)
    for edge in ALL_EDGES:
        edges, squares = row[edge]
        for e in bits(edges):
            by_edge[e] |= 1 << edge
        for x in bits(squares):
            by_square[x] |= 1 << edge
    return tuple(by_edge), tuple(by_square)


ALL_SQUARES_MASK = (1 << SIZE * SIZE) - 1


@lru_cache(maxsize=1 << 14)
def visible_squares(a: int, blocking: int, filled: int, ignore: int) -> int:
    """Mask of the squares whose centre a sees straight (or along a wrap line), given the
    masks of blocking edges and filled squares, ignoring up to `ignore` blocking edges.
    A pure function of its arguments, so positions met again cost a look-up."""
    if not ignore:  # the common case: what no blocker hides, then the wrap lines
        by_edge, by_square, wraps = _square_blockers(a)
        seen = ALL_SQUARES_MASK & ~_hidden(by_edge, by_square, blocking, filled)
        for target, _, edges, squares in wraps:
            if not squares & filled and not edges & blocking:
                seen |= target
        return seen
    seen = 0
    for b, line in enumerate(sightlines(a)):
        if (not line.squares & filled and (line.edges & blocking).bit_count() <= ignore) or (
            line.wrap_edges >= 0
            and not line.wrap_squares & filled
            and (line.wrap_edges & blocking).bit_count() <= ignore
        ):
            seen |= 1 << b
    return seen


@lru_cache(maxsize=1 << 14)
def visible_edges(a: int, blocking: int, filled: int, ignore: int) -> int:
    """Mask of the edges whose midpoint a sees (the edge itself ignored), as above."""
    if not ignore:
        by_edge, by_square = _edge_blockers(a)
        return ALL_EDGES_MASK & ~_hidden(by_edge, by_square, blocking, filled)
    seen = 0
    row = edge_sightlines(a)
    for edge in ALL_EDGES:
        edges, squares = row[edge]
        if not squares & filled and (edges & blocking).bit_count() <= ignore:
            seen |= 1 << edge
    return seen


@cache
def edges_nearer(a: int, limit: int) -> int:
    """Mask of the edges with a bordering square closer to a than `limit` steps."""
    return bit_mask([e for e in ALL_EDGES if min(manhattan(a, x) for x in edge_squares(e)) < limit])


def bits(mask: int) -> Iterator[int]:
    """The set bits of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


#: BORDER_EDGES[sq]: mask of the interior edges on the sides of sq.
BORDER_EDGES = tuple(
    bit_mask([n.edge for n in NEIGHBOURS[sq] if n is not None and n.edge != WRAP]) for sq in SQUARES
)
#: SECTOR_MASKS[sector]: mask of its 25 squares.
SECTOR_MASKS = tuple(bit_mask(list(squares)) for squares in SECTOR_SQUARES)
#: MANHATTAN[a][b]: orthogonal distance on the grid (ranges such as `los4`).
MANHATTAN = tuple(tuple(_grid_distance(a, b) for b in SQUARES) for a in SQUARES)
#: SECTOR[sq]: sector_of(sq), looked up.
SECTOR = tuple(sector_of(sq) for sq in SQUARES)
