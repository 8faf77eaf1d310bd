"""Alchemy (§10.2)."""

from __future__ import annotations

from arena.games.base import JSON
from arena.games.wiz_war import board as B
from arena.games.wiz_war import casting, creatures, damage, figures, hand, sight
from arena.games.wiz_war.cards import (
    CARDS,
    CREATURES,
)
from arena.games.wiz_war.effects.shared import add_object, cancel_it, hit_all, place_spell, value
from arena.games.wiz_war.effects.targets import (
    ENERGY_SLOT,
    edge_in_range,
    energy_cards,
    gather,
    in_range,
    target_slot,
    token_options,
)
from arena.games.wiz_war.effects.white_cantrip import (
    counter_full_shield,
    end_or_weaken,
    spells_in_sight,
)
from arena.games.wiz_war.records import MAG, Spell
from arena.games.wiz_war.spec import SPECS, TIME_PASSES, Options, Slot, Spec
from arena.games.wiz_war.state import State


def acid_bath(s: State, cast: JSON) -> None:
    """A curse: 2 mag (not an attack) to the target in each of the caster's Time Passes."""
    hit = casting.hits(s, cast)
    if hit:
        place_spell(s, cast, hit[0])


def acid_bath_ticks(s: State, sp: Spell) -> None:
    if sp.target and figures.figure_alive(s, sp.target):
        damage.damage(s, None, sp.target, [[value("acid_bath", "damage"), MAG, ""]])


SPECS["acid_bath"] = Spec(slots=(target_slot("los"),), resolve=acid_bath, reach="los")
TIME_PASSES["acid_bath"] = acid_bath_ticks


def stone_dead(s: State, cast: JSON) -> None:
    """Mag damage = E + number of Magic Stones the target carries."""
    for t in casting.hits(s, cast):
        stones = sum(1 for c in s.wizards[int(t[1])].items if CARDS[c].has("magic_stone"))
        damage.damage(s, cast, t, [[cast["E"] + stones, MAG, ""]])


SPECS["stone_dead"] = Spec(
    slots=(target_slot("los", creatures=False), ENERGY_SLOT),
    resolve=stone_dead,
    reach="los",
    uses_energy=True,
)


def _add_options(s: State, frame: JSON, name: str) -> Options:
    seat = frame["seat"]
    used = set(frame["values"].values())
    cards = [c for c in s.wizards[seat].hand if c != frame["card"] and CARDS[c].ev > 0]
    if len(cards) < 2:
        return []
    return energy_cards(s, name, seat, [c for c in cards if c not in used], "Add")


def add(s: State, cast: JSON) -> None:
    """Two energy cards (Powerstone counted per card) become E of the next spell this turn."""
    seat = cast["seat"]
    s.wizards[seat].add_energy = sum(hand.energy_of(s, seat, c) for c in cast["energy"])


SPECS["add"] = Spec(
    slots=(
        Slot("energy1", lambda s, f: _add_options(s, f, "energy1")),
        Slot("energy2", lambda s, f: _add_options(s, f, "energy2")),
    ),
    resolve=add,
)


def empty_squares_in_sight(s: State, frame: JSON) -> Options:
    return token_options(
        s,
        "target",
        gather(
            frame,
            (
                B.square_name(sq)
                for sq in B.SQUARES
                if sight.empty_square(s, sq) and in_range(s, frame, sq, "los")
            ),
        ),
    )


def homunculus(s: State, cast: JSON) -> None:
    """Creates the Homunculus creature (a Creation: no summoning damage, no roll)."""
    if "homunculus" in s.creatures:
        return
    sq = B.parse_square(cast["values"]["target"])
    creatures.create_creature(
        s, "homunculus", cast["seat"], sq, cast["card"], CREATURES["homunculus"].life
    )
    place_spell(s, cast, "homunculus")


SPECS["homunculus"] = Spec(
    slots=(
        Slot(
            "target",
            lambda s, f: [] if "homunculus" in s.creatures else empty_squares_in_sight(s, f),
        ),
    ),
    resolve=homunculus,
)


def boomstone(s: State, cast: JSON) -> None:
    hit_all(s, cast, [[value("boomstone", "damage"), MAG, "fire"]])


SPECS["boomstone"] = Spec(
    slots=(target_slot("los", objects=True),),
    resolve=boomstone,
    reach="los",
    attack=True,
    spell=False,
)


def null_powder_dispel(s: State, cast: JSON) -> None:
    end_or_weaken(s, int(cast["values"]["target"][5:]))


SPECS["null_powder:dispel"] = Spec(
    slots=(Slot("target", spells_in_sight),), resolve=null_powder_dispel, attack=False, spell=False
)
SPECS["null_powder:counter"] = Spec(
    resolve=cancel_it, cancels=True, spell=False, counter=counter_full_shield
)
SPECS["null_powder"] = SPECS["null_powder:dispel"]


def _solvent_targets(s: State, frame: JSON) -> Options:
    tokens = [
        f"o{o.id}"
        for o in s.objects.values()
        if o.kind not in ("booby",) and in_range(s, frame, o.sq, "los")
    ]
    tokens += [
        B.edge_name(e)
        for e in sorted(set(s.walls) | set(s.doors))
        if edge_in_range(s, frame, e, "los")
    ]
    return token_options(s, "target", tokens)


def universal_solvent(s: State, cast: JSON) -> None:
    """Not an attack: the target object, wall or door and the Solvent are destroyed."""
    destroy_target(s, cast["values"]["target"])


def destroy_target(s: State, target: str) -> None:
    """Destroy an object ("o7") or a wall or door (an edge name), whatever its cracks."""
    if target.startswith("o"):
        damage.destroy_object(s, int(target[1:]))
    else:
        e = B.parse_edge(target)
        if e in s.walls or e in s.doors:
            damage.destroy_edge(s, e)


SPECS["universal_solvent"] = Spec(
    slots=(Slot("target", _solvent_targets),),
    resolve=universal_solvent,
    attack=False,
    spell=False,
)


def fools_gold(s: State, cast: JSON) -> None:
    place_spell(s, cast, "")


SPECS["fools_gold"] = Spec(resolve=fools_gold)


def _tacks_squares(s: State, frame: JSON) -> Options:
    actor = frame["actor"]
    here = figures.figure_sq(s, actor)
    squares = [
        sq for sq in sight.adjacent_squares(s, actor) if sq == here or sight.empty_square(s, sq)
    ]
    return token_options(s, "target", [B.square_name(sq) for sq in squares])


def handful_of_tacks(s: State, cast: JSON) -> None:
    """Drop the tacks in your square or an adjacent empty square."""
    c = cast["card"]
    w = s.wizards[cast["seat"]]
    if c not in w.items:
        return
    w.items.remove(c)
    add_object(s, "tacks", B.parse_square(cast["values"]["target"]), cast, c)


SPECS["handful_of_tacks"] = Spec(
    slots=(Slot("target", _tacks_squares),), resolve=handful_of_tacks, attack=False, spell=False
)
