"""Movement (§5.1): stepping, what entering a square does, pushes and shoves."""

from __future__ import annotations

from arena.games.codes import action_code
from arena.games.wiz_war import belongings, casting, creatures, damage, figures, sight
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    CARDS,
)
from arena.games.wiz_war.records import (
    MAG,
    PHYS,
    Obj,
    is_wizard,
)
from arena.games.wiz_war.resolution import log_event, push_choice, then
from arena.games.wiz_war.steps import step


class Movement:
    """Part of WizWarState (rules.py): movement (§5.1)."""

    # --- Movement and entering squares (§5.1) -------------------------------------------------
    def relocate(self, token: str, sq: int) -> None:
        """Put a figure on a square by any means; held doors it no longer borders close, and a
        carrier on his own home base scores (§5.3)."""
        if is_wizard(token):
            seat = int(token[1])
            self.wizards[seat].sq = sq
            for edge, holder in list(self.held.items()):
                if holder == seat and sq not in B.edge_squares(edge):
                    del self.held[edge]
        else:
            self.creatures[token].sq = sq
        self._memo = {}
        belongings.check_scoring(self, token)

    @step
    def take_step(self, token: str, d: int, paid: bool) -> None:
        """One step; a Big Man first shoves the figures in the square he enters."""
        if not figures.figure_alive(self, token):
            return
        n = sight.can_step(self, token, d)
        if n is None:
            return
        if figures.form(self, token) == "big_man_form":
            for other in figures.figures_at(self, n.square):
                if other == token:
                    continue
                ways = sight.shove_options(self, other, n.square, d)
                if len(ways) == 1:
                    then(self, "shove", token=other, d=ways[0])
                elif ways:
                    push_choice(
                        self,
                        figures.controller(self, other),
                        "shove",
                        [
                            (
                                action_code("push", B.DIRS[x]),
                                f"{figures.name_of(self, other)} is pushed {B.DIRS[x]}",
                                "shove",
                                {"token": other, "d": x},
                            )
                            for x in ways
                        ],
                    )
        then(self, "arrive", token=token, d=d, paid=paid)

    @step
    def arrive(self, token: str, d: int, paid: bool) -> None:
        if not figures.figure_alive(self, token):
            return
        n = sight.can_step(self, token, d, pushes=False)
        if n is None:
            return
        edge = n.edge
        form = figures.form(self, token)
        if is_wizard(token):
            w = self.wizards[int(token[1])]
            if edge in w.pass_edges:
                w.pass_edges.remove(edge)
            if edge in w.unlocked:
                w.unlocked.remove(edge)  # an unlocked door re-locks once passed (§2.5)
        if (
            edge in self.doors
            and form == "slime_form"
            and not sight.door_open_for(self, edge, token)
        ):
            belongings.drop_carried_treasure(self, token)
        self.relocate(token, n.square)
        if self.over:
            return
        if edge in self.fire_walls and form != "mist_body":
            amount = CARDS[self.fire_walls[edge]].value("damage")
            damage.hurt(self, token, amount, MAG, "fire", n.square)
        then(self, "enter", token=token, sq=n.square, paid=paid)

    @step
    def shove(self, token: str, d: int) -> None:
        """A push of one square (not a voluntary step): entering effects apply."""
        if not figures.figure_alive(self, token):
            return
        n = sight.can_step(self, token, d, pushes=False)
        if n is None:
            return
        self.relocate(token, n.square)
        if not self.over:
            then(self, "enter", token=token, sq=n.square, paid=False)

    @step
    def enter(self, token: str, sq: int, paid: bool) -> None:
        """What entering a square does: traps, bushes, tacks, Disease, Slime; then the
        Minotaur's Labyrinth Guardian may react to a paid step (§11.1)."""
        if not figures.figure_alive(self, token) or figures.figure_sq(self, token) != sq:
            return
        seat = figures.controller(self, token)
        if not figures.hovers(self, token):
            for obj in sight.objects_at(self, sq, "booby"):
                if obj.owner != seat:
                    self._spring_booby_trap(token, obj)
                    break
            for obj in sight.objects_at(self, sq):
                key = CARDS[obj.card].key
                if obj.kind == "rosebush":
                    damage.hurt(self, token, CARDS[obj.card].value("damage"), PHYS, "", sq)
                elif obj.kind == "thornbush":
                    damage.hurt(self, token, CARDS[obj.card].value("damage"), PHYS, "", sq)
                    then(self, "stun", target=token, tokens=CARDS[obj.card].value("stun"))
                    then(self, "halt", token=token)
                elif obj.kind == "tacks" and key == "handful_of_tacks":
                    damage.hurt(self, token, CARDS[obj.card].value("damage"), PHYS, "", sq)
        if is_wizard(token) and figures.has_spell(self, token, "disease"):
            w = self.wizards[seat]
            for other in figures.figures_at(self, sq):
                if other != token and other not in w.disease_hit:
                    w.disease_hit.append(other)
                    damage.hurt(
                        self,
                        other,
                        CARDS[self._spell_card(token, "disease")].value("damage"),
                        PHYS,
                        "",
                        sq,
                    )
        if figures.form(self, token) == "slime_form":
            for other in figures.figures_at(self, sq):
                if other != token:
                    damage.hurt(self, other, 1, PHYS, "", sq)
        if paid:
            then(self, "guardian_check", mover=token)

    def _spell_card(self, token: str, key: str) -> int:
        return next(sp.card for sp in figures.spells_on(self, token) if CARDS[sp.card].key == key)

    def _spring_booby_trap(self, token: str, obj: Obj) -> None:
        """A face-down token is revealed: blank ones vanish; the live one hurts and ends the
        whole trap (§10.3)."""
        spell_card = obj.card
        if not obj.live:
            del self.objects[obj.id]
            log_event(self, f"{figures.name_of(self, token)} reveals a blank Booby Trap token")
            return
        log_event(self, f"{figures.name_of(self, token)} springs the live Booby Trap!")
        damage.hurt(self, token, CARDS[spell_card].value("damage"), MAG, "", obj.sq)
        casting.end_spell(self, spell_card)

    @step
    def halt(self, token: str) -> None:
        """Thornbush: the figure's Move and Cast phase (creature: activation) ends at once."""
        if token == self.activation:
            creatures.end_activation(self)
        elif is_wizard(token) and int(token[1]) == self.active and not self.activation:
            then(self, "end_move_and_cast")

    def push_directions(self, token: str, origin: int) -> list[int]:
        """ "Directly away from" a square (§9): along the axis on which the figure is farther;
        on a tie, or from its own square, every way that does not come closer (the pushing
        player chooses). Pushes never wrap."""
        sq = figures.figure_sq(self, token)
        r, c = B.row_col(sq)
        r0, c0 = B.row_col(origin)
        dr, dc = r - r0, c - c0
        if sq == origin:
            ways = [0, 1, 2, 3]
        elif abs(dr) > abs(dc):
            ways = [2 if dr > 0 else 0]
        elif abs(dc) > abs(dr):
            ways = [1 if dc > 0 else 3]
        else:
            ways = [2 if dr > 0 else 0, 1 if dc > 0 else 3]
        out = []
        for d in ways:
            n = sight.can_step(self, token, d, pushes=False)
            if n is not None and n.edge != B.WRAP:
                out.append(d)
        return out

    @step
    def push_away(self, token: str, origin: int, count: int, chooser: int) -> None:
        """Push a figure `count` squares directly away from `origin`, one square at a time;
        a blocked step ends the push."""
        if count <= 0 or not figures.figure_alive(self, token):
            return
        ways = self.push_directions(token, origin)
        if not ways:
            return
        if len(ways) == 1:
            then(self, "shove", token=token, d=ways[0])
            then(self, "push_away", token=token, origin=origin, count=count - 1, chooser=chooser)
            return
        push_choice(
            self,
            chooser,
            "push",
            [
                (
                    action_code("push", B.DIRS[d]),
                    f"Push {figures.name_of(self, token)} {B.DIRS[d]}",
                    "push_then",
                    {"token": token, "d": d, "origin": origin, "count": count, "chooser": chooser},
                )
                for d in ways
            ],
        )

    @step
    def push_then(self, token: str, d: int, origin: int, count: int, chooser: int) -> None:
        then(self, "shove", token=token, d=d)
        then(self, "push_away", token=token, origin=origin, count=count - 1, chooser=chooser)

    @step
    def noop(self) -> None:
        """A choice that changes nothing (declining a reaction)."""
