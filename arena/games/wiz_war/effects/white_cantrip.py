"""White Cantrip (§10.1)."""

from __future__ import annotations

from arena.games.base import JSON
from arena.games.wiz_war import belongings, casting, damage, figures, sight
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    CARDS,
    NEUTRAL,
    SUMMON,
)
from arena.games.wiz_war.effects.shared import (
    cancel_it,
    damage_spell,
    hit_all,
    place_spell,
    spell_cast,
    targets_me,
    value,
)
from arena.games.wiz_war.effects.targets import (
    ENERGY_SLOT,
    edge_in_range,
    edges_in_range,
    gather,
    in_range,
    is_figure,
    squares_in_sight,
    target_slot,
    token_options,
    token_square,
)
from arena.games.wiz_war.records import PHYS, Spell
from arena.games.wiz_war.resolution import log_event, then
from arena.games.wiz_war.spec import SPECS, Options, Slot, Spec
from arena.games.wiz_war.state import State


def counter_full_shield(s: State, seat: int, cast: JSON) -> bool:
    return spell_cast(cast) and targets_me(seat, cast)


def counter_negate_neutral(s: State, seat: int, cast: JSON) -> bool:
    return spell_cast(cast) and cast.get("kind") in (NEUTRAL, SUMMON)


SPECS["full_shield"] = Spec(resolve=cancel_it, cancels=True, counter=counter_full_shield)
SPECS["negate_neutral"] = Spec(resolve=cancel_it, cancels=True, counter=counter_negate_neutral)


def _carriers(s: State, frame: JSON) -> Options:
    tokens = [
        w.token
        for w in s.wizards
        if w.alive and (w.items or w.treasure >= 0) and in_range(s, frame, w.sq, "los")
    ]
    return token_options(s, "target", tokens)


def _carried_things(s: State, frame: JSON) -> Options:
    w = s.wizards[int(frame["values"]["target"][1])]
    things = [f"item{c}" for c in w.items] + ([f"t{w.treasure}"] if w.treasure >= 0 else [])
    return token_options(s, "thing", things)


def drop_object(s: State, cast: JSON) -> None:
    """Target drops one carried item or its treasure/relic (caster picks) into its square."""
    target, thing = cast["values"]["target"], cast["values"]["thing"]
    if not casting.hits(s, cast):
        return
    w = s.wizards[int(target[1])]
    if thing.startswith("t") and w.treasure == int(thing[1:]):
        belongings.drop_carried_treasure(s, target)
    elif thing.startswith("item") and int(thing[4:]) in w.items:
        belongings.drop_item(s, w.seat, int(thing[4:]))


SPECS["drop_object"] = Spec(
    slots=(Slot("target", _carriers), Slot("thing", _carried_things)),
    resolve=drop_object,
    reach="los",
)


def zot_stun(s: State, cast: JSON) -> None:
    """Mode B: 2 stun tokens."""
    for t in casting.hits(s, cast):
        then(s, "stun", target=t, tokens=value("zot", "stun"))


SPECS["zot:damage"] = Spec(
    slots=(target_slot("los", objects=True), ENERGY_SLOT),
    resolve=damage_spell(lambda s, c: c["E"]),
    reach="los",
    uses_energy=True,
)
SPECS["zot:stun"] = Spec(slots=(target_slot("los"),), resolve=zot_stun, reach="los")


def around_the_corner(s: State, cast: JSON) -> None:
    """The next spell this turn may trace LOS through one intermediate square."""
    s.wizards[cast["seat"]].corner = True


SPECS["around_the_corner"] = Spec(resolve=around_the_corner)


def empty_edges(s: State, frame: JSON) -> Options:
    empty = B.ALL_EDGES_MASK & ~sight.barriers(s) & ~B.bit_mask(list(s.fire_walls))
    hits = empty & edges_in_range(s, frame, "los")
    return token_options(s, "target", gather(frame, (B.edge_name(e) for e in B.bits(hits))))


def create_wall(s: State, cast: JSON) -> None:
    """A stone wall (5 cracks) on an empty edge, while the spell is maintained."""
    e = B.parse_edge(cast["values"]["target"])
    if not sight.empty_edge(s, e):
        return
    s.walls[e] = 0
    s.created_walls[e] = cast["card"]
    s._memo = {}
    place_spell(s, cast, B.edge_name(e))


SPECS["create_wall"] = Spec(slots=(Slot("target", empty_edges),), resolve=create_wall, reach="los")


def _wall_or_door_edges(s: State, frame: JSON) -> Options:
    hits = sight.barriers(s) & edges_in_range(s, frame, "los")
    return token_options(s, "target", gather(frame, (B.edge_name(e) for e in B.bits(hits))))


def destroy_wall(s: State, cast: JSON) -> None:
    """Destroy it; each W/C in the two bordering squares suffers 2 phys (not an attack)."""
    e = B.parse_edge(cast["values"]["target"])
    if e not in s.walls and e not in s.doors:
        return
    damage.destroy_edge(s, e)
    for sq in B.edge_squares(e):
        for f in figures.figures_at(s, sq):
            damage.hurt(s, f, value("destroy_wall", "damage"), PHYS, "", sq)


SPECS["destroy_wall"] = Spec(slots=(Slot("target", _wall_or_door_edges),), resolve=destroy_wall)


def _spell_visible(s: State, frame: JSON, sp: Spell) -> bool:
    """LOS to a spell = LOS to its target or created object, or to its caster [assumed];
    global spells are seen by everyone."""
    card = CARDS[sp.card]
    if card.has("global"):
        return True
    caster = s.wizards[sp.caster]
    if caster.alive and in_range(s, frame, caster.sq, "los"):
        return True
    target = sp.target
    if target.startswith("r") and target[-1] in "es":
        return edge_in_range(s, frame, B.parse_edge(target), "los")
    squares = [o.sq for o in s.objects.values() if o.card == sp.card]
    if target:
        try:
            sq = token_square(s, target)
        except (KeyError, ValueError):
            sq = -1
        if sq >= 0:
            squares.append(sq)
    return any(in_range(s, frame, sq, "los") for sq in squares)


def spells_in_sight(s: State, frame: JSON) -> Options:
    tokens = gather(
        frame, (f"spell{c}" for c, sp in s.spells.items() if _spell_visible(s, frame, sp))
    )
    return token_options(s, "target", tokens)


def dispel(s: State, cast: JSON) -> None:
    """End a maintained spell; a Booby Trap loses one token per Dispel."""
    end_or_weaken(s, int(cast["values"]["target"][5:]))


def end_or_weaken(s: State, c: int) -> None:
    if c not in s.spells:
        return
    if CARDS[c].key == "booby_trap":
        tokens = sorted(o.id for o in s.objects.values() if o.card == c)
        if tokens:
            live = s.objects[tokens[0]].live
            del s.objects[tokens[0]]
            s._memo = {}
            if not live and len(tokens) > 1:
                log_event(s, "Dispel removes one Booby Trap token")
                return
    log_event(s, f"{CARDS[c].title} is dispelled")
    casting.end_spell(s, c)


SPECS["dispel"] = Spec(slots=(Slot("target", spells_in_sight),), resolve=dispel)


def doors_in_sight(s: State, frame: JSON) -> Options:
    colour = s.wizards[frame["seat"]].colour
    seen = edges_in_range(s, frame, "los")
    tokens = [
        B.edge_name(e)
        for e, door in sorted(s.doors.items())
        if door.colour != colour and seen >> e & 1 and not sight.sealed(s, e)
    ]
    return token_options(s, "target", tokens)


def pick_lock(s: State, cast: JSON) -> None:
    """Unlock the door momentarily: pass it once this turn, hold it open while beside it."""
    e = B.parse_edge(cast["values"]["target"])
    w = s.wizards[cast["seat"]]
    if e in s.doors and e not in w.unlocked:
        w.unlocked.append(e)
        s._memo = {}


SPECS["pick_lock"] = Spec(slots=(Slot("target", doors_in_sight),), resolve=pick_lock)


def _sectors_in_sight(s: State, frame: JSON) -> Options:
    seen = squares_in_sight(s, frame)
    out = [B.COLOURS[sector] for sector, mask in enumerate(B.SECTOR_MASKS) if seen & mask]
    return token_options(s, "target", out)


def _rotations(s: State, frame: JSON) -> Options:
    return [
        ("rotate:cw", "Turn it 90° clockwise", 1),
        ("rotate:ccw", "Turn it 90° counter-clockwise", 3),
        ("rotate:180", "Turn it 180°", 2),
    ]


def rotate_sector(s: State, cast: JSON) -> None:
    """Its 25 squares, everything in them and the edges strictly inside turn; its boundary
    edges stay (§2.7)."""
    sector = B.COLOURS.index(cast["values"]["target"])
    turns = cast["values"]["rotate"]
    squares = {sq: B.rotate_square(sq, sector, turns) for sq in B.SECTOR_SQUARES[sector]}
    edges = {e: B.rotate_edge(e, sector, turns) for e in B.SECTOR_EDGES[sector]}
    moved = []
    for w in s.wizards:
        if w.alive and w.sq in squares:
            w.sq = squares[w.sq]
            moved.append(w.token)
    for name, cr in s.creatures.items():
        if cr.sq in squares:
            cr.sq = squares[cr.sq]
            moved.append(name)
    for t in s.treasures:
        if t.sq in squares:
            t.sq = squares[t.sq]
    for c, sq in list(s.floor.items()):
        if sq in squares:
            s.floor[c] = squares[sq]
    for o in s.objects.values():
        if o.sq in squares:
            o.sq = squares[o.sq]
    s.walls = {edges.get(e, e): v for e, v in s.walls.items()}
    s.created_walls = {edges.get(e, e): v for e, v in s.created_walls.items()}
    s.doors = {edges.get(e, e): v for e, v in s.doors.items()}
    s.fire_walls = {edges.get(e, e): v for e, v in s.fire_walls.items()}
    s.held = {edges.get(e, e): v for e, v in s.held.items()}
    for w in s.wizards:
        w.unlocked = [edges.get(e, e) for e in w.unlocked]
        w.pass_edges = [edges.get(e, e) for e in w.pass_edges]
    names = {B.edge_name(a): B.edge_name(b) for a, b in edges.items()}
    for sp in s.spells.values():
        sp.target = names.get(sp.target, sp.target)
    s._memo = {}
    log_event(s, f"The {B.COLOURS[sector]} sector turns")
    for token in moved:
        belongings.check_scoring(s, token)


SPECS["rotate_sector"] = Spec(
    slots=(Slot("target", _sectors_in_sight), Slot("rotate", _rotations)), resolve=rotate_sector
)


def land_square(s: State, cast: JSON, token: str) -> int:
    """Where a thrown thing lands: the target's square; for an edge, the bordering square
    on the thrower's side [assumed]."""
    if token.startswith("r") and token[-1] in "es":
        here = figures.figure_sq(s, cast["actor"])
        a, b = B.edge_squares(B.parse_edge(token))
        return a if B.manhattan(here, a) <= B.manhattan(here, b) else b
    return token_square(s, token)


def _thrown_targets(s: State, cast: JSON) -> None:
    fix_default(s, cast)
    target = cast["values"].get("target", "")
    cast["land"] = land_square(s, cast, target) if target else figures.figure_sq(s, cast["actor"])


def fix_default(s: State, cast: JSON) -> None:
    for token in [cast["values"].get("target", "")]:
        if not token:
            continue
        if is_figure(token):
            cast["targets"].append(token)
        else:
            cast["objects"].append(token)


def large_rock(s: State, cast: JSON) -> None:
    """As your attack: 2 phys; the rock then lies in the target's square."""
    hit_all(s, cast, [[value("large_rock", "damage"), PHYS, ""]])


SPECS["large_rock"] = Spec(
    slots=(target_slot("los", objects=True),),
    resolve=large_rock,
    reach="los",
    attack=True,
    spell=False,
    targets=_thrown_targets,
)
