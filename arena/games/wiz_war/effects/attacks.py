"""Punches and creature card attacks (§7.1, §8.5, §11.1)."""

from __future__ import annotations

from arena.games.base import JSON
from arena.games.wiz_war import figures, hand, sight
from arena.games.wiz_war.cards import (
    CREATURES,
    FANGS_PER_TOTEM,
)
from arena.games.wiz_war.effects.mutation import punch_resolve
from arena.games.wiz_war.effects.shared import hit_all
from arena.games.wiz_war.effects.targets import figure_targets, target_slot
from arena.games.wiz_war.effects.white_cantrip import fix_default
from arena.games.wiz_war.records import MAG, PHYS, die_roll, is_wizard
from arena.games.wiz_war.spec import SPECS, Options, Slot, Spec
from arena.games.wiz_war.state import State


def _punch_fix(s: State, cast: JSON) -> None:
    actor = cast["actor"]
    if is_wizard(actor) and figures.form(s, actor) == "extra_arms":
        near = sight.adjacent_squares(s, actor)
        cast["targets"] = [
            f
            for f in figures.figures(s)
            if f != actor
            and figures.controller(s, f) != cast["seat"]
            and figures.figure_sq(s, f) in near
            and not figures.untargetable(s, f)
        ]
        return
    fix_default(s, cast)


def _punch_slot(s: State, frame: JSON) -> Options:
    actor = frame["actor"]
    if is_wizard(actor) and figures.form(s, actor) == "extra_arms":
        fake = {"seat": frame["seat"], "actor": actor, "source": "punch", "values": {}}
        anyone = figure_targets(s, fake, "adj")
        return [("target:all", "Punch everyone beside you (Extra Arms)", "all")] if anyone else []
    return _ADJACENT.options(s, frame)


def _punch_exists(s: State, frame: JSON) -> bool:
    actor = frame["actor"]
    if is_wizard(actor) and figures.form(s, actor) == "extra_arms":
        return bool(_punch_slot(s, frame))
    return _adjacent_exists(s, frame)


_ADJACENT = target_slot("adj", objects=True)
_adjacent_exists = _ADJACENT.exists or (lambda s, frame: bool(_ADJACENT.options(s, frame)))

SPECS["punch"] = Spec(
    slots=(Slot("target", _punch_slot, exists=_punch_exists),),
    resolve=punch_resolve,
    reach="adj",
    attack=True,
    spell=False,
    targets=_punch_fix,
)


def creature_attack(name: str) -> Spec:
    """A non-spell attack printed on a creature's card (§11.1)."""
    row = next(a for c in CREATURES.values() for a in c.attacks if a.name == name)
    reach = {"adj": "adj", "los": "los", "los3": "los3"}[row.reach]

    def resolve_it(s: State, cast: JSON) -> None:
        def packets() -> list[list]:
            amount = row.damage + (die_roll(s.rng) if row.die else 0)
            if name == "spirit_fangs":
                amount += FANGS_PER_TOTEM * hand.totems_of(s, cast["seat"])
            return [[amount, PHYS if row.kind == "phys" else MAG, "fire" if row.fire else ""]]

        hit_all(s, cast, packets)

    return Spec(
        slots=(target_slot(reach, objects=not row.figures_only),),
        resolve=resolve_it,
        reach=reach,
        attack=True,
        spell=False,
    )


for _creature in CREATURES.values():
    for _attack in _creature.attacks:
        SPECS[_attack.name] = creature_attack(_attack.name)
