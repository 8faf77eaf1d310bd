"""Mutation (§10.6)."""

from __future__ import annotations

from arena.games.base import JSON
from arena.games.wiz_war import belongings, casting, damage, figures, sight
from arena.games.wiz_war import board as B
from arena.games.wiz_war.config import (
    STRENGTH_TEAR_SUCCEEDS,
)
from arena.games.wiz_war.effects.elemental import self_form, self_spell
from arena.games.wiz_war.effects.mentalism import _squares_in_sight
from arena.games.wiz_war.effects.shared import (
    attacked,
    hit_all,
    object_exists,
    place_spell,
    punch_packets,
    set_form,
    value,
)
from arena.games.wiz_war.effects.targets import (
    figure_targets,
    in_range,
    is_figure,
    object_targets,
    self_or_creature,
    target_slot,
    token_options,
)
from arena.games.wiz_war.effects.white_cantrip import land_square
from arena.games.wiz_war.records import PHYS, die_roll, is_wizard
from arena.games.wiz_war.resolution import log_event, then
from arena.games.wiz_war.spec import SPECS, Options, Slot, Spec
from arena.games.wiz_war.state import State

SPECS["featherweight"] = Spec(resolve=self_spell, counter=attacked)
SPECS["disease"] = Spec(resolve=self_spell, attack=True)


def _heave_targets(s: State, frame: JSON) -> Options:
    if s.wizards[frame["seat"]].treasure < 0:
        return []
    tokens = figure_targets(s, frame, "los") + object_targets(s, frame, "los")
    tokens += [
        B.square_name(sq)
        for sq in B.SQUARES
        if sight.empty_square(s, sq) and in_range(s, frame, sq, "los")
    ]
    return token_options(s, "target", tokens)


def heave_ho(s: State, cast: JSON) -> None:
    """Throw your treasure: phys = walking distance to the target square; it lands there."""
    me = cast["actor"]
    target = cast["values"]["target"]
    land = land_square(s, cast, target)
    distance = max(0, sight.walking_distance(s, me, figures.figure_sq(s, me), land))
    tid = belongings.carried_treasure(s, me)
    if tid >= 0:
        s.treasures[tid].sq, s.treasures[tid].carrier = land, ""
        belongings.set_carried_treasure(s, me, -1)
        s._memo = {}
    if is_figure(target):
        if target in casting.hits(s, cast):
            damage.damage(s, cast, target, [[distance, PHYS, ""]])
    elif not (target.startswith("r") and target[-1].isdigit()) and object_exists(s, target):
        damage.damage(s, cast, target, [[distance, PHYS, ""]])


SPECS["heave_ho"] = Spec(
    slots=(Slot("target", _heave_targets),),
    resolve=heave_ho,
    reach="los",
    targets=lambda s, c: _heave_fix(s, c),
)


def _heave_fix(s: State, cast: JSON) -> None:
    target = cast["values"]["target"]
    if is_figure(target):
        cast["targets"].append(target)


def creature_form(s: State, cast: JSON) -> None:
    set_form(s, cast, cast["values"]["target"])


for _form in (
    "gnome_form",
    "big_man_form",
    "golem_form",
    "slime_form",
    "werewolf_form",
    "dragon_form",
):
    SPECS[_form] = Spec(
        slots=(Slot("target", self_or_creature),), resolve=creature_form, targets=lambda s, c: None
    )
SPECS["extra_arms"] = Spec(resolve=self_form)
SPECS["gnome_form:counter"] = Spec(resolve=self_form, counter=attacked)


def _stretch_pickups(s: State, frame: JSON) -> Options:
    seat = frame["seat"]
    w = s.wizards[seat]
    if figures.spell_in_play(s, "gravity"):
        return []
    tokens = []
    if w.mp >= 1:
        tokens += [
            f"item{c}"
            for c, sq in s.floor.items()
            if belongings.can_pick_item(s, seat, c) and in_range(s, frame, sq, "los")
        ]
    if not belongings.slot_full(s, seat) and not w.no_treasure:
        tokens += [
            f"t{t.id}"
            for t in s.treasures
            if t.sq >= 0
            and not t.carrier
            and not t.scored
            and belongings.can_take_treasure(s, w.token, t.id)
            and in_range(s, frame, t.sq, "los")
        ]
    return token_options(s, "target", tokens)


def stretch_pick_up(s: State, cast: JSON) -> None:
    """Pick up an item or treasure in LOS (the usual MP and turn-end rules)."""
    seat = cast["seat"]
    target = cast["values"]["target"]
    if target.startswith("item"):
        c = int(target[4:])
        if c in s.floor and belongings.can_pick_item(s, seat, c) and s.wizards[seat].mp >= 1:
            s.wizards[seat].mp -= 1
            belongings.pick_up_item(s, seat, c)
    else:
        ends = figures.form(s, f"w{seat}") not in ("golem_form", "extra_arms")
        then(s, "take_treasure", token=f"w{seat}", tid=int(target[1:]), ends=ends)


def _stretch_things(s: State, frame: JSON) -> Options:
    w = s.wizards[frame["seat"]]
    things = [f"item{c}" for c in w.items] + ([f"t{w.treasure}"] if w.treasure >= 0 else [])
    return token_options(s, "thing", things)


def stretch_drop(s: State, cast: JSON) -> None:
    """Drop a carried item or treasure into any square in LOS."""
    seat = cast["seat"]
    w = s.wizards[seat]
    thing = cast["values"]["thing"]
    sq = B.parse_square(cast["values"]["target"])
    if thing.startswith("t") and w.treasure == int(thing[1:]):
        belongings.drop_carried_treasure(s, w.token)
        s.treasures[int(thing[1:])].sq = sq
    elif thing.startswith("item") and int(thing[4:]) in w.items:
        belongings.drop_item(s, seat, int(thing[4:]))
        s.floor[int(thing[4:])] = sq
    s._memo = {}


def punch_resolve(s: State, cast: JSON) -> None:
    hit_all(s, cast, lambda: punch_packets(s, cast["actor"]))


SPECS["stretch:pick_up"] = Spec(
    slots=(Slot("target", _stretch_pickups),), resolve=stretch_pick_up, targets=lambda s, c: None
)
SPECS["stretch:drop"] = Spec(
    slots=(Slot("thing", _stretch_things), Slot("target", _squares_in_sight)),
    resolve=stretch_drop,
    targets=lambda s, c: None,
)
SPECS["stretch:punch"] = Spec(
    slots=(target_slot("los", objects=True),), resolve=punch_resolve, reach="los", attack=True
)


def adrenaline(s: State, cast: JSON) -> None:
    place_spell(s, cast, cast["values"]["target"])


SPECS["adrenaline"] = Spec(
    slots=(
        Slot(
            "target",
            lambda s, f: token_options(
                s, "target", [f["actor"], *figure_targets(s, f, "los", own=True, attack=False)]
            ),
        ),
    ),
    resolve=adrenaline,
    targets=lambda s, c: None,
)


def _dash_targets(s: State, frame: JSON) -> Options:
    options = self_or_creature(s, frame)
    return [o for o in options if is_wizard(o[2]) or not s.creatures[o[2]].activated]


def mad_dash(s: State, cast: JSON) -> None:
    """Double the remaining MP (a creature: its activation's MP later this turn); it drops
    any treasure and picks none up for the rest of the turn."""
    target = cast["values"]["target"]
    if not figures.figure_alive(s, target):
        return
    belongings.drop_carried_treasure(s, target)
    if is_wizard(target):
        w = s.wizards[int(target[1])]
        w.mp *= 2
        w.no_treasure = True
    else:
        s.creatures[target].mad_dash = True


SPECS["mad_dash"] = Spec(
    slots=(Slot("target", _dash_targets),), resolve=mad_dash, targets=lambda s, c: None
)


def strength(s: State, cast: JSON) -> None:
    place_spell(s, cast, cast["values"]["target"])


SPECS["strength"] = Spec(
    slots=(Slot("target", self_or_creature),), resolve=strength, targets=lambda s, c: None
)


def _tear_things(s: State, frame: JSON) -> Options:
    """A treasure or carried item of a W/C in your square (not a treasure if you carry one)."""
    actor = frame["actor"]
    seat = frame["seat"]
    here = figures.figure_sq(s, actor)
    mine = belongings.carried_treasure(s, actor) >= 0 or (
        is_wizard(actor) and belongings.slot_full(s, seat)
    )
    things = []
    for f in figures.figures_at(s, here):
        if f == actor or figures.untargetable(s, f) or figures.controller(s, f) == seat:
            continue
        tid = belongings.carried_treasure(s, f)
        if tid >= 0 and not mine:
            things.append(f"t{tid}")
        if is_wizard(f):
            things += [f"item{c}" for c in s.wizards[int(f[1])].items]
    return token_options(s, "thing", things)


def _tear_fix(s: State, cast: JSON) -> None:
    thing = cast["values"]["thing"]
    cast["targets"].append(_holder(s, thing))


def _holder(s: State, thing: str) -> str:
    if thing.startswith("t"):
        return s.treasures[int(thing[1:])].carrier
    c = int(thing[4:])
    return next(w.token for w in s.wizards if c in w.items)


def tear(s: State, cast: JSON) -> None:
    """Strength: try to tear it away, d4 2-4 succeeds; a creature drops it at once."""
    thing = cast["values"]["thing"]
    if not casting.hits(s, cast):
        return
    roll = die_roll(s.rng)
    log_event(s, f"Tear: d4={roll}")
    if roll not in STRENGTH_TEAR_SUCCEEDS:
        return
    actor = cast["actor"]
    if thing.startswith("t"):
        tid = int(thing[1:])
        if s.treasures[tid].carrier:
            belongings.give_treasure(s, actor, tid)
        return
    c = int(thing[4:])
    owner = next((w for w in s.wizards if c in w.items), None)
    if owner is None:
        return
    owner.items.remove(c)
    belongings.lose_item(s, owner.seat, c)
    if is_wizard(actor):
        belongings.gain_item(s, int(actor[1]), c)
    else:
        s.floor[c] = figures.figure_sq(s, actor)
        s._memo = {}


SPECS["tear"] = Spec(
    slots=(Slot("thing", _tear_things),),
    resolve=tear,
    reach="own",
    attack=True,
    spell=False,
    targets=_tear_fix,
)


def own_walls(s: State, frame: JSON) -> Options:
    here = figures.figure_sq(s, frame["actor"])
    edges = [n.edge for n in B.NEIGHBOURS[here] if n is not None and n.edge in s.walls]
    return token_options(s, "target", [B.edge_name(e) for e in edges])


def wallivore(s: State, cast: JSON) -> None:
    """Eat a stone wall on an edge of your square; gain 2 life."""
    e = B.parse_edge(cast["values"]["target"])
    if e in s.walls:
        damage.destroy_edge(s, e)
        damage.heal(s, cast["actor"], value("wallivore", "heal"))


SPECS["wallivore"] = Spec(
    slots=(Slot("target", own_walls),), resolve=wallivore, targets=lambda s, c: None
)
