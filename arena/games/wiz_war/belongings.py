"""Items, relics and treasures (§5.2, §5.3, §8.8): carrying, dropping, picking up."""

from __future__ import annotations

from arena.games.codes import action_code
from arena.games.wiz_war import figures, hand, sight
from arena.games.wiz_war.cards import (
    CARDS,
    RELIC,
)
from arena.games.wiz_war.hooks import EFFECTS
from arena.games.wiz_war.records import (
    is_wizard,
)
from arena.games.wiz_war.resolution import card_options, log_event, push_choice, then
from arena.games.wiz_war.steps import step


class Belongings:
    """Part of WizWarState (rules.py): items, relics and treasures (§5.2, §5.3, §8.8)."""

    # --- Items, relics and treasures (§5.2, §5.3, §8.8) ---------------------------------------
    def carried_treasure(self, token: str) -> int:
        if is_wizard(token):
            return self.wizards[int(token[1])].treasure
        c = self.creatures.get(token)
        return c.treasure if c else -1

    def _set_carried_treasure(self, token: str, tid: int) -> None:
        if is_wizard(token):
            self.wizards[int(token[1])].treasure = tid
        else:
            self.creatures[token].treasure = tid

    def relics(self, seat: int) -> list[int]:
        return [c for c in self.wizards[seat].items if CARDS[c].kind == RELIC]

    def slot_full(self, seat: int) -> bool:
        """One treasure or one relic per wizard (§8.8)."""
        return self.wizards[seat].treasure >= 0 or bool(self.relics(seat))

    def glued(self, token: str) -> bool:
        return any(
            sp.target == token and CARDS[sp.card].key == "glue" for sp in self.spells.values()
        )

    def play_item(self, seat: int, c: int) -> None:
        """An item or relic goes from hand to the play area: carried (§5.2, §8.8)."""
        w = self.wizards[seat]
        w.hand.remove(c)
        self.gain_item(seat, c)

    def gain_item(self, seat: int, c: int) -> None:
        w = self.wizards[seat]
        before = figures.base_speed(self, w.token)
        w.items.append(c)
        figures.speed_shift(self, w.token, before)
        log_event(self, f"{figures.name_of(self, w.token)} now carries {CARDS[c].title}")
        if CARDS[c].key == "brainstone":
            for _ in range(CARDS[c].value("draw")):
                hand.draw_card(self, seat)
        if CARDS[c].kind == RELIC:
            then(self, "settle_slot", seat=seat)

    @step
    def settle_slot(self, seat: int) -> None:
        """Carrying more than one relic/treasure: drop (his choice) until only one (§8.8)."""
        w = self.wizards[seat]
        held = [f"t{w.treasure}"] if w.treasure >= 0 else []
        held += [f"item{c}" for c in self.relics(seat)]
        if len(held) <= 1:
            return
        push_choice(
            self,
            seat,
            "drop_one",
            [
                (
                    action_code("drop", h),
                    f"Drop {self.describe_thing(h)}",
                    "drop_thing",
                    {"seat": seat, "thing": h},
                )
                for h in held
            ],
        )

    @step
    def drop_thing(self, seat: int, thing: str) -> None:
        if thing.startswith("t"):
            self.drop_carried_treasure(f"w{seat}")
        else:
            self.drop_item(seat, int(thing[4:]))
        then(self, "settle_slot", seat=seat)

    def describe_thing(self, thing: str) -> str:
        if thing.startswith("item"):
            return CARDS[int(thing[4:])].title
        if thing.startswith("t"):
            owner = self.treasures[int(thing[1:])].owner
            return f"{figures.name_of(self, 'w' + str(owner))}'s treasure"
        return thing

    def drop_item(self, seat: int, c: int) -> None:
        """Free on your own turn: the item lies in your square as a marker (§5.2)."""
        w = self.wizards[seat]
        w.items.remove(c)
        self.floor[c] = w.sq
        self._memo = {}
        self.lose_item(seat, c)

    def lose_item(self, seat: int, c: int) -> None:
        """An item left its carrier: Brainstone makes him discard two cards (§10.2); losing
        a Speedstone costs the MP it gave."""
        if CARDS[c].key == "speedstone" and self.wizards[seat].alive:
            token = f"w{seat}"
            figures.speed_shift(
                self, token, figures.base_speed(self, token) + CARDS[c].value("speed")
            )
        if CARDS[c].key == "brainstone" and self.wizards[seat].alive:
            for _ in range(min(2, len(self.wizards[seat].hand))):
                then(self, "discard_choice", seat=seat, reason="Brainstone")

    @step
    def lost_item(self, seat: int, card: int) -> None:
        self.lose_item(seat, card)

    @step
    def discard_choice(self, seat: int, reason: str) -> None:
        cards = self.wizards[seat].hand
        if not cards:
            return
        label = "Discard {} (" + reason + ")"
        options = card_options("discard", cards, label, "discard_from_hand", {"seat": seat})
        push_choice(self, seat, "discard", options)

    @step
    def discard_from_hand(self, seat: int, card: int) -> None:
        cards = self.wizards[seat].hand
        if card in cards:
            cards.remove(card)
            hand.discard_card(self, card)

    def pick_up_item(self, seat: int, c: int) -> None:
        w = self.wizards[seat]
        del self.floor[c]
        self._memo = {}
        self.gain_item(seat, c)
        w.fresh = False

    def drop_carried_treasure(self, token: str) -> None:
        tid = self.carried_treasure(token)
        if tid < 0:
            return
        treasure = self.treasures[tid]
        treasure.sq, treasure.carrier = figures.figure_sq(self, token), ""
        self._set_carried_treasure(token, -1)
        self._memo = {}
        log_event(self, f"{figures.name_of(self, token)} drops {self.describe_thing(f't{tid}')}")

    def give_treasure(self, token: str, tid: int) -> None:
        """A figure takes a treasure; any creature but the Boggart drops it at once (§8.7)."""
        treasure = self.treasures[tid]
        if treasure.carrier:
            self._set_carried_treasure(treasure.carrier, -1)
        if not is_wizard(token) and token != "boggart":
            treasure.sq, treasure.carrier = figures.figure_sq(self, token), ""
            return
        treasure.sq, treasure.carrier = -1, token
        self._set_carried_treasure(token, tid)
        self._memo = {}
        self.check_scoring(token)

    def can_take_treasure(self, token: str, tid: int) -> bool:
        """Not glued, no Gravity, not guarded by an enemy Dragon's Hoard Keeper (§11.1):
        the Dragon guards only its controller's own treasures ("ele irá proteger seus
        tesouros como se fossem seus próprios")."""
        treasure = self.treasures[tid]
        if treasure.scored or treasure.carrier or self.glued(f"t{tid}"):
            return False
        if figures.spell_in_play(self, "gravity"):
            return False
        dragon = self.creatures.get("dragon")
        guarded = dragon is not None and dragon.controller == treasure.owner
        if guarded and dragon.controller != figures.controller(self, token):
            return treasure.sq not in sight.adjacent_squares(self, "dragon")
        return True

    @step
    def take_treasure(self, token: str, tid: int, ends: bool) -> None:
        """Pick up a treasure (§5.3): Ward, Fool's Gold and Hoard Guard may answer; a wizard's
        Move and Cast phase then ends unless a form says otherwise."""
        if not figures.figure_alive(self, token) or not self.can_take_treasure(token, tid):
            return
        seat = figures.controller(self, token)
        treasure = self.treasures[tid]
        where = treasure.sq
        log_event(self, f"{figures.name_of(self, token)} picks up {self.describe_thing(f't{tid}')}")
        self.give_treasure(token, tid)
        if self.over:
            return
        if is_wizard(token) and treasure.owner != seat:
            EFFECTS.treasure_taken(self, seat, tid, where)
            then(self, "ward_window", picker=seat, treasure=tid)
        if ends:
            then(self, "end_move_and_cast")
