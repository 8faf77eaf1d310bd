"""The board as the rules see it: doors and walls (§2.5), objects, line of sight and
ranges (§2.8, read from the tables in board.py), and whether a figure may step (§5.1).
"""

from __future__ import annotations

from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    CARDS,
)
from arena.games.wiz_war.records import (
    WIZARD_SEATS,
    Obj,
    is_wizard,
)


class Sight:
    """Part of WizWarState (rules.py): the board as the rules see it."""

    #: Edge masks by name, each with the edges it was made from (`_edges_mask`).
    _masks_kept: dict[str, tuple[tuple[int, ...], int]] | None = None

    # --- Doors and edges (§2.5) ---------------------------------------------------------------
    def sealed(self, edge: int) -> bool:
        token = B.edge_name(edge)
        return any(
            sp.target == token and CARDS[sp.card].key == "seal_door" for sp in self.spells.values()
        )

    def door_open_for(self, edge: int, token: str, at: int = -1) -> bool:
        """Held open: open for all. Otherwise open only for its colour's wizard and creatures
        (or a wizard who unlocked it, or under Ariadne's Thread) standing beside it."""
        if edge in self.held:
            return True
        if at >= 0 and at not in B.edge_squares(edge):
            return False  # the common case, asked before the spells are searched for a seal
        if self.sealed(edge):
            return False
        sq = at if at >= 0 else self.figure_sq(token)
        if sq not in B.edge_squares(edge):
            return False
        wizard = self.wizards[self.controller(token)]
        if not wizard.alive:
            return False
        if self.doors[edge].colour == wizard.colour:
            return True
        return is_wizard(token) and (
            edge in wizard.unlocked or self.has_spell(token, "ariadnes_thread")
        )

    def edge_blocks(self, edge: int, token: str, at: int = -1) -> bool:
        """A wall or a door closed for `token` blocks movement and LOS."""
        if edge == B.WRAP:
            return False
        if edge in self.walls:
            return True
        if edge in self.doors:
            return not self.door_open_for(edge, token, at)
        return False

    def edge_token(self, edge: int) -> str:
        return B.edge_name(edge)

    # --- Objects ------------------------------------------------------------------------------
    def objects_at(self, sq: int, kind: str = "") -> list[Obj]:
        return [o for o in self.objects.values() if o.sq == sq and (not kind or o.kind == kind)]

    def fillers(self) -> frozenset[int]:
        """Squares holding a square-filling object (§2.8): they block LOS through them."""
        found = self._memo.get("fillers")
        if found is None:
            squares = {
                o.sq
                for o in self.objects.values()
                if o.kind in ("stone_block", "rosebush", "thornbush", "dust_cloud")
            }
            squares |= {self.figure_sq(f) for f in self.figures() if self.form(f) == "big_man_form"}
            found = self._memo["fillers"] = frozenset(squares)
        return found

    def empty_square(self, sq: int) -> bool:
        """Creation target (§5.4): no figure, treasure, object or item, not a home base."""
        return sq not in self.occupied()

    def empty_edge(self, edge: int) -> bool:
        return edge not in self.walls and edge not in self.doors and edge not in self.fire_walls

    # --- Line of sight and range (§2.8) -------------------------------------------------------
    def sees(
        self, token: str, sq: int, origin: int = -1, ignore: int = 0, corner: bool = False
    ) -> bool:
        """LOS from a figure (or from `origin`, for Astral Projection) to a square."""
        return self.sight(token, origin, ignore, corner) >> sq & 1 == 1

    def sight(self, token: str, origin: int = -1, ignore: int = 0, corner: bool = False) -> int:
        """Mask of the squares `token` sees from `origin` (or where it stands): its own, then
        Fog (adjacent squares only), a Dust Cloud (none), straight and wrap lines, a Seer
        Totem's sector and Around the Corner's one turn."""
        a = origin if origin >= 0 else self.figure_sq(token)
        key = ("sight", token, a, ignore, corner)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._sight(token, a, ignore, corner)
        return found

    def _sight(self, token: str, a: int, ignore: int, corner: bool) -> int:
        fog, blind, seer = self._viewpoint(token, a)
        if fog:
            return B.bit_mask(self.adjacent_squares(token, a))
        if blind:
            return 1 << a
        seen = self._straight(token, a, ignore) | 1 << a
        if seer:
            seen |= B.SECTOR_MASKS[B.SECTOR[a]]
        if corner:
            for x in B.bits(self._straight(token, a, ignore)):
                seen |= self._straight(token, x, ignore)
        return seen

    def _straight(self, token: str, a: int, ignore: int) -> int:
        """Squares seen along straight and wrap lines from a, doors as they are for `token`
        standing on a."""
        return B.visible_squares(a, self._blocking(token, a), self._filled(), ignore)

    def _viewpoint(self, token: str, a: int) -> tuple[bool, bool, bool]:
        """(Fog: adjacent squares only, standing in a Dust Cloud: blind, a Seer Totem of his
        in this sector: sees all of it) for `token` looking from square a."""
        key = ("viewpoint", token, a)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = (
                self.spell_in_play("fog"),
                bool(self.objects_at(a, "dust_cloud")) and not self.hovers(token),
                self._seer(token, a),
            )
        return found

    def sees_edge(self, token: str, edge: int, origin: int = -1, ignore: int = 0) -> bool:
        """LOS to the midpoint of an edge, the edge itself ignored."""
        return self.edge_sight(token, origin, ignore) >> edge & 1 == 1

    def edge_sight(self, token: str, origin: int = -1, ignore: int = 0) -> int:
        """Mask of the edges whose midpoint `token` sees: those bordering its square always,
        the others unless Fog or a Dust Cloud hides them."""
        a = origin if origin >= 0 else self.figure_sq(token)
        key = ("edge_sight", token, a, ignore)
        found = self._memo.get(key)
        if found is None:
            found = B.BORDER_EDGES[a]
            fog, blind, _ = self._viewpoint(token, a)
            if not (fog or blind):
                found |= B.visible_edges(a, self._blocking(token, a), self._filled(), ignore)
            self._memo[key] = found
        return found

    def _line(self, token: str, a: int, b: int, ignore: int, at: int = -1) -> bool:
        """The straight segment from a to b, or its wrap line, is clear for `token` (standing
        on `at`, which decides the doors it may see through) ignoring up to `ignore` walls."""
        line = B.sightlines(a)[b]
        blocking = self._blocking(token, a if at < 0 else at)
        filled = self._filled()
        if not line.squares & filled and (line.edges & blocking).bit_count() <= ignore:
            return True
        return (
            line.wrap_edges >= 0
            and not line.wrap_squares & filled
            and (line.wrap_edges & blocking).bit_count() <= ignore
        )

    def _blocking(self, token: str, at: int) -> int:
        """Mask of the edges that block `token`'s sight from square `at`: walls, and doors
        closed for him there."""
        key = ("blocking", token, at)
        found = self._memo.get(key)
        if found is None:
            closed = self._doors_mask()
            for edge in self.held:  # held open: open for all
                closed &= ~(1 << edge)
            for n in B.NEIGHBOURS[at]:  # any other door is open only from beside it
                if n is not None and n.edge in self.doors and self.door_open_for(n.edge, token, at):
                    closed &= ~(1 << n.edge)
            found = self._memo[key] = self._walls_mask() | closed
        return found

    def barriers(self) -> int:
        """Mask of the edges holding a wall or a door."""
        found = self._memo.get("barriers")
        if found is None:
            found = self._memo["barriers"] = self._walls_mask() | self._doors_mask()
        return found

    def _walls_mask(self) -> int:
        found = self._memo.get("walls")
        if found is None:
            found = self._memo["walls"] = self._edges_mask("walls", self.walls)
        return found

    def _doors_mask(self) -> int:
        return self._edges_mask("doors", self.doors)

    def _edges_mask(self, name: str, edges: dict) -> int:
        """Mask of a dict's edges, kept until its edges change (walls and doors rarely do)."""
        key = tuple(edges)
        masks = self._masks_kept or {}
        kept = masks.get(name)
        if kept is not None and kept[0] == key:
            return kept[1]
        mask = B.bit_mask(key)
        self._masks_kept = {**masks, name: (key, mask)}  # a new dict: clones share the old one
        return mask

    def _filled(self) -> int:
        """Mask of the squares holding a square-filling object or figure (§2.8)."""
        found = self._memo.get("filled")
        if found is None:
            found = self._memo["filled"] = B.bit_mask(list(self.fillers()))
        return found

    def _seer(self, token: str, a: int) -> bool:
        """Seer Totem: its controller and his creatures standing in its sector see every square
        of that sector (targeting only)."""
        sector = B.SECTOR[a]
        seat = self.controller(token)
        return any(
            o.kind == "totem"
            and o.owner == seat
            and CARDS[o.card].key == "seer_totem"
            and B.SECTOR[o.sq] == sector
            for o in self.objects.values()
        )

    def adjacent_squares(self, token: str, at: int = -1) -> tuple[int, ...]:
        """Range `adj`: the square itself and each neighbour across a non-blocking edge."""
        a = at if at >= 0 else self.figure_sq(token)
        key = ("adjacent", token, a)
        found = self._memo.get(key)
        if found is None:
            out = [a]
            for n in B.NEIGHBOURS[a]:
                if n is not None and not self.edge_blocks(n.edge, token, a) and n.square not in out:
                    out.append(n.square)
            found = self._memo[key] = tuple(out)
        return found

    def walking_distance(self, token: str, a: int, b: int, limit: int = 99) -> int:
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
                    n = self.can_step(token, d, at=sq, pushes=False)
                    if n is None or n.square in seen:
                        continue
                    if n.square == b:
                        return dist
                    seen.add(n.square)
                    nxt.append(n.square)
            frontier = nxt
        return -1

    # --- Stepping (§5.1) ----------------------------------------------------------------------
    def can_step(self, token: str, d: int, at: int = -1, pushes: bool = True) -> B.Neighbour | None:
        """The square one legal step away in direction d, or None."""
        sq = at if at >= 0 else self.figure_sq(token)
        n = B.NEIGHBOURS[sq][d]
        if n is None:
            return None
        forms = self._spell_index().form_keys if self.spells else None
        form = forms.get(token, "") if forms else ""
        edge = n.edge
        if edge != B.WRAP and (edge in self.walls or edge in self.doors):
            seat = WIZARD_SEATS.get(token)
            through = token == "totem_spirit" or (
                seat is not None and edge in self.wizards[seat].pass_edges
            )
            if edge in self.walls:
                if not through:
                    return None
            elif not (
                through
                or form in ("mist_body", "slime_form")
                or self.door_open_for(edge, token, sq)
            ):
                return None
        dest = n.square
        if self.objects and dest in self._stone_blocks():
            return None
        if not forms:
            return n
        others = [f for f in self._by_square().get(dest, ()) if f != token]
        if form != "mist_body" and any(self.form(f) == "big_man_form" for f in others):
            return None
        if pushes and form == "big_man_form":
            for other in others:
                if not self.shove_options(other, dest, d):
                    return None
        return n

    def _stone_blocks(self) -> frozenset[int]:
        found = self._memo.get("stone_blocks")
        if found is None:
            found = self._memo["stone_blocks"] = frozenset(
                o.sq for o in self.objects.values() if o.kind == "stone_block"
            )
        return found

    def shove_options(self, token: str, sq: int, d: int) -> list[int]:
        """Where the Big Man pushes a figure standing in the square he enters: onward if it
        can, else any other way but back (the figure's controller chooses) [assumed]."""
        if self.can_step(token, d, at=sq, pushes=False) is not None:
            return [d]
        back = B.OPPOSITE[d]
        return [
            x
            for x in range(4)
            if x not in (d, back) and self.can_step(token, x, at=sq, pushes=False)
        ]
