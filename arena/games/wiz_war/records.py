"""Wiz-War's records: phases, wizards, creatures, maintained spells, objects, treasures,
doors, and how a state copies them. Plain data, so a state copies cheaply and replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

from arena.games.wiz_war.cards import (
    CARDS,
    Card,
)
from arena.games.wiz_war.config import (
    DIE_SIDES,
    SEAT_COLOURS,
    START_LIFE,
)

GAME_NAME = "wiz_war"

# Phases of the active player's turn (§4) and of setup.
SETUP = "specialization"  # Specializations: each player keeps one of two school decks
MOVE_AND_CAST = "move_and_cast"
DISCARD_AND_DRAW = "discard_and_draw"
OVER = "over"

PHYS, MAG = "phys", "mag"
Packet = tuple[int, str, str]  # (amount, "phys"|"mag", element "" | fire | water | lightning)


# --- Records ------------------------------------------------------------------------------------
@dataclass(slots=True)
class Wizard:
    seat: int
    colour: int
    sq: int
    life: int = START_LIFE
    alive: bool = True
    vp: int = 0
    hand: list[int] = field(default_factory=list)
    items: list[int] = field(default_factory=list)  # carried items and relics, in play order
    treasure: int = -1  # carried treasure id
    stun: int = 0  # stun tokens
    stunned: bool = False  # a token was removed this turn (§7.4)
    stun_mode: str = ""  # stunned: "move" or "attack", fixed by the first of either (§4.2)
    mp: int = 0
    boosted: bool = False
    attacks: int = 0  # attacks made this turn
    moved: bool = False  # voluntarily relocated this turn
    no_move: bool = False  # Swap, Teleport: no more movement this turn
    fresh: bool = True  # nothing done yet in this Move and Cast phase
    unlocked: list[int] = field(default_factory=list)  # doors unlocked for him this turn
    pass_edges: list[int] = field(default_factory=list)  # Pass Through Wall, Spirit Walk
    corner: bool = False  # Around the Corner: next spell
    drake_eye: bool = False  # Drake Eye: next spell ignores one wall or closed door
    add_energy: int = -1  # Add: E of the next spell
    projection: int = -1  # Astral Projection: next spell cast from this square
    no_treasure: bool = False  # Mad Dash: no treasure pick-ups this turn
    disease_hit: list[str] = field(default_factory=list)
    slow: int = 0  # Tortoise Totem: base speed -1 this turn
    raven: int = 0  # Raven Totem: draws -1 this Discard and Draw phase
    out_order: int = 0  # elimination order (1 = first out)
    spec_school: str = ""
    spec_deck: list[int] = field(default_factory=list)
    spec_discard: list[int] = field(default_factory=list)

    @property
    def token(self) -> str:
        try:  # asked hundreds of times a decision: the table's seats are looked up
            return _TOKENS[self.seat]
        except IndexError:
            return f"w{self.seat}"


@dataclass(slots=True)
class Creature:
    name: str
    controller: int
    sq: int
    life: int
    start_life: int
    card: int  # its summoning (or Homunculus) card, in the controller's play area
    stun: int = 0
    stunned: bool = False
    treasure: int = -1  # the Boggart only
    activated: bool = False
    guardian_used: bool = False
    mad_dash: bool = False


@dataclass(slots=True)
class Spell:
    """A maintained spell in its caster's play area (§6.3)."""

    card: int
    caster: int
    target: str  # a target token ("w1", "minotaur", "r2c3", "r2c3e", "o4", "t3", ...) or ""
    tokens: int  # energy tokens of a temporary spell; 0 for permanent ones
    energy: int


@dataclass(slots=True)
class Obj:
    """A created object or marker on a square."""

    id: int
    kind: str  # stone_block rosebush thornbush dust_cloud tacks totem booby
    sq: int
    owner: int
    card: int  # the spell (or item) that made it
    cracks: int = 0
    live: bool = False  # Booby Trap: the live token (secret)


@dataclass(slots=True)
class Treasure:
    id: int
    owner: int  # seat
    sq: int  # -1 while carried
    carrier: str = ""  # figure token
    scored: bool = False


@dataclass(slots=True)
class Door:
    colour: int
    cracks: int = 0
    card: int = -1  # Create Door
    wall_cracks: int = -1  # Create Door on a stone wall: the wall returns when it ends


class Cast(TypedDict):
    """A card (or a creature's attack) being cast, from payment to its end (§6.4): kept in
    `casts` by id while its counter window, resolution and clean-up run."""

    id: int
    card: int  # -1 for an attack that is no card (the Labyrinth Guardian)
    key: str
    mode: str
    seat: int  # the wizard who pays and scores
    actor: str  # the figure that casts or attacks
    source: str  # hand, creature_hand, thrown, spent, item, creature...
    values: dict[str, Any]  # the declared slots
    spell: bool
    attack: bool
    kind: str  # the card's kind, "" for no card
    origin: int  # the square it is cast from
    E: int  # energy
    energy: list[int]  # the energy cards spent
    targets: list[str]
    objects: list[str]
    area: list[int]
    canceled: bool
    absorbed: bool
    reduce: dict[str, Any]
    teleported: list[str]
    lost: dict[str, Any]
    unevadable: bool
    reach: str
    land: int
    keep: bool
    hold: str
    against: int  # the cast a counter answers, or -1
    corner: bool  # Around the Corner
    drake: bool  # Drake Eye
    immune: NotRequired[list[str]]  # Fire Darts: targets that countered their dart
    treasure: NotRequired[int]  # a treasure pick-up Ward may answer: the treasure


def new_cast(
    cid: int,
    card: int,
    key: str,
    mode: str,
    seat: int,
    actor: str,
    source: str,
    values: dict[str, Any],
    *,
    spell: bool,
    attack: bool,
    kind: str,
    origin: int,
    unevadable: bool,
    reach: str,
    keep: bool,
    against: int,
    targets: list[str] | None = None,
) -> Cast:
    """A cast as it is paid for: nothing spent, hit or resolved yet."""
    return {
        "id": cid,
        "card": card,
        "key": key,
        "mode": mode,
        "seat": seat,
        "actor": actor,
        "source": source,
        "values": values,
        "spell": spell,
        "attack": attack,
        "kind": kind,
        "origin": origin,
        "E": 0,
        "energy": [],
        "targets": [] if targets is None else targets,
        "objects": [],
        "area": [],
        "canceled": False,
        "absorbed": False,
        "reduce": {},
        "teleported": [],
        "lost": {},
        "unevadable": unevadable,
        "reach": reach,
        "land": -1,
        "keep": keep,
        "hold": "",
        "against": against,
        "corner": False,
        "drake": False,
    }


def new_declaration(
    seat: int,
    actor: str,
    key: str,
    card: int,
    mode: str,
    source: str,
    purpose: str = "cast",
    against: int = -1,
    probe: bool = False,
) -> dict[str, Any]:
    """A declaration as it starts (§6.4 step 1), its slots still to fill: a frame for the
    stack, or a probe of whether one could be completed now, which never goes on it. Probes
    are built for every card in hand at every decision: the frame holds only what is read."""
    frame: dict[str, Any] = {
        "seat": seat,
        "actor": actor,
        "key": key,
        "card": card,
        "mode": mode,
        "source": source,
        "purpose": purpose,
        "against": against,
        "values": {},
    }
    if probe:
        frame["probe"] = True
    else:
        frame["kind"] = "declare"
    return frame


def card(card_id: int) -> Card:
    return CARDS[card_id]


#: The wizards' figure tokens and their seats.
WIZARD_SEATS = {f"w{seat}": seat for seat in range(max(SEAT_COLOURS))}
_TOKENS = tuple(WIZARD_SEATS)  # by seat: a token is asked for hundreds of times a decision


def is_wizard(token: str) -> bool:
    return token in WIZARD_SEATS


class SpellIndex:
    """Maintained spells by target (in play order), by (target, key), by key, and each
    figure's transformation (the first form spell on it) and that form's key."""

    __slots__ = ("form_keys", "forms", "keys", "on", "pairs")

    def __init__(self, spells: Iterable[Spell]) -> None:
        self.on: dict[str, list[Spell]] = {}
        self.pairs: set[tuple[str, str]] = set()
        self.keys: set[str] = set()
        self.forms: dict[str, Spell] = {}
        for sp in spells:
            card = CARDS[sp.card]
            self.on.setdefault(sp.target, []).append(sp)
            self.pairs.add((sp.target, card.key))
            self.keys.add(card.key)
            if card.has("form"):
                self.forms.setdefault(sp.target, sp)
        #: `form()` is asked several hundred times a decision: its answer, looked up once.
        self.form_keys = {t: CARDS[sp.card].key for t, sp in self.forms.items()}


def die_roll(rng: random.Random) -> int:
    return rng.randint(1, DIE_SIDES)


def copy_record(record: Any) -> Any:
    """A copy of a slotted record, its lists copied too (they hold ints and strings)."""
    cls = type(record)
    new = cls.__new__(cls)
    for name in cls.__slots__:
        value = getattr(record, name)
        setattr(new, name, value[:] if type(value) is list else value)
    return new


def copy_data(data: Any) -> Any:
    """A copy of plain JSON-like data (dicts, lists, scalars; tuples are never changed)."""
    if type(data) is dict:
        return {k: copy_data(v) for k, v in data.items()}
    if type(data) is list:
        return [copy_data(v) for v in data]
    return data


#: The state's flat containers of ints and strings, copied one level down by `clone`.
COPIED = [
    "walls",
    "created_walls",
    "fire_walls",
    "held",
    "deck",
    "discard",
    "spec_owner",
    "universe",
    "pool",
    "schools",
    "more_summons",
    "floor",
    "pending",
    "box",
    "log",
]
