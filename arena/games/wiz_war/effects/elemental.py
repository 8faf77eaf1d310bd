"""Elemental (§10.4)."""

from __future__ import annotations

from arena.games.base import JSON
from arena.games.codes import action_code
from arena.games.wiz_war import board as B
from arena.games.wiz_war import casting, damage, figures, hand, movement, sight
from arena.games.wiz_war.cards import (
    CARDS,
)
from arena.games.wiz_war.config import (
    LIGHTNING_DAMAGE_PER_ENTRY,
)
from arena.games.wiz_war.effects.conjuring import moved_by_own_spell
from arena.games.wiz_war.effects.shared import (
    against,
    attacked,
    cancel,
    damage_spell,
    object_exists,
    place_spell,
    set_form,
    spell_cast,
    value,
    wizard_of,
)
from arena.games.wiz_war.effects.targets import (
    ENERGY_SLOT,
    direction_options,
    edge_in_range,
    energy_value,
    figure_targets,
    in_range,
    is_figure,
    object_targets,
    target_slot,
    token_options,
)
from arena.games.wiz_war.effects.white_cantrip import empty_edges
from arena.games.wiz_war.records import MAG, PHYS, is_wizard
from arena.games.wiz_war.resolution import then
from arena.games.wiz_war.spec import SPECS, Options, Slot, Spec
from arena.games.wiz_war.state import State

SPECS["fireball"] = Spec(
    slots=(target_slot("los", objects=True),),
    resolve=damage_spell(lambda s, c: value("fireball", "damage"), MAG, "fire"),
    reach="los",
)


def _bolt_targets(s: State, cast: JSON) -> None:
    """The bolt makes E steps from the caster's square; a blocked step reverses it and
    re-enters the current square; it never wraps. Figures in entered squares are targets."""
    actor = cast["actor"]
    here = figures.figure_sq(s, actor)
    sq, d = here, cast["values"]["dir"]
    entries = []
    for _ in range(cast["E"]):
        n = B.NEIGHBOURS[sq][d]
        if (
            n is None
            or n.edge == B.WRAP
            or sight.edge_blocks(s, n.edge, actor, here)
            or sight.objects_at(s, n.square, "stone_block")
        ):
            d = B.OPPOSITE[d]
        else:
            sq = n.square
        entries.append(sq)
    cast["area"] = entries
    cast["where"] = {}
    for f in figures.figures(s):
        if figures.figure_sq(s, f) in entries and figures.form(s, f) != "mist_body":
            cast["targets"].append(f)
            cast["where"][f] = figures.figure_sq(s, f)


def lightning_bolt(s: State, cast: JSON) -> None:
    """3 mag·lightning per entry to each W/C in an entered square, and 1 stun if damaged."""
    hit = casting.hits(s, cast)
    for sq in cast["area"]:
        for token in hit:
            if cast["where"].get(token) == sq:
                damage.damage(s, cast, token, [[LIGHTNING_DAMAGE_PER_ENTRY, MAG, "lightning"]])
    then(s, "stun_if_lost", cast=cast["id"], tokens=value("lightning_bolt", "stun"))


SPECS["lightning_bolt"] = Spec(
    slots=(ENERGY_SLOT, Slot("dir", direction_options)),
    resolve=lightning_bolt,
    reach="area",
    uses_energy=True,
    targets=_bolt_targets,
)


def _waterbolt_targets(s: State, frame: JSON) -> Options:
    tokens = [frame["actor"]] if is_wizard(frame["actor"]) else []
    tokens += figure_targets(s, frame, "los") + object_targets(s, frame, "los")
    tokens += [
        f"o{o.id}"
        for o in s.objects.values()
        if o.kind == "tacks" and in_range(s, frame, o.sq, "los")
    ]
    tokens += [
        B.edge_name(e)
        for e in s.fire_walls
        if e not in s.walls and edge_in_range(s, frame, e, "los")
    ]
    return token_options(s, "target", tokens)


def _split_options(s: State, frame: JSON) -> Options:
    e = energy_value(s, frame)
    return [
        (action_code("split", d), f"{d} damage, {e - d} squares of knock-back", d)
        for d in range(e, -1, -1)
    ]


def _knocks_back(s: State, frame: JSON) -> bool:
    target = frame["values"].get("target", "")
    return is_figure(target) and target != frame["actor"]


def waterbolt(s: State, cast: JSON) -> None:
    """Split E between mag·water damage and knock-back (directly away from the caster); ends
    Acid Bath on the target; destroys a targeted Fire object (Wall of Fire) or tacks."""
    target = cast["values"]["target"]
    e = cast["E"]
    dmg = cast["values"].get("split", e)
    if is_figure(target):
        if target not in casting.hits(s, cast):
            return
        for sp in figures.spells_on(s, target):
            if CARDS[sp.card].key == "acid_bath":
                casting.end_spell(s, sp.card)
        damage.damage(s, cast, target, [[dmg, MAG, "water"]])
        if target != cast["actor"] and e - dmg > 0:
            then(
                s,
                "push_away",
                token=target,
                origin=figures.figure_sq(s, cast["actor"]),
                count=e - dmg,
                chooser=cast["seat"],
            )
        return
    if (
        target.startswith("o")
        and int(target[1:]) in s.objects
        and s.objects[int(target[1:])].kind == "tacks"
    ):
        damage.destroy_object(s, int(target[1:]))
        return
    if not target.startswith("o"):
        edge = B.parse_edge(target)
        if edge in s.fire_walls and edge not in s.walls and edge not in s.doors:
            casting.end_spell(s, s.fire_walls[edge])
            return
    if object_exists(s, target):
        damage.damage(s, cast, target, [[dmg, MAG, "water"]])


SPECS["waterbolt"] = Spec(
    slots=(
        Slot("target", _waterbolt_targets),
        ENERGY_SLOT,
        Slot("split", _split_options, when=_knocks_back),
    ),
    resolve=waterbolt,
    reach="los",
    uses_energy=True,
)


def flood_effect(s: State) -> None:
    """End all Fire spells and Acid Baths; destroy all Fire items and objects and tacks."""
    for sp in list(s.spells.values()):
        if CARDS[sp.card].has("fire") or CARDS[sp.card].key == "acid_bath":
            casting.end_spell(s, sp.card)
    for w in s.wizards:
        for c in list(w.items):
            if CARDS[c].has("fire"):
                w.items.remove(c)
                hand.discard_card(s, c)
    for c in [c for c in s.floor if CARDS[c].has("fire")]:
        del s.floor[c]
        hand.discard_card(s, c)
    for o in [o for o in s.objects.values() if o.kind == "tacks"]:
        damage.destroy_object(s, o.id)


def flood(s: State, cast: JSON) -> None:
    flood_effect(s)
    place_spell(s, cast, "")


def flood_counter(s: State, ct: JSON) -> None:
    """Cast when attacked: a Fire attack spell is cancelled; Flood stays as a T spell."""
    target = against(s, ct)
    if target["card"] >= 0 and CARDS[target["card"]].has("fire") and target.get("spell"):
        cancel(s, target, protect=[wizard_of(ct)])
    flood_effect(s)
    place_spell(s, ct, "")


SPECS["flood"] = Spec(resolve=flood)
SPECS["flood:counter"] = Spec(resolve=flood_counter, cancels=True, counter=attacked)


def wall_of_fire(s: State, cast: JSON) -> None:
    """A fire barrier on an empty edge: crossing it costs 4 mag·fire; it blocks nothing."""
    e = B.parse_edge(cast["values"]["target"])
    if not sight.empty_edge(s, e):
        return
    s.fire_walls[e] = cast["card"]
    s._memo = {}
    place_spell(s, cast, B.edge_name(e))


def wall_of_fire_counter(s: State, ct: JSON) -> None:
    """Mode B: cancel one Water spell as it is cast; both are discarded."""
    cancel(s, against(s, ct))
    ct["keep"] = False


SPECS["wall_of_fire"] = Spec(slots=(Slot("target", empty_edges),), resolve=wall_of_fire)
SPECS["wall_of_fire:counter"] = Spec(
    resolve=wall_of_fire_counter,
    cancels=True,
    counter=lambda s, seat, c: spell_cast(c) and c["card"] >= 0 and CARDS[c["card"]].has("water"),
)


def global_spell(s: State, cast: JSON) -> None:
    place_spell(s, cast, "")


SPECS["fog"] = Spec(resolve=global_spell)


def self_spell(s: State, cast: JSON) -> None:
    place_spell(s, cast, wizard_of(cast))


def self_form(s: State, cast: JSON) -> None:
    set_form(s, cast, wizard_of(cast))


SPECS["mist_body"] = Spec(resolve=self_form)
SPECS["stone_spikes"] = Spec(resolve=self_spell)
SPECS["spike"] = Spec(
    slots=(target_slot("los", objects=True),),
    resolve=damage_spell(lambda s, c: value("stone_spikes", "damage"), PHYS),
    reach="los",
    attack=True,
    spell=False,
)


def _windrider_steps(s: State, frame: JSON) -> Options:
    """Up to E squares straight, never across walls, doors, objects or figures."""
    actor = frame["actor"]
    sq, d = figures.figure_sq(s, actor), frame["values"]["dir"]
    reach = 0
    for _ in range(energy_value(s, frame)):
        n = B.NEIGHBOURS[sq][d]
        if n is None or n.edge == B.WRAP or n.edge in s.walls or n.edge in s.doors:
            break
        if sight.objects_at(s, n.square) or figures.figures_at(s, n.square):
            break
        sq = n.square
        reach += 1
    return [(action_code("steps", k), f"Ride {k} squares", k) for k in range(reach + 1)]


def windrider(s: State, cast: JSON) -> None:
    me, d, k = cast["actor"], cast["values"]["dir"], cast["values"]["steps"]
    sq = figures.figure_sq(s, me)
    for _ in range(k):
        n = B.NEIGHBOURS[sq][d]
        if (
            n is None
            or n.edge in s.walls
            or n.edge in s.doors
            or sight.objects_at(s, n.square)
            or figures.figures_at(s, n.square)
        ):
            break
        sq = n.square
    if sq != figures.figure_sq(s, me):
        movement.relocate(s, me, sq)
        moved_by_own_spell(s, cast)
        then(s, "enter", token=me, sq=sq, paid=False)


SPECS["windrider"] = Spec(
    slots=(ENERGY_SLOT, Slot("dir", direction_options), Slot("steps", _windrider_steps)),
    resolve=windrider,
    uses_energy=True,
)
