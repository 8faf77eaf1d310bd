"""Thaumaturgy (§10.7)."""

from __future__ import annotations

from arena.games.base import JSON
from arena.games.wiz_war import belongings, casting, damage, figures, sight
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    CARDS,
    ITEM,
)
from arena.games.wiz_war.effects.elemental import self_spell
from arena.games.wiz_war.effects.shared import (
    against,
    attacked,
    cancel,
    damage_spell,
    hit_all,
    place_spell,
    spell_cast,
    targets_me,
    value,
    wizard_of,
)
from arena.games.wiz_war.effects.targets import (
    ENERGY_SLOT,
    edge_in_range,
    energy_options,
    target_slot,
    token_options,
)
from arena.games.wiz_war.effects.white_cantrip import doors_in_sight, pick_lock
from arena.games.wiz_war.records import MAG, PHYS, is_wizard
from arena.games.wiz_war.spec import SPECS, Options, Slot, Spec
from arena.games.wiz_war.state import State


def anti_anti(s: State, ct: JSON) -> None:
    """Cancel the counter aimed at your spell; Anti-Anti cannot be cancelled."""
    cancel(s, against(s, ct))


SPECS["anti_anti"] = Spec(resolve=anti_anti, counter=lambda s, seat, c: True)


def backlash(s: State, ct: JSON) -> None:
    """Cancel it; its caster suffers mag = that spell's E (not an attack)."""
    target = against(s, ct)
    cancel(s, target, protect=[wizard_of(ct)])
    if target["E"] > 0 and figures.figure_alive(s, target["actor"]):
        damage.damage(s, None, target["actor"], [[target["E"], MAG, ""]])


SPECS["backlash"] = Spec(
    resolve=backlash,
    cancels=True,
    counter=lambda s, seat, c: spell_cast(c) and bool(c.get("attack")) and targets_me(seat, c),
)
SPECS["globe_of_pain"] = Spec(
    slots=(target_slot(f"path{value('globe_of_pain', 'path')}"), ENERGY_SLOT),
    resolve=damage_spell(lambda s, c: c["E"]),
    reach="path",
    uses_energy=True,
)


def slow_death(s: State, cast: JSON) -> None:
    """A curse: 1 mag (not an attack) per card the target draws; he is never forced to draw."""
    hit = casting.hits(s, cast)
    if hit:
        place_spell(s, cast, hit[0])


SPECS["slow_death"] = Spec(
    slots=(target_slot("los", creatures=False),), resolve=slow_death, reach="los"
)


def _yoink_victims(s: State, frame: JSON) -> Options:
    options = target_slot("los", creatures=False).options(s, frame)
    return [o for o in options if any(CARDS[c].kind == ITEM for c in s.wizards[int(o[2][1])].items)]


def _yoink_things(s: State, frame: JSON) -> Options:
    w = s.wizards[int(frame["values"]["target"][1])]
    return token_options(s, "thing", [f"item{c}" for c in w.items if CARDS[c].kind == ITEM])


def yoink(s: State, cast: JSON) -> None:
    """Take one carried item (not a treasure or relic): you now carry it."""
    c = int(cast["values"]["thing"][4:])
    for t in casting.hits(s, cast):
        victim = s.wizards[int(t[1])]
        if c not in victim.items:
            continue
        victim.items.remove(c)
        belongings.lose_item(s, victim.seat, c)
        if is_wizard(cast["actor"]):
            belongings.gain_item(s, cast["seat"], c)
        else:
            s.floor[c] = figures.figure_sq(s, cast["actor"])
            s._memo = {}


SPECS["yoink"] = Spec(
    slots=(Slot("target", _yoink_victims), Slot("thing", _yoink_things)), resolve=yoink, reach="los"
)
SPECS["invisible"] = Spec(resolve=self_spell)
SPECS["invisible:counter"] = Spec(resolve=self_spell, counter=attacked)


def gravity(s: State, cast: JSON) -> None:
    """Every figure drops everything it carries; nobody picks anything up while it lasts."""
    for w in s.wizards:
        if not w.alive:
            continue
        for c in list(w.items):
            belongings.drop_item(s, w.seat, c)
        belongings.drop_carried_treasure(s, w.token)
    if "boggart" in s.creatures:
        belongings.drop_carried_treasure(s, "boggart")
    place_spell(s, cast, "")


SPECS["gravity"] = Spec(resolve=gravity)


def _own_edges(s: State, frame: JSON) -> Options:
    here = figures.figure_sq(s, frame["actor"])
    edges = [
        n.edge
        for n in B.NEIGHBOURS[here]
        if n is not None and (n.edge in s.walls or n.edge in s.doors)
    ]
    return token_options(s, "target", [B.edge_name(e) for e in edges])


def pass_through(s: State, cast: JSON) -> None:
    """Your next step this turn may cross that edge (1 MP)."""
    s.wizards[cast["seat"]].pass_edges.append(B.parse_edge(cast["values"]["target"]))
    s._memo = {}


SPECS["pass_through_wall"] = Spec(
    slots=(Slot("target", _own_edges),), resolve=pass_through, targets=lambda s, c: None
)


def _any_doors(s: State, frame: JSON) -> Options:
    tokens = [
        B.edge_name(e)
        for e in sorted(s.doors)
        if not sight.sealed(s, e) and edge_in_range(s, frame, e, "los")
    ]
    return token_options(s, "target", tokens)


def seal_door(s: State, cast: JSON) -> None:
    """Closed for everyone, its owner included; still destructible."""
    e = B.parse_edge(cast["values"]["target"])
    if e not in s.doors:
        return
    s.held.pop(e, None)
    place_spell(s, cast, B.edge_name(e))


SPECS["seal_door"] = Spec(
    slots=(Slot("target", _any_doors),), resolve=seal_door, targets=lambda s, c: None
)
SPECS["master_key"] = Spec(
    slots=(Slot("target", doors_in_sight),),
    resolve=pick_lock,
    attack=False,
    spell=False,
    targets=lambda s, c: None,
)
SPECS["dagger"] = Spec(
    slots=(target_slot("adj", objects=True),),
    resolve=damage_spell(lambda s, c: value("dagger", "damage"), PHYS),
    reach="adj",
    attack=True,
    spell=False,
)


def _blade_energy(s: State, frame: JSON) -> Options:
    return [o for o in energy_options(s, frame) if o[2] >= 0]


def wizardblade(s: State, cast: JSON) -> None:
    """Mag = the discarded card's EV (+Powerstone); 1 crack per damage point vs objects."""
    hit_all(s, cast, [[cast["E"], MAG, "", True]])


SPECS["wizardblade"] = Spec(
    slots=(target_slot("adj", objects=True), Slot("energy", _blade_energy)),
    resolve=wizardblade,
    reach="adj",
    attack=True,
    spell=False,
    uses_energy=True,
    deep=True,
)
