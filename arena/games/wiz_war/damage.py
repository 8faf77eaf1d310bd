"""Damage and death (§7.2-§7.4, §7.7, §8.9): damage, healing, stun, cracks and death."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arena.games.base import JSON
from arena.games.codes import action_code
from arena.games.wiz_war import belongings, casting, figures, hand, sight, victory
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    CARDS,
    CREATURES,
    IRON_HIDE,
)
from arena.games.wiz_war.config import (
    BUSH_CRACKS,
    CREATURE_LIFE_CAP,
    DAMAGE_PER_CRACK,
    DOOR_CRACKS,
    MAX_LIFE,
    STONE_BLOCK_CRACKS,
    TOTEM_BREAKS_AT,
    WALL_CRACKS,
)
from arena.games.wiz_war.hooks import EFFECTS
from arena.games.wiz_war.records import (
    MAG,
    PHYS,
    is_wizard,
)
from arena.games.wiz_war.resolution import log_event, push_choice, then
from arena.games.wiz_war.steps import step

if TYPE_CHECKING:
    pass


class Damage:
    """Part of WizWarState (rules.py): damage and death (§7.2-§7.4, §7.7-§7.8, §8.9)."""

    # --- Damage, healing, stun (§7.2-§7.4) ----------------------------------------------------
    def damage(
        self,
        cast: JSON | None,
        target: str,
        packets: list[list],
        attack: bool | None = None,
        source: str | None = None,
    ) -> None:
        """Schedule damage from a cast to one target (figure, object or edge)."""
        if cast is None:
            then(
                self,
                "suffer_damage",
                target=target,
                packets=packets,
                attack=bool(attack),
                source=source or "",
                source_sq=-1,
            )
            return
        actor = cast["actor"] if source is None else source
        sq = (
            figures.figure_sq(self, actor)
            if actor and figures.figure_alive(self, actor)
            else cast.get("origin", -1)
        )
        then(
            self,
            "suffer_damage",
            target=target,
            packets=packets,
            attack=cast["attack"] if attack is None else attack,
            source=actor,
            source_sq=sq,
            scorer=cast["seat"],
            cast=cast["id"],
        )

    @step
    def suffer_damage(
        self,
        target: str,
        packets: list[list],
        attack: bool,
        source: str,
        source_sq: int,
        scorer: int = -1,
        cast: int = -1,
        lust: str = "",
        pure: bool = False,
    ) -> None:
        """§7.2: base amount; multiplications (Strength) then additions (Treasure Lust, Wolf
        Totem); reductions once per source; Featherweight; life loss; triggers; death."""
        if not (is_wizard(target) or target in CREATURES):
            self.damage_thing(target, packets, source)
            return
        if not figures.figure_alive(self, target):
            return
        packets = [list(p) for p in packets]
        if sum(p[0] for p in packets) <= 0:
            return
        if pure:
            self.lose_life(target, sum(p[0] for p in packets), False, "", -1, [], cast)
            return
        if attack and not lust and self._lust_applies(source, scorer, target):
            args = {
                "target": target,
                "packets": packets,
                "attack": attack,
                "source": source,
                "source_sq": source_sq,
                "scorer": scorer,
                "cast": cast,
            }
            push_choice(
                self,
                int(target[1]),
                "treasure_lust",
                [
                    (
                        "lust:drop",
                        "Drop what you carry: no extra damage",
                        "suffer_damage",
                        {**args, "lust": "drop"},
                    ),
                    (
                        "lust:suffer",
                        "Keep it and suffer 3 more damage",
                        "suffer_damage",
                        {**args, "lust": "suffer"},
                    ),
                ],
            )
            return
        if (
            source
            and figures.figure_alive(self, source)
            and figures.has_spell(self, source, "strength")
        ):
            for p in packets:
                if p[1] == PHYS:
                    p[0] *= 2
        if lust == "drop":
            self.drop_slot(int(target[1]))
        elif lust == "suffer":
            packets[0][0] += self._lust_bonus(scorer)
        if attack and source and not is_wizard(source) and source in self.creatures:
            packets[0][0] += hand.totem_effect(
                self,
                "wolf_totem",
                figures.figure_sq(self, target),
                owner=self.creatures[source].controller,
            )
        packets = self._reduce(target, packets, attack, cast)
        total = sum(p[0] for p in packets)
        if total <= 0:
            log_event(self, f"{figures.name_of(self, target)} takes no damage")
            return
        if is_wizard(target) and figures.has_spell(self, target, "featherweight"):
            then(
                self,
                "feather",
                target=target,
                points=total,
                packets=packets,
                attack=attack,
                source=source,
                source_sq=source_sq,
                scorer=scorer,
                cast=cast,
            )
            return
        self.lose_life(target, total, attack, source, scorer, packets, cast)

    def _lust_applies(self, source: str, scorer: int, target: str) -> bool:
        if not is_wizard(target) or scorer < 0:
            return False
        seat = int(target[1])
        if not belongings.slot_full(self, seat):
            return False
        return any(
            sp.caster == scorer and CARDS[sp.card].key == "treasure_lust"
            for sp in self.spells.values()
        )

    def _lust_bonus(self, scorer: int) -> int:
        for sp in self.spells.values():
            if sp.caster == scorer and CARDS[sp.card].key == "treasure_lust":
                return CARDS[sp.card].value("bonus")
        return 0

    def drop_slot(self, seat: int) -> None:
        """Drop the carried treasure or relic into the wizard's square."""
        w = self.wizards[seat]
        if w.treasure >= 0:
            belongings.drop_carried_treasure(self, w.token)
        for c in belongings.relics(self, seat):
            belongings.drop_item(self, seat, c)

    def _reduce(self, target: str, packets: list[list], attack: bool, cast: int) -> list[list]:
        """Each reduction once per source (§7.2 step 3); physical-only ones first."""
        general = 0
        physical = 0
        c = self.casts.get(cast)
        if c is not None:
            general += c.get("reduce", {}).get(target, 0)
        form = figures.form_spell(self, target)
        if form is not None and CARDS[form.card].key in ("golem_form", "dragon_form"):
            general += CARDS[form.card].value("reduce")
        if is_wizard(target):
            seat = int(target[1])
            for item in self.wizards[seat].items:
                key = CARDS[item].key
                if key == "bloodshard" or (key == "aegis" and attack):
                    general += CARDS[item].value("reduce")
            for sp in figures.spells_on(self, target):
                if CARDS[sp.card].key == "dragon_scales":
                    general += CARDS[sp.card].value("reduce")
                    physical += CARDS[sp.card].value("physical") - CARDS[sp.card].value("reduce")

        physical += hand.totem_effect(
            self,
            "stone_totem",
            figures.figure_sq(self, target),
            owner=figures.controller(self, target),
        )
        if target == "grendel":
            physical += IRON_HIDE
        for p in packets:
            if p[1] == PHYS and physical:
                cut = min(p[0], physical)
                p[0] -= cut
                physical -= cut
        for p in packets:
            cut = min(p[0], general)
            p[0] -= cut
            general -= cut
        return packets

    @step
    def feather(
        self,
        target: str,
        points: int,
        packets: list[list],
        attack: bool,
        source: str,
        source_sq: int,
        scorer: int,
        cast: int,
    ) -> None:
        """Featherweight: each point pushes one square away from the source instead (he
        chooses where several ways lead away); points that cannot move him are suffered."""
        if points <= 0 or not figures.figure_alive(self, target):
            return
        here = figures.figure_sq(self, target)
        origin = source_sq if source_sq >= 0 else here
        ways = []
        for d in range(4):
            n = sight.can_step(self, target, d, pushes=False)
            if n is None or n.edge == B.WRAP:
                continue
            if here == origin or B.manhattan(n.square, origin) > B.manhattan(here, origin):
                ways.append(d)
        rest = {
            "target": target,
            "points": points - 1,
            "packets": packets,
            "attack": attack,
            "source": source,
            "source_sq": source_sq,
            "scorer": scorer,
            "cast": cast,
        }
        if not ways:
            kind = packets[0][1] if packets else MAG
            self.lose_life(target, points, attack, source, scorer, [[points, kind, ""]], cast)
            return
        if len(ways) == 1:
            then(self, "shove", token=target, d=ways[0])
            then(self, "feather", **rest)
            return
        push_choice(
            self,
            int(target[1]),
            "featherweight",
            [
                (
                    action_code("push", B.DIRS[d]),
                    f"Float one square {B.DIRS[d]}",
                    "feather_step",
                    {**rest, "d": d},
                )
                for d in ways
            ],
        )

    @step
    def feather_step(self, d: int, **rest: Any) -> None:
        then(self, "shove", token=rest["target"], d=d)
        then(self, "feather", **rest)

    def lose_life(
        self,
        target: str,
        amount: int,
        attack: bool,
        source: str,
        scorer: int,
        packets: list[list],
        cast: int,
    ) -> None:
        """Apply the loss, then the triggers (§7.2 step 5) and death (§7.7)."""
        if is_wizard(target):
            w = self.wizards[int(target[1])]
            w.life -= amount
            life = w.life
        else:
            cr = self.creatures[target]
            cr.life -= amount
            life = cr.life
        log_event(self, f"{figures.name_of(self, target)} loses {amount} life ({life} left)")
        c = self.casts.get(cast)
        if c is not None and "lost" in c:
            c["lost"][target] = c["lost"].get(target, 0) + amount

        EFFECTS.after_damage(self, target, amount, attack, source, packets)
        if life <= 0:
            if is_wizard(target):
                self.kill_wizard(int(target[1]), scorer if attack else -1)
            else:
                self.kill_creature(target)

    def damage_thing(self, target: str, packets: list[list], source: str) -> None:
        """Objects and walls take cracks: one per full 3 damage of a single attack (Shatter,
        Wizardblade: one per point); walls fall at 5, doors at 3, Stone Blocks at 8; bushes at
        one crack or any fire damage; Totems at any damage (§7.5, §8.12)."""
        amount = sum(p[0] for p in packets)
        fire = any(p[2] == "fire" and p[0] > 0 for p in packets)
        per_point = (
            bool(source)
            and figures.figure_alive(self, source)
            and (
                figures.has_spell(self, source, "shatter")
                or any(len(p) > 3 and p[3] for p in packets)
            )
        )
        cracks = amount if per_point else amount // DAMAGE_PER_CRACK
        if target.startswith("o"):
            obj = self.objects.get(int(target[1:]))
            if obj is None:
                return
            obj.cracks += cracks
            if (
                (obj.kind == "stone_block" and obj.cracks >= STONE_BLOCK_CRACKS)
                or (obj.kind in ("rosebush", "thornbush") and (obj.cracks >= BUSH_CRACKS or fire))
                or (obj.kind == "totem" and max(amount, cracks) >= TOTEM_BREAKS_AT)
            ):
                self.destroy_object(obj.id)
            return
        edge = B.parse_edge(target)
        if edge in self.walls:
            self.walls[edge] += cracks
            if cracks:
                log_event(self, f"Wall {target}: {self.walls[edge]} cracks")
            if self.walls[edge] >= WALL_CRACKS:
                self.destroy_edge(edge)
        elif edge in self.doors:
            self.doors[edge].cracks += cracks
            if self.doors[edge].cracks >= DOOR_CRACKS:
                self.destroy_edge(edge)

    def destroy_edge(self, edge: int) -> None:
        """A destroyed wall or door leaves an open edge (§7.5)."""
        self._memo = {}
        name = B.edge_name(edge)
        if edge in self.walls:
            del self.walls[edge]
            spell = self.created_walls.pop(edge, -1)
            log_event(self, f"The wall at {name} is destroyed")
            if spell >= 0:
                casting.end_spell(self, spell)
        elif edge in self.doors:
            door = self.doors.pop(edge)
            self.held.pop(edge, None)
            log_event(self, f"The door at {name} is destroyed")
            if door.card >= 0:
                door.wall_cracks = -1
                casting.end_spell(self, door.card)
            for sp in list(self.spells.values()):
                if sp.target == name:
                    casting.end_spell(self, sp.card)

    def destroy_object(self, oid: int) -> None:
        obj = self.objects.get(oid)
        if obj is None:
            return
        self._memo = {}
        log_event(self, f"The {obj.kind.replace('_', ' ')} at {B.square_name(obj.sq)} is destroyed")
        if obj.card in self.spells:
            casting.end_spell(self, obj.card)
        self.objects.pop(oid, None)
        if obj.kind == "tacks":
            hand.discard_card(self, obj.card)

    def heal(self, token: str, amount: int) -> None:
        """Wizards up to 20, creatures up to 12, excess lost (§7.3)."""
        if not figures.figure_alive(self, token) or amount <= 0:
            return
        if is_wizard(token):
            w = self.wizards[int(token[1])]
            w.life = min(MAX_LIFE, w.life + amount)
        else:
            cr = self.creatures[token]
            cr.life = min(CREATURE_LIFE_CAP, cr.life + amount)
        log_event(self, f"{figures.name_of(self, token)} heals {amount}")

    @step
    def stun(self, target: str, tokens: int) -> None:
        if not figures.figure_alive(self, target):
            return
        if is_wizard(target):
            self.wizards[int(target[1])].stun += tokens
        else:
            self.creatures[target].stun += tokens
        log_event(self, f"{figures.name_of(self, target)} gets {tokens} stun token(s)")

    # --- Death (§7.7, §8.9) -------------------------------------------------------------------
    def kill_wizard(self, seat: int, scorer: int) -> None:
        """He drops what he carries; hand and maintained spells are discarded; his creatures
        die; the player is out. An attack by another player's figure scores 1 VP."""
        w = self.wizards[seat]
        if not w.alive:
            return
        w.alive = False
        self.outs += 1
        w.out_order = self.outs
        self._memo = {}
        log_event(self, f"{figures.name_of(self, w.token)} dies")
        if scorer >= 0 and scorer != seat and self.wizards[scorer].alive:
            self.wizards[scorer].vp += 1
            name = figures.name_of(self, f"w{scorer}")
            log_event(self, f"{name} scores a kill (VP {self.wizards[scorer].vp})")
        for c in list(w.items):
            w.items.remove(c)
            self.floor[c] = w.sq
        if w.treasure >= 0:
            belongings.drop_carried_treasure(self, w.token)
        self.box += w.spec_deck + w.spec_discard
        w.spec_deck, w.spec_discard = [], []
        for c in w.hand:
            hand.discard_card(self, c)
        w.hand = []
        for c, sp in list(self.spells.items()):
            if sp.caster == seat:
                casting.end_spell(self, c)
        for name, cr in list(self.creatures.items()):
            if cr.controller == seat:
                self.kill_creature(name)
        for sp in list(self.spells.values()):
            if sp.target == w.token:
                casting.end_spell(self, sp.card)
        self.held = {e: s for e, s in self.held.items() if s != seat}
        victory.check_victory(self)

    def kill_creature(self, name: str) -> None:
        """Life 0, controller dead or summoning card discarded: remove it, discard its card
        and every spell maintained on it (§8.9). No VP [assumed]."""
        cr = self.creatures.pop(name, None)
        if cr is None:
            return
        self._memo = {}
        log_event(self, f"{CREATURES[name].title} dies")
        if cr.treasure >= 0:
            t = self.treasures[cr.treasure]
            t.sq, t.carrier = cr.sq, ""
        for sp in list(self.spells.values()):
            if sp.target == name:
                casting.end_spell(self, sp.card)
        casting.end_spell(self, cr.card)
        if self.activation == name:
            self.activation = ""
