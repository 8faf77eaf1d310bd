"""Turn flow (§4): Time Passes, Move and Cast, Discard and Draw, the next turn (the end of
the game is victory.py)."""

from __future__ import annotations

from arena.games.wiz_war import belongings, casting, figures, hand, victory
from arena.games.wiz_war.cards import (
    CARDS,
)
from arena.games.wiz_war.config import (
    DRAWS_PER_TURN,
)
from arena.games.wiz_war.hooks import EFFECTS
from arena.games.wiz_war.records import (
    DISCARD_AND_DRAW,
    MOVE_AND_CAST,
    die_roll,
)
from arena.games.wiz_war.resolution import card_options, log_event, push_choice, then
from arena.games.wiz_war.steps import step


class TurnFlow:
    """Part of WizWarState (rules.py): turn flow (§4)."""

    # --- The turn (§4) ------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        """Reset the turn's counters, then the Time Passes phase (§4.1) as steps."""
        self.phase = MOVE_AND_CAST
        self.turn += 1
        w = self.wizards[self.active]
        w.stunned, w.stun_mode, w.mp, w.boosted, w.attacks = False, "", 0, False, 0
        w.moved = w.no_move = w.no_treasure = w.corner = w.drake_eye = False
        w.fresh = True
        w.unlocked, w.pass_edges, w.disease_hit = [], [], []
        w.add_energy = w.projection = -1
        w.slow = w.raven = 0
        for c in self.creatures.values():
            if c.controller == self.active:
                c.activated = c.mad_dash = c.guardian_used = c.stunned = False
        self.activation = ""
        log_event(self, f"Round {self.round}: {figures.name_of(self, w.token)}'s turn")
        self.frames.append(
            {
                "kind": "program",
                "steps": [
                    ["remove_stun", {}],
                    ["time_passes_effects", {}],
                    ["expire_temporary", {}],
                    ["start_move_and_cast", {}],
                ],
            }
        )

    @step
    def remove_stun(self) -> None:
        """Remove Stun: one token off the wizard and off each of his creatures (§7.4)."""
        w = self.wizards[self.active]
        if w.stun:
            w.stun -= 1
            w.stunned = True
            log_event(self, f"{figures.name_of(self, w.token)} is stunned this turn")
        for c in self.creatures.values():
            if c.controller == self.active and c.stun:
                c.stun -= 1
                c.stunned = True

    @step
    def time_passes_effects(self) -> None:
        EFFECTS.time_passes(self, self.active)

    @step
    def expire_temporary(self) -> None:
        """Each temporary spell the active player maintains loses an energy token (§6.3)."""
        for sp in list(self.spells.values()):
            if (
                sp.caster == self.active
                and CARDS[sp.card].row.dur == "T"
                and sp.card in self.spells
            ):
                sp.tokens -= 1
                if sp.tokens <= 0:
                    log_event(self, f"{CARDS[sp.card].title} runs out")
                    casting.end_spell(self, sp.card)

    @step
    def start_move_and_cast(self) -> None:
        w = self.wizards[self.active]
        if not w.alive:
            return
        w.slow = hand.totem_effect(self, "tortoise_totem", w.sq, enemy_of=w.seat)
        w.mp = figures.base_speed(self, w.token)
        if any(CARDS[c].key == "hermes_sandals" for c in w.items):
            roll = die_roll(self.rng)
            w.mp += roll
            log_event(self, f"Hermes' Sandals: d4={roll}, +{roll} MP")

    @step
    def end_move_and_cast(self) -> None:
        """The Move and Cast phase ends; Discard and Draw begins (§4.3)."""
        if self.phase != MOVE_AND_CAST:
            return
        self.activation = ""
        self.phase = DISCARD_AND_DRAW
        w = self.wizards[self.active]
        w.raven = hand.totem_effect(self, "raven_totem", w.sq, enemy_of=w.seat)

    def draws_allowed(self, seat: int) -> int:
        """N = max(0, min(2 + bonuses - penalties, max hand - total)) (§4.3)."""
        w = self.wizards[seat]
        bonus = sum(CARDS[c].value("draw") for c in w.items if CARDS[c].key == "spellstone")
        room = hand.max_hand(self, seat) - hand.hand_total(self, seat)
        return max(0, min(DRAWS_PER_TURN + bonus - w.raven, room))

    @step
    def draw_phase(self, count: int, specialization: bool) -> None:
        """Draw `count` cards (one from the Specialization deck if asked), then Slow Death."""
        seat = self.active
        drawn = 0
        for i in range(count):
            if hand.draw_card(self, seat, specialization=specialization and i == 0) is not None:
                drawn += 1
        if drawn:
            log_event(self, f"{figures.name_of(self, f'w{seat}')} draws {drawn}")

        EFFECTS.after_draw(self, seat, drawn)
        then(self, "enforce_hand_limit", seat=seat)
        then(self, "end_turn")

    @step
    def enforce_hand_limit(self, seat: int) -> None:
        """Over the limit: discard, end a maintained spell or drop an item, one at a time."""
        w = self.wizards[seat]
        if not w.alive or hand.hand_total(self, seat) <= hand.max_hand(self, seat):
            return
        reduce, own = "reduce_hand", [c for c, sp in self.spells.items() if sp.caster == seat]
        options = card_options(
            "discard", w.hand, "Discard {}", reduce, {"seat": seat, "how": "discard"}
        )
        options += card_options(
            "end_spell", own, "End your {}", reduce, {"seat": seat, "how": "end"}
        )
        if hand.items_count(self, seat):
            drop = {"seat": seat, "how": "drop"}
            options += card_options("drop", w.items, "Drop {}", reduce, drop, key="item")
        push_choice(self, seat, "hand_limit", options)

    @step
    def reduce_hand(self, seat: int, how: str, card: int) -> None:
        w = self.wizards[seat]
        if how == "discard" and card in w.hand:
            w.hand.remove(card)
            hand.discard_card(self, card)
        elif how == "end":
            casting.end_spell(self, card)
        elif how == "drop" and card in w.items:
            belongings.drop_item(self, seat, card)
        then(self, "enforce_hand_limit", seat=seat)

    @step
    def end_turn(self) -> None:
        w = self.wizards[self.active]
        w.stunned, w.stun_mode, w.mp = False, "", 0
        w.unlocked, w.pass_edges = [], []
        self.held = {e: s for e, s in self.held.items() if s != self.active}
        for c in self.creatures.values():
            if c.controller == self.active:
                c.stunned = False
        self.activation = ""
        self._next_turn()

    def _next_turn(self) -> None:
        """The next living player in seat order; a new round when the order passes the first
        player; the game is drawn after the round limit [designed]."""
        if self.over:
            return
        n = self.num_players
        current = self.active
        nxt = next(
            (current + k) % n for k in range(1, n + 1) if self.wizards[(current + k) % n].alive
        )

        def rel(seat: int) -> int:
            return (seat - self.first_player) % n

        if rel(nxt) <= rel(current):
            if self.round >= self.round_limit:
                victory.end_game(self, -1, "round_limit")
                return
            self.round += 1
        self.active = nxt
        self._begin_turn()
