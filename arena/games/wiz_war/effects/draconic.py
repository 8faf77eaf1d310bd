"""Draconic (§11.4)."""

from __future__ import annotations

from arena.games.base import JSON
from arena.games.codes import action_code
from arena.games.wiz_war import belongings, casting, damage, figures, sight
from arena.games.wiz_war import board as B
from arena.games.wiz_war.effects.elemental import self_spell
from arena.games.wiz_war.effects.shared import (
    against,
    damage_spell,
    own_in_targets,
    place_spell,
    value,
    wizard_of,
)
from arena.games.wiz_war.effects.targets import (
    ENERGY_SLOT,
    direction_options,
    in_range,
    self_or_creature,
    target_slot,
    token_options,
)
from arena.games.wiz_war.records import MAG, PHYS, die_roll, is_wizard
from arena.games.wiz_war.resolution import push_choice, then
from arena.games.wiz_war.spec import SPECS, Options, Slot, Spec
from arena.games.wiz_war.state import State
from arena.games.wiz_war.steps import step

SPECS["treasure_lust"] = Spec(resolve=self_spell)


def tail_slap(s: State, cast: JSON) -> None:
    """phys = one d4; a target carrying a treasure or relic drops it."""
    for t in casting.hits(s, cast):
        damage.damage(s, cast, t, [[die_roll(s.rng), PHYS, ""]])
        then(s, "drop_slot_step", seat=int(t[1]))


@step
def drop_slot_step(s: State, seat: int) -> None:
    if s.wizards[seat].alive:
        belongings.drop_slot(s, seat)


SPECS["tail_slap"] = Spec(
    slots=(target_slot("adj", creatures=False),), resolve=tail_slap, reach="adj"
)


def _breath_targets(s: State, cast: JSON) -> None:
    """Up to 3 squares beyond the caster's, stopping before an edge that blocks his movement
    or a square with a movement-blocking object; never wraps."""
    actor = cast["actor"]
    here = figures.figure_sq(s, actor)
    sq, d = here, cast["values"]["dir"]
    area = []
    for _ in range(value("flame_breath", "reach")):
        n = B.NEIGHBOURS[sq][d]
        if (
            n is None
            or n.edge == B.WRAP
            or sight.edge_blocks(s, n.edge, actor, here if sq == here else sq)
        ):
            break
        if sight.objects_at(s, n.square, "stone_block"):
            break
        sq = n.square
        area.append(sq)
    cast["area"] = area
    cast["targets"] = [
        f
        for f in figures.figures(s)
        if figures.figure_sq(s, f) in area and figures.form(s, f) != "mist_body"
    ]


def flame_breath(s: State, cast: JSON) -> None:
    for t in casting.hits(s, cast):
        damage.damage(s, cast, t, [[value("flame_breath", "damage"), MAG, "fire"]])


SPECS["flame_breath"] = Spec(
    slots=(Slot("dir", direction_options),),
    resolve=flame_breath,
    reach="line",
    targets=_breath_targets,
)


def dragon_wings(s: State, cast: JSON) -> None:
    me = wizard_of(cast)
    before = figures.base_speed(s, me)
    place_spell(s, cast, me)
    figures.speed_shift(s, me, before)


SPECS["dragon_wings"] = Spec(resolve=dragon_wings)
SPECS["dragon_scales"] = Spec(resolve=self_spell)


def _roar_targets(s: State, cast: JSON) -> None:
    actor = cast["actor"]
    near = sight.adjacent_squares(s, actor)
    cast["area"] = near
    cast["targets"] = [
        f
        for f in figures.figures(s)
        if f != actor and figures.figure_sq(s, f) in near and figures.form(s, f) != "mist_body"
    ]


def dragons_roar(s: State, cast: JSON) -> None:
    for t in casting.hits(s, cast):
        then(s, "stun", target=t, tokens=value("dragons_roar", "stun"))


SPECS["dragons_roar"] = Spec(resolve=dragons_roar, reach="area", targets=_roar_targets)
SPECS["scorch"] = Spec(
    slots=(target_slot("los", objects=True),),
    resolve=damage_spell(lambda s, c: value("scorch", "damage"), MAG, "fire"),
    reach="los",
)


def _own_loose_treasures(s: State, frame: JSON) -> Options:
    tokens = [
        f"t{t.id}"
        for t in s.treasures
        if t.owner == frame["seat"]
        and t.sq >= 0
        and not t.carrier
        and not t.scored
        and in_range(s, frame, t.sq, "los")
    ]
    return token_options(s, "target", tokens)


def hoard_guard(s: State, cast: JSON) -> None:
    place_spell(s, cast, cast["values"]["target"])


SPECS["hoard_guard"] = Spec(
    slots=(Slot("target", _own_loose_treasures),), resolve=hoard_guard, targets=lambda s, c: None
)


def _scaled(s: State, frame: JSON) -> Options:
    cast = s.casts.get(frame["against"])
    if cast is None:
        return []
    return token_options(s, "target", own_in_targets(s, frame["seat"], cast))


def ancient_scales(s: State, ct: JSON) -> None:
    """Reduce that source's damage to you or your creature by E+2."""
    target = against(s, ct)
    who = ct["values"]["target"]
    target["reduce"][who] = (
        target["reduce"].get(who, 0) + ct["E"] + value("ancient_scales", "reduce")
    )


SPECS["ancient_scales"] = Spec(
    slots=(Slot("target", _scaled), ENERGY_SLOT),
    resolve=ancient_scales,
    uses_energy=True,
    counter=lambda s, seat, c: bool(c.get("attack")) and bool(own_in_targets(s, seat, c)),
    targets=lambda s, c: None,
)


def drake_eye(s: State, cast: JSON) -> None:
    s.wizards[cast["seat"]].drake_eye = True


SPECS["drake_eye"] = Spec(resolve=drake_eye)


def dragons_hunger(s: State, cast: JSON) -> None:
    target = cast["values"]["target"]
    damage.heal(
        s, target, value("dragons_hunger", "wizard_heal" if is_wizard(target) else "creature_heal")
    )


SPECS["dragons_hunger"] = Spec(
    slots=(Slot("target", self_or_creature),), resolve=dragons_hunger, targets=lambda s, c: None
)


def wing_buffet(s: State, cast: JSON) -> None:
    """1 phys, then the caster may push it 0-2 squares directly away."""
    for t in casting.hits(s, cast):
        damage.damage(s, cast, t, [[value("wing_buffet", "damage"), PHYS, ""]])
        then(s, "buffet_push", cast=cast["id"], target=t)


@step
def buffet_push(s: State, cast: int, target: str) -> None:
    c = s.casts.get(cast)
    if c is None or not figures.figure_alive(s, target) or not figures.figure_alive(s, c["actor"]):
        return
    origin = figures.figure_sq(s, c["actor"])
    push_choice(
        s,
        c["seat"],
        "knock_back",
        [
            (
                action_code("push", k),
                f"Push {figures.name_of(s, target)} {k} squares away",
                "push_away",
                {"token": target, "origin": origin, "count": k, "chooser": c["seat"]},
            )
            for k in range(value("wing_buffet", "push") + 1)
        ],
    )


SPECS["wing_buffet"] = Spec(slots=(target_slot("adj"),), resolve=wing_buffet, reach="adj")
