"""Creatures (§8): summoning, placing, activating, guardians."""

from __future__ import annotations

from arena.games.codes import action_code
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    CREATURES,
    GUARDIAN_DAMAGE,
)
from arena.games.wiz_war.config import (
    ACTIVATION_COST,
    CREATURE_LIFE_CAP,
    NO_ATTACKS_IN_ROUND,
    SUMMON_DAMAGE_OFFSET,
)
from arena.games.wiz_war.records import (
    PHYS,
    Creature,
    die_roll,
)
from arena.games.wiz_war.steps import step


class CreatureRules:
    """Part of WizWarState (rules.py): creatures (§8)."""

    # --- Creatures (§8) -----------------------------------------------------------------------
    def summonable(self, seat: int) -> list[str]:
        """Creatures `seat` may summon that are not in play (each figure is unique): the
        public pool (the game's schools and More Summons), and the creatures of the seat's
        own Specialization school, which is hidden from the others (§8.11)."""
        school = self.wizards[seat].spec_school
        own = [n for n, c in CREATURES.items() if school and c.school == school]
        return [n for n in dict.fromkeys(self.pool + own) if n not in self.creatures]

    def placements(self, seat: int) -> list[int]:
        """The caster's square or one legal step away, without a blocking object [assumed]."""
        token = f"w{seat}"
        sq = self.wizards[seat].sq
        out = [] if self.objects_at(sq, "stone_block") else [sq]
        for d in range(4):
            n = self.can_step(token, d, pushes=False)
            if n is not None and n.square not in out:
                out.append(n.square)
        return out

    @step
    def summon_roll(self, cast: int, creature: str) -> None:
        """§8.3 steps 2-4: the caster suffers d4 - 1 that nothing reduces; the creature's
        life is its base plus the roll (not the damage); then it is placed."""
        c = self.casts.get(cast)
        if c is None:
            return
        seat = c["seat"]
        roll = die_roll(self.rng)
        loss = roll - SUMMON_DAMAGE_OFFSET
        self.log_event(f"Summoning {CREATURES[creature].title}: d4={roll}")
        if loss > 0:
            self.lose_life(f"w{seat}", loss, False, "", -1, [], -1)
        if not self.wizards[seat].alive:
            c["keep"] = False
            return
        life = min(CREATURE_LIFE_CAP, CREATURES[creature].life + roll)
        squares = self.placements(seat)
        if len(squares) == 1:
            self.place_creature(cast, creature, squares[0], life)
            return
        self.push_choice(
            seat,
            "placement",
            [
                (
                    action_code("place", B.square_name(s)),
                    f"Place the {CREATURES[creature].title} on {B.square_name(s)}",
                    "place_creature",
                    {"cast": cast, "creature": creature, "sq": s, "life": life},
                )
                for s in squares
            ],
        )

    @step
    def place_creature(self, cast: int, creature: str, sq: int, life: int) -> None:
        c = self.casts.get(cast)
        if c is None or not self.wizards[c["seat"]].alive:
            return
        self.creatures[creature] = Creature(creature, c["seat"], sq, life, life, c["card"])
        c["hold"] = creature
        self._memo = {}
        self.log_event(
            f"{CREATURES[creature].title} enters on {B.square_name(sq)} with {life} life"
        )

    def create_creature(self, name: str, seat: int, sq: int, card_id: int, life: int) -> None:
        """A creature made without summoning (the Homunculus)."""
        self.creatures[name] = Creature(name, seat, sq, life, life, card_id)
        self._memo = {}

    def activate(self, name: str) -> None:
        """2 MP of the wizard; the creature moves its base speed and may attack once
        (twice with Adrenaline) this activation (§8.4-§8.6)."""
        w = self.wizards[self.active]
        cr = self.creatures[name]
        w.mp -= ACTIVATION_COST
        w.fresh = False
        cr.activated = True
        self.activation = name
        speed = self.base_speed(name)
        slow = self.totem_effect("tortoise_totem", cr.sq, enemy_of=cr.controller)
        if slow:
            speed = max(1, speed - slow)
        if cr.mad_dash:
            speed *= 2
            cr.mad_dash = False
        self.act_mp = speed
        self.act_attacks = 0
        self.act_allowed = 2 if self.has_spell(name, "adrenaline") else 1
        self.act_moved = False
        self.log_event(f"{CREATURES[name].title} activates ({speed} MP)")

    def end_activation(self) -> None:
        if self.activation:
            self.log_event(f"{self.name_of(self.activation)}'s activation ends")
        self.activation = ""
        self.act_mp = 0

    def creature_can_attack(self, name: str) -> bool:
        cr = self.creatures[name]
        if self.round <= NO_ATTACKS_IN_ROUND or name == "homunculus":
            return False
        if self.form(name) == "slime_form":
            return False
        allowed = self.act_allowed
        if cr.stunned and self.act_moved:
            allowed = 1 if allowed > 1 else 0
        return self.act_attacks < allowed

    def creature_can_move(self, name: str) -> bool:
        cr = self.creatures[name]
        if self.act_mp < 1:
            return False
        if cr.stunned:
            return self.act_attacks <= (1 if self.act_allowed > 1 else 0)
        return True

    @step
    def guardian_check(self, mover: str) -> None:
        """Labyrinth Guardian: outside its controller's turn, once between two of his turns,
        an enemy ending a paid step in or beside the Minotaur may be struck (§11.1)."""
        m = self.creatures.get("minotaur")
        if m is None or not self.figure_alive(mover):
            return
        seat = m.controller
        if (
            seat == self.active
            or seat == self.controller(mover)
            or m.guardian_used
            or m.stun
            or self.form("minotaur") == "slime_form"
            or self.round <= NO_ATTACKS_IN_ROUND
            or self.untargetable(mover)
            or self.figure_sq(mover) not in self.adjacent_squares("minotaur")
        ):
            return
        self.push_choice(
            seat,
            "guardian",
            [
                (
                    "guard:yes",
                    f"The Minotaur strikes {self.name_of(mover)} (Labyrinth Guardian)",
                    "guardian_strike",
                    {"target": mover},
                ),
                ("guard:no", "Let it pass", "noop", {}),
            ],
        )

    @step
    def guardian_strike(self, target: str) -> None:
        m = self.creatures.get("minotaur")
        if m is None or not self.figure_alive(target):
            return
        m.guardian_used = True
        cid = self.next_cast
        self.next_cast += 1
        self.casts[cid] = {
            "id": cid,
            "card": -1,
            "key": "labyrinth_guardian",
            "mode": "",
            "seat": m.controller,
            "actor": "minotaur",
            "source": "creature",
            "values": {},
            "spell": False,
            "attack": True,
            "kind": "",
            "origin": m.sq,
            "E": 0,
            "energy": [],
            "targets": [target],
            "objects": [],
            "area": [],
            "canceled": False,
            "absorbed": False,
            "reduce": {},
            "teleported": [],
            "lost": {},
            "unevadable": False,
            "reach": "adj",
            "land": -1,
            "keep": False,
            "hold": "",
            "against": -1,
            "corner": False,
            "drake": False,
        }
        self.log_event(f"Labyrinth Guardian: the Minotaur strikes {self.name_of(target)}")
        self.then("open_window", cast=cid)
        self.then("guardian_hit", cast=cid)
        self.then("finish", cast=cid)

    @step
    def guardian_hit(self, cast: int) -> None:
        c = self.casts.get(cast)
        if c is None or c["canceled"] or "minotaur" not in self.creatures:
            return
        for token in self.hits(c):
            self.damage(c, token, [[GUARDIAN_DAMAGE, PHYS, ""]])
