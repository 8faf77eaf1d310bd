"""Creatures (§8): summoning, placing, activating, guardians."""

from __future__ import annotations

from arena.games.codes import action_code
from arena.games.wiz_war import board as B
from arena.games.wiz_war import casting, damage, figures, hand, sight
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
    new_cast,
)
from arena.games.wiz_war.resolution import log_event, push_choice, then
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
        out = [] if sight.objects_at(self, sq, "stone_block") else [sq]
        for d in range(4):
            n = sight.can_step(self, token, d, pushes=False)
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
        log_event(self, f"Summoning {CREATURES[creature].title}: d4={roll}")
        if loss > 0:
            damage.lose_life(self, f"w{seat}", loss, False, "", -1, [], -1)
        if not self.wizards[seat].alive:
            c["keep"] = False
            return
        life = min(CREATURE_LIFE_CAP, CREATURES[creature].life + roll)
        squares = self.placements(seat)
        if len(squares) == 1:
            self.place_creature(cast, creature, squares[0], life)
            return
        push_choice(
            self,
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
        log_event(
            self, f"{CREATURES[creature].title} enters on {B.square_name(sq)} with {life} life"
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
        speed = figures.base_speed(self, name)
        slow = hand.totem_effect(self, "tortoise_totem", cr.sq, enemy_of=cr.controller)
        if slow:
            speed = max(1, speed - slow)
        if cr.mad_dash:
            speed *= 2
            cr.mad_dash = False
        self.act_mp = speed
        self.act_attacks = 0
        self.act_allowed = 2 if figures.has_spell(self, name, "adrenaline") else 1
        self.act_moved = False
        log_event(self, f"{CREATURES[name].title} activates ({speed} MP)")

    def end_activation(self) -> None:
        if self.activation:
            log_event(self, f"{figures.name_of(self, self.activation)}'s activation ends")
        self.activation = ""
        self.act_mp = 0

    def creature_can_attack(self, name: str) -> bool:
        cr = self.creatures[name]
        if self.round <= NO_ATTACKS_IN_ROUND or name == "homunculus":
            return False
        if figures.form(self, name) == "slime_form":
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
        if m is None or not figures.figure_alive(self, mover):
            return
        seat = m.controller
        if (
            seat == self.active
            or seat == figures.controller(self, mover)
            or m.guardian_used
            or m.stun
            or figures.form(self, "minotaur") == "slime_form"
            or self.round <= NO_ATTACKS_IN_ROUND
            or figures.untargetable(self, mover)
            or figures.figure_sq(self, mover) not in sight.adjacent_squares(self, "minotaur")
        ):
            return
        push_choice(
            self,
            seat,
            "guardian",
            [
                (
                    "guard:yes",
                    f"The Minotaur strikes {figures.name_of(self, mover)} (Labyrinth Guardian)",
                    "guardian_strike",
                    {"target": mover},
                ),
                ("guard:no", "Let it pass", "noop", {}),
            ],
        )

    @step
    def guardian_strike(self, target: str) -> None:
        m = self.creatures.get("minotaur")
        if m is None or not figures.figure_alive(self, target):
            return
        m.guardian_used = True
        cid = casting.next_cast_id(self)
        self.casts[cid] = new_cast(
            cid,
            -1,
            "labyrinth_guardian",
            "",
            m.controller,
            "minotaur",
            "creature",
            {},
            spell=False,
            attack=True,
            kind="",
            origin=m.sq,
            unevadable=False,
            reach="adj",
            keep=False,
            against=-1,
            targets=[target],
        )
        log_event(self, f"Labyrinth Guardian: the Minotaur strikes {figures.name_of(self, target)}")
        then(self, "open_window", cast=cid)
        then(self, "guardian_hit", cast=cid)
        then(self, "finish", cast=cid)

    @step
    def guardian_hit(self, cast: int) -> None:
        c = self.casts.get(cast)
        if c is None or c["canceled"] or "minotaur" not in self.creatures:
            return
        for token in casting.hits(self, c):
            damage.damage(self, c, token, [[GUARDIAN_DAMAGE, PHYS, ""]])
