"""Casting (§6.4-§6.5): declaring, paying, the counter windows, resolving, maintained
spells, and who an attack hits.
"""

from __future__ import annotations

from arena.games.base import JSON
from arena.games.codes import action_code
from arena.games.wiz_war import board as B
from arena.games.wiz_war import figures, hand, sight
from arena.games.wiz_war.cards import (
    CARDS,
    SLIPPERY_FACES,
)
from arena.games.wiz_war.config import (
    GNOME_EVADES,
    INVISIBLE_EVADES,
)
from arena.games.wiz_war.hooks import EFFECTS
from arena.games.wiz_war.records import (
    MOVE_AND_CAST,
    Spell,
    die_roll,
    is_wizard,
    new_cast,
)
from arena.games.wiz_war.resolution import log_event, push_choice, then
from arena.games.wiz_war.spec import next_slot, resolve_cast, spec_for
from arena.games.wiz_war.steps import step


class Casting:
    """Part of WizWarState (rules.py): casting (§6.4-§6.5)."""

    # --- Casting (§6.4) -----------------------------------------------------------------------
    def declare(
        self,
        seat: int,
        actor: str,
        key: str,
        card_id: int = -1,
        mode: str = "",
        source: str = "hand",
        purpose: str = "cast",
        against: int = -1,
    ) -> None:
        """Start declaring a card, punch, item use or creature attack: its targets, mode and
        energy are then asked one slot at a time (effects/declaring.py), then it is paid
        and cast."""
        frame: JSON = {
            "kind": "declare",
            "seat": seat,
            "actor": actor,
            "key": key,
            "card": card_id,
            "mode": mode,
            "source": source,
            "purpose": purpose,
            "against": against,
            "values": {},
            "slot": 0,
        }
        self.frames.append(frame)
        self.advance_declaration(frame)

    def advance_declaration(self, frame: JSON) -> None:

        if next_slot(self, frame) is None:
            self._remove_frame(frame)
            self.commit(frame)

    def _remove_frame(self, frame: JSON) -> None:
        for i in range(len(self.frames) - 1, -1, -1):
            if self.frames[i] is frame:
                del self.frames[i]
                return

    def commit(self, frame: JSON) -> None:
        """Pay (§6.4 step 2): the card to a pending zone, energy to the discard pile; a
        declared attack is used up even if later cancelled. Then the counter window."""

        spec = spec_for(frame["key"], frame["mode"])
        seat, actor = frame["seat"], frame["actor"]
        w = self.wizards[seat]
        c = frame["card"]
        values = frame["values"]
        kind = CARDS[c].kind if c >= 0 else ""
        is_spell = spec.spell and frame["source"] in ("hand", "creature_hand") and c >= 0
        is_attack = spec.is_attack(kind)
        origin = figures.figure_sq(self, actor)
        if is_wizard(actor) and is_spell and w.projection >= 0:
            origin = w.projection
        cid = self.next_cast
        self.next_cast += 1
        cast = new_cast(
            cid,
            c,
            frame["key"],
            frame["mode"],
            seat,
            actor,
            frame["source"],
            values,
            spell=is_spell,
            attack=is_attack,
            kind=kind,
            origin=origin,
            unevadable=spec.unevadable,
            reach=spec.reach,
            keep=True,
            against=frame["against"],
        )
        self.casts[cid] = cast
        energy_cards = [
            v for k, v in values.items() if k.startswith("energy") and isinstance(v, int) and v >= 0
        ]
        if spec.uses_energy:
            if is_wizard(actor) and w.add_energy >= 0 and is_spell:
                cast["E"] = w.add_energy
                w.add_energy = -1
            else:
                cast["E"] = sum(hand.energy_of(self, seat, e) for e in energy_cards)
        for e in energy_cards:
            if e in w.hand:
                w.hand.remove(e)
                hand.discard_card(self, e)
        cast["energy"] = energy_cards
        if c >= 0 and frame["source"] in ("hand", "creature_hand"):
            if c in w.hand:
                w.hand.remove(c)
            self.pending.append(c)
        elif c >= 0 and frame["source"] in ("thrown", "spent"):
            w.items.remove(c)
            self.pending.append(c)
            then(self, "lost_item", seat=seat, card=c)
        if is_spell and is_wizard(actor):
            cast["corner"], cast["drake"] = w.corner, w.drake_eye
            w.corner = w.drake_eye = False
            w.projection = -1
        if is_attack:
            self._use_attack(actor)
        if is_wizard(actor):
            w.fresh = False
        EFFECTS.fix_targets(self, cast)
        log_event(self, self.cast_text(cast))
        if frame["purpose"] == "counter":
            target = self.casts.get(frame["against"])
            if (
                spec.cancels
                and target is not None
                and target["spell"]
                and cast["spell"]
                and frame["key"] != "anti_anti"
            ):
                then(self, "anti_window", counter=cid)
            then(self, "resolve_counter", counter=cid)
            then(self, "finish", cast=cid)
            return
        then(self, "open_window", cast=cid)
        then(self, "resolve", cast=cid)
        then(self, "finish", cast=cid)

    @step
    def lost_item(self, seat: int, card: int) -> None:
        self.lose_item(seat, card)

    def cast_text(self, cast: JSON) -> str:
        who = figures.name_of(self, cast["actor"])
        what = CARDS[cast["card"]].title if cast["card"] >= 0 else cast["key"].replace("_", " ")
        text = f"{who} uses {what}"
        if cast["targets"] or cast["objects"]:
            names = [figures.name_of(self, t) for t in cast["targets"]] + list(cast["objects"])
            text += " on " + ", ".join(names)
        if cast["E"]:
            text += f" (E={cast['E']})"
        return text

    def _use_attack(self, actor: str) -> None:
        if actor == self.activation:
            self.act_attacks += 1
            return
        if is_wizard(actor):
            w = self.wizards[int(actor[1])]
            w.attacks += 1
            if w.stunned and not w.stun_mode:
                w.stun_mode = "attack"

    @step
    def open_window(self, cast: int) -> None:
        """The counter window (§6.5): in seat order from the caster's left, the caster last,
        every player who holds a card may answer once; it closes when all pass in a row."""
        c = self.casts.get(cast)
        if c is None or c["canceled"]:
            return
        order = self.window_order(c)
        if order:
            self.frames.append(
                {
                    "kind": "window",
                    "mode": "counter",
                    "cast": cast,
                    "order": order,
                    "i": 0,
                    "passes": 0,
                    "done": [],
                    "seat": order[0],
                }
            )

    def window_order(self, c: JSON) -> list[int]:
        key_card = CARDS[c["card"]] if c["card"] >= 0 else None
        mundane = key_card is not None and key_card.has("mundane")
        if mundane and not c["attack"]:
            return []
        n = self.num_players
        seats = [(c["seat"] + k) % n for k in range(1, n + 1)]
        targeted = {
            figures.controller(self, t) for t in c["targets"] if figures.figure_alive(self, t)
        }
        if c["spell"] and not mundane:
            wanted = set(seats)
            if c["seat"] not in targeted:
                wanted.discard(c["seat"])  # the caster answers only what strikes his own
        elif c["attack"]:
            wanted = targeted
        else:
            return []
        return [s for s in seats if s in wanted and self.wizards[s].alive]

    def _advance_window(self, frame: JSON) -> bool:
        """True if the window closed or skipped a seat; False when a seat must answer."""
        cast = self.casts.get(frame["cast"])
        order = frame["order"]
        if cast is None or cast["canceled"] or frame["passes"] >= len(order):
            self.frames.pop()
            return True
        seat = order[frame["i"] % len(order)]
        frame["seat"] = seat
        if seat in frame["done"] or not self.may_respond(seat, frame["mode"]):
            frame["passes"] += 1
            frame["i"] += 1
            return True
        return False

    def may_respond(self, seat: int, mode: str) -> bool:
        """Asked only if he could hold an answer, judged from public facts: cards in hand (or
        Null Powder carried), so being asked reveals nothing."""
        w = self.wizards[seat]
        if not w.alive:
            return False
        if w.hand:
            return True
        return mode == "counter" and any(CARDS[c].key == "null_powder" for c in w.items)

    @step
    def anti_window(self, counter: int) -> None:
        """A counter aimed at a spell: its caster may answer with Anti-Anti (§10.7)."""
        ct = self.casts.get(counter)
        if ct is None:
            return
        target = self.casts.get(ct["against"])
        if target is None:
            return
        seat = target["seat"]
        if seat != ct["seat"] and self.may_respond(seat, "anti"):
            self.frames.append(
                {
                    "kind": "window",
                    "mode": "anti",
                    "cast": counter,
                    "order": [seat],
                    "i": 0,
                    "passes": 0,
                    "done": [],
                    "seat": seat,
                }
            )

    @step
    def ward_window(self, picker: int, treasure: int) -> None:
        """Ward (§10.3): the treasure's owner may answer its pick-up."""
        owner = self.treasures[treasure].owner
        if not self.wizards[picker].alive or not self.may_respond(owner, "ward"):
            return
        cid = self.next_cast
        self.next_cast += 1
        self.casts[cid] = {
            "id": cid,
            "card": -1,
            "key": "pickup",
            "mode": "",
            "seat": picker,
            "actor": f"w{picker}",
            "treasure": treasure,
            "targets": [],
            "objects": [],
            "spell": False,
            "attack": False,
            "canceled": False,
            "source": "pickup",
        }
        self.frames.append(
            {
                "kind": "window",
                "mode": "ward",
                "cast": cid,
                "order": [owner],
                "i": 0,
                "passes": 0,
                "done": [],
                "seat": owner,
            }
        )
        then(self, "forget_cast", cast=cid)

    @step
    def forget_cast(self, cast: int) -> None:
        self.casts.pop(cast, None)

    @step
    def resolve(self, cast: int) -> None:
        """Resolve a cast that was not cancelled (§6.4 step 4)."""

        c = self.casts.get(cast)
        if c is None:
            return
        if c["canceled"]:
            log_event(self, f"{self.cast_text(c)}: cancelled")
            return
        if not figures.figure_alive(self, c["actor"]):
            return
        resolve_cast(self, c)

    @step
    def resolve_counter(self, counter: int) -> None:

        ct = self.casts.get(counter)
        if ct is None or ct["canceled"]:
            return
        if ct["against"] in self.casts:
            resolve_cast(self, ct)

    @step
    def finish(self, cast: int) -> None:
        """Instant spells and cancelled ones are discarded, temporary and permanent ones stay
        in the caster's play area (§6.4 step 5); a thrown rock lands."""
        c = self.casts.pop(cast, None)
        if c is None:
            return
        card_id = c["card"]
        if card_id < 0 or card_id not in self.pending:
            return
        self.pending.remove(card_id)
        row = CARDS[card_id].row
        if c["source"] == "thrown":
            if c["land"] >= 0 and row.key == "large_rock":
                self.floor[card_id] = c["land"]
                self._memo = {}
            else:
                hand.discard_card(self, card_id)
            return
        keep = row.dur in ("T", "P") and c["keep"] and not c["canceled"]
        if keep and self.wizards[c["seat"]].alive:
            self.add_spell(card_id, c["seat"], c["hold"], c["E"])
        else:
            hand.discard_card(self, card_id)

    def add_spell(self, card_id: int, caster: int, target: str, energy: int) -> None:
        tokens = max(1, energy) if CARDS[card_id].row.dur == "T" else 0
        self.spells[card_id] = Spell(card_id, caster, target, tokens, energy)
        self._memo = {}

    def end_spell(self, card_id: int) -> None:
        """End a maintained spell: undo what it holds in place, discard the card (§6.3)."""

        sp = self.spells.get(card_id)
        if sp is None:
            return
        mover = sp.target if sp.target and figures.figure_alive(self, sp.target) else ""
        before = figures.base_speed(self, mover) if mover else 0
        del self.spells[card_id]
        self._memo = {}
        EFFECTS.on_end(self, sp)
        hand.discard_card(self, card_id)
        if mover and figures.figure_alive(self, mover):
            self.speed_shift(mover, before)

    def speed_shift(self, token: str, before: int) -> None:
        """Base speed changed mid-turn: the wizard's remaining MP change alike, never below 0
        (§5.1); a creature's new speed counts from its next activation (§8.10)."""
        if not is_wizard(token) or int(token[1]) != self.active or self.phase != MOVE_AND_CAST:
            return
        w = self.wizards[self.active]
        w.mp = max(0, w.mp + figures.base_speed(self, token) - before)

    # --- Attacks: who is hit (§6.5) -----------------------------------------------------------
    def hits(self, cast: JSON) -> list[str]:
        """The figure targets still there and not evading; evasion rolls happen now."""
        out = []
        for token in cast["targets"]:
            if figures.figure_alive(self, token) and not (
                cast["attack"] and self.evades(cast, token)
            ):
                out.append(token)
        return out

    def evades(self, cast: JSON, token: str) -> bool:

        if cast["unevadable"]:
            return False
        name = figures.name_of(self, token)
        if token in cast["teleported"] and not self.in_reach(cast, token):
            log_event(self, f"{name} teleported out of reach")
            return True
        if is_wizard(token) and figures.has_spell(self, token, "invisible"):
            roll = die_roll(self.rng)
            if roll in INVISIBLE_EVADES:
                log_event(self, f"{name} is invisible: d4={roll}, evaded")
                return True
            log_event(self, f"{name} is invisible: d4={roll}, hit")
        if figures.form(self, token) == "gnome_form":
            roll = die_roll(self.rng)
            if roll in GNOME_EVADES:
                log_event(self, f"{name} (Gnome Form): d4={roll}, evaded")
                return True
        if token == "boggart":
            roll = die_roll(self.rng)
            if roll in SLIPPERY_FACES:
                log_event(self, f"Boggart slips away: d4={roll}")
                self._offer_slippery_step()
                return True
        return False

    def _offer_slippery_step(self) -> None:
        seat = self.creatures["boggart"].controller
        options = [("stay", "The Boggart stays where it is", "noop", {})]
        for d in range(4):
            if sight.can_step(self, "boggart", d) is not None:
                options.append(
                    (
                        action_code("step", B.DIRS[d]),
                        f"The Boggart slips {B.DIRS[d]}",
                        "shove",
                        {"token": "boggart", "d": d},
                    )
                )
        push_choice(self, seat, "slippery", options)

    def in_reach(self, cast: JSON, token: str) -> bool:
        """Is a (teleported) target still within the attack's range and LOS?"""
        actor, reach = cast["actor"], cast["reach"]
        if not figures.figure_alive(self, actor):
            return False
        sq = figures.figure_sq(self, token)
        if reach in ("area", "line"):
            return sq in cast["area"]
        if reach == "adj":
            return sq in sight.adjacent_squares(self, actor)
        if reach == "path":
            return sight.walking_distance(self, actor, figures.figure_sq(self, actor), sq, 6) >= 0
        if reach.startswith("los"):
            limit = int(reach[3:]) if len(reach) > 3 else 99
            return B.manhattan(figures.figure_sq(self, actor), sq) <= limit and sight.sees(
                self, actor, sq
            )
        return True
