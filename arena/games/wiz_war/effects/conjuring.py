"""Conjuring (§10.3)."""

from __future__ import annotations

from collections.abc import Callable

from arena.games.base import JSON
from arena.games.codes import action_code
from arena.games.wiz_war import belongings, casting, damage, figures, movement, sight
from arena.games.wiz_war import board as B
from arena.games.wiz_war.config import (
    WARD_DROPS,
)
from arena.games.wiz_war.effects.alchemy import empty_squares_in_sight
from arena.games.wiz_war.effects.shared import (
    add_object,
    against,
    attacked,
    cancel,
    hit_all,
    object_exists,
    own_in_targets,
    place_spell,
    value,
    wizard_of,
)
from arena.games.wiz_war.effects.targets import (
    ENERGY_SLOT,
    edge_in_range,
    energy_value,
    gather,
    in_range,
    is_figure,
    target_slot,
    token_options,
)
from arena.games.wiz_war.records import MAG, PHYS, Door, die_roll
from arena.games.wiz_war.resolution import log_event, then
from arena.games.wiz_war.spec import SPECS, Options, Slot, Spec
from arena.games.wiz_war.state import State
from arena.games.wiz_war.steps import step


def shield(s: State, ct: JSON) -> None:
    """Reduce that single source's damage to you by E+2."""
    target = against(s, ct)
    me = wizard_of(ct)
    target["reduce"][me] = target["reduce"].get(me, 0) + ct["E"] + value("shield", "reduce")


SPECS["shield"] = Spec(
    slots=(ENERGY_SLOT,),
    resolve=shield,
    uses_energy=True,
    counter=lambda s, seat, c: attacked(s, seat, c),
)


def _earth_edges(s: State, seat: int, cast: JSON) -> list[int]:
    """Empty edges on the attack's line to one of the counter-caster's figures that he sees
    (LOS to a bordering square) [assumed model]."""
    if not cast.get("attack") or not (
        cast.get("reach", "").startswith("los") or cast.get("reach") == "adj"
    ):
        return []
    me = f"w{seat}"
    origin = cast.get("origin", -1)
    edges = []
    for t in own_in_targets(s, seat, cast):
        sq = figures.figure_sq(s, t)
        if origin < 0 or sq == origin:
            continue
        trace = B.trace_squares(origin, sq)
        crossed = list(trace.edges)
        direct = B.edge_between(origin, sq)
        if direct >= 0:
            crossed.append(direct)
        for e in crossed:
            if sight.empty_edge(s, e) and any(sight.sees(s, me, x) for x in B.edge_squares(e)):
                edges.append(e)
    return edges


SPECS["wall_of_earth"] = Spec(
    resolve=lambda s, ct: cancel(s, against(s, ct)),
    cancels=True,
    counter=lambda s, seat, c: bool(_earth_edges(s, seat, c)),
)


def ward(s: State, ct: JSON) -> None:
    """The picker suffers 3 mag (not an attack) and rolls d4: on 1-2 he drops it."""
    pickup = against(s, ct)
    picker = pickup["actor"]
    damage.damage(s, None, picker, [[value("ward", "damage"), MAG, ""]])
    then(s, "ward_roll", picker=picker, treasure=pickup["treasure"])


@step
def ward_roll(s: State, picker: str, treasure: int) -> None:
    if not figures.figure_alive(s, picker):
        return
    roll = die_roll(s.rng)
    log_event(s, f"Ward: d4={roll}")
    if roll in WARD_DROPS and belongings.carried_treasure(s, picker) == treasure:
        belongings.drop_carried_treasure(s, picker)


SPECS["ward"] = Spec(resolve=ward, counter=lambda s, seat, c: c.get("key") == "pickup")


def _dart_count(s: State, frame: JSON) -> int:
    return energy_value(s, frame)


def _dart_targets(s: State, cast: JSON) -> None:
    for token in cast["values"].get("targets", []):
        bucket = cast["targets"] if is_figure(token) else cast["objects"]
        if token not in bucket:
            bucket.append(token)


def fire_darts(s: State, cast: JSON) -> None:
    """E darts, each 1 mag·fire to its chosen target, each a separate source."""
    hit = set(casting.hits(s, cast))
    immune = cast.get("immune", [])
    for token in cast["values"].get("targets", []):
        if is_figure(token) and (token not in hit or token in immune):
            continue
        if not is_figure(token) and not object_exists(s, token):
            continue
        damage.damage(s, cast, token, [[value("fire_darts", "damage"), MAG, "fire"]])


_dart_slot = target_slot("los", objects=True, name="targets")
SPECS["fire_darts"] = Spec(
    slots=(ENERGY_SLOT, Slot("targets", _dart_slot.options, count=_dart_count)),
    resolve=fire_darts,
    reach="los",
    uses_energy=True,
    targets=_dart_targets,
    deep=True,
)


def ka_bong(s: State, cast: JSON) -> None:
    """4 phys; a W/C that loses at least 1 life gets 1 stun token."""
    hit_all(s, cast, [[value("ka_bong", "damage"), PHYS, ""]])
    then(s, "stun_if_lost", cast=cast["id"], tokens=1)


@step
def stun_if_lost(s: State, cast: int, tokens: int) -> None:
    c = s.casts.get(cast)
    if c is None:
        return
    for token, lost in c["lost"].items():
        if lost >= 1 and figures.figure_alive(s, token):
            then(s, "stun", target=token, tokens=tokens)


SPECS["ka_bong"] = Spec(slots=(target_slot("los", objects=True),), resolve=ka_bong, reach="los")


def swap(s: State, cast: JSON) -> None:
    """Exchange squares with the target; you cannot move again this turn."""
    me, target = cast["actor"], cast["values"]["target"]
    if not casting.hits(s, cast):
        return
    a, b = figures.figure_sq(s, me), figures.figure_sq(s, target)
    movement.relocate(s, me, b)
    movement.relocate(s, target, a)
    moved_by_own_spell(s, cast)
    s.wizards[cast["seat"]].no_move = True
    then(s, "enter", token=me, sq=b, paid=False)
    then(s, "enter", token=target, sq=a, paid=False)


def moved_by_own_spell(s: State, cast: JSON) -> None:
    w = s.wizards[cast["seat"]]
    w.moved = True
    if w.stunned and not w.stun_mode:
        w.stun_mode = "move"


SPECS["swap"] = Spec(slots=(target_slot("los", own=True, attack=False),), resolve=swap, reach="los")


def _booby_squares(s: State, frame: JSON) -> Options:
    chosen = frame["values"].get("targets", [])
    return token_options(
        s,
        "target",
        [
            B.square_name(sq)
            for sq in B.SQUARES
            if sight.empty_square(s, sq) and B.square_name(sq) not in chosen
        ],
    )


def _live_token(s: State, frame: JSON) -> Options:
    return [
        (action_code("live", i + 1), f"The token on {sq} is the live one (secret)", i)
        for i, sq in enumerate(frame["values"]["targets"])
    ]


def booby_trap(s: State, cast: JSON) -> None:
    """Four face-down tokens, one live; only the caster knows which."""
    for i, token in enumerate(cast["values"]["targets"]):
        sq = B.parse_square(token)
        if sight.empty_square(s, sq):
            add_object(s, "booby", sq, cast, live=i == cast["values"]["live"])
    place_spell(s, cast, "")


SPECS["booby_trap"] = Spec(
    slots=(
        Slot("targets", _booby_squares, count=lambda s, f: value("booby_trap", "tokens")),
        Slot("live", _live_token),
    ),
    resolve=booby_trap,
    targets=lambda s, c: None,
)


def _door_places(s: State, frame: JSON) -> Options:
    edges = gather(
        frame,
        (
            B.edge_name(e)
            for e in B.ALL_EDGES
            if (sight.empty_edge(s, e) or (e in s.walls and e not in s.created_walls))
            and e not in s.fire_walls
            and edge_in_range(s, frame, e, "los")
        ),
    )
    return token_options(s, "target", edges)


def create_door(s: State, cast: JSON) -> None:
    """A door of your colour on a stone wall or an empty edge."""

    e = B.parse_edge(cast["values"]["target"])
    if e in s.doors or e in s.fire_walls or e in s.created_walls:
        return
    old = s.walls.pop(e, -1)
    s.doors[e] = Door(s.wizards[cast["seat"]].colour, card=cast["card"], wall_cracks=old)
    s._memo = {}
    place_spell(s, cast, B.edge_name(e))


SPECS["create_door"] = Spec(slots=(Slot("target", _door_places),), resolve=create_door)


def object_spell(kind: str) -> Callable[[State, JSON], None]:
    def create(s: State, cast: JSON) -> None:
        sq = B.parse_square(cast["values"]["target"])
        if not sight.empty_square(s, sq):
            return
        oid = add_object(s, kind, sq, cast)
        place_spell(s, cast, f"o{oid}")

    return create


SPECS["dust_cloud"] = Spec(
    slots=(Slot("target", empty_squares_in_sight),), resolve=object_spell("dust_cloud")
)
SPECS["rosebush"] = Spec(
    slots=(Slot("target", empty_squares_in_sight),), resolve=object_spell("rosebush")
)
SPECS["thornbush"] = Spec(
    slots=(Slot("target", empty_squares_in_sight),), resolve=object_spell("thornbush")
)
SPECS["stone_block"] = Spec(
    slots=(Slot("target", empty_squares_in_sight),), resolve=object_spell("stone_block")
)


def _loose_things(s: State, frame: JSON) -> Options:
    tokens = [f"item{c}" for c, sq in s.floor.items() if in_range(s, frame, sq, "los")]
    tokens += [
        f"t{t.id}"
        for t in s.treasures
        if t.sq >= 0 and not t.carrier and not t.scored and in_range(s, frame, t.sq, "los")
    ]
    return token_options(s, "target", tokens)


def glue(s: State, cast: JSON) -> None:
    """The item marker or treasure cannot be picked up or moved."""
    place_spell(s, cast, cast["values"]["target"])


SPECS["glue"] = Spec(
    slots=(Slot("target", _loose_things),), resolve=glue, targets=lambda s, c: None
)
