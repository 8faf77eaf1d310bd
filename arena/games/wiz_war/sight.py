"""The board as the rules see it: doors and walls (§2.5), objects, line of sight and
ranges (§2.8, read from the tables in board.py), and whether a figure may step (§5.1).
"""

from __future__ import annotations

from arena.games.wiz_war import board as B
from arena.games.wiz_war import figures
from arena.games.wiz_war.cards import (
    CARDS,
)
from arena.games.wiz_war.records import (
    WIZARD_SEATS,
    Obj,
    is_wizard,
)
from arena.games.wiz_war.state import State


# --- Doors and edges (§2.5) ---------------------------------------------------------------
def sealed(state: State, edge: int) -> bool:
    token = B.edge_name(edge)
    return any(
        sp.target == token and CARDS[sp.card].key == "seal_door" for sp in state.spells.values()
    )


def door_open_for(state: State, edge: int, token: str, at: int = -1) -> bool:
    """Held open: open for all. Otherwise open only for its colour's wizard and creatures
    (or a wizard who unlocked it, or under Ariadne's Thread) standing beside it."""
    if edge in state.held:
        return True
    if at >= 0 and at not in B.edge_squares(edge):
        return False  # the common case, asked before the spells are searched for a seal
    if sealed(state, edge):
        return False
    sq = at if at >= 0 else figures.figure_sq(state, token)
    if sq not in B.edge_squares(edge):
        return False
    wizard = state.wizards[figures.controller(state, token)]
    if not wizard.alive:
        return False
    if state.doors[edge].colour == wizard.colour:
        return True
    return is_wizard(token) and (
        edge in wizard.unlocked or figures.has_spell(state, token, "ariadnes_thread")
    )


def edge_blocks(state: State, edge: int, token: str, at: int = -1) -> bool:
    """A wall or a door closed for `token` blocks movement and LOS."""
    if edge == B.WRAP:
        return False
    if edge in state.walls:
        return True
    if edge in state.doors:
        return not door_open_for(state, edge, token, at)
    return False


def edge_token(state: State, edge: int) -> str:
    return B.edge_name(edge)


# --- Objects ------------------------------------------------------------------------------
def objects_at(state: State, sq: int, kind: str = "") -> list[Obj]:
    return [o for o in state.objects.values() if o.sq == sq and (not kind or o.kind == kind)]


def fillers(state: State) -> frozenset[int]:
    """Squares holding a square-filling object (§2.8): they block LOS through them."""
    found = state._memo.get("fillers")
    if found is None:
        squares = {
            o.sq
            for o in state.objects.values()
            if o.kind in ("stone_block", "rosebush", "thornbush", "dust_cloud")
        }
        squares |= {
            figures.figure_sq(state, f)
            for f in figures.figures(state)
            if figures.form(state, f) == "big_man_form"
        }
        found = state._memo["fillers"] = frozenset(squares)
    return found


def empty_square(state: State, sq: int) -> bool:
    """Creation target (§5.4): no figure, treasure, object or item, not a home base."""
    return sq not in figures.occupied(state)


def empty_edge(state: State, edge: int) -> bool:
    return edge not in state.walls and edge not in state.doors and edge not in state.fire_walls


# --- Line of sight and range (§2.8) -------------------------------------------------------
def sees(
    state: State, token: str, sq: int, origin: int = -1, ignore: int = 0, corner: bool = False
) -> bool:
    """LOS from a figure (or from `origin`, for Astral Projection) to a square."""
    return sight(state, token, origin, ignore, corner) >> sq & 1 == 1


def sight(state: State, token: str, origin: int = -1, ignore: int = 0, corner: bool = False) -> int:
    """Mask of the squares `token` sees from `origin` (or where it stands): its own, then
    Fog (adjacent squares only), a Dust Cloud (none), straight and wrap lines, a Seer
    Totem's sector and Around the Corner's one turn."""
    a = origin if origin >= 0 else figures.figure_sq(state, token)
    key = ("sight", token, a, ignore, corner)
    found = state._memo.get(key)
    if found is None:
        found = state._memo[key] = _sight(state, token, a, ignore, corner)
    return found


def _sight(state: State, token: str, a: int, ignore: int, corner: bool) -> int:
    fog, blind, seer = _viewpoint(state, token, a)
    if fog:
        return B.bit_mask(adjacent_squares(state, token, a))
    if blind:
        return 1 << a
    seen = _straight(state, token, a, ignore) | 1 << a
    if seer:
        seen |= B.SECTOR_MASKS[B.SECTOR[a]]
    if corner:
        for x in B.bits(_straight(state, token, a, ignore)):
            seen |= _straight(state, token, x, ignore)
    return seen


def _straight(state: State, token: str, a: int, ignore: int) -> int:
    """Squares seen along straight and wrap lines from a, doors as they are for `token`
    standing on a."""
    return B.visible_squares(a, _blocking(state, token, a), _filled(state), ignore)


def _viewpoint(state: State, token: str, a: int) -> tuple[bool, bool, bool]:
    """(Fog: adjacent squares only, standing in a Dust Cloud: blind, a Seer Totem of his
    in this sector: sees all of it) for `token` looking from square a."""
    key = ("viewpoint", token, a)
    found = state._memo.get(key)
    if found is None:
        found = state._memo[key] = (
            figures.spell_in_play(state, "fog"),
            bool(objects_at(state, a, "dust_cloud")) and not figures.hovers(state, token),
            _seer(state, token, a),
        )
    return found


def sees_edge(state: State, token: str, edge: int, origin: int = -1, ignore: int = 0) -> bool:
    """LOS to the midpoint of an edge, the edge itself ignored."""
    return edge_sight(state, token, origin, ignore) >> edge & 1 == 1


def edge_sight(state: State, token: str, origin: int = -1, ignore: int = 0) -> int:
    """Mask of the edges whose midpoint `token` sees: those bordering its square always,
    the others unless Fog or a Dust Cloud hides them."""
    a = origin if origin >= 0 else figures.figure_sq(state, token)
    key = ("edge_sight", token, a, ignore)
    found = state._memo.get(key)
    if found is None:
        found = B.BORDER_EDGES[a]
        fog, blind, _ = _viewpoint(state, token, a)
        if not (fog or blind):
            found |= B.visible_edges(a, _blocking(state, token, a), _filled(state), ignore)
        state._memo[key] = found
    return found


def _line(state: State, token: str, a: int, b: int, ignore: int, at: int = -1) -> bool:
    """The straight segment from a to b, or its wrap line, is clear for `token` (standing
    on `at`, which decides the doors it may see through) ignoring up to `ignore` walls."""
    line = B.sightlines(a)[b]
    blocking = _blocking(state, token, a if at < 0 else at)
    filled = _filled(state)
    if not line.squares & filled and (line.edges & blocking).bit_count() <= ignore:
        return True
    return (
        line.wrap_edges >= 0
        and not line.wrap_squares & filled
        and (line.wrap_edges & blocking).bit_count() <= ignore
    )


def _blocking(state: State, token: str, at: int) -> int:
    """Mask of the edges that block `token`'s sight from square `at`: walls, and doors
    closed for him there."""
    key = ("blocking", token, at)
    found = state._memo.get(key)
    if found is None:
        closed = _doors_mask(state)
        for edge in state.held:  # held open: open for all
            closed &= ~(1 << edge)
        for n in B.NEIGHBOURS[at]:  # any other door is open only from beside it
            if n is not None and n.edge in state.doors and door_open_for(state, n.edge, token, at):
                closed &= ~(1 << n.edge)
        found = state._memo[key] = _walls_mask(state) | closed
    return found


def barriers(state: State) -> int:
    """Mask of the edges holding a wall or a door."""
    found = state._memo.get("barriers")
    if found is None:
        found = state._memo["barriers"] = _walls_mask(state) | _doors_mask(state)
    return found


def _walls_mask(state: State) -> int:
    found = state._memo.get("walls")
    if found is None:
        found = state._memo["walls"] = edges_mask(state, "walls", state.walls)
    return found


def _doors_mask(state: State) -> int:
    return edges_mask(state, "doors", state.doors)


def edges_mask(state: State, name: str, edges: dict) -> int:
    """Mask of a dict's edges, kept until its edges change (walls and doors rarely do)."""
    key = tuple(edges)
    masks = state._masks_kept or {}
    kept = masks.get(name)
    if kept is not None and kept[0] == key:
        return kept[1]
    mask = B.bit_mask(key)
    state._masks_kept = {**masks, name: (key, mask)}  # a new dict: clones share the old one
    return mask


def _filled(state: State) -> int:
    """Mask of the squares holding a square-filling object or figure (§2.8)."""
    found = state._memo.get("filled")
    if found is None:
        found = state._memo["filled"] = B.bit_mask(list(fillers(state)))
    return found


def _seer(state: State, token: str, a: int) -> bool:
    """Seer Totem: its controller and his creatures standing in its sector see every square
    of that sector (targeting only)."""
    sector = B.SECTOR[a]
    seat = figures.controller(state, token)
    return any(
        o.kind == "totem"
        and o.owner == seat
        and CARDS[o.card].key == "seer_totem"
        and B.SECTOR[o.sq] == sector
        for o in state.objects.values()
    )


def adjacent_squares(state: State, token: str, at: int = -1) -> tuple[int, ...]:
    """Range `adj`: the square itself and each neighbour across a non-blocking edge."""
    a = at if at >= 0 else figures.figure_sq(state, token)
    key = ("adjacent", token, a)
    found = state._memo.get(key)
    if found is None:
        out = [a]
        for n in B.NEIGHBOURS[a]:
            if n is not None and not edge_blocks(state, n.edge, token, a) and n.square not in out:
                out.append(n.square)
        found = state._memo[key] = tuple(out)
    return found


def walking_distance(state: State, token: str, a: int, b: int, limit: int = 99) -> int:
    """Shortest legal walking path for the figure, ignoring objects that do not block
    movement (§9); -1 beyond `limit`."""
    if a == b:
        return 0
    seen = {a}
    frontier = [a]
    for dist in range(1, limit + 1):
        nxt = []
        for sq in frontier:
            for d in range(4):
                n = can_step(state, token, d, at=sq, pushes=False)
                if n is None or n.square in seen:
                    continue
                if n.square == b:
                    return dist
                seen.add(n.square)
                nxt.append(n.square)
        frontier = nxt
    return -1


# --- Stepping (§5.1) ----------------------------------------------------------------------
def can_step(
    state: State, token: str, d: int, at: int = -1, pushes: bool = True
) -> B.Neighbour | None:
    """The square one legal step away in direction d, or None."""
    sq = at if at >= 0 else figures.figure_sq(state, token)
    n = B.NEIGHBOURS[sq][d]
    if n is None:
        return None
    forms = figures.spell_index(state).form_keys if state.spells else None
    form = forms.get(token, "") if forms else ""
    edge = n.edge
    if edge != B.WRAP and (edge in state.walls or edge in state.doors):
        seat = WIZARD_SEATS.get(token)
        through = token == "totem_spirit" or (
            seat is not None and edge in state.wizards[seat].pass_edges
        )
        if edge in state.walls:
            if not through:
                return None
        elif not (
            through or form in ("mist_body", "slime_form") or door_open_for(state, edge, token, sq)
        ):
            return None
    dest = n.square
    if state.objects and dest in _stone_blocks(state):
        return None
    if not forms:
        return n
    others = [f for f in figures.by_square(state).get(dest, ()) if f != token]
    if form != "mist_body" and any(figures.form(state, f) == "big_man_form" for f in others):
        return None
    if pushes and form == "big_man_form":
        for other in others:
            if not shove_options(state, other, dest, d):
                return None
    return n


def _stone_blocks(state: State) -> frozenset[int]:
    found = state._memo.get("stone_blocks")
    if found is None:
        found = state._memo["stone_blocks"] = frozenset(
            o.sq for o in state.objects.values() if o.kind == "stone_block"
        )
    return found


def shove_options(state: State, token: str, sq: int, d: int) -> list[int]:
    """Where the Big Man pushes a figure standing in the square he enters: onward if it
    can, else any other way but back (the figure's controller chooses) [assumed]."""
    if can_step(state, token, d, at=sq, pushes=False) is not None:
        return [d]
    back = B.OPPOSITE[d]
    return [
        x for x in range(4) if x not in (d, back) and can_step(state, token, x, at=sq, pushes=False)
    ]
