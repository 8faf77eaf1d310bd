"""Card effects: what each card asks when declared (its slots) and what it does.

Every card key has a `Spec`: the declaration slots (targets, mode, energy, direction...), how
it reaches (for Wall of Earth and Teleport), whether it is an attack, and the function that
resolves it. Effect functions read like the card text (spec §10-§11) and schedule their
damage as steps (`s.damage(...)`), so choices that damage can raise (Treasure Lust,
Featherweight) wait in line. Numbers come from the card table (cards.py).

Target tokens: wizards `w0`..`w3`, creatures by name, squares `r2c3`, edges `r2c3e`/`r2c3s`,
objects `o7`, maintained spells `spell45`, treasures `t3`, items `item45`, sectors by colour.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from arena.games.base import JSON
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    ATTACK,
    CARDS,
    COUNTER,
    CREATURE_ATTACK,
    CREATURES,
    ENERGY,
    FANGS_PER_TOTEM,
    FLASH,
    ITEM,
    NEUTRAL,
    RELIC,
    SUMMON,
)
from arena.games.wiz_war.config import (
    CREATURE_LIFE_CAP,
    LIGHTNING_DAMAGE_PER_ENTRY,
    MAX_LIFE,
    PUNCH_DAMAGE,
    STRENGTH_TEAR_SUCCEEDS,
    TELEPORT_STEPS,
    WARD_DROPS,
)
from arena.games.wiz_war.records import MAG, PHYS, Door, Obj, Spell, die_roll, is_wizard
from arena.games.wiz_war.steps import step

if TYPE_CHECKING:
    from arena.games.wiz_war.rules import WizWarState

Options = list[tuple[str, str, Any]]  # (code, label, value)


class Slot(NamedTuple):
    """One thing a declaration asks, e.g. `target` or `energy`."""

    name: str
    options: Callable[[WizWarState, JSON], Options]
    count: Callable[[WizWarState, JSON], int] | None = None  # a repeated slot: how many
    when: Callable[[WizWarState, JSON], bool] | None = None  # asked only if this holds


@dataclass(frozen=True)
class Spec:
    slots: tuple[Slot, ...] = ()
    resolve: Callable[[WizWarState, JSON], None] | None = None
    reach: str = "self"  # los, losN, adj, path, area, line, self
    attack: bool | None = None  # None: from the card kind
    spell: bool = True
    unevadable: bool = False
    uses_energy: bool = False
    cancels: bool = False  # a counter that cancels what it answers (Anti-Anti may reply)
    counter: Callable[[WizWarState, int, JSON], bool] | None = None
    targets: Callable[[WizWarState, JSON], None] | None = None  # fixes the targets when paid
    deep: bool = False  # later slots may run dry: offer only options that can be completed

    def is_attack(self, kind: str) -> bool:
        if self.attack is not None:
            return self.attack
        return kind in (ATTACK, CREATURE_ATTACK)


SPECS: dict[str, Spec] = {}
TIME_PASSES: dict[str, Callable[[WizWarState, Spell], None]] = {}


def spec_for(key: str, mode: str = "") -> Spec:
    return SPECS.get(f"{key}:{mode}") or SPECS[key]


# --- Declaring: the slot machine ---------------------------------------------------------------
def next_slot(s: WizWarState, frame: JSON) -> Slot | None:
    spec = spec_for(frame["key"], frame["mode"])
    values = frame["values"]
    for slot in spec.slots:
        if slot.when is not None and not slot.when(s, frame):
            continue
        if slot.count is not None:
            if len(values.get(slot.name, [])) < slot.count(s, frame):
                return slot
        elif slot.name not in values:
            return slot
    return None


def slot_options(s: WizWarState, frame: JSON) -> Options:
    slot = next_slot(s, frame)
    if slot is None:
        return []
    options = slot.options(s, frame)
    if spec_for(frame["key"], frame["mode"]).deep:
        options = [o for o in options if _completable(s, _filled(s, frame, o[2]))]
    return options


def _filled(s: WizWarState, frame: JSON, value: Any) -> JSON:
    child = dict(frame)
    child["values"] = {k: list(v) if isinstance(v, list) else v for k, v in frame["values"].items()}
    fill_slot(s, child, value)
    return child


def _completable(s: WizWarState, frame: JSON) -> bool:
    """Depth first, stopping at the first full declaration found."""
    slot = next_slot(s, frame)
    if slot is None:
        return True
    return any(_completable(s, _filled(s, frame, o[2])) for o in slot.options(s, frame))


def fill_slot(s: WizWarState, frame: JSON, value: Any) -> None:
    slot = next_slot(s, frame)
    assert slot is not None
    if slot.count is not None:
        frame["values"].setdefault(slot.name, []).append(value)
    else:
        frame["values"][slot.name] = value


def _probe(
    s: WizWarState, seat: int, actor: str, key: str, card_id: int, mode: str, source: str
) -> bool:
    """Could a declaration of this be started and completed now? (Its first slot has an
    option; later slots always have one by construction.) Copies of a card answer alike."""
    memo_key = (
        "probe",
        seat,
        actor,
        key,
        mode,
        source,
        CARDS[card_id].title if card_id >= 0 else "",
    )
    found = s._memo.get(memo_key)
    if found is None:
        found = s._memo[memo_key] = _probe_now(s, seat, actor, key, card_id, mode, source)
    return found


def _probe_now(
    s: WizWarState, seat: int, actor: str, key: str, card_id: int, mode: str, source: str
) -> bool:
    frame = {
        "seat": seat,
        "actor": actor,
        "key": key,
        "card": card_id,
        "mode": mode,
        "source": source,
        "values": {},
        "purpose": "cast",
        "against": -1,
        "probe": True,
    }
    spec = spec_for(key, mode)
    if spec.resolve is None:
        return False
    if spec.deep:
        return _completable(s, frame)
    slot = next_slot(s, frame)
    return slot is None or bool(slot.options(s, frame))


MODES: dict[str, tuple[str, ...]] = {
    "zot": ("damage", "stun"),
    "stretch": ("pick_up", "drop", "punch"),
    "thors_hammer": ("smash", "strike"),
    "null_powder": ("dispel",),
}
ONLY_AS_COUNTER = ("wall_of_earth", "ward", "anti_anti", "shield", "ancient_scales")


def castable_modes(s: WizWarState, seat: int, actor: str, c: int) -> list[str]:
    """The modes in which card `c` may be cast now from the hand by `actor` (a wizard on his
    turn, or a creature in its activation)."""
    card = CARDS[c]
    kind = card.kind
    if kind in (ENERGY, FLASH, ITEM, RELIC, COUNTER):
        return []
    wizard_actor = is_wizard(actor)
    if wizard_actor and s.only_counters(actor):
        return []
    if card.has("fire") and s.spell_in_play("flood"):
        return []
    out = []
    for mode in MODES.get(card.key, ("",)):
        spec = spec_for(card.key, mode)
        if spec.is_attack(kind):
            if wizard_actor and not s.wizard_can_attack(seat):
                continue
            if not wizard_actor and not s.creature_can_attack(actor):
                continue
        elif not wizard_actor:
            continue
        if wizard_actor and card.key in MOVING_SPELLS and not _may_relocate(s, seat):
            continue
        source = "hand" if wizard_actor else "creature_hand"
        if _probe(s, seat, actor, card.key, c, mode, source):
            out.append(mode)
    return out


MOVING_SPELLS = ("swap", "windrider", "teleport")


def _may_relocate(s: WizWarState, seat: int) -> bool:
    """Moving by one's own neutral spell counts as moving for a stunned wizard (§4.2)."""
    w = s.wizards[seat]
    if w.no_move:
        return False
    if w.stunned:
        return w.attacks <= (1 if s.attacks_allowed(w.token) > 1 else 0)
    return True


def usable_modes(s: WizWarState, seat: int, c: int) -> list[str]:
    """Uses of a carried item now: throwing, striking, Null Powder, Master Key, tacks."""
    card = CARDS[c]
    me = f"w{seat}"
    if s.only_counters(me) or (card.has("fire") and s.spell_in_play("flood")):
        return []
    key = card.key
    if key not in USES:
        return []
    source, _ = USES[key]
    out = []
    for mode in MODES.get(key, ("",)):
        spec = spec_for(key, mode)
        if spec.is_attack("") and not s.wizard_can_attack(seat):
            continue
        if _probe(s, seat, me, key, c, mode, source):
            out.append(mode)
    return out


#: Carried items that can be used: (declaration source, kept after use).
USES = {
    "large_rock": ("thrown", False),
    "boomstone": ("thrown", False),
    "universal_solvent": ("thrown", False),
    "dagger": ("weapon", True),
    "wizardblade": ("weapon", True),
    "thors_hammer": ("weapon", True),
    "master_key": ("weapon", True),
    "null_powder": ("spent", False),
    "handful_of_tacks": ("place", False),
}


def use_item(s: WizWarState, seat: int, c: int, mode: str) -> None:
    source, _ = USES[CARDS[c].key]
    s.declare(seat, f"w{seat}", CARDS[c].key, c, mode, source)


def has_targets(s: WizWarState, seat: int, actor: str, key: str) -> bool:
    """Punch, Stone Spikes, Strength's tear and creature card attacks: any target now?"""
    if key == "spike" and not s.has_spell(actor, "stone_spikes"):
        return False
    if key == "tear" and not s.has_spell(actor, "strength"):
        return False
    if key == "punch" and not is_wizard(actor) and s.form(actor) not in PUNCHING_FORMS:
        return False
    return _probe(s, seat, actor, key, -1, "", key)


PUNCHING_FORMS = {"big_man_form", "werewolf_form", "golem_form", "dragon_form"}


def fix_targets(s: WizWarState, cast: JSON) -> None:
    """Fix the targets at declaration (§6.5): figures in `targets`, objects and edges in
    `objects`; the card's own rule where it has one (areas, lines)."""
    spec = spec_for(cast["key"], cast["mode"])
    if spec.targets is not None:
        spec.targets(s, cast)
        return
    values = cast["values"]
    chosen = []
    for name in ("target", "targets"):
        value = values.get(name)
        if isinstance(value, list):
            chosen += value
        elif isinstance(value, str):
            chosen.append(value)
    for token in chosen:
        if is_figure(token):
            if token not in cast["targets"]:
                cast["targets"].append(token)
        elif token not in cast["objects"]:
            cast["objects"].append(token)


def resolve(s: WizWarState, cast: JSON) -> None:
    spec = spec_for(cast["key"], cast["mode"])
    assert spec.resolve is not None
    spec.resolve(s, cast)


# --- Tokens and what they name -----------------------------------------------------------------
def is_figure(token: str) -> bool:
    return is_wizard(token) or token in CREATURES


def token_square(s: WizWarState, token: str) -> int:
    """The square a target stands on or borders (an edge: -1)."""
    if is_figure(token):
        return s.figure_sq(token)
    if token.startswith("o"):
        return s.objects[int(token[1:])].sq
    if token.startswith("t") and token[1:].isdigit():
        return s.treasures[int(token[1:])].sq
    if token.startswith("item"):
        return s.floor.get(int(token[4:]), -1)
    if token.startswith("r") and token[-1].isdigit():
        return B.parse_square(token)
    return -1


def describe_target(s: WizWarState, token: str) -> str:
    if is_figure(token):
        return s.name_of(token)
    if token.startswith("o") and token[1:].isdigit():
        obj = s.objects.get(int(token[1:]))
        if obj is None:
            return token
        what = CARDS[obj.card].title if obj.kind == "totem" else obj.kind.replace("_", " ")
        return f"the {what} on {B.square_name(obj.sq)}"
    if token.startswith("spell"):
        c = int(token[5:])
        sp = s.spells.get(c)
        who = s.name_of(f"w{sp.caster}") if sp else "?"
        return f"{who}'s {CARDS[c].title}"
    if token.startswith("item"):
        return CARDS[int(token[4:])].title
    if token.startswith("t") and token[1:].isdigit():
        return s.describe_thing(token)
    if token in B.COLOURS:
        return f"the {token} sector"
    if token.startswith("r") and token[-1] in "es":
        e = B.parse_edge(token)
        kind = "wall" if e in s.walls else "door" if e in s.doors else "edge"
        return f"the {kind} {token}"
    return token


def _options(s: WizWarState, slot: str, tokens: list[str]) -> Options:
    return [(f"{slot}:{t}", describe_target(s, t), t) for t in tokens]


def gather(frame: JSON, tokens: Iterable[str]) -> list[str]:
    """All the tokens, or while probing whether a declaration is possible just the first."""
    if frame.get("probe"):
        for token in tokens:
            return [token]
        return []
    return list(tokens)


# --- Range and line of sight as a declaration sees it -------------------------------------------
def _view(s: WizWarState, frame: JSON) -> tuple[str, int, int, bool]:
    """(actor, origin, walls to ignore, Around the Corner) for the thing being declared."""
    actor = frame["actor"]
    if not is_wizard(actor) or frame["source"] != "hand":
        return actor, -1, 0, False
    w = s.wizards[int(actor[1])]
    ignore = int(w.drake_eye) + (1 if any(CARDS[c].key == "visionstone" for c in w.items) else 0)
    return actor, w.projection, ignore, w.corner


def origin_of(s: WizWarState, frame: JSON) -> int:
    actor, origin, _, _ = _view(s, frame)
    return origin if origin >= 0 else s.figure_sq(actor)


def in_range(s: WizWarState, frame: JSON, sq: int, reach: str) -> bool:
    actor, origin, ignore, corner = _view(s, frame)
    here = origin if origin >= 0 else s.figure_sq(actor)
    if reach == "adj":
        return sq in s.adjacent_squares(actor)
    if reach == "own":
        return sq == here
    if reach.startswith("path"):
        return s.walking_distance(actor, here, sq, int(reach[4:])) >= 0
    if reach.startswith("los"):
        if len(reach) > 3 and B.MANHATTAN[here][sq] > int(reach[3:]):
            return False
        return s.sight(actor, origin, ignore, corner) >> sq & 1 == 1
    return True


def squares_in_sight(s: WizWarState, frame: JSON) -> int:
    """Mask of the squares in range `los` (no limit) of the thing being declared."""
    actor, origin, ignore, corner = _view(s, frame)
    return s.sight(actor, origin, ignore, corner)


def edges_in_range(s: WizWarState, frame: JSON, reach: str) -> int:
    """Mask of the edges in range: beside the square for `adj` and `own`, else seen and
    (for `losN`) with a bordering square nearer than N."""
    actor, origin, ignore, _ = _view(s, frame)
    here = origin if origin >= 0 else s.figure_sq(actor)
    if reach in ("adj", "own"):
        return B.BORDER_EDGES[here]
    limit = int(reach[3:]) if reach.startswith("los") and len(reach) > 3 else 99
    return s.edge_sight(actor, origin, ignore) & B.edges_nearer(here, limit)


def edge_in_range(s: WizWarState, frame: JSON, edge: int, reach: str) -> bool:
    return edges_in_range(s, frame, reach) >> edge & 1 == 1


def figure_targets(
    s: WizWarState,
    frame: JSON,
    reach: str,
    wizards: bool = True,
    creatures: bool = True,
    own: bool = False,
    attack: bool = True,
) -> list[str]:
    """Figures the declaration may target: attacks never target the attacker's own wizard
    or creatures [assumed], nor Mist Body or the Homunculus (§10.4, §10.2)."""
    seat = frame["seat"]

    def allowed(f: str) -> bool:
        if f == frame["actor"] and attack:
            return False
        if s.untargetable(f) and (attack or f == "homunculus"):
            return False
        if attack and not own and s.controller(f) == seat:
            return False
        if not (wizards if is_wizard(f) else creatures):
            return False
        return in_range(s, frame, s.figure_sq(f), reach)

    return gather(frame, (f for f in s.figures() if allowed(f)))


ATTACKABLE = ("stone_block", "rosebush", "thornbush", "totem")


def object_targets(s: WizWarState, frame: JSON, reach: str, edges: bool = True) -> list[str]:
    """Attackable objects and walls/doors (never outer walls) in range (§7.5)."""

    def found() -> Iterable[str]:
        for o in s.objects.values():
            if o.kind in ATTACKABLE and in_range(s, frame, o.sq, reach):
                yield f"o{o.id}"
        if not edges:
            return
        hits = s.barriers() & edges_in_range(s, frame, reach)
        if reach in ("adj", "own"):
            hits &= B.BORDER_EDGES[s.figure_sq(frame["actor"])]
        elif hits and frame.get("probe"):  # the nearest, as a probe has always taken
            here = origin_of(s, frame)
            distance = B.MANHATTAN[here]
            yield B.edge_name(min(B.bits(hits), key=lambda e: (distance[e // 2], e)))
            return
        for e in B.bits(hits):
            yield B.edge_name(e)

    return gather(frame, found())


def target_slot(
    reach: str,
    wizards: bool = True,
    creatures: bool = True,
    objects: bool = False,
    own: bool = False,
    attack: bool = True,
    name: str = "target",
) -> Slot:
    def options(s: WizWarState, frame: JSON) -> Options:
        tokens = figure_targets(s, frame, reach, wizards, creatures, own, attack)
        if objects and not (tokens and frame.get("probe")):
            tokens += object_targets(s, frame, reach)
        return _options(s, name, tokens)

    return Slot(name, options)


def self_or_creature(s: WizWarState, frame: JSON) -> Options:
    """`self or creature you control`: the caster, or one of his creatures in LOS (§9)."""
    seat = frame["seat"]
    tokens = [f"w{seat}"] + [
        n
        for n, c in s.creatures.items()
        if c.controller == seat and n != "homunculus" and in_range(s, frame, c.sq, "los")
    ]
    return _options(s, "target", tokens)


def self_only(s: WizWarState, frame: JSON) -> Options:
    return _options(s, "target", [f"w{frame['seat']}"])


def energy_options(s: WizWarState, frame: JSON) -> Options:
    """No energy, or one card with an energy value from the hand (Flash Energy allowed)."""
    seat = frame["seat"]
    used = {v for k, v in frame["values"].items() if k.startswith("energy")}
    out: Options = [("energy:none", "No energy card", -1)]
    for c in s.wizards[seat].hand:
        if c != frame["card"] and c not in used and CARDS[c].ev > 0:
            out.append(
                (
                    f"energy:card={c}",
                    f"Power it with {CARDS[c].title} (E {s.energy_of(seat, c)})",
                    c,
                )
            )
    return out


def _needs_energy(s: WizWarState, frame: JSON) -> bool:
    """Add's total replaces the energy card of the wizard's next spell (§10.2)."""
    actor = frame["actor"]
    return not (
        is_wizard(actor) and frame["source"] == "hand" and s.wizards[int(actor[1])].add_energy >= 0
    )


ENERGY_SLOT = Slot("energy", energy_options, when=_needs_energy)


def direction_options(s: WizWarState, frame: JSON) -> Options:
    return [(f"dir:{d}", f"Direction {d}", i) for i, d in enumerate(B.DIRS)]


def energy_value(s: WizWarState, frame: JSON) -> int:
    """E as it will be when paid: the chosen card (+ Powerstones), or Add's total."""
    actor = frame["actor"]
    seat = frame["seat"]
    if is_wizard(actor) and frame["source"] == "hand" and s.wizards[seat].add_energy >= 0:
        return s.wizards[seat].add_energy
    c = frame["values"].get("energy", -1)
    return s.energy_of(seat, c) if isinstance(c, int) and c >= 0 else 0


# --- Helpers effects share ---------------------------------------------------------------------
def place_spell(s: WizWarState, cast: JSON, hold: str) -> None:
    """A temporary or permanent spell goes to its caster's play area now (§6.3)."""
    c = cast["card"]
    if c in s.pending:
        s.pending.remove(c)
    s.add_spell(c, cast["seat"], hold, cast["E"])


def cancel(s: WizWarState, cast: JSON, protect: list[str] | None = None) -> None:
    """If any target cancels a multi-target spell, no target suffers it (§6.5); each Fire
    Dart is countered separately (its card text)."""
    if cast["key"] == "fire_darts" and protect:
        cast.setdefault("immune", []).extend(protect)
        return
    cast["canceled"] = True


def punch_packets(s: WizWarState, actor: str) -> list[list]:
    """A punch: 1 physical, or the form's punch; Mightstone +d4; Fire Cloak +2 mag·fire."""
    form = s.form_spell(actor)
    packets: list[list] = []
    if form is not None and CARDS[form.card].key in PUNCHING_FORMS:
        key = CARDS[form.card].key
        if key == "werewolf_form":
            packets.append([die_roll(s.rng), PHYS, ""])
        elif key == "dragon_form":
            packets.append([CARDS[form.card].value("punch"), MAG, "fire"])
        else:
            packets.append([CARDS[form.card].value("punch"), PHYS, ""])
    else:
        packets.append([PUNCH_DAMAGE, PHYS, ""])
    if is_wizard(actor):
        w = s.wizards[int(actor[1])]
        for c in w.items:
            if CARDS[c].key == "mightstone":
                packets[0][0] += die_roll(s.rng)
            elif CARDS[c].key == "fire_cloak":
                packets.append([CARDS[c].value("punch"), MAG, "fire"])
    return packets


def hit_all(
    s: WizWarState, cast: JSON, packets: Callable[[], list[list]] | list[list]
) -> list[str]:
    """Damage every target that is hit (figures) and every object target; returns the
    figures hit."""
    hit = s.hits(cast)
    immune = cast.get("immune", [])
    for token in hit:
        if token not in immune:
            s.damage(cast, token, packets() if callable(packets) else packets)
    for token in cast["objects"]:
        if _object_exists(s, token):
            s.damage(cast, token, packets() if callable(packets) else packets)
    return hit


def _object_exists(s: WizWarState, token: str) -> bool:
    if token.startswith("o"):
        return int(token[1:]) in s.objects
    e = B.parse_edge(token)
    return e in s.walls or e in s.doors


def damage_spell(
    amount: Callable[[WizWarState, JSON], int], kind: str = MAG, element: str = ""
) -> Callable:
    def resolve_it(s: WizWarState, cast: JSON) -> None:
        hit_all(s, cast, [[amount(s, cast), kind, element]])

    return resolve_it


@cache
def value(key: str, name: str) -> int:
    """A number from the card table, by card key (all copies of a key share it)."""
    for c in CARDS:
        if c.key == key and name in c.row.values:
            return c.value(name)
    raise KeyError(f"{key}.{name}")


def add_object(
    s: WizWarState, kind: str, sq: int, cast: JSON, card_id: int = -1, live: bool = False
) -> int:

    oid = s.next_object
    s.next_object += 1
    s.objects[oid] = Obj(
        oid, kind, sq, cast["seat"], card_id if card_id >= 0 else cast["card"], live=live
    )
    s._memo = {}
    return oid


def set_form(s: WizWarState, cast: JSON, target: str) -> None:
    """One Transformation per figure: a new one ends the old; the wizard's remaining MP
    follow a base-speed change (§7.6, §5.1)."""
    old = s.form_spell(target)
    if old is not None:
        s.end_spell(old.card)
    before = s.base_speed(target)
    place_spell(s, cast, target)
    s.speed_shift(target, before)
    s.log_event(f"{s.name_of(target)} takes {CARDS[cast['card']].title}")


def wizard_of(cast: JSON) -> str:
    return f"w{cast['seat']}"


def _mundane(cast: JSON) -> bool:
    return cast.get("card", -1) >= 0 and CARDS[cast["card"]].has("mundane")


def _spell_cast(cast: JSON) -> bool:
    return bool(cast.get("spell")) and not _mundane(cast)


def _targets_me(seat: int, cast: JSON) -> bool:
    return f"w{seat}" in cast.get("targets", [])


def _attacked(s: WizWarState, seat: int, cast: JSON) -> bool:
    """ "When you are attacked": an attack with this wizard among its targets."""
    return bool(cast.get("attack")) and _targets_me(seat, cast)


def _own_in_targets(s: WizWarState, seat: int, cast: JSON, wizard: bool = True) -> list[str]:
    return [
        t
        for t in cast.get("targets", [])
        if s.figure_alive(t) and s.controller(t) == seat and (wizard or not is_wizard(t))
    ]


def _against(s: WizWarState, ct: JSON) -> JSON:
    return s.casts[ct["against"]]


def _cancel_it(s: WizWarState, ct: JSON) -> None:
    cancel(s, _against(s, ct), protect=[wizard_of(ct)])


# ====================================================================================
# White Cantrip (§10.1)
# ====================================================================================
def counter_full_shield(s: WizWarState, seat: int, cast: JSON) -> bool:
    return _spell_cast(cast) and _targets_me(seat, cast)


def counter_negate_neutral(s: WizWarState, seat: int, cast: JSON) -> bool:
    return _spell_cast(cast) and cast.get("kind") in (NEUTRAL, SUMMON)


SPECS["full_shield"] = Spec(resolve=_cancel_it, cancels=True, counter=counter_full_shield)
SPECS["negate_neutral"] = Spec(resolve=_cancel_it, cancels=True, counter=counter_negate_neutral)


def _carriers(s: WizWarState, frame: JSON) -> Options:
    tokens = [
        w.token
        for w in s.wizards
        if w.alive and (w.items or w.treasure >= 0) and in_range(s, frame, w.sq, "los")
    ]
    return _options(s, "target", tokens)


def _carried_things(s: WizWarState, frame: JSON) -> Options:
    w = s.wizards[int(frame["values"]["target"][1])]
    things = [f"item{c}" for c in w.items] + ([f"t{w.treasure}"] if w.treasure >= 0 else [])
    return _options(s, "thing", things)


def drop_object(s: WizWarState, cast: JSON) -> None:
    """Target drops one carried item or its treasure/relic (caster picks) into its square."""
    target, thing = cast["values"]["target"], cast["values"]["thing"]
    if not s.hits(cast):
        return
    w = s.wizards[int(target[1])]
    if thing.startswith("t") and w.treasure == int(thing[1:]):
        s.drop_carried_treasure(target)
    elif thing.startswith("item") and int(thing[4:]) in w.items:
        s.drop_item(w.seat, int(thing[4:]))


SPECS["drop_object"] = Spec(
    slots=(Slot("target", _carriers), Slot("thing", _carried_things)),
    resolve=drop_object,
    reach="los",
)


def zot_stun(s: WizWarState, cast: JSON) -> None:
    """Mode B: 2 stun tokens."""
    for t in s.hits(cast):
        s.then("stun", target=t, tokens=value("zot", "stun"))


SPECS["zot:damage"] = Spec(
    slots=(target_slot("los", objects=True), ENERGY_SLOT),
    resolve=damage_spell(lambda s, c: c["E"]),
    reach="los",
    uses_energy=True,
)
SPECS["zot:stun"] = Spec(slots=(target_slot("los"),), resolve=zot_stun, reach="los")


def around_the_corner(s: WizWarState, cast: JSON) -> None:
    """The next spell this turn may trace LOS through one intermediate square."""
    s.wizards[cast["seat"]].corner = True


SPECS["around_the_corner"] = Spec(resolve=around_the_corner)


def _empty_edges(s: WizWarState, frame: JSON) -> Options:
    empty = B.ALL_EDGES_MASK & ~s.barriers() & ~B.bit_mask(list(s.fire_walls))
    hits = empty & edges_in_range(s, frame, "los")
    return _options(s, "target", gather(frame, (B.edge_name(e) for e in B.bits(hits))))


def create_wall(s: WizWarState, cast: JSON) -> None:
    """A stone wall (5 cracks) on an empty edge, while the spell is maintained."""
    e = B.parse_edge(cast["values"]["target"])
    if not s.empty_edge(e):
        return
    s.walls[e] = 0
    s.created_walls[e] = cast["card"]
    s._memo = {}
    place_spell(s, cast, B.edge_name(e))


SPECS["create_wall"] = Spec(slots=(Slot("target", _empty_edges),), resolve=create_wall, reach="los")


def _wall_or_door_edges(s: WizWarState, frame: JSON) -> Options:
    hits = s.barriers() & edges_in_range(s, frame, "los")
    return _options(s, "target", gather(frame, (B.edge_name(e) for e in B.bits(hits))))


def destroy_wall(s: WizWarState, cast: JSON) -> None:
    """Destroy it; each W/C in the two bordering squares suffers 2 phys (not an attack)."""
    e = B.parse_edge(cast["values"]["target"])
    if e not in s.walls and e not in s.doors:
        return
    s.destroy_edge(e)
    for sq in B.edge_squares(e):
        for f in s.figures_at(sq):
            s._hurt(f, value("destroy_wall", "damage"), PHYS, "", sq)


SPECS["destroy_wall"] = Spec(slots=(Slot("target", _wall_or_door_edges),), resolve=destroy_wall)


def _spell_visible(s: WizWarState, frame: JSON, sp: Spell) -> bool:
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


def _spells_in_sight(s: WizWarState, frame: JSON) -> Options:
    tokens = gather(
        frame, (f"spell{c}" for c, sp in s.spells.items() if _spell_visible(s, frame, sp))
    )
    return _options(s, "target", tokens)


def dispel(s: WizWarState, cast: JSON) -> None:
    """End a maintained spell; a Booby Trap loses one token per Dispel."""
    end_or_weaken(s, int(cast["values"]["target"][5:]))


def end_or_weaken(s: WizWarState, c: int) -> None:
    if c not in s.spells:
        return
    if CARDS[c].key == "booby_trap":
        tokens = sorted(o.id for o in s.objects.values() if o.card == c)
        if tokens:
            live = s.objects[tokens[0]].live
            del s.objects[tokens[0]]
            s._memo = {}
            if not live and len(tokens) > 1:
                s.log_event("Dispel removes one Booby Trap token")
                return
    s.log_event(f"{CARDS[c].title} is dispelled")
    s.end_spell(c)


SPECS["dispel"] = Spec(slots=(Slot("target", _spells_in_sight),), resolve=dispel)


def _doors_in_sight(s: WizWarState, frame: JSON) -> Options:
    colour = s.wizards[frame["seat"]].colour
    seen = edges_in_range(s, frame, "los")
    tokens = [
        B.edge_name(e)
        for e, door in sorted(s.doors.items())
        if door.colour != colour and seen >> e & 1 and not s.sealed(e)
    ]
    return _options(s, "target", tokens)


def pick_lock(s: WizWarState, cast: JSON) -> None:
    """Unlock the door momentarily: pass it once this turn, hold it open while beside it."""
    e = B.parse_edge(cast["values"]["target"])
    w = s.wizards[cast["seat"]]
    if e in s.doors and e not in w.unlocked:
        w.unlocked.append(e)
        s._memo = {}


SPECS["pick_lock"] = Spec(slots=(Slot("target", _doors_in_sight),), resolve=pick_lock)


def _sectors_in_sight(s: WizWarState, frame: JSON) -> Options:
    seen = squares_in_sight(s, frame)
    out = [B.COLOURS[sector] for sector, mask in enumerate(B.SECTOR_MASKS) if seen & mask]
    return _options(s, "target", out)


def _rotations(s: WizWarState, frame: JSON) -> Options:
    return [
        ("rotate:cw", "Turn it 90° clockwise", 1),
        ("rotate:ccw", "Turn it 90° counter-clockwise", 3),
        ("rotate:180", "Turn it 180°", 2),
    ]


def rotate_sector(s: WizWarState, cast: JSON) -> None:
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
    s.log_event(f"The {B.COLOURS[sector]} sector turns")
    for token in moved:
        s.check_scoring(token)


SPECS["rotate_sector"] = Spec(
    slots=(Slot("target", _sectors_in_sight), Slot("rotate", _rotations)), resolve=rotate_sector
)


def _land_square(s: WizWarState, cast: JSON, token: str) -> int:
    """Where a thrown thing lands: the target's square; for an edge, the bordering square
    on the thrower's side [assumed]."""
    if token.startswith("r") and token[-1] in "es":
        here = s.figure_sq(cast["actor"])
        a, b = B.edge_squares(B.parse_edge(token))
        return a if B.manhattan(here, a) <= B.manhattan(here, b) else b
    return token_square(s, token)


def _thrown_targets(s: WizWarState, cast: JSON) -> None:
    fix_default(s, cast)
    target = cast["values"].get("target", "")
    cast["land"] = _land_square(s, cast, target) if target else s.figure_sq(cast["actor"])


def fix_default(s: WizWarState, cast: JSON) -> None:
    for token in [cast["values"].get("target", "")]:
        if not token:
            continue
        if is_figure(token):
            cast["targets"].append(token)
        else:
            cast["objects"].append(token)


def large_rock(s: WizWarState, cast: JSON) -> None:
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


# ====================================================================================
# Alchemy (§10.2)
# ====================================================================================
def acid_bath(s: WizWarState, cast: JSON) -> None:
    """A curse: 2 mag (not an attack) to the target in each of the caster's Time Passes."""
    hit = s.hits(cast)
    if hit:
        place_spell(s, cast, hit[0])


def acid_bath_ticks(s: WizWarState, sp: Spell) -> None:
    if sp.target and s.figure_alive(sp.target):
        s.then(
            "suffer_damage",
            target=sp.target,
            packets=[[value("acid_bath", "damage"), MAG, ""]],
            attack=False,
            source="",
            source_sq=-1,
        )


SPECS["acid_bath"] = Spec(slots=(target_slot("los"),), resolve=acid_bath, reach="los")
TIME_PASSES["acid_bath"] = acid_bath_ticks


def stone_dead(s: WizWarState, cast: JSON) -> None:
    """Mag damage = E + number of Magic Stones the target carries."""
    for t in s.hits(cast):
        stones = sum(1 for c in s.wizards[int(t[1])].items if CARDS[c].has("magic_stone"))
        s.damage(cast, t, [[cast["E"] + stones, MAG, ""]])


SPECS["stone_dead"] = Spec(
    slots=(target_slot("los", creatures=False), ENERGY_SLOT),
    resolve=stone_dead,
    reach="los",
    uses_energy=True,
)


def _add_options(s: WizWarState, frame: JSON, name: str) -> Options:
    seat = frame["seat"]
    used = set(frame["values"].values())
    cards = [c for c in s.wizards[seat].hand if c != frame["card"] and CARDS[c].ev > 0]
    if len(cards) < 2:
        return []
    return [
        (f"{name}:card={c}", f"Add {CARDS[c].title} (E {s.energy_of(seat, c)})", c)
        for c in cards
        if c not in used
    ]


def add(s: WizWarState, cast: JSON) -> None:
    """Two energy cards (Powerstone counted per card) become E of the next spell this turn."""
    seat = cast["seat"]
    s.wizards[seat].add_energy = sum(s.energy_of(seat, c) for c in cast["energy"])


SPECS["add"] = Spec(
    slots=(
        Slot("energy1", lambda s, f: _add_options(s, f, "energy1")),
        Slot("energy2", lambda s, f: _add_options(s, f, "energy2")),
    ),
    resolve=add,
)


def _empty_squares_in_sight(s: WizWarState, frame: JSON) -> Options:
    return _options(
        s,
        "target",
        gather(
            frame,
            (
                B.square_name(sq)
                for sq in B.SQUARES
                if s.empty_square(sq) and in_range(s, frame, sq, "los")
            ),
        ),
    )


def homunculus(s: WizWarState, cast: JSON) -> None:
    """Creates the Homunculus creature (a Creation: no summoning damage, no roll)."""
    if "homunculus" in s.creatures:
        return
    sq = B.parse_square(cast["values"]["target"])
    s.create_creature("homunculus", cast["seat"], sq, cast["card"], CREATURES["homunculus"].life)
    place_spell(s, cast, "homunculus")


SPECS["homunculus"] = Spec(
    slots=(
        Slot(
            "target",
            lambda s, f: [] if "homunculus" in s.creatures else _empty_squares_in_sight(s, f),
        ),
    ),
    resolve=homunculus,
)


def boomstone(s: WizWarState, cast: JSON) -> None:
    hit_all(s, cast, [[value("boomstone", "damage"), MAG, "fire"]])


SPECS["boomstone"] = Spec(
    slots=(target_slot("los", objects=True),),
    resolve=boomstone,
    reach="los",
    attack=True,
    spell=False,
)


def null_powder_dispel(s: WizWarState, cast: JSON) -> None:
    end_or_weaken(s, int(cast["values"]["target"][5:]))


SPECS["null_powder:dispel"] = Spec(
    slots=(Slot("target", _spells_in_sight),), resolve=null_powder_dispel, attack=False, spell=False
)
SPECS["null_powder:counter"] = Spec(
    resolve=_cancel_it, cancels=True, spell=False, counter=counter_full_shield
)
SPECS["null_powder"] = SPECS["null_powder:dispel"]


def _solvent_targets(s: WizWarState, frame: JSON) -> Options:
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
    return _options(s, "target", tokens)


def universal_solvent(s: WizWarState, cast: JSON) -> None:
    """Not an attack: the target object, wall or door and the Solvent are destroyed."""
    destroy_target(s, cast["values"]["target"])


def destroy_target(s: WizWarState, target: str) -> None:
    """Destroy an object ("o7") or a wall or door (an edge name), whatever its cracks."""
    if target.startswith("o"):
        s.destroy_object(int(target[1:]))
    else:
        e = B.parse_edge(target)
        if e in s.walls or e in s.doors:
            s.destroy_edge(e)


SPECS["universal_solvent"] = Spec(
    slots=(Slot("target", _solvent_targets),),
    resolve=universal_solvent,
    attack=False,
    spell=False,
)


def fools_gold(s: WizWarState, cast: JSON) -> None:
    place_spell(s, cast, "")


SPECS["fools_gold"] = Spec(resolve=fools_gold)


def _tacks_squares(s: WizWarState, frame: JSON) -> Options:
    actor = frame["actor"]
    here = s.figure_sq(actor)
    squares = [sq for sq in s.adjacent_squares(actor) if sq == here or s.empty_square(sq)]
    return _options(s, "target", [B.square_name(sq) for sq in squares])


def handful_of_tacks(s: WizWarState, cast: JSON) -> None:
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


# ====================================================================================
# Conjuring (§10.3)
# ====================================================================================
def shield(s: WizWarState, ct: JSON) -> None:
    """Reduce that single source's damage to you by E+2."""
    target = _against(s, ct)
    me = wizard_of(ct)
    target["reduce"][me] = target["reduce"].get(me, 0) + ct["E"] + value("shield", "reduce")


SPECS["shield"] = Spec(
    slots=(ENERGY_SLOT,),
    resolve=shield,
    uses_energy=True,
    counter=lambda s, seat, c: _attacked(s, seat, c),
)


def _earth_edges(s: WizWarState, seat: int, cast: JSON) -> list[int]:
    """Empty edges on the attack's line to one of the counter-caster's figures that he sees
    (LOS to a bordering square) [assumed model]."""
    if not cast.get("attack") or not (
        cast.get("reach", "").startswith("los") or cast.get("reach") == "adj"
    ):
        return []
    me = f"w{seat}"
    origin = cast.get("origin", -1)
    edges = []
    for t in _own_in_targets(s, seat, cast):
        sq = s.figure_sq(t)
        if origin < 0 or sq == origin:
            continue
        trace = B.trace_squares(origin, sq)
        crossed = list(trace.edges)
        direct = B.edge_between(origin, sq)
        if direct >= 0:
            crossed.append(direct)
        for e in crossed:
            if s.empty_edge(e) and any(s.sees(me, x) for x in B.edge_squares(e)):
                edges.append(e)
    return edges


SPECS["wall_of_earth"] = Spec(
    resolve=lambda s, ct: cancel(s, _against(s, ct)),
    cancels=True,
    counter=lambda s, seat, c: bool(_earth_edges(s, seat, c)),
)


def ward(s: WizWarState, ct: JSON) -> None:
    """The picker suffers 3 mag (not an attack) and rolls d4: on 1-2 he drops it."""
    pickup = _against(s, ct)
    picker = pickup["actor"]
    s.then(
        "suffer_damage",
        target=picker,
        packets=[[value("ward", "damage"), MAG, ""]],
        attack=False,
        source="",
        source_sq=-1,
    )
    s.then("ward_roll", picker=picker, treasure=pickup["treasure"])


@step
def ward_roll(s: WizWarState, picker: str, treasure: int) -> None:
    if not s.figure_alive(picker):
        return
    roll = die_roll(s.rng)
    s.log_event(f"Ward: d4={roll}")
    if roll in WARD_DROPS and s.carried_treasure(picker) == treasure:
        s.drop_carried_treasure(picker)


SPECS["ward"] = Spec(resolve=ward, counter=lambda s, seat, c: c.get("key") == "pickup")


def _dart_count(s: WizWarState, frame: JSON) -> int:
    return energy_value(s, frame)


def _dart_targets(s: WizWarState, cast: JSON) -> None:
    for token in cast["values"].get("targets", []):
        bucket = cast["targets"] if is_figure(token) else cast["objects"]
        if token not in bucket:
            bucket.append(token)


def fire_darts(s: WizWarState, cast: JSON) -> None:
    """E darts, each 1 mag·fire to its chosen target, each a separate source."""
    hit = set(s.hits(cast))
    immune = cast.get("immune", [])
    for token in cast["values"].get("targets", []):
        if is_figure(token) and (token not in hit or token in immune):
            continue
        if not is_figure(token) and not _object_exists(s, token):
            continue
        s.damage(cast, token, [[value("fire_darts", "damage"), MAG, "fire"]])


_dart_slot = target_slot("los", objects=True, name="targets")
SPECS["fire_darts"] = Spec(
    slots=(ENERGY_SLOT, Slot("targets", _dart_slot.options, count=_dart_count)),
    resolve=fire_darts,
    reach="los",
    uses_energy=True,
    targets=_dart_targets,
    deep=True,
)


def ka_bong(s: WizWarState, cast: JSON) -> None:
    """4 phys; a W/C that loses at least 1 life gets 1 stun token."""
    hit_all(s, cast, [[value("ka_bong", "damage"), PHYS, ""]])
    s.then("stun_if_lost", cast=cast["id"], tokens=1)


@step
def stun_if_lost(s: WizWarState, cast: int, tokens: int) -> None:
    c = s.casts.get(cast)
    if c is None:
        return
    for token, lost in c["lost"].items():
        if lost >= 1 and s.figure_alive(token):
            s.then("stun", target=token, tokens=tokens)


SPECS["ka_bong"] = Spec(slots=(target_slot("los", objects=True),), resolve=ka_bong, reach="los")


def swap(s: WizWarState, cast: JSON) -> None:
    """Exchange squares with the target; you cannot move again this turn."""
    me, target = cast["actor"], cast["values"]["target"]
    if not s.hits(cast):
        return
    a, b = s.figure_sq(me), s.figure_sq(target)
    s.relocate(me, b)
    s.relocate(target, a)
    _moved_by_own_spell(s, cast)
    s.wizards[cast["seat"]].no_move = True
    s.then("enter", token=me, sq=b, paid=False)
    s.then("enter", token=target, sq=a, paid=False)


def _moved_by_own_spell(s: WizWarState, cast: JSON) -> None:
    w = s.wizards[cast["seat"]]
    w.moved = True
    if w.stunned and not w.stun_mode:
        w.stun_mode = "move"


SPECS["swap"] = Spec(slots=(target_slot("los", own=True, attack=False),), resolve=swap, reach="los")


def _booby_squares(s: WizWarState, frame: JSON) -> Options:
    chosen = frame["values"].get("targets", [])
    return _options(
        s,
        "target",
        [
            B.square_name(sq)
            for sq in B.SQUARES
            if s.empty_square(sq) and B.square_name(sq) not in chosen
        ],
    )


def _live_token(s: WizWarState, frame: JSON) -> Options:
    return [
        (f"live:{i + 1}", f"The token on {sq} is the live one (secret)", i)
        for i, sq in enumerate(frame["values"]["targets"])
    ]


def booby_trap(s: WizWarState, cast: JSON) -> None:
    """Four face-down tokens, one live; only the caster knows which."""
    for i, token in enumerate(cast["values"]["targets"]):
        sq = B.parse_square(token)
        if s.empty_square(sq):
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


def _door_places(s: WizWarState, frame: JSON) -> Options:
    edges = gather(
        frame,
        (
            B.edge_name(e)
            for e in B.ALL_EDGES
            if (s.empty_edge(e) or (e in s.walls and e not in s.created_walls))
            and e not in s.fire_walls
            and edge_in_range(s, frame, e, "los")
        ),
    )
    return _options(s, "target", edges)


def create_door(s: WizWarState, cast: JSON) -> None:
    """A door of your colour on a stone wall or an empty edge."""

    e = B.parse_edge(cast["values"]["target"])
    if e in s.doors or e in s.fire_walls or e in s.created_walls:
        return
    old = s.walls.pop(e, -1)
    s.doors[e] = Door(s.wizards[cast["seat"]].colour, card=cast["card"], wall_cracks=old)
    s._memo = {}
    place_spell(s, cast, B.edge_name(e))


SPECS["create_door"] = Spec(slots=(Slot("target", _door_places),), resolve=create_door)


def _object_spell(kind: str) -> Callable[[WizWarState, JSON], None]:
    def create(s: WizWarState, cast: JSON) -> None:
        sq = B.parse_square(cast["values"]["target"])
        if not s.empty_square(sq):
            return
        oid = add_object(s, kind, sq, cast)
        place_spell(s, cast, f"o{oid}")

    return create


SPECS["dust_cloud"] = Spec(
    slots=(Slot("target", _empty_squares_in_sight),), resolve=_object_spell("dust_cloud")
)
SPECS["rosebush"] = Spec(
    slots=(Slot("target", _empty_squares_in_sight),), resolve=_object_spell("rosebush")
)
SPECS["thornbush"] = Spec(
    slots=(Slot("target", _empty_squares_in_sight),), resolve=_object_spell("thornbush")
)
SPECS["stone_block"] = Spec(
    slots=(Slot("target", _empty_squares_in_sight),), resolve=_object_spell("stone_block")
)


def _loose_things(s: WizWarState, frame: JSON) -> Options:
    tokens = [f"item{c}" for c, sq in s.floor.items() if in_range(s, frame, sq, "los")]
    tokens += [
        f"t{t.id}"
        for t in s.treasures
        if t.sq >= 0 and not t.carrier and not t.scored and in_range(s, frame, t.sq, "los")
    ]
    return _options(s, "target", tokens)


def glue(s: WizWarState, cast: JSON) -> None:
    """The item marker or treasure cannot be picked up or moved."""
    place_spell(s, cast, cast["values"]["target"])


SPECS["glue"] = Spec(
    slots=(Slot("target", _loose_things),), resolve=glue, targets=lambda s, c: None
)


# ====================================================================================
# Elemental (§10.4)
# ====================================================================================
SPECS["fireball"] = Spec(
    slots=(target_slot("los", objects=True),),
    resolve=damage_spell(lambda s, c: value("fireball", "damage"), MAG, "fire"),
    reach="los",
)


def _bolt_targets(s: WizWarState, cast: JSON) -> None:
    """The bolt makes E steps from the caster's square; a blocked step reverses it and
    re-enters the current square; it never wraps. Figures in entered squares are targets."""
    actor = cast["actor"]
    here = s.figure_sq(actor)
    sq, d = here, cast["values"]["dir"]
    entries = []
    for _ in range(cast["E"]):
        n = B.NEIGHBOURS[sq][d]
        if (
            n is None
            or n.edge == B.WRAP
            or s.edge_blocks(n.edge, actor, here)
            or s.objects_at(n.square, "stone_block")
        ):
            d = B.OPPOSITE[d]
        else:
            sq = n.square
        entries.append(sq)
    cast["area"] = entries
    cast["where"] = {}
    for f in s.figures():
        if s.figure_sq(f) in entries and s.form(f) != "mist_body":
            cast["targets"].append(f)
            cast["where"][f] = s.figure_sq(f)


def lightning_bolt(s: WizWarState, cast: JSON) -> None:
    """3 mag·lightning per entry to each W/C in an entered square, and 1 stun if damaged."""
    hit = s.hits(cast)
    for sq in cast["area"]:
        for token in hit:
            if cast["where"].get(token) == sq:
                s.damage(cast, token, [[LIGHTNING_DAMAGE_PER_ENTRY, MAG, "lightning"]])
    s.then("stun_if_lost", cast=cast["id"], tokens=value("lightning_bolt", "stun"))


SPECS["lightning_bolt"] = Spec(
    slots=(ENERGY_SLOT, Slot("dir", direction_options)),
    resolve=lightning_bolt,
    reach="area",
    uses_energy=True,
    targets=_bolt_targets,
)


def _waterbolt_targets(s: WizWarState, frame: JSON) -> Options:
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
    return _options(s, "target", tokens)


def _split_options(s: WizWarState, frame: JSON) -> Options:
    e = energy_value(s, frame)
    return [
        (f"split:{d}", f"{d} damage, {e - d} squares of knock-back", d) for d in range(e, -1, -1)
    ]


def _knocks_back(s: WizWarState, frame: JSON) -> bool:
    target = frame["values"].get("target", "")
    return is_figure(target) and target != frame["actor"]


def waterbolt(s: WizWarState, cast: JSON) -> None:
    """Split E between mag·water damage and knock-back (directly away from the caster); ends
    Acid Bath on the target; destroys a targeted Fire object (Wall of Fire) or tacks."""
    target = cast["values"]["target"]
    e = cast["E"]
    dmg = cast["values"].get("split", e)
    if is_figure(target):
        if target not in s.hits(cast):
            return
        for sp in s.spells_on(target):
            if CARDS[sp.card].key == "acid_bath":
                s.end_spell(sp.card)
        s.damage(cast, target, [[dmg, MAG, "water"]])
        if target != cast["actor"] and e - dmg > 0:
            s.then(
                "push_away",
                token=target,
                origin=s.figure_sq(cast["actor"]),
                count=e - dmg,
                chooser=cast["seat"],
            )
        return
    if (
        target.startswith("o")
        and int(target[1:]) in s.objects
        and s.objects[int(target[1:])].kind == "tacks"
    ):
        s.destroy_object(int(target[1:]))
        return
    if not target.startswith("o"):
        edge = B.parse_edge(target)
        if edge in s.fire_walls and edge not in s.walls and edge not in s.doors:
            s.end_spell(s.fire_walls[edge])
            return
    if _object_exists(s, target):
        s.damage(cast, target, [[dmg, MAG, "water"]])


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


def flood_effect(s: WizWarState) -> None:
    """End all Fire spells and Acid Baths; destroy all Fire items and objects and tacks."""
    for sp in list(s.spells.values()):
        if CARDS[sp.card].has("fire") or CARDS[sp.card].key == "acid_bath":
            s.end_spell(sp.card)
    for w in s.wizards:
        for c in list(w.items):
            if CARDS[c].has("fire"):
                w.items.remove(c)
                s.discard_card(c)
    for c in [c for c in s.floor if CARDS[c].has("fire")]:
        del s.floor[c]
        s.discard_card(c)
    for o in [o for o in s.objects.values() if o.kind == "tacks"]:
        s.destroy_object(o.id)


def flood(s: WizWarState, cast: JSON) -> None:
    flood_effect(s)
    place_spell(s, cast, "")


def flood_counter(s: WizWarState, ct: JSON) -> None:
    """Cast when attacked: a Fire attack spell is cancelled; Flood stays as a T spell."""
    target = _against(s, ct)
    if target["card"] >= 0 and CARDS[target["card"]].has("fire") and target.get("spell"):
        cancel(s, target, protect=[wizard_of(ct)])
    flood_effect(s)
    place_spell(s, ct, "")


SPECS["flood"] = Spec(resolve=flood)
SPECS["flood:counter"] = Spec(resolve=flood_counter, cancels=True, counter=_attacked)


def wall_of_fire(s: WizWarState, cast: JSON) -> None:
    """A fire barrier on an empty edge: crossing it costs 4 mag·fire; it blocks nothing."""
    e = B.parse_edge(cast["values"]["target"])
    if not s.empty_edge(e):
        return
    s.fire_walls[e] = cast["card"]
    s._memo = {}
    place_spell(s, cast, B.edge_name(e))


def wall_of_fire_counter(s: WizWarState, ct: JSON) -> None:
    """Mode B: cancel one Water spell as it is cast; both are discarded."""
    cancel(s, _against(s, ct))
    ct["keep"] = False


SPECS["wall_of_fire"] = Spec(slots=(Slot("target", _empty_edges),), resolve=wall_of_fire)
SPECS["wall_of_fire:counter"] = Spec(
    resolve=wall_of_fire_counter,
    cancels=True,
    counter=lambda s, seat, c: _spell_cast(c) and c["card"] >= 0 and CARDS[c["card"]].has("water"),
)


def global_spell(s: WizWarState, cast: JSON) -> None:
    place_spell(s, cast, "")


SPECS["fog"] = Spec(resolve=global_spell)


def self_spell(s: WizWarState, cast: JSON) -> None:
    place_spell(s, cast, wizard_of(cast))


def self_form(s: WizWarState, cast: JSON) -> None:
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


def _windrider_steps(s: WizWarState, frame: JSON) -> Options:
    """Up to E squares straight, never across walls, doors, objects or figures."""
    actor = frame["actor"]
    sq, d = s.figure_sq(actor), frame["values"]["dir"]
    reach = 0
    for _ in range(energy_value(s, frame)):
        n = B.NEIGHBOURS[sq][d]
        if n is None or n.edge == B.WRAP or n.edge in s.walls or n.edge in s.doors:
            break
        if s.objects_at(n.square) or s.figures_at(n.square):
            break
        sq = n.square
        reach += 1
    return [(f"steps:{k}", f"Ride {k} squares", k) for k in range(reach + 1)]


def windrider(s: WizWarState, cast: JSON) -> None:
    me, d, k = cast["actor"], cast["values"]["dir"], cast["values"]["steps"]
    sq = s.figure_sq(me)
    for _ in range(k):
        n = B.NEIGHBOURS[sq][d]
        if (
            n is None
            or n.edge in s.walls
            or n.edge in s.doors
            or s.objects_at(n.square)
            or s.figures_at(n.square)
        ):
            break
        sq = n.square
    if sq != s.figure_sq(me):
        s.relocate(me, sq)
        _moved_by_own_spell(s, cast)
        s.then("enter", token=me, sq=sq, paid=False)


SPECS["windrider"] = Spec(
    slots=(ENERGY_SLOT, Slot("dir", direction_options), Slot("steps", _windrider_steps)),
    resolve=windrider,
    uses_energy=True,
)


# ====================================================================================
# Mentalism (§10.5)
# ====================================================================================
def absorb_spell(s: WizWarState, ct: JSON) -> None:
    """Cancel it and put that card in your hand; its energy cards stay discarded."""
    target = _against(s, ct)
    cancel(s, target)
    c = target["card"]
    if c in s.pending:
        s.pending.remove(c)
        s.wizards[ct["seat"]].hand.append(c)
        target["absorbed"] = True
        s.log_event(f"{s.name_of(wizard_of(ct))} absorbs {CARDS[c].title}")


SPECS["absorb_spell"] = Spec(
    resolve=absorb_spell, cancels=True, counter=lambda s, seat, c: _spell_cast(c)
)


def brain_burn(s: WizWarState, cast: JSON) -> None:
    """The target may first discard cards or end spells; then suffers mag = hand cards +
    maintained spells (items excluded)."""
    for t in s.hits(cast):
        s.then("brain_burn_choice", cast=cast["id"], target=t)


@step
def brain_burn_choice(s: WizWarState, cast: int, target: str) -> None:
    if not s.figure_alive(target):
        return
    seat = int(target[1])
    w = s.wizards[seat]
    options = [
        (
            f"discard:card={c}",
            f"Discard {CARDS[c].title} first",
            "brain_burn_shed",
            {"cast": cast, "target": target, "card": c},
        )
        for c in w.hand
    ]
    options += [
        (
            f"end_spell:card={c}",
            f"End your {CARDS[c].title} first",
            "brain_burn_shed",
            {"cast": cast, "target": target, "card": c},
        )
        for c, sp in s.spells.items()
        if sp.caster == seat
    ]
    options.append(
        ("done", "Suffer the Brain Burn now", "brain_burn_hit", {"cast": cast, "target": target})
    )
    s.push_choice(seat, "brain_burn", options)


@step
def brain_burn_shed(s: WizWarState, cast: int, target: str, card: int) -> None:
    w = s.wizards[int(target[1])]
    if card in w.hand:
        w.hand.remove(card)
        s.discard_card(card)
    else:
        s.end_spell(card)
    s.then("brain_burn_choice", cast=cast, target=target)


@step
def brain_burn_hit(s: WizWarState, cast: int, target: str) -> None:
    seat = int(target[1])
    amount = len(s.wizards[seat].hand) + sum(1 for sp in s.spells.values() if sp.caster == seat)
    c = s.casts.get(cast)
    s.damage(c, target, [[amount, MAG, ""]])


SPECS["brain_burn"] = Spec(
    slots=(target_slot("los", creatures=False),), resolve=brain_burn, reach="los"
)


def mental_force(s: WizWarState, cast: JSON) -> None:
    """You move the target up to E+3 legal steps (its own door permissions)."""
    for t in s.hits(cast):
        s.then(
            "lead",
            target=t,
            steps=cast["E"] + value("mental_force", "steps"),
            chooser=cast["seat"],
            toward=-1,
        )


@step
def lead(s: WizWarState, target: str, steps: int, chooser: int, toward: int) -> None:
    """Move a figure one chosen legal step at a time (Mental Force; Siren Song: each step
    must bring it one closer, by walking distance, to `toward`)."""
    if steps <= 0 or not s.figure_alive(target):
        return
    here = s.figure_sq(target)
    ways = []
    for d in range(4):
        n = s.can_step(target, d, pushes=False)
        if n is None:
            continue
        if toward >= 0:
            now = s.walking_distance(target, here, toward, 40)
            then = s.walking_distance(target, n.square, toward, 40)
            if now < 0 or then != now - 1:
                continue
        ways.append(d)
    if not ways:
        return
    options = [
        (
            f"move:{B.DIRS[d]}",
            f"Move {s.name_of(target)} {B.DIRS[d]}",
            "lead_step",
            {"target": target, "d": d, "steps": steps, "chooser": chooser, "toward": toward},
        )
        for d in ways
    ]
    options.append(("stop", "Stop moving it", "noop", {}))
    s.push_choice(chooser, "lead", options)


@step
def lead_step(s: WizWarState, target: str, d: int, steps: int, chooser: int, toward: int) -> None:
    s.then("shove", token=target, d=d)
    s.then("lead", target=target, steps=steps - 1, chooser=chooser, toward=toward)


SPECS["mental_force"] = Spec(
    slots=(target_slot("los"), ENERGY_SLOT), resolve=mental_force, reach="los", uses_energy=True
)
SPECS["powerthrust"] = Spec(
    slots=(target_slot("los", objects=True), ENERGY_SLOT),
    resolve=damage_spell(lambda s, c: c["E"] + value("powerthrust", "damage")),
    reach="los",
    uses_energy=True,
)


def _squares_in_sight(s: WizWarState, frame: JSON) -> Options:
    return _options(
        s,
        "target",
        gather(frame, (B.square_name(sq) for sq in B.SQUARES if in_range(s, frame, sq, "los"))),
    )


def _storm_targets(s: WizWarState, cast: JSON) -> None:
    """The square and its four orthogonal neighbours, through walls, never wrapping."""
    centre = B.parse_square(cast["values"]["target"])
    r, c = B.row_col(centre)
    area = [centre] + [
        B.square(r + dr, c + dc)
        for dr, dc in B.DELTA
        if 0 <= r + dr < B.SIZE and 0 <= c + dc < B.SIZE
    ]
    cast["area"] = area
    cast["targets"] = [
        f for f in s.figures() if s.figure_sq(f) in area and s.form(f) != "mist_body"
    ]


def psychic_storm(s: WizWarState, cast: JSON) -> None:
    for t in s.hits(cast):
        s.damage(cast, t, [[cast["E"], MAG, ""]])


SPECS["psychic_storm"] = Spec(
    slots=(Slot("target", _squares_in_sight), ENERGY_SLOT),
    resolve=psychic_storm,
    reach="area",
    unevadable=True,
    uses_energy=True,
    targets=_storm_targets,
)


def share_life(s: WizWarState, cast: JSON) -> None:
    """Both lives totalled and split evenly; the caster gets the odd point (cap 20)."""

    me = cast["actor"]
    for t in s.hits(cast):
        mine = s.wizards[int(me[1])] if is_wizard(me) else s.creatures[me]
        theirs = s.wizards[int(t[1])]
        total = mine.life + theirs.life
        cap = MAX_LIFE if is_wizard(me) else CREATURE_LIFE_CAP
        mine.life = min(cap, total - total // 2)
        theirs.life = total // 2
        s.log_event(f"Share Life: {s.name_of(me)} {mine.life}, {s.name_of(t)} {theirs.life}")


SPECS["share_life"] = Spec(
    slots=(target_slot("los", creatures=False),), resolve=share_life, reach="los"
)


def thought_steal(s: WizWarState, cast: JSON) -> None:
    """See the target's hand, take up to 2 cards, then discard down to your hand size."""
    for t in s.hits(cast):
        s.then(
            "steal_choice",
            cast=cast["id"],
            target=t,
            left=value("thought_steal", "take"),
            thief=cast["seat"],
        )
        s.then("enforce_hand_limit", seat=cast["seat"])


@step
def steal_choice(s: WizWarState, cast: int, target: str, left: int, thief: int) -> None:
    victim = s.wizards[int(target[1])]
    if left <= 0 or not victim.hand or not s.wizards[thief].alive:
        return
    options = [
        (
            f"take:card={c}",
            f"Take {CARDS[c].title}",
            "steal_card",
            {"cast": cast, "target": target, "left": left, "thief": thief, "card": c},
        )
        for c in victim.hand
    ]
    options.append(("done", "Take no more", "noop", {}))
    s.push_choice(thief, "thought_steal", options, secret=True, info={"seen": target})


@step
def steal_card(s: WizWarState, cast: int, target: str, left: int, thief: int, card: int) -> None:
    victim = s.wizards[int(target[1])]
    if card in victim.hand:
        victim.hand.remove(card)
        s.wizards[thief].hand.append(card)
    s.then("steal_choice", cast=cast, target=target, left=left - 1, thief=thief)


SPECS["thought_steal"] = Spec(
    slots=(target_slot("los", creatures=False),), resolve=thought_steal, reach="los"
)

SPECS["pain_link"] = Spec(resolve=self_spell)
SPECS["pain_link:counter"] = Spec(resolve=self_spell, counter=_attacked)


def _teleport_squares(s: WizWarState, frame: JSON) -> Options:
    """Up to 4 orthogonal steps ignoring walls, doors and objects, not ending on a square a
    figure could not enter (Stone Block, another's Big Man)."""
    actor = frame["actor"]
    here = s.figure_sq(actor)
    out = []
    for sq in B.SQUARES:
        if sq == here or B.manhattan(here, sq) > TELEPORT_STEPS or s.objects_at(sq, "stone_block"):
            continue
        if any(s.form(f) == "big_man_form" for f in s.figures_at(sq)):
            continue
        out.append(B.square_name(sq))
    return _options(s, "target", out)


def teleport(s: WizWarState, cast: JSON) -> None:
    me = cast["actor"]
    sq = B.parse_square(cast["values"]["target"])
    s.relocate(me, sq)
    _moved_by_own_spell(s, cast)
    s.wizards[cast["seat"]].no_move = True
    s.then("enter", token=me, sq=sq, paid=False)


def teleport_counter(s: WizWarState, ct: JSON) -> None:
    """As a counter: if the attacker then lacks LOS or range, the attack is evaded."""
    teleport(s, ct)
    _against(s, ct)["teleported"].append(wizard_of(ct))


SPECS["teleport"] = Spec(
    slots=(Slot("target", _teleport_squares),), resolve=teleport, targets=lambda s, c: None
)
SPECS["teleport:counter"] = Spec(
    slots=(Slot("target", _teleport_squares),),
    resolve=teleport_counter,
    counter=_attacked,
    targets=lambda s, c: None,
)


def _projection_squares(s: WizWarState, frame: JSON) -> Options:
    here = s.figure_sq(frame["actor"])
    squares = [
        sq
        for sq in B.SQUARES
        if 0 < B.manhattan(here, sq) <= value("astral_projection", "steps") and s.empty_square(sq)
    ]
    return _options(s, "target", [B.square_name(sq) for sq in squares])


def astral_projection(s: WizWarState, cast: JSON) -> None:
    """Your next spell this turn is cast as if you stood there."""
    s.wizards[cast["seat"]].projection = B.parse_square(cast["values"]["target"])


SPECS["astral_projection"] = Spec(
    slots=(Slot("target", _projection_squares),),
    resolve=astral_projection,
    targets=lambda s, c: None,
)


def draw_then_trim(
    count: Callable[[WizWarState, JSON], int],
) -> Callable[[WizWarState, JSON], None]:
    def resolve_it(s: WizWarState, cast: JSON) -> None:
        for _ in range(count(s, cast)):
            s.draw_card(cast["seat"])
        s.then("enforce_hand_limit", seat=cast["seat"])

    return resolve_it


SPECS["meditate"] = Spec(resolve=draw_then_trim(lambda s, c: value("meditate", "draw")))
SPECS["shatter"] = Spec(resolve=self_spell)


# ====================================================================================
# Mutation (§10.6)
# ====================================================================================
SPECS["featherweight"] = Spec(resolve=self_spell, counter=_attacked)
SPECS["disease"] = Spec(resolve=self_spell, attack=True)


def _heave_targets(s: WizWarState, frame: JSON) -> Options:
    if s.wizards[frame["seat"]].treasure < 0:
        return []
    tokens = figure_targets(s, frame, "los") + object_targets(s, frame, "los")
    tokens += [
        B.square_name(sq)
        for sq in B.SQUARES
        if s.empty_square(sq) and in_range(s, frame, sq, "los")
    ]
    return _options(s, "target", tokens)


def heave_ho(s: WizWarState, cast: JSON) -> None:
    """Throw your treasure: phys = walking distance to the target square; it lands there."""
    me = cast["actor"]
    target = cast["values"]["target"]
    land = _land_square(s, cast, target)
    distance = max(0, s.walking_distance(me, s.figure_sq(me), land))
    tid = s.carried_treasure(me)
    if tid >= 0:
        s.treasures[tid].sq, s.treasures[tid].carrier = land, ""
        s._set_carried_treasure(me, -1)
        s._memo = {}
    if is_figure(target):
        if target in s.hits(cast):
            s.damage(cast, target, [[distance, PHYS, ""]])
    elif not (target.startswith("r") and target[-1].isdigit()) and _object_exists(s, target):
        s.damage(cast, target, [[distance, PHYS, ""]])


SPECS["heave_ho"] = Spec(
    slots=(Slot("target", _heave_targets),),
    resolve=heave_ho,
    reach="los",
    targets=lambda s, c: _heave_fix(s, c),
)


def _heave_fix(s: WizWarState, cast: JSON) -> None:
    target = cast["values"]["target"]
    if is_figure(target):
        cast["targets"].append(target)


def creature_form(s: WizWarState, cast: JSON) -> None:
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
SPECS["gnome_form:counter"] = Spec(resolve=self_form, counter=_attacked)


def _stretch_pickups(s: WizWarState, frame: JSON) -> Options:
    seat = frame["seat"]
    w = s.wizards[seat]
    if s.spell_in_play("gravity"):
        return []
    tokens = []
    if w.mp >= 1:
        tokens += [
            f"item{c}"
            for c, sq in s.floor.items()
            if s.can_pick_item(seat, c) and in_range(s, frame, sq, "los")
        ]
    if not s.slot_full(seat) and not w.no_treasure:
        tokens += [
            f"t{t.id}"
            for t in s.treasures
            if t.sq >= 0
            and not t.carrier
            and not t.scored
            and s.can_take_treasure(w.token, t.id)
            and in_range(s, frame, t.sq, "los")
        ]
    return _options(s, "target", tokens)


def stretch_pick_up(s: WizWarState, cast: JSON) -> None:
    """Pick up an item or treasure in LOS (the usual MP and turn-end rules)."""
    seat = cast["seat"]
    target = cast["values"]["target"]
    if target.startswith("item"):
        c = int(target[4:])
        if c in s.floor and s.can_pick_item(seat, c) and s.wizards[seat].mp >= 1:
            s.wizards[seat].mp -= 1
            s.pick_up_item(seat, c)
    else:
        ends = s.form(f"w{seat}") not in ("golem_form", "extra_arms")
        s.then("take_treasure", token=f"w{seat}", tid=int(target[1:]), ends=ends)


def _stretch_things(s: WizWarState, frame: JSON) -> Options:
    w = s.wizards[frame["seat"]]
    things = [f"item{c}" for c in w.items] + ([f"t{w.treasure}"] if w.treasure >= 0 else [])
    return _options(s, "thing", things)


def stretch_drop(s: WizWarState, cast: JSON) -> None:
    """Drop a carried item or treasure into any square in LOS."""
    seat = cast["seat"]
    w = s.wizards[seat]
    thing = cast["values"]["thing"]
    sq = B.parse_square(cast["values"]["target"])
    if thing.startswith("t") and w.treasure == int(thing[1:]):
        s.drop_carried_treasure(w.token)
        s.treasures[int(thing[1:])].sq = sq
    elif thing.startswith("item") and int(thing[4:]) in w.items:
        s.drop_item(seat, int(thing[4:]))
        s.floor[int(thing[4:])] = sq
    s._memo = {}


def punch_resolve(s: WizWarState, cast: JSON) -> None:
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


def adrenaline(s: WizWarState, cast: JSON) -> None:
    place_spell(s, cast, cast["values"]["target"])


SPECS["adrenaline"] = Spec(
    slots=(
        Slot(
            "target",
            lambda s, f: _options(
                s, "target", [f["actor"], *figure_targets(s, f, "los", own=True, attack=False)]
            ),
        ),
    ),
    resolve=adrenaline,
    targets=lambda s, c: None,
)


def _dash_targets(s: WizWarState, frame: JSON) -> Options:
    options = self_or_creature(s, frame)
    return [o for o in options if is_wizard(o[2]) or not s.creatures[o[2]].activated]


def mad_dash(s: WizWarState, cast: JSON) -> None:
    """Double the remaining MP (a creature: its activation's MP later this turn); it drops
    any treasure and picks none up for the rest of the turn."""
    target = cast["values"]["target"]
    if not s.figure_alive(target):
        return
    s.drop_carried_treasure(target)
    if is_wizard(target):
        w = s.wizards[int(target[1])]
        w.mp *= 2
        w.no_treasure = True
    else:
        s.creatures[target].mad_dash = True


SPECS["mad_dash"] = Spec(
    slots=(Slot("target", _dash_targets),), resolve=mad_dash, targets=lambda s, c: None
)


def strength(s: WizWarState, cast: JSON) -> None:
    place_spell(s, cast, cast["values"]["target"])


SPECS["strength"] = Spec(
    slots=(Slot("target", self_or_creature),), resolve=strength, targets=lambda s, c: None
)


def _tear_things(s: WizWarState, frame: JSON) -> Options:
    """A treasure or carried item of a W/C in your square (not a treasure if you carry one)."""
    actor = frame["actor"]
    seat = frame["seat"]
    here = s.figure_sq(actor)
    mine = s.carried_treasure(actor) >= 0 or (is_wizard(actor) and s.slot_full(seat))
    things = []
    for f in s.figures_at(here):
        if f == actor or s.untargetable(f) or s.controller(f) == seat:
            continue
        tid = s.carried_treasure(f)
        if tid >= 0 and not mine:
            things.append(f"t{tid}")
        if is_wizard(f):
            things += [f"item{c}" for c in s.wizards[int(f[1])].items]
    return _options(s, "thing", things)


def _tear_fix(s: WizWarState, cast: JSON) -> None:
    thing = cast["values"]["thing"]
    cast["targets"].append(_holder(s, thing))


def _holder(s: WizWarState, thing: str) -> str:
    if thing.startswith("t"):
        return s.treasures[int(thing[1:])].carrier
    c = int(thing[4:])
    return next(w.token for w in s.wizards if c in w.items)


def tear(s: WizWarState, cast: JSON) -> None:
    """Strength: try to tear it away, d4 2-4 succeeds; a creature drops it at once."""
    thing = cast["values"]["thing"]
    if not s.hits(cast):
        return
    roll = die_roll(s.rng)
    s.log_event(f"Tear: d4={roll}")
    if roll not in STRENGTH_TEAR_SUCCEEDS:
        return
    actor = cast["actor"]
    if thing.startswith("t"):
        tid = int(thing[1:])
        if s.treasures[tid].carrier:
            s.give_treasure(actor, tid)
        return
    c = int(thing[4:])
    owner = next((w for w in s.wizards if c in w.items), None)
    if owner is None:
        return
    owner.items.remove(c)
    s.lose_item(owner.seat, c)
    if is_wizard(actor):
        s.gain_item(int(actor[1]), c)
    else:
        s.floor[c] = s.figure_sq(actor)
        s._memo = {}


SPECS["tear"] = Spec(
    slots=(Slot("thing", _tear_things),),
    resolve=tear,
    reach="own",
    attack=True,
    spell=False,
    targets=_tear_fix,
)


def _own_walls(s: WizWarState, frame: JSON) -> Options:
    here = s.figure_sq(frame["actor"])
    edges = [n.edge for n in B.NEIGHBOURS[here] if n is not None and n.edge in s.walls]
    return _options(s, "target", [B.edge_name(e) for e in edges])


def wallivore(s: WizWarState, cast: JSON) -> None:
    """Eat a stone wall on an edge of your square; gain 2 life."""
    e = B.parse_edge(cast["values"]["target"])
    if e in s.walls:
        s.destroy_edge(e)
        s.heal(cast["actor"], value("wallivore", "heal"))


SPECS["wallivore"] = Spec(
    slots=(Slot("target", _own_walls),), resolve=wallivore, targets=lambda s, c: None
)


# ====================================================================================
# Thaumaturgy (§10.7)
# ====================================================================================
def anti_anti(s: WizWarState, ct: JSON) -> None:
    """Cancel the counter aimed at your spell; Anti-Anti cannot be cancelled."""
    cancel(s, _against(s, ct))


SPECS["anti_anti"] = Spec(resolve=anti_anti, counter=lambda s, seat, c: True)


def backlash(s: WizWarState, ct: JSON) -> None:
    """Cancel it; its caster suffers mag = that spell's E (not an attack)."""
    target = _against(s, ct)
    cancel(s, target, protect=[wizard_of(ct)])
    if target["E"] > 0 and s.figure_alive(target["actor"]):
        s.then(
            "suffer_damage",
            target=target["actor"],
            packets=[[target["E"], MAG, ""]],
            attack=False,
            source="",
            source_sq=-1,
        )


SPECS["backlash"] = Spec(
    resolve=backlash,
    cancels=True,
    counter=lambda s, seat, c: _spell_cast(c) and bool(c.get("attack")) and _targets_me(seat, c),
)
SPECS["globe_of_pain"] = Spec(
    slots=(target_slot(f"path{value('globe_of_pain', 'path')}"), ENERGY_SLOT),
    resolve=damage_spell(lambda s, c: c["E"]),
    reach="path",
    uses_energy=True,
)


def slow_death(s: WizWarState, cast: JSON) -> None:
    """A curse: 1 mag (not an attack) per card the target draws; he is never forced to draw."""
    hit = s.hits(cast)
    if hit:
        place_spell(s, cast, hit[0])


SPECS["slow_death"] = Spec(
    slots=(target_slot("los", creatures=False),), resolve=slow_death, reach="los"
)


def _yoink_victims(s: WizWarState, frame: JSON) -> Options:
    options = target_slot("los", creatures=False).options(s, frame)
    return [o for o in options if any(CARDS[c].kind == ITEM for c in s.wizards[int(o[2][1])].items)]


def _yoink_things(s: WizWarState, frame: JSON) -> Options:
    w = s.wizards[int(frame["values"]["target"][1])]
    return _options(s, "thing", [f"item{c}" for c in w.items if CARDS[c].kind == ITEM])


def yoink(s: WizWarState, cast: JSON) -> None:
    """Take one carried item (not a treasure or relic): you now carry it."""
    c = int(cast["values"]["thing"][4:])
    for t in s.hits(cast):
        victim = s.wizards[int(t[1])]
        if c not in victim.items:
            continue
        victim.items.remove(c)
        s.lose_item(victim.seat, c)
        if is_wizard(cast["actor"]):
            s.gain_item(cast["seat"], c)
        else:
            s.floor[c] = s.figure_sq(cast["actor"])
            s._memo = {}


SPECS["yoink"] = Spec(
    slots=(Slot("target", _yoink_victims), Slot("thing", _yoink_things)), resolve=yoink, reach="los"
)
SPECS["invisible"] = Spec(resolve=self_spell)
SPECS["invisible:counter"] = Spec(resolve=self_spell, counter=_attacked)


def gravity(s: WizWarState, cast: JSON) -> None:
    """Every figure drops everything it carries; nobody picks anything up while it lasts."""
    for w in s.wizards:
        if not w.alive:
            continue
        for c in list(w.items):
            s.drop_item(w.seat, c)
        s.drop_carried_treasure(w.token)
    if "boggart" in s.creatures:
        s.drop_carried_treasure("boggart")
    place_spell(s, cast, "")


SPECS["gravity"] = Spec(resolve=gravity)


def _own_edges(s: WizWarState, frame: JSON) -> Options:
    here = s.figure_sq(frame["actor"])
    edges = [
        n.edge
        for n in B.NEIGHBOURS[here]
        if n is not None and (n.edge in s.walls or n.edge in s.doors)
    ]
    return _options(s, "target", [B.edge_name(e) for e in edges])


def pass_through(s: WizWarState, cast: JSON) -> None:
    """Your next step this turn may cross that edge (1 MP)."""
    s.wizards[cast["seat"]].pass_edges.append(B.parse_edge(cast["values"]["target"]))
    s._memo = {}


SPECS["pass_through_wall"] = Spec(
    slots=(Slot("target", _own_edges),), resolve=pass_through, targets=lambda s, c: None
)


def _any_doors(s: WizWarState, frame: JSON) -> Options:
    tokens = [
        B.edge_name(e)
        for e in sorted(s.doors)
        if not s.sealed(e) and edge_in_range(s, frame, e, "los")
    ]
    return _options(s, "target", tokens)


def seal_door(s: WizWarState, cast: JSON) -> None:
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
    slots=(Slot("target", _doors_in_sight),),
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


def _blade_energy(s: WizWarState, frame: JSON) -> Options:
    return [o for o in energy_options(s, frame) if o[2] >= 0]


def wizardblade(s: WizWarState, cast: JSON) -> None:
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


# ====================================================================================
# Mythology (§11.2)
# ====================================================================================
def _summon_creature(s: WizWarState, frame: JSON) -> Options:
    seat = frame["seat"]
    if not s.placements(seat):
        return []
    if frame["key"] == "summon":
        name = CARDS[frame["card"]].value("creature")
        names = [name] if name in s.summonable(seat) else []
    else:  # Planar Call: never names another player's hidden Specialization (§11.2)
        names = s.summonable(seat)
    return [(f"creature:{n}", f"Summon the {CREATURES[n].title}", n) for n in names]


def summon(s: WizWarState, cast: JSON) -> None:
    """§8.3: the card is in play, nobody countered: roll, suffer, place."""
    s.then("summon_roll", cast=cast["id"], creature=cast["values"]["creature"])


SPECS["summon"] = Spec(
    slots=(Slot("creature", _summon_creature),), resolve=summon, targets=lambda s, c: None
)
SPECS["planar_call"] = SPECS["summon"]


def _smash_targets(s: WizWarState, frame: JSON) -> Options:
    here = s.figure_sq(frame["actor"])
    tokens = [
        f"o{o.id}"
        for o in s.objects.values()
        if o.kind in ATTACKABLE and o.sq in s.adjacent_squares(frame["actor"])
    ]
    tokens += [
        B.edge_name(n.edge)
        for n in B.NEIGHBOURS[here]
        if n is not None and (n.edge in s.walls or n.edge in s.doors)
    ]
    return _options(s, "target", tokens)


def hammer_smash(s: WizWarState, cast: JSON) -> None:
    """Destroy a wall or door of your square, or an object beside you, whatever its cracks."""
    destroy_target(s, cast["values"]["target"])


SPECS["thors_hammer:smash"] = Spec(
    slots=(Slot("target", _smash_targets),),
    resolve=hammer_smash,
    reach="adj",
    attack=True,
    spell=False,
)
SPECS["thors_hammer:strike"] = Spec(
    slots=(target_slot("adj"),),
    resolve=damage_spell(lambda s, c: value("thors_hammer", "damage"), PHYS),
    reach="adj",
    attack=True,
    spell=False,
)
SPECS["thors_hammer"] = SPECS["thors_hammer:strike"]


def _rush_steps(s: WizWarState, frame: JSON) -> Options:
    actor, d = frame["actor"], frame["values"]["dir"]
    sq = s.figure_sq(actor)
    k = 0
    while k < value("bull_rush", "steps"):
        n = s.can_step(actor, d, at=sq, pushes=False)
        if n is None or n.edge == B.WRAP:
            break
        sq = n.square
        k += 1
    return [(f"steps:{i}", f"Charge {i} squares", i) for i in range(k + 1)]


def _rush_end(s: WizWarState, frame: JSON) -> int:
    actor, d = frame["actor"], frame["values"]["dir"]
    sq = s.figure_sq(actor)
    for _ in range(frame["values"]["steps"]):
        n = B.NEIGHBOURS[sq][d]
        assert n is not None
        sq = n.square
    return sq


def _rush_targets(s: WizWarState, frame: JSON) -> Options:
    end = _rush_end(s, frame)
    near = s.adjacent_squares(frame["actor"], at=end)
    tokens = [t for t in figure_targets(s, frame, "any") if s.figure_sq(t) in near]
    return _options(s, "target", tokens)


def bull_rush(s: WizWarState, cast: JSON) -> None:
    """The caster charges 0-2 straight steps, then deals 3 phys and 1 stun to a target that
    must then be in range adj."""
    for _ in range(cast["values"]["steps"]):
        s.then("shove", token=cast["actor"], d=cast["values"]["dir"])
    s.then("bull_rush_strike", cast=cast["id"])


@step
def bull_rush_strike(s: WizWarState, cast: int) -> None:
    c = s.casts.get(cast)
    if c is None or not s.figure_alive(c["actor"]):
        return
    target = c["values"]["target"]
    if not s.figure_alive(target) or s.figure_sq(target) not in s.adjacent_squares(c["actor"]):
        s.log_event("Bull Rush misses: the target is out of reach")
        return
    for t in s.hits(c):
        s.damage(c, t, [[value("bull_rush", "damage"), PHYS, ""]])
        s.then("stun", target=t, tokens=value("bull_rush", "stun"))


SPECS["bull_rush"] = Spec(
    slots=(
        Slot("dir", direction_options),
        Slot("steps", _rush_steps),
        Slot("target", _rush_targets),
    ),
    resolve=bull_rush,
    reach="adj",
    deep=True,
)
SPECS["cyclops_boulder"] = Spec(
    slots=(target_slot(f"los{value('cyclops_boulder', 'range')}", objects=True),),
    resolve=damage_spell(lambda s, c: value("cyclops_boulder", "damage"), PHYS),
    reach=f"los{value('cyclops_boulder', 'range')}",
)


def gorgons_gaze(s: WizWarState, cast: JSON) -> None:
    """2 stun tokens, 3 if E >= 5."""
    strong = cast["E"] >= value("gorgons_gaze", "strong_energy")
    tokens = value("gorgons_gaze", "strong_stun" if strong else "stun")
    for t in s.hits(cast):
        s.then("stun", target=t, tokens=tokens)


SPECS["gorgons_gaze"] = Spec(
    slots=(target_slot("los"), ENERGY_SLOT), resolve=gorgons_gaze, reach="los", uses_energy=True
)


def siren_song(s: WizWarState, cast: JSON) -> None:
    """Move the target up to 3 legal steps, each one closer (walking distance) to you."""
    for t in s.hits(cast):
        s.then(
            "lead",
            target=t,
            steps=value("siren_song", "steps"),
            chooser=cast["seat"],
            toward=s.figure_sq(cast["actor"]),
        )


SPECS["siren_song"] = Spec(slots=(target_slot("los"),), resolve=siren_song, reach="los")


def ambrosia(s: WizWarState, cast: JSON) -> None:
    s.heal(cast["values"]["target"], value("ambrosia", "heal") + cast["E"] // 2)


SPECS["ambrosia"] = Spec(
    slots=(Slot("target", self_or_creature), ENERGY_SLOT),
    resolve=ambrosia,
    uses_energy=True,
    targets=lambda s, c: None,
)


def oracle(s: WizWarState, cast: JSON) -> None:
    """Look at the top 3 cards; one to your hand, the others to the bottom in your order."""
    seat = cast["seat"]
    top = s.deck[-value("oracle", "look") :][::-1]
    for c in top:
        s.deck.remove(c)
    s.pending.extend(top)
    s.then("oracle_keep", seat=seat, cards=top)


@step
def oracle_keep(s: WizWarState, seat: int, cards: list[int]) -> None:
    if not cards:
        return
    s.push_choice(
        seat,
        "oracle",
        [
            (
                f"take:card={c}",
                f"Keep {CARDS[c].title}",
                "oracle_kept",
                {"seat": seat, "cards": cards, "card": c},
            )
            for c in cards
        ],
        secret=True,
    )


@step
def oracle_kept(s: WizWarState, seat: int, cards: list[int], card: int) -> None:
    s.pending.remove(card)
    s.wizards[seat].hand.append(card)
    s.then("oracle_bottom", seat=seat, cards=[c for c in cards if c != card])


@step
def oracle_bottom(s: WizWarState, seat: int, cards: list[int]) -> None:
    """Choose which card goes to the very bottom; the next goes just above it."""
    if len(cards) <= 1:
        for c in cards:
            s.pending.remove(c)
            s.deck.insert(0, c)
        return
    s.push_choice(
        seat,
        "oracle_order",
        [
            (
                f"bottom:card={c}",
                f"Put {CARDS[c].title} at the very bottom",
                "oracle_under",
                {"seat": seat, "cards": cards, "card": c},
            )
            for c in cards
        ],
        secret=True,
    )


@step
def oracle_under(s: WizWarState, seat: int, cards: list[int], card: int) -> None:
    s.pending.remove(card)
    s.deck.insert(0, card)
    s.then("oracle_bottom", seat=seat, cards=[c for c in cards if c != card])


SPECS["oracle"] = Spec(resolve=oracle)


def _wishes(s: WizWarState, cast: JSON) -> int:
    genie = s.creatures.get("genie")
    mine = genie is not None and genie.controller == cast["seat"]
    return value("three_wishes", "genie_draw" if mine else "draw")


SPECS["three_wishes"] = Spec(resolve=draw_then_trim(_wishes))


def heroic_labour(s: WizWarState, cast: JSON) -> None:
    """Remove all its stun tokens; it stops being stunned this turn."""
    target = cast["values"]["target"]
    if is_wizard(target):
        w = s.wizards[int(target[1])]
        w.stun, w.stunned, w.stun_mode = 0, False, ""
    elif target in s.creatures:
        s.creatures[target].stun = 0
        s.creatures[target].stunned = False


SPECS["heroic_labour"] = Spec(
    slots=(Slot("target", self_or_creature),), resolve=heroic_labour, targets=lambda s, c: None
)


def _nemesis_protects(s: WizWarState, seat: int, cast: JSON) -> bool:
    return (
        _spell_cast(cast)
        and bool(cast.get("attack"))
        and bool(_own_in_targets(s, seat, cast, wizard=False))
    )


SPECS["nemesis"] = Spec(
    resolve=lambda s, ct: cancel(
        s, _against(s, ct), protect=_own_in_targets(s, ct["seat"], _against(s, ct), False)
    ),
    cancels=True,
    counter=_nemesis_protects,
)
SPECS["ariadnes_thread"] = Spec(resolve=self_spell)


# ====================================================================================
# Totem (§11.3)
# ====================================================================================
def _totem_squares(s: WizWarState, frame: JSON) -> Options:
    here = s.figure_sq(frame["actor"])
    squares = [sq for sq in s.adjacent_squares(frame["actor"]) if sq != here and s.empty_square(sq)]
    return _options(s, "target", [B.square_name(sq) for sq in squares])


for _totem in (
    "seer_totem",
    "stone_totem",
    "tortoise_totem",
    "wolf_totem",
    "salmon_totem",
    "raven_totem",
):
    SPECS[_totem] = Spec(
        slots=(Slot("target", _totem_squares),),
        resolve=_object_spell("totem"),
        targets=lambda s, c: None,
    )


def salmon_totem(s: WizWarState, sp: Spell) -> None:
    """Your wizard (in its sector) and each of your creatures there gain 1 life."""
    obj = next((o for o in s.objects.values() if o.card == sp.card), None)
    if obj is None:
        return
    sector = B.sector_of(obj.sq)
    for f in s.figures():
        if s.controller(f) == sp.caster and B.sector_of(s.figure_sq(f)) == sector:
            s.heal(f, value("salmon_totem", "heal"))


TIME_PASSES["salmon_totem"] = salmon_totem
SPECS["spirit_bolt"] = Spec(
    slots=(target_slot("los", objects=True), ENERGY_SLOT),
    resolve=damage_spell(lambda s, c: c["E"] + s.totems_of(c["seat"])),
    reach="los",
    uses_energy=True,
)


def spirit_drain(s: WizWarState, cast: JSON) -> None:
    """2 mag; you gain life equal to the life the target lost."""
    hit_all(s, cast, [[value("spirit_drain", "damage"), MAG, ""]])
    s.then("drain_heal", cast=cast["id"])


@step
def drain_heal(s: WizWarState, cast: int) -> None:
    c = s.casts.get(cast)
    if c is not None:
        s.heal(c["actor"], sum(c["lost"].values()))


SPECS["spirit_drain"] = Spec(slots=(target_slot("los"),), resolve=spirit_drain, reach="los")


def _ward_applies(s: WizWarState, seat: int, cast: JSON) -> bool:
    if not (_spell_cast(cast) and cast.get("attack")):
        return False
    sectors = {
        B.sector_of(o.sq) for o in s.objects.values() if o.kind == "totem" and o.owner == seat
    }
    return any(B.sector_of(s.figure_sq(t)) in sectors for t in _own_in_targets(s, seat, cast))


SPECS["ancestral_ward"] = Spec(
    resolve=lambda s, ct: cancel(s, _against(s, ct), protect=[wizard_of(ct)]),
    cancels=True,
    counter=_ward_applies,
)


def _own_wall_edges(s: WizWarState, frame: JSON) -> Options:
    return _own_walls(s, frame)


SPECS["spirit_walk"] = Spec(
    slots=(Slot("target", _own_wall_edges),), resolve=pass_through, targets=lambda s, c: None
)


def _own_totems(s: WizWarState, frame: JSON) -> Options:
    if not _totem_squares(s, frame):
        return []
    tokens = [
        f"o{o.id}"
        for o in s.objects.values()
        if o.kind == "totem" and o.owner == frame["seat"] and in_range(s, frame, o.sq, "los")
    ]
    return _options(s, "target", tokens)


def _uproot_squares(s: WizWarState, frame: JSON) -> Options:
    return [(f"place:{o[2]}", o[1], o[2]) for o in _totem_squares(s, frame)]


def uproot(s: WizWarState, cast: JSON) -> None:
    obj = s.objects.get(int(cast["values"]["target"][1:]))
    sq = B.parse_square(cast["values"]["place"])
    if obj is not None and s.empty_square(sq):
        obj.sq = sq
        s._memo = {}


SPECS["uproot"] = Spec(
    slots=(Slot("target", _own_totems), Slot("place", _uproot_squares)),
    resolve=uproot,
    targets=lambda s, c: None,
)


def _totem_cards(s: WizWarState, frame: JSON) -> Options:
    w = s.wizards[frame["seat"]]
    cards = [c for c in s.discard + w.spec_discard if CARDS[c].has("totem")]
    return [(f"take:card={c}", f"Take {CARDS[c].title} from the discard pile", c) for c in cards]


def spirit_call(s: WizWarState, cast: JSON) -> None:
    c = cast["values"]["take"]
    w = s.wizards[cast["seat"]]
    for pile in (s.discard, w.spec_discard):
        if c in pile:
            pile.remove(c)
            w.hand.append(c)
            return


SPECS["spirit_call"] = Spec(
    slots=(Slot("take", _totem_cards),), resolve=spirit_call, targets=lambda s, c: None
)


# ====================================================================================
# Draconic (§11.4)
# ====================================================================================
SPECS["treasure_lust"] = Spec(resolve=self_spell)


def tail_slap(s: WizWarState, cast: JSON) -> None:
    """phys = one d4; a target carrying a treasure or relic drops it."""
    for t in s.hits(cast):
        s.damage(cast, t, [[die_roll(s.rng), PHYS, ""]])
        s.then("drop_slot_step", seat=int(t[1]))


@step
def drop_slot_step(s: WizWarState, seat: int) -> None:
    if s.wizards[seat].alive:
        s.drop_slot(seat)


SPECS["tail_slap"] = Spec(
    slots=(target_slot("adj", creatures=False),), resolve=tail_slap, reach="adj"
)


def _breath_targets(s: WizWarState, cast: JSON) -> None:
    """Up to 3 squares beyond the caster's, stopping before an edge that blocks his movement
    or a square with a movement-blocking object; never wraps."""
    actor = cast["actor"]
    here = s.figure_sq(actor)
    sq, d = here, cast["values"]["dir"]
    area = []
    for _ in range(value("flame_breath", "reach")):
        n = B.NEIGHBOURS[sq][d]
        if (
            n is None
            or n.edge == B.WRAP
            or s.edge_blocks(n.edge, actor, here if sq == here else sq)
        ):
            break
        if s.objects_at(n.square, "stone_block"):
            break
        sq = n.square
        area.append(sq)
    cast["area"] = area
    cast["targets"] = [
        f for f in s.figures() if s.figure_sq(f) in area and s.form(f) != "mist_body"
    ]


def flame_breath(s: WizWarState, cast: JSON) -> None:
    for t in s.hits(cast):
        s.damage(cast, t, [[value("flame_breath", "damage"), MAG, "fire"]])


SPECS["flame_breath"] = Spec(
    slots=(Slot("dir", direction_options),),
    resolve=flame_breath,
    reach="line",
    targets=_breath_targets,
)


def dragon_wings(s: WizWarState, cast: JSON) -> None:
    me = wizard_of(cast)
    before = s.base_speed(me)
    place_spell(s, cast, me)
    s.speed_shift(me, before)


SPECS["dragon_wings"] = Spec(resolve=dragon_wings)
SPECS["dragon_scales"] = Spec(resolve=self_spell)


def _roar_targets(s: WizWarState, cast: JSON) -> None:
    actor = cast["actor"]
    near = s.adjacent_squares(actor)
    cast["area"] = near
    cast["targets"] = [
        f for f in s.figures() if f != actor and s.figure_sq(f) in near and s.form(f) != "mist_body"
    ]


def dragons_roar(s: WizWarState, cast: JSON) -> None:
    for t in s.hits(cast):
        s.then("stun", target=t, tokens=value("dragons_roar", "stun"))


SPECS["dragons_roar"] = Spec(resolve=dragons_roar, reach="area", targets=_roar_targets)
SPECS["scorch"] = Spec(
    slots=(target_slot("los", objects=True),),
    resolve=damage_spell(lambda s, c: value("scorch", "damage"), MAG, "fire"),
    reach="los",
)


def _own_loose_treasures(s: WizWarState, frame: JSON) -> Options:
    tokens = [
        f"t{t.id}"
        for t in s.treasures
        if t.owner == frame["seat"]
        and t.sq >= 0
        and not t.carrier
        and not t.scored
        and in_range(s, frame, t.sq, "los")
    ]
    return _options(s, "target", tokens)


def hoard_guard(s: WizWarState, cast: JSON) -> None:
    place_spell(s, cast, cast["values"]["target"])


SPECS["hoard_guard"] = Spec(
    slots=(Slot("target", _own_loose_treasures),), resolve=hoard_guard, targets=lambda s, c: None
)


def _scaled(s: WizWarState, frame: JSON) -> Options:
    cast = s.casts.get(frame["against"])
    if cast is None:
        return []
    return _options(s, "target", _own_in_targets(s, frame["seat"], cast))


def ancient_scales(s: WizWarState, ct: JSON) -> None:
    """Reduce that source's damage to you or your creature by E+2."""
    target = _against(s, ct)
    who = ct["values"]["target"]
    target["reduce"][who] = (
        target["reduce"].get(who, 0) + ct["E"] + value("ancient_scales", "reduce")
    )


SPECS["ancient_scales"] = Spec(
    slots=(Slot("target", _scaled), ENERGY_SLOT),
    resolve=ancient_scales,
    uses_energy=True,
    counter=lambda s, seat, c: bool(c.get("attack")) and bool(_own_in_targets(s, seat, c)),
    targets=lambda s, c: None,
)


def drake_eye(s: WizWarState, cast: JSON) -> None:
    s.wizards[cast["seat"]].drake_eye = True


SPECS["drake_eye"] = Spec(resolve=drake_eye)


def dragons_hunger(s: WizWarState, cast: JSON) -> None:
    target = cast["values"]["target"]
    s.heal(target, value("dragons_hunger", "wizard_heal" if is_wizard(target) else "creature_heal"))


SPECS["dragons_hunger"] = Spec(
    slots=(Slot("target", self_or_creature),), resolve=dragons_hunger, targets=lambda s, c: None
)


def wing_buffet(s: WizWarState, cast: JSON) -> None:
    """1 phys, then the caster may push it 0-2 squares directly away."""
    for t in s.hits(cast):
        s.damage(cast, t, [[value("wing_buffet", "damage"), PHYS, ""]])
        s.then("buffet_push", cast=cast["id"], target=t)


@step
def buffet_push(s: WizWarState, cast: int, target: str) -> None:
    c = s.casts.get(cast)
    if c is None or not s.figure_alive(target) or not s.figure_alive(c["actor"]):
        return
    origin = s.figure_sq(c["actor"])
    s.push_choice(
        c["seat"],
        "knock_back",
        [
            (
                f"push:{k}",
                f"Push {s.name_of(target)} {k} squares away",
                "push_away",
                {"token": target, "origin": origin, "count": k, "chooser": c["seat"]},
            )
            for k in range(value("wing_buffet", "push") + 1)
        ],
    )


SPECS["wing_buffet"] = Spec(slots=(target_slot("adj"),), resolve=wing_buffet, reach="adj")


# ====================================================================================
# Punches and creature card attacks (§7.1, §8.5, §11.1)
# ====================================================================================
def _punch_fix(s: WizWarState, cast: JSON) -> None:
    actor = cast["actor"]
    if is_wizard(actor) and s.form(actor) == "extra_arms":
        near = s.adjacent_squares(actor)
        cast["targets"] = [
            f
            for f in s.figures()
            if f != actor
            and s.controller(f) != cast["seat"]
            and s.figure_sq(f) in near
            and not s.untargetable(f)
        ]
        return
    fix_default(s, cast)


def _punch_slot(s: WizWarState, frame: JSON) -> Options:
    actor = frame["actor"]
    if is_wizard(actor) and s.form(actor) == "extra_arms":
        fake = {"seat": frame["seat"], "actor": actor, "source": "punch", "values": {}}
        anyone = figure_targets(s, fake, "adj")
        return [("target:all", "Punch everyone beside you (Extra Arms)", "all")] if anyone else []
    return target_slot("adj", objects=True).options(s, frame)


SPECS["punch"] = Spec(
    slots=(Slot("target", _punch_slot),),
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

    def resolve_it(s: WizWarState, cast: JSON) -> None:
        def packets() -> list[list]:
            amount = row.damage + (die_roll(s.rng) if row.die else 0)
            if name == "spirit_fangs":
                amount += FANGS_PER_TOTEM * s.totems_of(cast["seat"])
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


# ====================================================================================
# Hooks the rules call
# ====================================================================================
def counter_options(s: WizWarState, seat: int, frame: JSON, cast: JSON) -> list[tuple[str, JSON]]:
    """What `seat` may answer with in this window (§6.5): counters and "when attacked"
    spells from the hand, Null Powder from the play area."""
    w = s.wizards[seat]
    out: list[tuple[str, JSON]] = []
    window = frame["mode"]
    flood = s.spell_in_play("flood")
    for c in w.hand:
        card = CARDS[c]
        key = card.key
        if window == "anti":
            mode = "" if key == "anti_anti" else None
        elif window == "ward":
            mode = "" if key == "ward" else None
        elif card.kind == COUNTER and key not in ("anti_anti", "ward"):
            mode = ""
        elif card.has("when_attacked") or key == "wall_of_fire":
            mode = "counter"
        else:
            mode = None
        if mode is None or (flood and card.has("fire")):
            continue
        spec = spec_for(key, mode)
        if spec.counter is None or not spec.counter(s, seat, cast):
            continue
        if not _probe_counter(s, seat, key, c, mode, frame["cast"]):
            continue
        code = f"counter:card={c}" + (f":mode={mode}" if mode else "")
        out.append((code, {"key": key, "card": c, "mode": mode, "source": "hand"}))
    if window == "counter":
        for c in w.items:
            if CARDS[c].key == "null_powder" and SPECS["null_powder:counter"].counter(
                s, seat, cast
            ):
                out.append(
                    (
                        f"counter:item={c}",
                        {"key": "null_powder", "card": c, "mode": "counter", "source": "spent"},
                    )
                )
    return out


def _probe_counter(s: WizWarState, seat: int, key: str, c: int, mode: str, against: int) -> bool:
    frame = {
        "seat": seat,
        "actor": f"w{seat}",
        "key": key,
        "card": c,
        "mode": mode,
        "source": "hand",
        "values": {},
        "purpose": "counter",
        "against": against,
    }
    slot = next_slot(s, frame)
    return slot is None or bool(slot.options(s, frame))


def resolve_counter(s: WizWarState, ct: JSON, target: JSON) -> None:
    spec = spec_for(ct["key"], ct["mode"])
    assert spec.resolve is not None
    spec.resolve(s, ct)


def time_passes(s: WizWarState, seat: int) -> None:
    """§4.1 step 2, in a fixed order [assumed]: maintained spells in play order, then items."""
    for sp in list(s.spells.values()):
        if sp.caster == seat and sp.card in s.spells:
            effect = TIME_PASSES.get(CARDS[sp.card].key)
            if effect is not None:
                effect(s, sp)
    w = s.wizards[seat]
    for c in w.items:
        if CARDS[c].key in ("lifestone", "golden_fleece"):
            s.heal(w.token, CARDS[c].value("heal"))


def after_draw(s: WizWarState, seat: int, drawn: int) -> None:
    """Slow Death: 1 mag (not an attack) per card drawn."""
    token = f"w{seat}"
    if s.has_spell(token, "slow_death"):
        for _ in range(drawn):
            s.then(
                "suffer_damage",
                target=token,
                packets=[[value("slow_death", "damage"), MAG, ""]],
                attack=False,
                source="",
                source_sq=-1,
            )


def after_damage(
    s: WizWarState, target: str, amount: int, attack: bool, source: str, packets: list[list]
) -> None:
    """Triggers of suffered damage (§7.2 step 5): Pain Link, Fire Cloak, Magic Stones and
    fire, water ending Acid Bath and the Cloak."""
    fire = any(p[2] == "fire" and p[0] > 0 for p in packets)
    water = any(p[2] == "water" for p in packets)
    if water:
        for sp in s.spells_on(target):
            if CARDS[sp.card].key == "acid_bath":
                s.end_spell(sp.card)
    if not is_wizard(target):
        return
    w = s.wizards[int(target[1])]
    attacker = source if source and source != target and s.figure_alive(source) else ""
    if attack and attacker and s.has_spell(target, "pain_link"):
        s.then(
            "suffer_damage",
            target=attacker,
            packets=[[amount, MAG, ""]],
            attack=False,
            source="",
            source_sq=-1,
        )
    for c in list(w.items):
        if CARDS[c].key != "fire_cloak":
            continue
        if water:
            w.items.remove(c)
            s.discard_card(c)
            s.log_event("Water destroys the Fire Cloak")
        elif attack and attacker and s.figure_sq(attacker) in s.adjacent_squares(target):
            s.then(
                "suffer_damage",
                target=attacker,
                packets=[[value("fire_cloak", "damage"), MAG, "fire"]],
                attack=False,
                source="",
                source_sq=-1,
            )
    if fire:
        for c in [c for c in w.items if CARDS[c].has("magic_stone")]:
            w.items.remove(c)
            s.discard_card(c)
            s.lose_item(w.seat, c)
            s.log_event(f"Fire destroys {CARDS[c].title}")
            if CARDS[c].key == "boomstone":
                s.then(
                    "suffer_damage",
                    target=target,
                    packets=[[value("boomstone", "damage"), MAG, "fire"]],
                    attack=False,
                    source="",
                    source_sq=-1,
                )


def treasure_taken(s: WizWarState, seat: int, tid: int, where: int) -> None:
    """Fool's Gold and Hoard Guard answer an enemy wizard's pick-up."""
    for sp in list(s.spells.values()):
        key = CARDS[sp.card].key
        if sp.caster == seat:
            continue
        if key == "fools_gold" and where >= 0 and B.sector_of(where) == s.wizards[sp.caster].colour:
            s.then(
                "suffer_damage",
                target=f"w{seat}",
                packets=[[value("fools_gold", "damage"), MAG, ""]],
                attack=False,
                source="",
                source_sq=-1,
            )
            s.end_spell(sp.card)
        elif key == "hoard_guard" and sp.target == f"t{tid}":
            s.then(
                "suffer_damage",
                target=f"w{seat}",
                packets=[[value("hoard_guard", "damage"), MAG, "fire"]],
                attack=False,
                source="",
                source_sq=-1,
            )
            s.end_spell(sp.card)


def on_end(s: WizWarState, sp: Spell) -> None:
    """Undo what a maintained spell holds in place when it ends (§6.3)."""
    key = CARDS[sp.card].key
    target = sp.target
    if key == "create_wall":
        e = B.parse_edge(target)
        if s.created_walls.get(e) == sp.card:
            del s.created_walls[e]
            s.walls.pop(e, None)
    elif key == "create_door":
        e = B.parse_edge(target)
        door = s.doors.get(e)
        if door is not None and door.card == sp.card:
            del s.doors[e]
            s.held.pop(e, None)
            if door.wall_cracks >= 0:
                s.walls[e] = door.wall_cracks
    elif key == "wall_of_fire":
        e = B.parse_edge(target)
        if s.fire_walls.get(e) == sp.card:
            del s.fire_walls[e]
    elif key in ("summon", "planar_call", "homunculus"):
        creature = s.creatures.get(target)
        if creature is not None and creature.card == sp.card:
            s.kill_creature(target)
    for oid in [o.id for o in s.objects.values() if o.card == sp.card and o.kind != "tacks"]:
        del s.objects[oid]
    s._memo = {}
