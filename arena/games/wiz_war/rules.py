"""Wiz-War (8th edition) with Bestial Forces: the state and its transitions.

Reading order: the records (wizards, creatures, maintained spells, objects, treasures); setup
(§3, optional rules §8.11); the engine API; the step interpreter; the board as the rules see
it (doors §2.5, line of sight §2.8, stepping §5.1); the turn (§4: Time Passes, Move and Cast,
Discard and Draw); movement and what entering a square does; cards and hand size; items and
treasures (§5.2-5.3, relics §8.8); casting, the counter window and resolution (§6); damage,
cracks, death and victory (§7); creatures (§8); the legal actions; positions for scenarios.
Card effects live in effects.py, one function per card, called from `resolve`.

Resolution is a stack of frames, all plain data so a state copies cheaply and replays
exactly: a *program* frame is a queue of named steps; *declare*, *window* and *choice* frames
wait for a decision. `apply` runs the chosen handler, then steps until a decision is needed.
Every choice a player makes is an action; every die comes from the state's seeded RNG.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from arena.games.base import JSON, IllegalAction, SharedRng, ViewedState
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    ATTACK,
    BESTIAL_SCHOOLS,
    BLACK,
    CARDS,
    CARDS_OF,
    CHOOSABLE,
    CREATURE_ATTACK,
    CREATURES,
    ENERGY,
    FLASH,
    GUARDIAN_DAMAGE,
    ITEM,
    RELIC,
    WHITE,
    Card,
)
from arena.games.wiz_war.config import (
    ACTIVATION_COST,
    ATTACKS_PER_TURN,
    BASE_SPEED,
    BUSH_CRACKS,
    CREATURE_LIFE_CAP,
    DAMAGE_PER_CRACK,
    DEFAULT_ROUND_LIMIT,
    DIE_SIDES,
    DOOR_CRACKS,
    DRAWS_PER_TURN,
    DUST_CLOUD_DIRECTIONS,
    EXTRA_ARMS_PICKUP_MP,
    FIRST_PLAYER_RANDOM,
    GOLEM_TREASURE_PICKUP_MP,
    ITEM_PICKUP_MP,
    MAX_HAND,
    MAX_LIFE,
    NO_ATTACKS_IN_ROUND,
    SEAT_COLOURS,
    SPEC_STARTING_HAND,
    START_LIFE,
    STARTING_HAND,
    STONE_BLOCK_CRACKS,
    SUMMON_DAMAGE_OFFSET,
    TOTEM_BREAKS_AT,
    TREASURE_PICKUP_MP,
    VICTORY_POINTS,
    WALL_CRACKS,
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


def card(card_id: int) -> Card:
    return CARDS[card_id]


#: The wizards' figure tokens and their seats.
WIZARD_SEATS = {f"w{seat}": seat for seat in range(max(SEAT_COLOURS))}


def is_wizard(token: str) -> bool:
    return token in WIZARD_SEATS


class SpellIndex:
    """Maintained spells by target (in play order), by (target, key), by key, and each
    figure's transformation (the first form spell on it)."""

    __slots__ = ("forms", "keys", "on", "pairs")

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


def die_roll(rng: random.Random) -> int:
    return rng.randint(1, DIE_SIDES)


def _copy_record(record: Any) -> Any:
    """A copy of a slotted record, its lists copied too (they hold ints and strings)."""
    cls = type(record)
    new = cls.__new__(cls)
    for name in cls.__slots__:
        value = getattr(record, name)
        setattr(new, name, value[:] if type(value) is list else value)
    return new


def _copy_data(data: Any) -> Any:
    """A copy of plain JSON-like data (dicts, lists, scalars; tuples are never changed)."""
    if type(data) is dict:
        return {k: _copy_data(v) for k, v in data.items()}
    if type(data) is list:
        return [_copy_data(v) for v in data]
    return data


#: The state's flat containers of ints and strings, copied one level down by `clone`.
_COPIED = [
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


# --- The state ----------------------------------------------------------------------------------
class WizWarState(SharedRng, ViewedState):
    """One game of Wiz-War with Bestial Forces (§1-§13)."""

    VIEWS = "arena.games.wiz_war.views"

    def __init__(self, players: int, seed: int, options: Mapping[str, Any]) -> None:
        if players not in SEAT_COLOURS:
            raise ValueError(f"{GAME_NAME} takes 2-4 players, got {players}")
        self.num_players = players
        self.rng = random.Random(seed)
        self.round_limit = int(options.get("round_limit", DEFAULT_ROUND_LIMIT))
        self.black_cantrip = bool(options.get("black_cantrip", False))
        self.extended_flash = bool(options.get("extended_flash_energy", False))
        self.specializations = bool(options.get("specializations", False))
        self.schools = self._choose_schools(str(options.get("schools", "random")))
        extra = str(options.get("more_summons", "none"))
        self.more_summons = [] if extra == "none" else extra.split(",")
        for school in self.more_summons:
            if school in self.schools:
                raise ValueError(
                    f"{GAME_NAME}: more_summons names {school}, already one of the schools"
                )
        self.wizards = [
            Wizard(seat, colour, B.HOME_SQUARES[colour])
            for seat, colour in enumerate(SEAT_COLOURS[players])
        ]
        self._setup_board()
        self.creatures: dict[str, Creature] = {}
        self.spells: dict[int, Spell] = {}
        self.objects: dict[int, Obj] = {}
        self.next_object = 1
        self.floor: dict[int, int] = {}  # item card -> square (dropped items and relics)
        self.pending: list[int] = []  # cards being cast
        self.box: list[int] = []  # cards out of the game
        self.casts: dict[int, JSON] = {}
        self.next_cast = 1
        self.frames: list[JSON] = []
        self._sink: list | None = None
        self.log: list[str] = []
        self.round = 1
        self.turn = 0
        self.active = 0
        self.phase = SETUP
        self.activation = ""  # the creature being activated
        self.act_mp = 0
        self.act_attacks = 0
        self.act_allowed = 0
        self.act_moved = False
        self.act_dashed = False
        self.universe: list[int] = []
        self.over = False
        self.winner = -1
        self.end_reason = ""
        self.outs = 0
        self._legal: dict[str, tuple[Callable, Any]] | None = None
        self._memo: dict[Any, Any] = {}
        self._build_deck()
        self.first_player = self.rng.randrange(players) if FIRST_PLAYER_RANDOM else 0
        self.active = self.first_player
        self.unused: dict[str, list[int]] = {}
        if self.specializations:
            self.unused = self._remaining_school_decks()
        self.universe = sorted(c for cards in self.zones().values() for c in cards)
        if self.specializations:
            self._offer_specializations()
        else:
            self._deal()
            self._begin_turn()
        self._run()

    # --- Setup (§3, §8.11) --------------------------------------------------------------------
    def _choose_schools(self, choice: str) -> list[str]:
        """Three schools besides the White Cantrip: given, or drawn by the seeded RNG."""
        if choice == "random":
            return sorted(self.rng.sample(CHOOSABLE, 3))
        schools = choice.split(",")
        if len(set(schools)) != 3 or any(s not in CHOOSABLE for s in schools):
            raise ValueError(f"{GAME_NAME}: schools must name three of {', '.join(CHOOSABLE)}")
        return sorted(schools)

    def _setup_board(self) -> None:
        self.walls: dict[int, int] = dict.fromkeys(B.WALL_EDGES, 0)  # edge -> cracks
        self.created_walls: dict[int, int] = {}  # edge -> Create Wall card
        self.doors: dict[int, Door] = {e: Door(c) for e, c in B.DOOR_EDGES.items()}
        self.fire_walls: dict[int, int] = {}  # edge -> Wall of Fire card
        self.held: dict[int, int] = {}  # door edge -> seat holding it open
        self.treasures: list[Treasure] = []
        for w in self.wizards:
            for sq in B.TREASURE_SQUARES[w.colour]:
                self.treasures.append(Treasure(len(self.treasures), w.seat, sq))

    def _build_deck(self) -> None:
        """White Cantrip + three schools; then Extended Flash Energy, More Summons and the
        Specialization decks, in that order [assumed]; then shuffle (§3 item 5)."""
        deck = list(CARDS_OF[WHITE])
        if self.black_cantrip:
            deck += CARDS_OF[BLACK]
        for school in self.schools:
            deck += CARDS_OF[school]
        self.pool = [
            n for n, c in CREATURES.items() if c.school in self.schools and n != "homunculus"
        ]
        if self.extended_flash:
            self._extend_flash_energy(deck)
        for school in self.more_summons:
            deck += [c for c in CARDS_OF[school] if CARDS[c].key == "planar_call"]
            self.pool += [n for n, c in CREATURES.items() if c.school == school]
        self.rng.shuffle(deck)
        self.deck = deck  # the top card is the last one
        self.discard: list[int] = []
        self.spec_owner: dict[int, int] = {}

    def _extend_flash_energy(self, deck: list[int]) -> None:
        """Swap n = min(4, Energy cards in the deck, pool) random Energy cards for Flash
        Energy cards of the unchosen Bestial Forces schools [manual + assumed pool]."""
        energy = [c for c in deck if CARDS[c].kind == ENERGY]
        pool = [
            c
            for school in BESTIAL_SCHOOLS
            if school not in self.schools
            for c in CARDS_OF[school]
            if CARDS[c].kind == FLASH
        ]
        n = min(4, len(energy), len(pool))
        for c in self.rng.sample(energy, n):
            deck.remove(c)
            self.box.append(c)
        deck += self.rng.sample(pool, n)
        self._flash_added = True

    def _remaining_school_decks(self) -> dict[str, list[int]]:
        in_deck = set(self.deck)
        return {
            s: [c for c in CARDS_OF[s] if c not in in_deck]
            for s in CHOOSABLE
            if s not in self.schools
        }

    def _offer_specializations(self) -> None:
        """Each player in seat order from the first player takes two unused school decks at
        random, looks at both and keeps one (§8.11 item 3)."""
        self.phase = SETUP
        self.spec_turn = 0
        self._offer_next_specialization()

    def _offer_next_specialization(self) -> None:
        seat = (self.first_player + self.spec_turn) % self.num_players
        pair = self.rng.sample(sorted(self.unused), 2)
        self.push_choice(
            seat,
            "specialization",
            [
                (
                    f"keep:{school}",
                    f"Keep the {school} deck as your Specialization",
                    "keep_specialization",
                    {"seat": seat, "school": school},
                )
                for school in sorted(pair)
            ],
            secret=True,
        )

    def st_keep_specialization(self, seat: int, school: str) -> None:
        wizard = self.wizards[seat]
        wizard.spec_school = school
        wizard.spec_deck = list(self.unused.pop(school))
        for c in wizard.spec_deck:
            self.spec_owner[c] = seat
        self.spec_turn += 1
        if self.spec_turn < self.num_players:
            self._offer_next_specialization()
            return
        for w in self.wizards:
            self.rng.shuffle(w.spec_deck)
        for deck in self.unused.values():
            self.box += deck
        self.unused = {}
        self._deal()
        self.phase = MOVE_AND_CAST
        self._begin_turn()

    def _deal(self) -> None:
        """Five cards each; with Specializations three from the deck and two of one's own."""
        magic, own = SPEC_STARTING_HAND if self.specializations else (STARTING_HAND, 0)
        for w in self.wizards:
            for _ in range(magic):
                self.draw_card(w.seat)
            for _ in range(own):
                self.draw_card(w.seat, specialization=True)

    # --- Engine API ---------------------------------------------------------------------------
    def to_move(self) -> int | None:
        if self.over:
            return None
        if self.frames:
            return self.frames[-1]["seat"]
        return self.active

    def legal_actions(self) -> list[str]:
        return list(self._legal_map())

    def apply(self, code: str) -> None:
        move = self._legal_map().get(code)
        if move is None:
            raise IllegalAction(f"{GAME_NAME}: {code!r} is not legal now")
        handler, argument = move
        self._legal = None
        self._memo = {}
        if self.frames and self.frames[-1]["kind"] == "choice":
            self.frames.pop()
        program: JSON = {"kind": "program", "steps": []}
        self.frames.append(program)
        self._sink = program["steps"]
        handler(self, argument)
        self._sink = None
        self._run()
        self._memo = {}

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> list[JSON]:
        return rank_players(self)

    def clone(self) -> WizWarState:
        """A manual copy: records and containers copied, frames and casts as the plain data
        they are; the generator is shared until either copy draws (SharedRng)."""
        new = object.__new__(WizWarState)
        self.share_rng()
        new.__dict__.update(self.__dict__)
        new._legal, new._memo, new._sink = None, {}, None  # the legal map points into frames
        new.wizards = [_copy_record(w) for w in self.wizards]
        new.creatures = {k: _copy_record(v) for k, v in self.creatures.items()}
        new.spells = {k: _copy_record(v) for k, v in self.spells.items()}
        new.objects = {k: _copy_record(v) for k, v in self.objects.items()}
        new.doors = {k: _copy_record(v) for k, v in self.doors.items()}
        new.treasures = [_copy_record(t) for t in self.treasures]
        new.frames = _copy_data(self.frames)
        new.casts = _copy_data(self.casts)
        new.unused = {k: v[:] for k, v in self.unused.items()}
        for name in _COPIED:
            setattr(new, name, copy.copy(getattr(self, name)))
        return new

    # --- The step interpreter -----------------------------------------------------------------
    def then(self, step: str, **args: Any) -> None:
        """Schedule a named step after the current one (and after what it schedules)."""
        assert self._sink is not None, "then() outside a step"
        self._sink.append([step, args])

    def now(self, step: str, **args: Any) -> None:
        """Run a named step at once, in its own program frame."""
        program: JSON = {"kind": "program", "steps": []}
        self.frames.append(program)
        outer, self._sink = self._sink, program["steps"]
        STEPS[step](self, **args)
        self._sink = outer

    def push_choice(
        self,
        seat: int,
        what: str,
        options: Iterable[tuple[str, str, str, JSON]],
        secret: bool = False,
        info: JSON | None = None,
    ) -> None:
        """Wait for `seat` to pick one of `options`: (code, label, step, args)."""
        entries = [{"code": c, "label": lab, "step": s, "args": a} for c, lab, s, a in options]
        assert entries, f"empty choice {what}"
        self.frames.append(
            {
                "kind": "choice",
                "seat": seat,
                "what": what,
                "options": entries,
                "secret": secret,
                "info": info or {},
            }
        )

    def _run(self) -> None:
        while not self.over:
            if not self.frames:
                if self._after_stack():
                    continue
                return
            top = self.frames[-1]
            kind = top["kind"]
            if kind == "program":
                if not top["steps"]:
                    self.frames.pop()
                    continue
                name, args = top["steps"].pop(0)
                outer, self._sink = self._sink, top["steps"]
                # steps scheduled by this step run before the rest of its program
                mine: list = []
                self._sink = mine
                STEPS[name](self, **args)
                self._sink = outer
                top["steps"][:0] = mine
                continue
            if kind == "window":
                if self._advance_window(top):
                    continue
                return
            if not self.wizards[top["seat"]].alive or (
                kind == "declare" and top["actor"] and not self.figure_alive(top["actor"])
            ):
                self.frames.pop()  # the dead decide nothing
                continue
            return
        self.frames = []

    def _after_stack(self) -> bool:
        """The stack is empty: move the turn on if it must. True if something changed."""
        if self.phase == SETUP:
            return False
        active = self.wizards[self.active]
        if not active.alive:
            self._next_turn()
            return True
        if self.activation and self.activation not in self.creatures:
            self.activation = ""
        return False

    def log_event(self, text: str) -> None:
        self.log.append(text)
        if len(self.log) > 40:
            del self.log[:-40]

    # --- Figures --------------------------------------------------------------------------------
    def figure_alive(self, token: str) -> bool:
        seat = WIZARD_SEATS.get(token)
        if seat is not None:
            return self.wizards[seat].alive
        return token in self.creatures

    def figure_sq(self, token: str) -> int:
        seat = WIZARD_SEATS.get(token)
        if seat is not None:
            return self.wizards[seat].sq
        return self.creatures[token].sq

    def controller(self, token: str) -> int:
        seat = WIZARD_SEATS.get(token)
        if seat is not None:
            return seat
        return self.creatures[token].controller

    def figures(self) -> list[str]:
        """Every figure in play: living wizards by seat, then creatures in summoning order."""
        return [w.token for w in self.wizards if w.alive] + list(self.creatures)

    def figures_at(self, sq: int) -> list[str]:
        return list(self._by_square().get(sq, ()))

    def _by_square(self) -> dict[int, list[str]]:
        found = self._memo.get("by_square")
        if found is None:
            found = {}
            for f in self.figures():
                found.setdefault(self.figure_sq(f), []).append(f)
            self._memo["by_square"] = found
        return found

    def occupied(self) -> frozenset[int]:
        """Squares that are not empty for a Creation (§5.4)."""
        found = self._memo.get("occupied")
        if found is None:
            squares = set(B.HOME_SQUARES) | set(self._by_square())
            squares |= {t.sq for t in self.treasures if not t.scored and t.sq >= 0}
            squares |= {o.sq for o in self.objects.values()}
            squares |= set(self.floor.values())
            found = self._memo["occupied"] = frozenset(squares)
        return found

    def name_of(self, token: str) -> str:
        if is_wizard(token):
            return B.COLOURS[self.wizards[int(token[1])].colour]
        if token in CREATURES:
            return CREATURES[token].title
        return token

    def spells_on(self, token: str) -> list[Spell]:
        return list(self._spell_index().on.get(token, ()))

    def has_spell(self, token: str, key: str) -> bool:
        return (token, key) in self._spell_index().pairs

    def spell_in_play(self, key: str) -> bool:
        return key in self._spell_index().keys

    def form(self, token: str) -> str:
        """The key of the transformation maintained on a figure, or ""."""
        sp = self._spell_index().forms.get(token)
        return CARDS[sp.card].key if sp is not None else ""

    def form_spell(self, token: str) -> Spell | None:
        return self._spell_index().forms.get(token)

    def _spell_index(self) -> SpellIndex:
        """The maintained spells looked up by target and key; rebuilt after any change."""
        found = self._memo.get("spells")
        if found is None:
            found = self._memo["spells"] = SpellIndex(self.spells.values())
        return found

    def carried(self, seat: int, key: str) -> int:
        return sum(1 for c in self.wizards[seat].items if CARDS[c].key == key)

    def untargetable(self, token: str) -> bool:
        """Mist Body cannot be attacked; the Homunculus cannot be targeted at all."""
        return token == "homunculus" or self.form(token) == "mist_body"

    def base_speed(self, token: str) -> int:
        """Form speed replaces the figure's own; then items and Dragon Wings (§7.6, §8.10)."""
        form = self.form_spell(token)
        values = CARDS[form.card].row.values if form else {}
        if "speed" in values:
            speed = values["speed"]
        elif is_wizard(token):
            speed = BASE_SPEED
        else:
            speed = CREATURES[token].speed
        if is_wizard(token):
            wizard = self.wizards[int(token[1])]
            speed += sum(
                CARDS[c].value("speed") for c in wizard.items if CARDS[c].key == "speedstone"
            )
            for sp in self.spells_on(token):
                if CARDS[sp.card].key == "dragon_wings":
                    speed += CARDS[sp.card].value("speed")
            if wizard.slow:
                speed = max(1, speed - wizard.slow)
        return speed

    def hovers(self, token: str) -> bool:
        """Hover (Genie), Wings (Dragon), Dragon Wings and Mist Body ignore entering effects of
        Rosebush, Thornbush, tacks, Booby Trap tokens and Dust Cloud."""
        return (
            token in ("genie", "dragon")
            or self.has_spell(token, "dragon_wings")
            or self.form(token) == "mist_body"
        )

    # --- Doors and edges (§2.5) ---------------------------------------------------------------
    def sealed(self, edge: int) -> bool:
        token = B.edge_name(edge)
        return any(
            sp.target == token and CARDS[sp.card].key == "seal_door" for sp in self.spells.values()
        )

    def door_open_for(self, edge: int, token: str, at: int = -1) -> bool:
        """Held open: open for all. Otherwise open only for its colour's wizard and creatures
        (or a wizard who unlocked it, or under Ariadne's Thread) standing beside it."""
        if edge in self.held:
            return True
        if self.sealed(edge):
            return False
        sq = at if at >= 0 else self.figure_sq(token)
        if sq not in B.edge_squares(edge):
            return False
        wizard = self.wizards[self.controller(token)]
        if not wizard.alive:
            return False
        if self.doors[edge].colour == wizard.colour:
            return True
        return is_wizard(token) and (
            edge in wizard.unlocked or self.has_spell(token, "ariadnes_thread")
        )

    def edge_blocks(self, edge: int, token: str, at: int = -1) -> bool:
        """A wall or a door closed for `token` blocks movement and LOS."""
        if edge == B.WRAP:
            return False
        if edge in self.walls:
            return True
        if edge in self.doors:
            return not self.door_open_for(edge, token, at)
        return False

    def edge_token(self, edge: int) -> str:
        return B.edge_name(edge)

    # --- Objects ------------------------------------------------------------------------------
    def objects_at(self, sq: int, kind: str = "") -> list[Obj]:
        return [o for o in self.objects.values() if o.sq == sq and (not kind or o.kind == kind)]

    def fillers(self) -> frozenset[int]:
        """Squares holding a square-filling object (§2.8): they block LOS through them."""
        found = self._memo.get("fillers")
        if found is None:
            squares = {
                o.sq
                for o in self.objects.values()
                if o.kind in ("stone_block", "rosebush", "thornbush", "dust_cloud")
            }
            squares |= {self.figure_sq(f) for f in self.figures() if self.form(f) == "big_man_form"}
            found = self._memo["fillers"] = frozenset(squares)
        return found

    def empty_square(self, sq: int) -> bool:
        """Creation target (§5.4): no figure, treasure, object or item, not a home base."""
        return sq not in self.occupied()

    def empty_edge(self, edge: int) -> bool:
        return edge not in self.walls and edge not in self.doors and edge not in self.fire_walls

    # --- Line of sight and range (§2.8) -------------------------------------------------------
    def sees(
        self, token: str, sq: int, origin: int = -1, ignore: int = 0, corner: bool = False
    ) -> bool:
        """LOS from a figure (or from `origin`, for Astral Projection) to a square."""
        return self.sight(token, origin, ignore, corner) >> sq & 1 == 1

    def sight(self, token: str, origin: int = -1, ignore: int = 0, corner: bool = False) -> int:
        """Mask of the squares `token` sees from `origin` (or where it stands): its own, then
        Fog (adjacent squares only), a Dust Cloud (none), straight and wrap lines, a Seer
        Totem's sector and Around the Corner's one turn."""
        a = origin if origin >= 0 else self.figure_sq(token)
        key = ("sight", token, a, ignore, corner)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._sight(token, a, ignore, corner)
        return found

    def _sight(self, token: str, a: int, ignore: int, corner: bool) -> int:
        fog, blind, seer = self._viewpoint(token, a)
        if fog:
            return B.bit_mask(self.adjacent_squares(token, a))
        if blind:
            return 1 << a
        seen = self._straight(token, a, ignore) | 1 << a
        if seer:
            seen |= B.SECTOR_MASKS[B.SECTOR[a]]
        if corner:
            for x in B.bits(self._straight(token, a, ignore)):
                seen |= self._straight(token, x, ignore)
        return seen

    def _straight(self, token: str, a: int, ignore: int) -> int:
        """Squares seen along straight and wrap lines from a, doors as they are for `token`
        standing on a."""
        return B.visible_squares(a, self._blocking(token, a), self._filled(), ignore)

    def _viewpoint(self, token: str, a: int) -> tuple[bool, bool, bool]:
        """(Fog: adjacent squares only, standing in a Dust Cloud: blind, a Seer Totem of his
        in this sector: sees all of it) for `token` looking from square a."""
        key = ("viewpoint", token, a)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = (
                self.spell_in_play("fog"),
                bool(self.objects_at(a, "dust_cloud")) and not self.hovers(token),
                self._seer(token, a),
            )
        return found

    def sees_edge(self, token: str, edge: int, origin: int = -1, ignore: int = 0) -> bool:
        """LOS to the midpoint of an edge, the edge itself ignored."""
        return self.edge_sight(token, origin, ignore) >> edge & 1 == 1

    def edge_sight(self, token: str, origin: int = -1, ignore: int = 0) -> int:
        """Mask of the edges whose midpoint `token` sees: those bordering its square always,
        the others unless Fog or a Dust Cloud hides them."""
        a = origin if origin >= 0 else self.figure_sq(token)
        key = ("edge_sight", token, a, ignore)
        found = self._memo.get(key)
        if found is None:
            found = B.BORDER_EDGES[a]
            fog, blind, _ = self._viewpoint(token, a)
            if not (fog or blind):
                found |= B.visible_edges(a, self._blocking(token, a), self._filled(), ignore)
            self._memo[key] = found
        return found

    def _line(self, token: str, a: int, b: int, ignore: int, at: int = -1) -> bool:
        """The straight segment from a to b, or its wrap line, is clear for `token` (standing
        on `at`, which decides the doors it may see through) ignoring up to `ignore` walls."""
        line = B.sightlines(a)[b]
        blocking = self._blocking(token, a if at < 0 else at)
        filled = self._filled()
        if not line.squares & filled and (line.edges & blocking).bit_count() <= ignore:
            return True
        return (
            line.wrap_edges >= 0
            and not line.wrap_squares & filled
            and (line.wrap_edges & blocking).bit_count() <= ignore
        )

    def _blocking(self, token: str, at: int) -> int:
        """Mask of the edges that block `token`'s sight from square `at`: walls, and doors
        closed for him there."""
        key = ("blocking", token, at)
        found = self._memo.get(key)
        if found is None:
            found = self._walls_mask()
            for edge in self.doors:
                if not self.door_open_for(edge, token, at):
                    found |= 1 << edge
            self._memo[key] = found
        return found

    def barriers(self) -> int:
        """Mask of the edges holding a wall or a door."""
        found = self._memo.get("barriers")
        if found is None:
            found = self._memo["barriers"] = self._walls_mask() | B.bit_mask(list(self.doors))
        return found

    def _walls_mask(self) -> int:
        found = self._memo.get("walls")
        if found is None:
            found = self._memo["walls"] = B.bit_mask(list(self.walls))
        return found

    def _filled(self) -> int:
        """Mask of the squares holding a square-filling object or figure (§2.8)."""
        found = self._memo.get("filled")
        if found is None:
            found = self._memo["filled"] = B.bit_mask(list(self.fillers()))
        return found

    def _seer(self, token: str, a: int) -> bool:
        """Seer Totem: its controller and his creatures standing in its sector see every square
        of that sector (targeting only)."""
        sector = B.SECTOR[a]
        seat = self.controller(token)
        return any(
            o.kind == "totem"
            and o.owner == seat
            and CARDS[o.card].key == "seer_totem"
            and B.SECTOR[o.sq] == sector
            for o in self.objects.values()
        )

    def adjacent_squares(self, token: str, at: int = -1) -> tuple[int, ...]:
        """Range `adj`: the square itself and each neighbour across a non-blocking edge."""
        a = at if at >= 0 else self.figure_sq(token)
        key = ("adjacent", token, a)
        found = self._memo.get(key)
        if found is None:
            out = [a]
            for n in B.NEIGHBOURS[a]:
                if n is not None and not self.edge_blocks(n.edge, token, a) and n.square not in out:
                    out.append(n.square)
            found = self._memo[key] = tuple(out)
        return found

    def walking_distance(self, token: str, a: int, b: int, limit: int = 99) -> int:
        """Shortest legal walking path for the figure, ignoring objects that do not block
        movement (§9); -1 beyond `limit`."""
        if a == b:
            return 0
        seen = {a}
        frontier = [a]
        for dist in range(1, limit + 1):
            nxt = []
            for sq in frontier:
                for d in range(4):
                    n = self.can_step(token, d, at=sq, pushes=False)
                    if n is None or n.square in seen:
                        continue
                    if n.square == b:
                        return dist
                    seen.add(n.square)
                    nxt.append(n.square)
            frontier = nxt
        return -1

    # --- Stepping (§5.1) ----------------------------------------------------------------------
    def can_step(self, token: str, d: int, at: int = -1, pushes: bool = True) -> B.Neighbour | None:
        """The square one legal step away in direction d, or None."""
        sq = at if at >= 0 else self.figure_sq(token)
        n = B.NEIGHBOURS[sq][d]
        if n is None:
            return None
        forms = self._spell_index().forms
        form = self.form(token) if forms else ""
        edge = n.edge
        if edge != B.WRAP and (edge in self.walls or edge in self.doors):
            seat = WIZARD_SEATS.get(token)
            through = token == "totem_spirit" or (
                seat is not None and edge in self.wizards[seat].pass_edges
            )
            if edge in self.walls:
                if not through:
                    return None
            elif not (
                through
                or form in ("mist_body", "slime_form")
                or self.door_open_for(edge, token, sq)
            ):
                return None
        dest = n.square
        if dest in self._stone_blocks():
            return None
        if not forms:
            return n
        others = [f for f in self._by_square().get(dest, ()) if f != token]
        if form != "mist_body" and any(self.form(f) == "big_man_form" for f in others):
            return None
        if pushes and form == "big_man_form":
            for other in others:
                if not self.shove_options(other, dest, d):
                    return None
        return n

    def _stone_blocks(self) -> frozenset[int]:
        found = self._memo.get("stone_blocks")
        if found is None:
            found = self._memo["stone_blocks"] = frozenset(
                o.sq for o in self.objects.values() if o.kind == "stone_block"
            )
        return found

    def shove_options(self, token: str, sq: int, d: int) -> list[int]:
        """Where the Big Man pushes a figure standing in the square he enters: onward if it
        can, else any other way but back (the figure's controller chooses) [assumed]."""
        if self.can_step(token, d, at=sq, pushes=False) is not None:
            return [d]
        back = B.OPPOSITE[d]
        return [
            x
            for x in range(4)
            if x not in (d, back) and self.can_step(token, x, at=sq, pushes=False)
        ]

    # --- The turn (§4) ------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        """Reset the turn's counters, then the Time Passes phase (§4.1) as steps."""
        self.phase = MOVE_AND_CAST
        self.turn += 1
        w = self.wizards[self.active]
        w.stunned, w.stun_mode, w.mp, w.boosted, w.attacks = False, "", 0, False, 0
        w.moved = w.no_move = w.no_treasure = w.corner = w.drake_eye = False
        w.fresh = True
        w.unlocked, w.pass_edges, w.disease_hit = [], [], []
        w.add_energy = w.projection = -1
        w.slow = w.raven = 0
        for c in self.creatures.values():
            if c.controller == self.active:
                c.activated = c.mad_dash = c.guardian_used = c.stunned = False
        self.activation = ""
        self.log_event(f"Round {self.round}: {self.name_of(w.token)}'s turn")
        self.frames.append(
            {
                "kind": "program",
                "steps": [
                    ["remove_stun", {}],
                    ["time_passes_effects", {}],
                    ["expire_temporary", {}],
                    ["start_move_and_cast", {}],
                ],
            }
        )

    def st_remove_stun(self) -> None:
        """Remove Stun: one token off the wizard and off each of his creatures (§7.4)."""
        w = self.wizards[self.active]
        if w.stun:
            w.stun -= 1
            w.stunned = True
            self.log_event(f"{self.name_of(w.token)} is stunned this turn")
        for c in self.creatures.values():
            if c.controller == self.active and c.stun:
                c.stun -= 1
                c.stunned = True

    def st_time_passes_effects(self) -> None:
        from arena.games.wiz_war import effects

        effects.time_passes(self, self.active)

    def st_expire_temporary(self) -> None:
        """Each temporary spell the active player maintains loses an energy token (§6.3)."""
        for sp in list(self.spells.values()):
            if (
                sp.caster == self.active
                and CARDS[sp.card].row.dur == "T"
                and sp.card in self.spells
            ):
                sp.tokens -= 1
                if sp.tokens <= 0:
                    self.log_event(f"{CARDS[sp.card].title} runs out")
                    self.end_spell(sp.card)

    def st_start_move_and_cast(self) -> None:
        w = self.wizards[self.active]
        if not w.alive:
            return
        w.slow = self.totem_effect("tortoise_totem", w.sq, enemy_of=w.seat)
        w.mp = self.base_speed(w.token)
        if any(CARDS[c].key == "hermes_sandals" for c in w.items):
            roll = die_roll(self.rng)
            w.mp += roll
            self.log_event(f"Hermes' Sandals: d4={roll}, +{roll} MP")

    def st_end_move_and_cast(self) -> None:
        """The Move and Cast phase ends; Discard and Draw begins (§4.3)."""
        if self.phase != MOVE_AND_CAST:
            return
        self.activation = ""
        self.phase = DISCARD_AND_DRAW
        w = self.wizards[self.active]
        w.raven = self.totem_effect("raven_totem", w.sq, enemy_of=w.seat)

    def draws_allowed(self, seat: int) -> int:
        """N = max(0, min(2 + bonuses - penalties, max hand - total)) (§4.3)."""
        w = self.wizards[seat]
        bonus = sum(CARDS[c].value("draw") for c in w.items if CARDS[c].key == "spellstone")
        room = self.max_hand(seat) - self.hand_total(seat)
        return max(0, min(DRAWS_PER_TURN + bonus - w.raven, room))

    def st_draw_phase(self, count: int, specialization: bool) -> None:
        """Draw `count` cards (one from the Specialization deck if asked), then Slow Death."""
        seat = self.active
        drawn = 0
        for i in range(count):
            if self.draw_card(seat, specialization=specialization and i == 0) is not None:
                drawn += 1
        if drawn:
            self.log_event(f"{self.name_of(f'w{seat}')} draws {drawn}")
        from arena.games.wiz_war import effects

        effects.after_draw(self, seat, drawn)
        self.then("enforce_hand_limit", seat=seat)
        self.then("end_turn")

    def st_enforce_hand_limit(self, seat: int) -> None:
        """Over the limit: discard, end a maintained spell or drop an item, one at a time."""
        w = self.wizards[seat]
        if not w.alive or self.hand_total(seat) <= self.max_hand(seat):
            return
        options = [
            (
                f"discard:card={c}",
                f"Discard {CARDS[c].title}",
                "reduce_hand",
                {"seat": seat, "how": "discard", "card": c},
            )
            for c in w.hand
        ]
        options += [
            (
                f"end_spell:card={c}",
                f"End your {CARDS[c].title}",
                "reduce_hand",
                {"seat": seat, "how": "end", "card": c},
            )
            for c, sp in self.spells.items()
            if sp.caster == seat
        ]
        if self.items_count(seat):
            options += [
                (
                    f"drop:item={c}",
                    f"Drop {CARDS[c].title}",
                    "reduce_hand",
                    {"seat": seat, "how": "drop", "card": c},
                )
                for c in w.items
            ]
        self.push_choice(seat, "hand_limit", options)

    def st_reduce_hand(self, seat: int, how: str, card: int) -> None:
        w = self.wizards[seat]
        if how == "discard" and card in w.hand:
            w.hand.remove(card)
            self.discard_card(card)
        elif how == "end":
            self.end_spell(card)
        elif how == "drop" and card in w.items:
            self.drop_item(seat, card)
        self.then("enforce_hand_limit", seat=seat)

    def st_end_turn(self) -> None:
        w = self.wizards[self.active]
        w.stunned, w.stun_mode, w.mp = False, "", 0
        w.unlocked, w.pass_edges = [], []
        self.held = {e: s for e, s in self.held.items() if s != self.active}
        for c in self.creatures.values():
            if c.controller == self.active:
                c.stunned = False
        self.activation = ""
        self._next_turn()

    def _next_turn(self) -> None:
        """The next living player in seat order; a new round when the order passes the first
        player; the game is drawn after the round limit [designed]."""
        if self.over:
            return
        n = self.num_players
        current = self.active
        nxt = next(
            (current + k) % n for k in range(1, n + 1) if self.wizards[(current + k) % n].alive
        )

        def rel(seat: int) -> int:
            return (seat - self.first_player) % n

        if rel(nxt) <= rel(current):
            if self.round >= self.round_limit:
                self._finish(-1, "round_limit")
                return
            self.round += 1
        self.active = nxt
        self._begin_turn()

    def _finish(self, winner: int, reason: str) -> None:
        self.over = True
        self.winner = winner
        self.end_reason = reason
        self.phase = OVER
        self.frames = []
        self.activation = ""
        who = self.name_of(f"w{winner}") if winner >= 0 else "nobody"
        self.log_event(f"Game over ({reason}): {who} wins")

    def check_victory(self) -> None:
        """2 VP wins at once; so does being the last wizard alive; none alive: a draw."""
        if self.over:
            return
        for w in self.wizards:
            if w.alive and w.vp >= VICTORY_POINTS:
                self._finish(w.seat, "victory_points")
                return
        alive = [w for w in self.wizards if w.alive]
        if len(alive) == 1:
            self._finish(alive[0].seat, "last_wizard")
        elif not alive:
            self._finish(-1, "all_dead")

    # --- Movement and entering squares (§5.1) -------------------------------------------------
    def relocate(self, token: str, sq: int) -> None:
        """Put a figure on a square by any means; held doors it no longer borders close, and a
        carrier on his own home base scores (§5.3)."""
        if is_wizard(token):
            seat = int(token[1])
            self.wizards[seat].sq = sq
            for edge, holder in list(self.held.items()):
                if holder == seat and sq not in B.edge_squares(edge):
                    del self.held[edge]
        else:
            self.creatures[token].sq = sq
        self._memo = {}
        self.check_scoring(token)

    def check_scoring(self, token: str) -> None:
        seat = self.controller(token)
        tid = self.carried_treasure(token)
        if tid < 0:
            return
        treasure = self.treasures[tid]
        home = B.HOME_SQUARES[self.wizards[seat].colour]
        if self.figure_sq(token) == home and treasure.owner != seat:
            self._set_carried_treasure(token, -1)
            treasure.scored, treasure.carrier, treasure.sq = True, "", -1
            self.wizards[seat].vp += 1
            self.log_event(
                f"{self.name_of(token)} brings {self.name_of(f'w{treasure.owner}')}'s treasure "
                f"home: {self.name_of(f'w{seat}')} scores (VP {self.wizards[seat].vp})"
            )
            self.check_victory()

    def st_step(self, token: str, d: int, paid: bool) -> None:
        """One step; a Big Man first shoves the figures in the square he enters."""
        if not self.figure_alive(token):
            return
        n = self.can_step(token, d)
        if n is None:
            return
        if self.form(token) == "big_man_form":
            for other in self.figures_at(n.square):
                if other == token:
                    continue
                ways = self.shove_options(other, n.square, d)
                if len(ways) == 1:
                    self.then("shove", token=other, d=ways[0])
                elif ways:
                    self.push_choice(
                        self.controller(other),
                        "shove",
                        [
                            (
                                f"push:{B.DIRS[x]}",
                                f"{self.name_of(other)} is pushed {B.DIRS[x]}",
                                "shove",
                                {"token": other, "d": x},
                            )
                            for x in ways
                        ],
                    )
        self.then("arrive", token=token, d=d, paid=paid)

    def st_arrive(self, token: str, d: int, paid: bool) -> None:
        if not self.figure_alive(token):
            return
        n = self.can_step(token, d, pushes=False)
        if n is None:
            return
        edge = n.edge
        form = self.form(token)
        if is_wizard(token):
            w = self.wizards[int(token[1])]
            if edge in w.pass_edges:
                w.pass_edges.remove(edge)
            if edge in w.unlocked:
                w.unlocked.remove(edge)  # an unlocked door re-locks once passed (§2.5)
        if edge in self.doors and form == "slime_form" and not self.door_open_for(edge, token):
            self.drop_carried_treasure(token)
        self.relocate(token, n.square)
        if self.over:
            return
        if edge in self.fire_walls and form != "mist_body":
            damage = CARDS[self.fire_walls[edge]].value("damage")
            self.then(
                "damage",
                target=token,
                packets=[[damage, MAG, "fire"]],
                attack=False,
                source="",
                source_sq=n.square,
            )
        self.then("enter", token=token, sq=n.square, paid=paid)

    def st_shove(self, token: str, d: int) -> None:
        """A push of one square (not a voluntary step): entering effects apply."""
        if not self.figure_alive(token):
            return
        n = self.can_step(token, d, pushes=False)
        if n is None:
            return
        self.relocate(token, n.square)
        if not self.over:
            self.then("enter", token=token, sq=n.square, paid=False)

    def st_enter(self, token: str, sq: int, paid: bool) -> None:
        """What entering a square does: traps, bushes, tacks, Disease, Slime; then the
        Minotaur's Labyrinth Guardian may react to a paid step (§11.1)."""
        if not self.figure_alive(token) or self.figure_sq(token) != sq:
            return
        seat = self.controller(token)
        if not self.hovers(token):
            for obj in self.objects_at(sq, "booby"):
                if obj.owner != seat:
                    self._spring_booby_trap(token, obj)
                    break
            for obj in self.objects_at(sq):
                key = CARDS[obj.card].key
                if obj.kind == "rosebush":
                    self._hurt(token, CARDS[obj.card].value("damage"), PHYS, "", sq)
                elif obj.kind == "thornbush":
                    self._hurt(token, CARDS[obj.card].value("damage"), PHYS, "", sq)
                    self.then("stun", target=token, tokens=CARDS[obj.card].value("stun"))
                    self.then("halt", token=token)
                elif obj.kind == "tacks" and key == "handful_of_tacks":
                    self._hurt(token, CARDS[obj.card].value("damage"), PHYS, "", sq)
        if is_wizard(token) and self.has_spell(token, "disease"):
            w = self.wizards[seat]
            for other in self.figures_at(sq):
                if other != token and other not in w.disease_hit:
                    w.disease_hit.append(other)
                    self._hurt(
                        other,
                        CARDS[self._spell_card(token, "disease")].value("damage"),
                        PHYS,
                        "",
                        sq,
                    )
        if self.form(token) == "slime_form":
            for other in self.figures_at(sq):
                if other != token:
                    self._hurt(other, 1, PHYS, "", sq)
        if paid:
            self.then("guardian_check", mover=token)

    def _spell_card(self, token: str, key: str) -> int:
        return next(sp.card for sp in self.spells_on(token) if CARDS[sp.card].key == key)

    def _hurt(self, token: str, amount: int, kind: str, element: str, sq: int) -> None:
        """Schedule non-attack damage from the board (bushes, tacks, traps, fire walls)."""
        self.then(
            "damage",
            target=token,
            packets=[[amount, kind, element]],
            attack=False,
            source="",
            source_sq=sq,
        )

    def _spring_booby_trap(self, token: str, obj: Obj) -> None:
        """A face-down token is revealed: blank ones vanish; the live one hurts and ends the
        whole trap (§10.3)."""
        spell_card = obj.card
        if not obj.live:
            del self.objects[obj.id]
            self.log_event(f"{self.name_of(token)} reveals a blank Booby Trap token")
            return
        self.log_event(f"{self.name_of(token)} springs the live Booby Trap!")
        self._hurt(token, CARDS[spell_card].value("damage"), MAG, "", obj.sq)
        self.end_spell(spell_card)

    def st_halt(self, token: str) -> None:
        """Thornbush: the figure's Move and Cast phase (creature: activation) ends at once."""
        if token == self.activation:
            self.end_activation()
        elif is_wizard(token) and int(token[1]) == self.active and not self.activation:
            self.then("end_move_and_cast")

    def push_directions(self, token: str, origin: int) -> list[int]:
        """ "Directly away from" a square (§9): along the axis on which the figure is farther;
        on a tie, or from its own square, every way that does not come closer (the pushing
        player chooses). Pushes never wrap."""
        sq = self.figure_sq(token)
        r, c = B.row_col(sq)
        r0, c0 = B.row_col(origin)
        dr, dc = r - r0, c - c0
        if sq == origin:
            ways = [0, 1, 2, 3]
        elif abs(dr) > abs(dc):
            ways = [2 if dr > 0 else 0]
        elif abs(dc) > abs(dr):
            ways = [1 if dc > 0 else 3]
        else:
            ways = [2 if dr > 0 else 0, 1 if dc > 0 else 3]
        out = []
        for d in ways:
            n = self.can_step(token, d, pushes=False)
            if n is not None and n.edge != B.WRAP:
                out.append(d)
        return out

    def st_push_away(self, token: str, origin: int, count: int, chooser: int) -> None:
        """Push a figure `count` squares directly away from `origin`, one square at a time;
        a blocked step ends the push."""
        if count <= 0 or not self.figure_alive(token):
            return
        ways = self.push_directions(token, origin)
        if not ways:
            return
        if len(ways) == 1:
            self.then("shove", token=token, d=ways[0])
            self.then("push_away", token=token, origin=origin, count=count - 1, chooser=chooser)
            return
        self.push_choice(
            chooser,
            "push",
            [
                (
                    f"push:{B.DIRS[d]}",
                    f"Push {self.name_of(token)} {B.DIRS[d]}",
                    "push_then",
                    {"token": token, "d": d, "origin": origin, "count": count, "chooser": chooser},
                )
                for d in ways
            ],
        )

    def st_push_then(self, token: str, d: int, origin: int, count: int, chooser: int) -> None:
        self.then("shove", token=token, d=d)
        self.then("push_away", token=token, origin=origin, count=count - 1, chooser=chooser)

    def st_noop(self) -> None:
        """A choice that changes nothing (declining a reaction)."""

    # --- Cards, piles and hand size (§4.3, §6) ------------------------------------------------
    def draw_card(self, seat: int, specialization: bool = False) -> int | None:
        """Top card of the magic deck (or the Specialization deck); an empty deck is refilled
        by shuffling its discard pile [assumed]; nothing if both are empty."""
        w = self.wizards[seat]
        if specialization:
            if not w.spec_deck:
                w.spec_deck, w.spec_discard = w.spec_discard, []
                self.rng.shuffle(w.spec_deck)
            pile = w.spec_deck
        else:
            if not self.deck:
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
            pile = self.deck
        if not pile:
            return None
        c = pile.pop()
        w.hand.append(c)
        return c

    def discard_card(self, c: int) -> None:
        """To the discard pile, or its Specialization owner's own pile (§8.11 item 3)."""
        owner = self.spec_owner.get(c, -1)
        if owner >= 0 and self.wizards[owner].alive:
            self.wizards[owner].spec_discard.append(c)
        else:
            self.discard.append(c)

    def items_count(self, seat: int) -> int:
        """Carried items (relics included) counting toward hand size: none in Extra Arms."""
        if self.form(f"w{seat}") == "extra_arms":
            return 0
        return len(self.wizards[seat].items)

    def hand_total(self, seat: int) -> int:
        """Hand cards + maintained spells + carried items (§1.1)."""
        w = self.wizards[seat]
        maintained = sum(1 for sp in self.spells.values() if sp.caster == seat)
        return len(w.hand) + maintained + self.items_count(seat)

    def max_hand(self, seat: int) -> int:
        w = self.wizards[seat]
        return MAX_HAND + sum(
            CARDS[c].value("hand") for c in w.items if CARDS[c].key == "brainstone"
        )

    def powerstones(self, seat: int) -> int:
        return sum(
            CARDS[c].value("bonus")
            for c in self.wizards[seat].items
            if CARDS[c].key == "powerstone"
        )

    def energy_of(self, seat: int, c: int) -> int:
        """A card's energy value when spent, +1 per Powerstone carried (§6.2)."""
        return CARDS[c].ev + self.powerstones(seat)

    def totem_effect(self, key: str, sq: int, owner: int = -1, enemy_of: int = -1) -> int:
        """The value of a Totem of this name covering `sq`'s sector, owned by `owner` (or by
        anyone but `enemy_of`); two of the same name do not stack (§8.12)."""
        sector = B.sector_of(sq)
        for o in self.objects.values():
            if o.kind != "totem" or CARDS[o.card].key != key or B.sector_of(o.sq) != sector:
                continue
            if (owner >= 0 and o.owner == owner) or (enemy_of >= 0 and o.owner != enemy_of):
                values = CARDS[o.card].row.values
                return next(iter(values.values()), 1)
        return 0

    def totems_of(self, seat: int) -> int:
        return sum(1 for o in self.objects.values() if o.kind == "totem" and o.owner == seat)

    # --- Items, relics and treasures (§5.2, §5.3, §8.8) ---------------------------------------
    def carried_treasure(self, token: str) -> int:
        if is_wizard(token):
            return self.wizards[int(token[1])].treasure
        c = self.creatures.get(token)
        return c.treasure if c else -1

    def _set_carried_treasure(self, token: str, tid: int) -> None:
        if is_wizard(token):
            self.wizards[int(token[1])].treasure = tid
        else:
            self.creatures[token].treasure = tid

    def relics(self, seat: int) -> list[int]:
        return [c for c in self.wizards[seat].items if CARDS[c].kind == RELIC]

    def slot_full(self, seat: int) -> bool:
        """One treasure or one relic per wizard (§8.8)."""
        return self.wizards[seat].treasure >= 0 or bool(self.relics(seat))

    def glued(self, token: str) -> bool:
        return any(
            sp.target == token and CARDS[sp.card].key == "glue" for sp in self.spells.values()
        )

    def play_item(self, seat: int, c: int) -> None:
        """An item or relic goes from hand to the play area: carried (§5.2, §8.8)."""
        w = self.wizards[seat]
        w.hand.remove(c)
        self.gain_item(seat, c)

    def gain_item(self, seat: int, c: int) -> None:
        w = self.wizards[seat]
        before = self.base_speed(w.token)
        w.items.append(c)
        self.speed_shift(w.token, before)
        self.log_event(f"{self.name_of(w.token)} now carries {CARDS[c].title}")
        if CARDS[c].key == "brainstone":
            for _ in range(CARDS[c].value("draw")):
                self.draw_card(seat)
        if CARDS[c].kind == RELIC:
            self.then("settle_slot", seat=seat)

    def st_settle_slot(self, seat: int) -> None:
        """Carrying more than one relic/treasure: drop (his choice) until only one (§8.8)."""
        w = self.wizards[seat]
        held = [f"t{w.treasure}"] if w.treasure >= 0 else []
        held += [f"item{c}" for c in self.relics(seat)]
        if len(held) <= 1:
            return
        self.push_choice(
            seat,
            "drop_one",
            [
                (
                    f"drop:{h}",
                    f"Drop {self.describe_thing(h)}",
                    "drop_thing",
                    {"seat": seat, "thing": h},
                )
                for h in held
            ],
        )

    def st_drop_thing(self, seat: int, thing: str) -> None:
        if thing.startswith("t"):
            self.drop_carried_treasure(f"w{seat}")
        else:
            self.drop_item(seat, int(thing[4:]))
        self.then("settle_slot", seat=seat)

    def describe_thing(self, thing: str) -> str:
        if thing.startswith("item"):
            return CARDS[int(thing[4:])].title
        if thing.startswith("t"):
            return f"{self.name_of('w' + str(self.treasures[int(thing[1:])].owner))}'s treasure"
        return thing

    def drop_item(self, seat: int, c: int) -> None:
        """Free on your own turn: the item lies in your square as a marker (§5.2)."""
        w = self.wizards[seat]
        w.items.remove(c)
        self.floor[c] = w.sq
        self._memo = {}
        self.lose_item(seat, c)

    def lose_item(self, seat: int, c: int) -> None:
        """An item left its carrier: Brainstone makes him discard two cards (§10.2); losing
        a Speedstone costs the MP it gave."""
        if CARDS[c].key == "speedstone" and self.wizards[seat].alive:
            token = f"w{seat}"
            self.speed_shift(token, self.base_speed(token) + CARDS[c].value("speed"))
        if CARDS[c].key == "brainstone" and self.wizards[seat].alive:
            for _ in range(min(2, len(self.wizards[seat].hand))):
                self.then("discard_choice", seat=seat, reason="Brainstone")

    def st_discard_choice(self, seat: int, reason: str) -> None:
        hand = self.wizards[seat].hand
        if not hand:
            return
        self.push_choice(
            seat,
            "discard",
            [
                (
                    f"discard:card={c}",
                    f"Discard {CARDS[c].title} ({reason})",
                    "discard_from_hand",
                    {"seat": seat, "card": c},
                )
                for c in hand
            ],
        )

    def st_discard_from_hand(self, seat: int, card: int) -> None:
        hand = self.wizards[seat].hand
        if card in hand:
            hand.remove(card)
            self.discard_card(card)

    def pick_up_item(self, seat: int, c: int) -> None:
        w = self.wizards[seat]
        del self.floor[c]
        self._memo = {}
        self.gain_item(seat, c)
        w.fresh = False

    def drop_carried_treasure(self, token: str) -> None:
        tid = self.carried_treasure(token)
        if tid < 0:
            return
        treasure = self.treasures[tid]
        treasure.sq, treasure.carrier = self.figure_sq(token), ""
        self._set_carried_treasure(token, -1)
        self._memo = {}
        self.log_event(f"{self.name_of(token)} drops {self.describe_thing(f't{tid}')}")

    def give_treasure(self, token: str, tid: int) -> None:
        """A figure takes a treasure; any creature but the Boggart drops it at once (§8.7)."""
        treasure = self.treasures[tid]
        if treasure.carrier:
            self._set_carried_treasure(treasure.carrier, -1)
        if not is_wizard(token) and token != "boggart":
            treasure.sq, treasure.carrier = self.figure_sq(token), ""
            return
        treasure.sq, treasure.carrier = -1, token
        self._set_carried_treasure(token, tid)
        self._memo = {}
        self.check_scoring(token)

    def can_take_treasure(self, token: str, tid: int) -> bool:
        """Not glued, no Gravity, not guarded by an enemy Dragon's Hoard Keeper (§11.1):
        the Dragon guards only its controller's own treasures ("ele irá proteger seus
        tesouros como se fossem seus próprios")."""
        treasure = self.treasures[tid]
        if treasure.scored or treasure.carrier or self.glued(f"t{tid}"):
            return False
        if self.spell_in_play("gravity"):
            return False
        dragon = self.creatures.get("dragon")
        guarded = dragon is not None and dragon.controller == treasure.owner
        if guarded and dragon.controller != self.controller(token):
            return treasure.sq not in self.adjacent_squares("dragon")
        return True

    def st_take_treasure(self, token: str, tid: int, ends: bool) -> None:
        """Pick up a treasure (§5.3): Ward, Fool's Gold and Hoard Guard may answer; a wizard's
        Move and Cast phase then ends unless a form says otherwise."""
        if not self.figure_alive(token) or not self.can_take_treasure(token, tid):
            return
        seat = self.controller(token)
        treasure = self.treasures[tid]
        where = treasure.sq
        self.log_event(f"{self.name_of(token)} picks up {self.describe_thing(f't{tid}')}")
        self.give_treasure(token, tid)
        if self.over:
            return
        if is_wizard(token) and treasure.owner != seat:
            from arena.games.wiz_war import effects

            effects.treasure_taken(self, seat, tid, where)
            self.then("ward_window", picker=seat, treasure=tid)
        if ends:
            self.then("end_move_and_cast")

    # --- Casting (§6.4) -----------------------------------------------------------------------
    def declare(
        self,
        seat: int,
        actor: str,
        key: str,
        card_id: int = -1,
        mode: str = "",
        source: str = "hand",
        purpose: str = "cast",
        against: int = -1,
    ) -> None:
        """Start declaring a card, punch, item use or creature attack: its targets, mode and
        energy are then asked one slot at a time (effects.py), then it is paid and cast."""
        frame: JSON = {
            "kind": "declare",
            "seat": seat,
            "actor": actor,
            "key": key,
            "card": card_id,
            "mode": mode,
            "source": source,
            "purpose": purpose,
            "against": against,
            "values": {},
            "slot": 0,
        }
        self.frames.append(frame)
        self.advance_declaration(frame)

    def advance_declaration(self, frame: JSON) -> None:
        from arena.games.wiz_war import effects

        if effects.next_slot(self, frame) is None:
            self._remove_frame(frame)
            self.commit(frame)

    def _remove_frame(self, frame: JSON) -> None:
        for i in range(len(self.frames) - 1, -1, -1):
            if self.frames[i] is frame:
                del self.frames[i]
                return

    def commit(self, frame: JSON) -> None:
        """Pay (§6.4 step 2): the card to a pending zone, energy to the discard pile; a
        declared attack is used up even if later cancelled. Then the counter window."""
        from arena.games.wiz_war import effects

        spec = effects.spec_for(frame["key"], frame["mode"])
        seat, actor = frame["seat"], frame["actor"]
        w = self.wizards[seat]
        c = frame["card"]
        values = frame["values"]
        kind = CARDS[c].kind if c >= 0 else ""
        is_spell = spec.spell and frame["source"] in ("hand", "creature_hand") and c >= 0
        is_attack = spec.is_attack(kind)
        origin = self.figure_sq(actor)
        if is_wizard(actor) and is_spell and w.projection >= 0:
            origin = w.projection
        cid = self.next_cast
        self.next_cast += 1
        cast: JSON = {
            "id": cid,
            "card": c,
            "key": frame["key"],
            "mode": frame["mode"],
            "seat": seat,
            "actor": actor,
            "source": frame["source"],
            "values": values,
            "spell": is_spell,
            "attack": is_attack,
            "kind": kind,
            "origin": origin,
            "E": 0,
            "energy": [],
            "targets": [],
            "objects": [],
            "area": [],
            "canceled": False,
            "absorbed": False,
            "reduce": {},
            "teleported": [],
            "lost": {},
            "unevadable": spec.unevadable,
            "reach": spec.reach,
            "land": -1,
            "keep": True,
            "hold": "",
            "against": frame["against"],
            "corner": False,
            "drake": False,
        }
        self.casts[cid] = cast
        energy_cards = [
            v for k, v in values.items() if k.startswith("energy") and isinstance(v, int) and v >= 0
        ]
        if spec.uses_energy:
            if is_wizard(actor) and w.add_energy >= 0 and is_spell:
                cast["E"] = w.add_energy
                w.add_energy = -1
            else:
                cast["E"] = sum(self.energy_of(seat, e) for e in energy_cards)
        for e in energy_cards:
            if e in w.hand:
                w.hand.remove(e)
                self.discard_card(e)
        cast["energy"] = energy_cards
        if c >= 0 and frame["source"] in ("hand", "creature_hand"):
            if c in w.hand:
                w.hand.remove(c)
            self.pending.append(c)
        elif c >= 0 and frame["source"] in ("thrown", "spent"):
            w.items.remove(c)
            self.pending.append(c)
            self.then("lost_item", seat=seat, card=c)
        if is_spell and is_wizard(actor):
            cast["corner"], cast["drake"] = w.corner, w.drake_eye
            w.corner = w.drake_eye = False
            w.projection = -1
        if is_attack:
            self._use_attack(actor)
        if is_wizard(actor):
            w.fresh = False
        effects.fix_targets(self, cast)
        self.log_event(self.cast_text(cast))
        if frame["purpose"] == "counter":
            target = self.casts.get(frame["against"])
            if (
                spec.cancels
                and target is not None
                and target["spell"]
                and cast["spell"]
                and frame["key"] != "anti_anti"
            ):
                self.then("anti_window", counter=cid)
            self.then("resolve_counter", counter=cid)
            self.then("finish", cast=cid)
            return
        self.then("open_window", cast=cid)
        self.then("resolve", cast=cid)
        self.then("finish", cast=cid)

    def st_lost_item(self, seat: int, card: int) -> None:
        self.lose_item(seat, card)

    def cast_text(self, cast: JSON) -> str:
        who = self.name_of(cast["actor"])
        what = CARDS[cast["card"]].title if cast["card"] >= 0 else cast["key"].replace("_", " ")
        text = f"{who} uses {what}"
        if cast["targets"] or cast["objects"]:
            names = [self.name_of(t) for t in cast["targets"]] + list(cast["objects"])
            text += " on " + ", ".join(names)
        if cast["E"]:
            text += f" (E={cast['E']})"
        return text

    def _use_attack(self, actor: str) -> None:
        if actor == self.activation:
            self.act_attacks += 1
            return
        if is_wizard(actor):
            w = self.wizards[int(actor[1])]
            w.attacks += 1
            if w.stunned and not w.stun_mode:
                w.stun_mode = "attack"

    def st_open_window(self, cast: int) -> None:
        """The counter window (§6.5): in seat order from the caster's left, the caster last,
        every player who holds a card may answer once; it closes when all pass in a row."""
        c = self.casts.get(cast)
        if c is None or c["canceled"]:
            return
        order = self.window_order(c)
        if order:
            self.frames.append(
                {
                    "kind": "window",
                    "mode": "counter",
                    "cast": cast,
                    "order": order,
                    "i": 0,
                    "passes": 0,
                    "done": [],
                    "seat": order[0],
                }
            )

    def window_order(self, c: JSON) -> list[int]:
        key_card = CARDS[c["card"]] if c["card"] >= 0 else None
        mundane = key_card is not None and key_card.has("mundane")
        if mundane and not c["attack"]:
            return []
        n = self.num_players
        seats = [(c["seat"] + k) % n for k in range(1, n + 1)]
        targeted = {self.controller(t) for t in c["targets"] if self.figure_alive(t)}
        if c["spell"] and not mundane:
            wanted = set(seats)
            if c["seat"] not in targeted:
                wanted.discard(c["seat"])  # the caster answers only what strikes his own
        elif c["attack"]:
            wanted = targeted
        else:
            return []
        return [s for s in seats if s in wanted and self.wizards[s].alive]

    def _advance_window(self, frame: JSON) -> bool:
        """True if the window closed or skipped a seat; False when a seat must answer."""
        cast = self.casts.get(frame["cast"])
        order = frame["order"]
        if cast is None or cast["canceled"] or frame["passes"] >= len(order):
            self.frames.pop()
            return True
        seat = order[frame["i"] % len(order)]
        frame["seat"] = seat
        if seat in frame["done"] or not self.may_respond(seat, frame["mode"]):
            frame["passes"] += 1
            frame["i"] += 1
            return True
        return False

    def may_respond(self, seat: int, mode: str) -> bool:
        """Asked only if he could hold an answer, judged from public facts: cards in hand (or
        Null Powder carried), so being asked reveals nothing."""
        w = self.wizards[seat]
        if not w.alive:
            return False
        if w.hand:
            return True
        return mode == "counter" and any(CARDS[c].key == "null_powder" for c in w.items)

    def st_anti_window(self, counter: int) -> None:
        """A counter aimed at a spell: its caster may answer with Anti-Anti (§10.7)."""
        ct = self.casts.get(counter)
        if ct is None:
            return
        target = self.casts.get(ct["against"])
        if target is None:
            return
        seat = target["seat"]
        if seat != ct["seat"] and self.may_respond(seat, "anti"):
            self.frames.append(
                {
                    "kind": "window",
                    "mode": "anti",
                    "cast": counter,
                    "order": [seat],
                    "i": 0,
                    "passes": 0,
                    "done": [],
                    "seat": seat,
                }
            )

    def st_ward_window(self, picker: int, treasure: int) -> None:
        """Ward (§10.3): the treasure's owner may answer its pick-up."""
        owner = self.treasures[treasure].owner
        if not self.wizards[picker].alive or not self.may_respond(owner, "ward"):
            return
        cid = self.next_cast
        self.next_cast += 1
        self.casts[cid] = {
            "id": cid,
            "card": -1,
            "key": "pickup",
            "mode": "",
            "seat": picker,
            "actor": f"w{picker}",
            "treasure": treasure,
            "targets": [],
            "objects": [],
            "spell": False,
            "attack": False,
            "canceled": False,
            "source": "pickup",
        }
        self.frames.append(
            {
                "kind": "window",
                "mode": "ward",
                "cast": cid,
                "order": [owner],
                "i": 0,
                "passes": 0,
                "done": [],
                "seat": owner,
            }
        )
        self.then("forget_cast", cast=cid)

    def st_forget_cast(self, cast: int) -> None:
        self.casts.pop(cast, None)

    def st_resolve(self, cast: int) -> None:
        """Resolve a cast that was not cancelled (§6.4 step 4)."""
        from arena.games.wiz_war import effects

        c = self.casts.get(cast)
        if c is None:
            return
        if c["canceled"]:
            self.log_event(f"{self.cast_text(c)}: cancelled")
            return
        if not self.figure_alive(c["actor"]):
            return
        effects.resolve(self, c)

    def st_resolve_counter(self, counter: int) -> None:
        from arena.games.wiz_war import effects

        ct = self.casts.get(counter)
        if ct is None or ct["canceled"]:
            return
        target = self.casts.get(ct["against"])
        if target is not None:
            effects.resolve_counter(self, ct, target)

    def st_finish(self, cast: int) -> None:
        """Instant spells and cancelled ones are discarded, temporary and permanent ones stay
        in the caster's play area (§6.4 step 5); a thrown rock lands."""
        c = self.casts.pop(cast, None)
        if c is None:
            return
        card_id = c["card"]
        if card_id < 0 or card_id not in self.pending:
            return
        self.pending.remove(card_id)
        row = CARDS[card_id].row
        if c["source"] == "thrown":
            if c["land"] >= 0 and row.key == "large_rock":
                self.floor[card_id] = c["land"]
                self._memo = {}
            else:
                self.discard_card(card_id)
            return
        keep = row.dur in ("T", "P") and c["keep"] and not c["canceled"]
        if keep and self.wizards[c["seat"]].alive:
            self.add_spell(card_id, c["seat"], c["hold"], c["E"])
        else:
            self.discard_card(card_id)

    def add_spell(self, card_id: int, caster: int, target: str, energy: int) -> None:
        tokens = max(1, energy) if CARDS[card_id].row.dur == "T" else 0
        self.spells[card_id] = Spell(card_id, caster, target, tokens, energy)
        self._memo = {}

    def end_spell(self, card_id: int) -> None:
        """End a maintained spell: undo what it holds in place, discard the card (§6.3)."""
        from arena.games.wiz_war import effects

        sp = self.spells.get(card_id)
        if sp is None:
            return
        mover = sp.target if sp.target and self.figure_alive(sp.target) else ""
        before = self.base_speed(mover) if mover else 0
        del self.spells[card_id]
        self._memo = {}
        effects.on_end(self, sp)
        self.discard_card(card_id)
        if mover and self.figure_alive(mover):
            self.speed_shift(mover, before)

    def speed_shift(self, token: str, before: int) -> None:
        """Base speed changed mid-turn: the wizard's remaining MP change alike, never below 0
        (§5.1); a creature's new speed counts from its next activation (§8.10)."""
        if not is_wizard(token) or int(token[1]) != self.active or self.phase != MOVE_AND_CAST:
            return
        w = self.wizards[self.active]
        w.mp = max(0, w.mp + self.base_speed(token) - before)

    # --- Attacks: who is hit (§6.5) -----------------------------------------------------------
    def hits(self, cast: JSON) -> list[str]:
        """The figure targets still there and not evading; evasion rolls happen now."""
        out = []
        for token in cast["targets"]:
            if self.figure_alive(token) and not (cast["attack"] and self.evades(cast, token)):
                out.append(token)
        return out

    def evades(self, cast: JSON, token: str) -> bool:
        from arena.games.wiz_war.cards import SLIPPERY_FACES
        from arena.games.wiz_war.config import GNOME_EVADES, INVISIBLE_EVADES

        if cast["unevadable"]:
            return False
        name = self.name_of(token)
        if token in cast["teleported"] and not self.in_reach(cast, token):
            self.log_event(f"{name} teleported out of reach")
            return True
        if is_wizard(token) and self.has_spell(token, "invisible"):
            roll = die_roll(self.rng)
            if roll in INVISIBLE_EVADES:
                self.log_event(f"{name} is invisible: d4={roll}, evaded")
                return True
            self.log_event(f"{name} is invisible: d4={roll}, hit")
        if self.form(token) == "gnome_form":
            roll = die_roll(self.rng)
            if roll in GNOME_EVADES:
                self.log_event(f"{name} (Gnome Form): d4={roll}, evaded")
                return True
        if token == "boggart":
            roll = die_roll(self.rng)
            if roll in SLIPPERY_FACES:
                self.log_event(f"Boggart slips away: d4={roll}")
                self._offer_slippery_step()
                return True
        return False

    def _offer_slippery_step(self) -> None:
        seat = self.creatures["boggart"].controller
        options = [("stay", "The Boggart stays where it is", "noop", {})]
        for d in range(4):
            if self.can_step("boggart", d) is not None:
                options.append(
                    (
                        f"step:{B.DIRS[d]}",
                        f"The Boggart slips {B.DIRS[d]}",
                        "shove",
                        {"token": "boggart", "d": d},
                    )
                )
        self.push_choice(seat, "slippery", options)

    def in_reach(self, cast: JSON, token: str) -> bool:
        """Is a (teleported) target still within the attack's range and LOS?"""
        actor, reach = cast["actor"], cast["reach"]
        if not self.figure_alive(actor):
            return False
        sq = self.figure_sq(token)
        if reach in ("area", "line"):
            return sq in cast["area"]
        if reach == "adj":
            return sq in self.adjacent_squares(actor)
        if reach == "path":
            return self.walking_distance(actor, self.figure_sq(actor), sq, 6) >= 0
        if reach.startswith("los"):
            limit = int(reach[3:]) if len(reach) > 3 else 99
            return B.manhattan(self.figure_sq(actor), sq) <= limit and self.sees(actor, sq)
        return True

    # --- Damage, healing, stun (§7.2-§7.4) ----------------------------------------------------
    def damage(
        self,
        cast: JSON | None,
        target: str,
        packets: list[list],
        attack: bool | None = None,
        source: str | None = None,
    ) -> None:
        """Schedule damage from a cast to one target (figure, object or edge)."""
        if cast is None:
            self.then(
                "damage",
                target=target,
                packets=packets,
                attack=bool(attack),
                source=source or "",
                source_sq=-1,
            )
            return
        actor = cast["actor"] if source is None else source
        sq = self.figure_sq(actor) if actor and self.figure_alive(actor) else cast.get("origin", -1)
        self.then(
            "damage",
            target=target,
            packets=packets,
            attack=cast["attack"] if attack is None else attack,
            source=actor,
            source_sq=sq,
            scorer=cast["seat"],
            cast=cast["id"],
        )

    def st_damage(
        self,
        target: str,
        packets: list[list],
        attack: bool,
        source: str,
        source_sq: int,
        scorer: int = -1,
        cast: int = -1,
        lust: str = "",
        pure: bool = False,
    ) -> None:
        """§7.2: base amount; multiplications (Strength) then additions (Treasure Lust, Wolf
        Totem); reductions once per source; Featherweight; life loss; triggers; death."""
        if not (is_wizard(target) or target in CREATURES):
            self.damage_thing(target, packets, source)
            return
        if not self.figure_alive(target):
            return
        packets = [list(p) for p in packets]
        if sum(p[0] for p in packets) <= 0:
            return
        if pure:
            self.lose_life(target, sum(p[0] for p in packets), False, "", -1, [], cast)
            return
        if attack and not lust and self._lust_applies(source, scorer, target):
            args = {
                "target": target,
                "packets": packets,
                "attack": attack,
                "source": source,
                "source_sq": source_sq,
                "scorer": scorer,
                "cast": cast,
            }
            self.push_choice(
                int(target[1]),
                "treasure_lust",
                [
                    (
                        "lust:drop",
                        "Drop what you carry: no extra damage",
                        "damage",
                        {**args, "lust": "drop"},
                    ),
                    (
                        "lust:suffer",
                        "Keep it and suffer 3 more damage",
                        "damage",
                        {**args, "lust": "suffer"},
                    ),
                ],
            )
            return
        if source and self.figure_alive(source) and self.has_spell(source, "strength"):
            for p in packets:
                if p[1] == PHYS:
                    p[0] *= 2
        if lust == "drop":
            self.drop_slot(int(target[1]))
        elif lust == "suffer":
            packets[0][0] += self._lust_bonus(scorer)
        if attack and source and not is_wizard(source) and source in self.creatures:
            packets[0][0] += self.totem_effect(
                "wolf_totem", self.figure_sq(target), owner=self.creatures[source].controller
            )
        packets = self._reduce(target, packets, attack, cast)
        total = sum(p[0] for p in packets)
        if total <= 0:
            self.log_event(f"{self.name_of(target)} takes no damage")
            return
        if is_wizard(target) and self.has_spell(target, "featherweight"):
            self.then(
                "feather",
                target=target,
                points=total,
                packets=packets,
                attack=attack,
                source=source,
                source_sq=source_sq,
                scorer=scorer,
                cast=cast,
            )
            return
        self.lose_life(target, total, attack, source, scorer, packets, cast)

    def _lust_applies(self, source: str, scorer: int, target: str) -> bool:
        if not is_wizard(target) or scorer < 0:
            return False
        seat = int(target[1])
        if not self.slot_full(seat):
            return False
        return any(
            sp.caster == scorer and CARDS[sp.card].key == "treasure_lust"
            for sp in self.spells.values()
        )

    def _lust_bonus(self, scorer: int) -> int:
        for sp in self.spells.values():
            if sp.caster == scorer and CARDS[sp.card].key == "treasure_lust":
                return CARDS[sp.card].value("bonus")
        return 0

    def drop_slot(self, seat: int) -> None:
        """Drop the carried treasure or relic into the wizard's square."""
        w = self.wizards[seat]
        if w.treasure >= 0:
            self.drop_carried_treasure(w.token)
        for c in self.relics(seat):
            self.drop_item(seat, c)

    def _reduce(self, target: str, packets: list[list], attack: bool, cast: int) -> list[list]:
        """Each reduction once per source (§7.2 step 3); physical-only ones first."""
        general = 0
        physical = 0
        c = self.casts.get(cast)
        if c is not None:
            general += c.get("reduce", {}).get(target, 0)
        form = self.form_spell(target)
        if form is not None and CARDS[form.card].key in ("golem_form", "dragon_form"):
            general += CARDS[form.card].value("reduce")
        if is_wizard(target):
            seat = int(target[1])
            for item in self.wizards[seat].items:
                key = CARDS[item].key
                if key == "bloodshard" or (key == "aegis" and attack):
                    general += CARDS[item].value("reduce")
            for sp in self.spells_on(target):
                if CARDS[sp.card].key == "dragon_scales":
                    general += CARDS[sp.card].value("reduce")
                    physical += CARDS[sp.card].value("physical") - CARDS[sp.card].value("reduce")
        from arena.games.wiz_war.cards import IRON_HIDE

        physical += self.totem_effect(
            "stone_totem", self.figure_sq(target), owner=self.controller(target)
        )
        if target == "grendel":
            physical += IRON_HIDE
        for p in packets:
            if p[1] == PHYS and physical:
                cut = min(p[0], physical)
                p[0] -= cut
                physical -= cut
        for p in packets:
            cut = min(p[0], general)
            p[0] -= cut
            general -= cut
        return packets

    def st_feather(
        self,
        target: str,
        points: int,
        packets: list[list],
        attack: bool,
        source: str,
        source_sq: int,
        scorer: int,
        cast: int,
    ) -> None:
        """Featherweight: each point pushes one square away from the source instead (he
        chooses where several ways lead away); points that cannot move him are suffered."""
        if points <= 0 or not self.figure_alive(target):
            return
        here = self.figure_sq(target)
        origin = source_sq if source_sq >= 0 else here
        ways = []
        for d in range(4):
            n = self.can_step(target, d, pushes=False)
            if n is None or n.edge == B.WRAP:
                continue
            if here == origin or B.manhattan(n.square, origin) > B.manhattan(here, origin):
                ways.append(d)
        rest = {
            "target": target,
            "points": points - 1,
            "packets": packets,
            "attack": attack,
            "source": source,
            "source_sq": source_sq,
            "scorer": scorer,
            "cast": cast,
        }
        if not ways:
            kind = packets[0][1] if packets else MAG
            self.lose_life(target, points, attack, source, scorer, [[points, kind, ""]], cast)
            return
        if len(ways) == 1:
            self.then("shove", token=target, d=ways[0])
            self.then("feather", **rest)
            return
        self.push_choice(
            int(target[1]),
            "featherweight",
            [
                (
                    f"push:{B.DIRS[d]}",
                    f"Float one square {B.DIRS[d]}",
                    "feather_step",
                    {**rest, "d": d},
                )
                for d in ways
            ],
        )

    def st_feather_step(self, d: int, **rest: Any) -> None:
        self.then("shove", token=rest["target"], d=d)
        self.then("feather", **rest)

    def lose_life(
        self,
        target: str,
        amount: int,
        attack: bool,
        source: str,
        scorer: int,
        packets: list[list],
        cast: int,
    ) -> None:
        """Apply the loss, then the triggers (§7.2 step 5) and death (§7.7)."""
        if is_wizard(target):
            w = self.wizards[int(target[1])]
            w.life -= amount
            life = w.life
        else:
            cr = self.creatures[target]
            cr.life -= amount
            life = cr.life
        self.log_event(f"{self.name_of(target)} loses {amount} life ({life} left)")
        c = self.casts.get(cast)
        if c is not None and "lost" in c:
            c["lost"][target] = c["lost"].get(target, 0) + amount
        from arena.games.wiz_war import effects

        effects.after_damage(self, target, amount, attack, source, packets)
        if life <= 0:
            if is_wizard(target):
                self.kill_wizard(int(target[1]), scorer if attack else -1)
            else:
                self.kill_creature(target)

    def damage_thing(self, target: str, packets: list[list], source: str) -> None:
        """Objects and walls take cracks: one per full 3 damage of a single attack (Shatter,
        Wizardblade: one per point); walls fall at 5, doors at 3, Stone Blocks at 8; bushes at
        one crack or any fire damage; Totems at any damage (§7.5, §8.12)."""
        amount = sum(p[0] for p in packets)
        fire = any(p[2] == "fire" and p[0] > 0 for p in packets)
        per_point = (
            bool(source)
            and self.figure_alive(source)
            and (self.has_spell(source, "shatter") or any(len(p) > 3 and p[3] for p in packets))
        )
        cracks = amount if per_point else amount // DAMAGE_PER_CRACK
        if target.startswith("o"):
            obj = self.objects.get(int(target[1:]))
            if obj is None:
                return
            obj.cracks += cracks
            if (
                (obj.kind == "stone_block" and obj.cracks >= STONE_BLOCK_CRACKS)
                or (obj.kind in ("rosebush", "thornbush") and (obj.cracks >= BUSH_CRACKS or fire))
                or (obj.kind == "totem" and max(amount, cracks) >= TOTEM_BREAKS_AT)
            ):
                self.destroy_object(obj.id)
            return
        edge = B.parse_edge(target)
        if edge in self.walls:
            self.walls[edge] += cracks
            if cracks:
                self.log_event(f"Wall {target}: {self.walls[edge]} cracks")
            if self.walls[edge] >= WALL_CRACKS:
                self.destroy_edge(edge)
        elif edge in self.doors:
            self.doors[edge].cracks += cracks
            if self.doors[edge].cracks >= DOOR_CRACKS:
                self.destroy_edge(edge)

    def destroy_edge(self, edge: int) -> None:
        """A destroyed wall or door leaves an open edge (§7.5)."""
        self._memo = {}
        name = B.edge_name(edge)
        if edge in self.walls:
            del self.walls[edge]
            spell = self.created_walls.pop(edge, -1)
            self.log_event(f"The wall at {name} is destroyed")
            if spell >= 0:
                self.end_spell(spell)
        elif edge in self.doors:
            door = self.doors.pop(edge)
            self.held.pop(edge, None)
            self.log_event(f"The door at {name} is destroyed")
            if door.card >= 0:
                door.wall_cracks = -1
                self.end_spell(door.card)
            for sp in list(self.spells.values()):
                if sp.target == name:
                    self.end_spell(sp.card)

    def destroy_object(self, oid: int) -> None:
        obj = self.objects.get(oid)
        if obj is None:
            return
        self._memo = {}
        self.log_event(f"The {obj.kind.replace('_', ' ')} at {B.square_name(obj.sq)} is destroyed")
        if obj.card in self.spells:
            self.end_spell(obj.card)
        self.objects.pop(oid, None)
        if obj.kind == "tacks":
            self.discard_card(obj.card)

    def heal(self, token: str, amount: int) -> None:
        """Wizards up to 20, creatures up to 12, excess lost (§7.3)."""
        if not self.figure_alive(token) or amount <= 0:
            return
        if is_wizard(token):
            w = self.wizards[int(token[1])]
            w.life = min(MAX_LIFE, w.life + amount)
        else:
            cr = self.creatures[token]
            cr.life = min(CREATURE_LIFE_CAP, cr.life + amount)
        self.log_event(f"{self.name_of(token)} heals {amount}")

    def st_stun(self, target: str, tokens: int) -> None:
        if not self.figure_alive(target):
            return
        if is_wizard(target):
            self.wizards[int(target[1])].stun += tokens
        else:
            self.creatures[target].stun += tokens
        self.log_event(f"{self.name_of(target)} gets {tokens} stun token(s)")

    # --- Death (§7.7, §8.9) -------------------------------------------------------------------
    def kill_wizard(self, seat: int, scorer: int) -> None:
        """He drops what he carries; hand and maintained spells are discarded; his creatures
        die; the player is out. An attack by another player's figure scores 1 VP."""
        w = self.wizards[seat]
        if not w.alive:
            return
        w.alive = False
        self.outs += 1
        w.out_order = self.outs
        self._memo = {}
        self.log_event(f"{self.name_of(w.token)} dies")
        if scorer >= 0 and scorer != seat and self.wizards[scorer].alive:
            self.wizards[scorer].vp += 1
            self.log_event(
                f"{self.name_of(f'w{scorer}')} scores a kill (VP {self.wizards[scorer].vp})"
            )
        for c in list(w.items):
            w.items.remove(c)
            self.floor[c] = w.sq
        if w.treasure >= 0:
            self.drop_carried_treasure(w.token)
        self.box += w.spec_deck + w.spec_discard
        w.spec_deck, w.spec_discard = [], []
        for c in w.hand:
            self.discard_card(c)
        w.hand = []
        for c, sp in list(self.spells.items()):
            if sp.caster == seat:
                self.end_spell(c)
        for name, cr in list(self.creatures.items()):
            if cr.controller == seat:
                self.kill_creature(name)
        for sp in list(self.spells.values()):
            if sp.target == w.token:
                self.end_spell(sp.card)
        self.held = {e: s for e, s in self.held.items() if s != seat}
        self.check_victory()

    def kill_creature(self, name: str) -> None:
        """Life 0, controller dead or summoning card discarded: remove it, discard its card
        and every spell maintained on it (§8.9). No VP [assumed]."""
        cr = self.creatures.pop(name, None)
        if cr is None:
            return
        self._memo = {}
        self.log_event(f"{CREATURES[name].title} dies")
        if cr.treasure >= 0:
            t = self.treasures[cr.treasure]
            t.sq, t.carrier = cr.sq, ""
        for sp in list(self.spells.values()):
            if sp.target == name:
                self.end_spell(sp.card)
        self.end_spell(cr.card)
        if self.activation == name:
            self.activation = ""

    # --- Creatures (§8) -----------------------------------------------------------------------
    def summonable(self, seat: int) -> list[str]:
        """Creatures `seat` may summon that are not in play (each figure is unique): the
        public pool (the game's schools and More Summons), and the creatures of the seat's
        own Specialization school, which is hidden from the others (§8.11)."""
        school = self.wizards[seat].spec_school
        own = [n for n, c in CREATURES.items() if school and c.school == school]
        return [n for n in dict.fromkeys(self.pool + own) if n not in self.creatures]

    def placements(self, seat: int) -> list[int]:
        """The caster's square or one legal step away, without a blocking object [assumed]."""
        token = f"w{seat}"
        sq = self.wizards[seat].sq
        out = [] if self.objects_at(sq, "stone_block") else [sq]
        for d in range(4):
            n = self.can_step(token, d, pushes=False)
            if n is not None and n.square not in out:
                out.append(n.square)
        return out

    def st_summon_roll(self, cast: int, creature: str) -> None:
        """§8.3 steps 2-4: the caster suffers d4 - 1 that nothing reduces; the creature's
        life is its base plus the roll (not the damage); then it is placed."""
        c = self.casts.get(cast)
        if c is None:
            return
        seat = c["seat"]
        roll = die_roll(self.rng)
        loss = roll - SUMMON_DAMAGE_OFFSET
        self.log_event(f"Summoning {CREATURES[creature].title}: d4={roll}")
        if loss > 0:
            self.lose_life(f"w{seat}", loss, False, "", -1, [], -1)
        if not self.wizards[seat].alive:
            c["keep"] = False
            return
        life = min(CREATURE_LIFE_CAP, CREATURES[creature].life + roll)
        squares = self.placements(seat)
        if len(squares) == 1:
            self.st_place_creature(cast, creature, squares[0], life)
            return
        self.push_choice(
            seat,
            "placement",
            [
                (
                    f"place:{B.square_name(s)}",
                    f"Place the {CREATURES[creature].title} on {B.square_name(s)}",
                    "place_creature",
                    {"cast": cast, "creature": creature, "sq": s, "life": life},
                )
                for s in squares
            ],
        )

    def st_place_creature(self, cast: int, creature: str, sq: int, life: int) -> None:
        c = self.casts.get(cast)
        if c is None or not self.wizards[c["seat"]].alive:
            return
        self.creatures[creature] = Creature(creature, c["seat"], sq, life, life, c["card"])
        c["hold"] = creature
        self._memo = {}
        self.log_event(
            f"{CREATURES[creature].title} enters on {B.square_name(sq)} with {life} life"
        )

    def create_creature(self, name: str, seat: int, sq: int, card_id: int, life: int) -> None:
        """A creature made without summoning (the Homunculus)."""
        self.creatures[name] = Creature(name, seat, sq, life, life, card_id)
        self._memo = {}

    def activate(self, name: str) -> None:
        """2 MP of the wizard; the creature moves its base speed and may attack once
        (twice with Adrenaline) this activation (§8.4-§8.6)."""
        w = self.wizards[self.active]
        cr = self.creatures[name]
        w.mp -= ACTIVATION_COST
        w.fresh = False
        cr.activated = True
        self.activation = name
        speed = self.base_speed(name)
        slow = self.totem_effect("tortoise_totem", cr.sq, enemy_of=cr.controller)
        if slow:
            speed = max(1, speed - slow)
        if cr.mad_dash:
            speed *= 2
            cr.mad_dash = False
        self.act_mp = speed
        self.act_attacks = 0
        self.act_allowed = 2 if self.has_spell(name, "adrenaline") else 1
        self.act_moved = False
        self.log_event(f"{CREATURES[name].title} activates ({speed} MP)")

    def end_activation(self) -> None:
        if self.activation:
            self.log_event(f"{self.name_of(self.activation)}'s activation ends")
        self.activation = ""
        self.act_mp = 0

    def creature_can_attack(self, name: str) -> bool:
        cr = self.creatures[name]
        if self.round <= NO_ATTACKS_IN_ROUND or name == "homunculus":
            return False
        if self.form(name) == "slime_form":
            return False
        allowed = self.act_allowed
        if cr.stunned and self.act_moved:
            allowed = 1 if allowed > 1 else 0
        return self.act_attacks < allowed

    def creature_can_move(self, name: str) -> bool:
        cr = self.creatures[name]
        if self.act_mp < 1:
            return False
        if cr.stunned:
            return self.act_attacks <= (1 if self.act_allowed > 1 else 0)
        return True

    def st_guardian_check(self, mover: str) -> None:
        """Labyrinth Guardian: outside its controller's turn, once between two of his turns,
        an enemy ending a paid step in or beside the Minotaur may be struck (§11.1)."""
        m = self.creatures.get("minotaur")
        if m is None or not self.figure_alive(mover):
            return
        seat = m.controller
        if (
            seat == self.active
            or seat == self.controller(mover)
            or m.guardian_used
            or m.stun
            or self.form("minotaur") == "slime_form"
            or self.round <= NO_ATTACKS_IN_ROUND
            or self.untargetable(mover)
            or self.figure_sq(mover) not in self.adjacent_squares("minotaur")
        ):
            return
        self.push_choice(
            seat,
            "guardian",
            [
                (
                    "guard:yes",
                    f"The Minotaur strikes {self.name_of(mover)} (Labyrinth Guardian)",
                    "guardian_strike",
                    {"target": mover},
                ),
                ("guard:no", "Let it pass", "noop", {}),
            ],
        )

    def st_guardian_strike(self, target: str) -> None:
        m = self.creatures.get("minotaur")
        if m is None or not self.figure_alive(target):
            return
        m.guardian_used = True
        cid = self.next_cast
        self.next_cast += 1
        self.casts[cid] = {
            "id": cid,
            "card": -1,
            "key": "labyrinth_guardian",
            "mode": "",
            "seat": m.controller,
            "actor": "minotaur",
            "source": "creature",
            "values": {},
            "spell": False,
            "attack": True,
            "kind": "",
            "origin": m.sq,
            "E": 0,
            "energy": [],
            "targets": [target],
            "objects": [],
            "area": [],
            "canceled": False,
            "absorbed": False,
            "reduce": {},
            "teleported": [],
            "lost": {},
            "unevadable": False,
            "reach": "adj",
            "land": -1,
            "keep": False,
            "hold": "",
            "against": -1,
            "corner": False,
            "drake": False,
        }
        self.log_event(f"Labyrinth Guardian: the Minotaur strikes {self.name_of(target)}")
        self.then("open_window", cast=cid)
        self.then("guardian_hit", cast=cid)
        self.then("finish", cast=cid)

    def st_guardian_hit(self, cast: int) -> None:
        c = self.casts.get(cast)
        if c is None or c["canceled"] or "minotaur" not in self.creatures:
            return
        for token in self.hits(c):
            self.damage(c, token, [[GUARDIAN_DAMAGE, PHYS, ""]])

    # --- What a wizard may do now (§4.2) ------------------------------------------------------
    def attacks_allowed(self, token: str) -> int:
        return ATTACKS_PER_TURN * (2 if self.has_spell(token, "adrenaline") else 1)

    def wizard_can_attack(self, seat: int) -> bool:
        """One attack a turn (two under Adrenaline); none in round 1; a stunned wizard who
        moved may not (with Adrenaline: one) (§4.2, §10.6)."""
        w = self.wizards[seat]
        if self.round <= NO_ATTACKS_IN_ROUND or self.form(w.token) in ("mist_body", "slime_form"):
            return False
        allowed = self.attacks_allowed(w.token)
        if w.stunned and w.moved:
            allowed = 1 if allowed > 1 else 0
        return w.attacks < allowed

    def wizard_can_move(self, seat: int) -> bool:
        w = self.wizards[seat]
        if w.mp < 1 or w.no_move:
            return False
        if w.stunned:
            return w.attacks <= (1 if self.attacks_allowed(w.token) > 1 else 0)
        return True

    def only_counters(self, token: str) -> bool:
        """Forms whose text says "may only cast counter spells" (§7.6)."""
        return self.form(token) in ("werewolf_form", "golem_form", "dragon_form", "slime_form")

    def room_for_item(self, seat: int) -> bool:
        if self.form(f"w{seat}") == "extra_arms":
            return True
        return self.hand_total(seat) < self.max_hand(seat)

    def can_pick_item(self, seat: int, c: int) -> bool:
        """1 MP, room in hand, not glued; a relic needs an empty relic/treasure slot (§8.8)."""
        if self.glued(f"item{c}") or not self.room_for_item(seat):
            return False
        return not (CARDS[c].kind == RELIC and self.slot_full(seat))

    def _legal_map(self) -> dict[str, tuple[Callable, Any]]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> dict[str, tuple[Callable, Any]]:
        from arena.games.wiz_war import effects

        if self.over:
            return {}
        if self.frames:
            top = self.frames[-1]
            if top["kind"] == "choice":
                return {e["code"]: (_do_choice, e) for e in top["options"]}
            if top["kind"] == "declare":
                return {
                    code: (_do_slot, (top, value))
                    for code, _, value in effects.slot_options(self, top)
                }
            if top["kind"] == "window":
                options: dict[str, tuple[Callable, Any]] = {"pass": (_do_pass, top)}
                cast = self.casts[top["cast"]]
                for code, entry in effects.counter_options(self, top["seat"], top, cast):
                    options[code] = (_do_counter, (top, entry))
                return options
            return {}
        if self.phase == MOVE_AND_CAST:
            return self._activation_options() if self.activation else self._turn_options()
        if self.phase == DISCARD_AND_DRAW:
            return self._discard_options()
        return {}

    def _turn_options(self) -> dict[str, tuple[Callable, Any]]:
        from arena.games.wiz_war import effects

        seat = self.active
        w = self.wizards[seat]
        me = w.token
        opts: dict[str, tuple[Callable, Any]] = {}
        if self.wizard_can_move(seat):
            opts.update(self._step_options(me, w.sq, _do_step))
        if not w.boosted:
            for c in w.hand:
                if CARDS[c].ev > 0 and CARDS[c].kind != FLASH:
                    opts[f"boost:card={c}"] = (_do_boost, c)
        flood = self.spell_in_play("flood")
        for c in w.hand:
            for mode in effects.castable_modes(self, seat, me, c):
                opts[f"cast:card={c}" + (f":mode={mode}" if mode else "")] = (_do_cast, (c, mode))
            playable = CARDS[c].kind in (ITEM, RELIC) and not self.only_counters(me)
            if playable and not (flood and CARDS[c].has("fire")):
                opts[f"play:card={c}"] = (_do_play, c)
        for c in w.items:
            for mode in effects.usable_modes(self, seat, c):
                opts[f"use:card={c}" + (f":mode={mode}" if mode else "")] = (_do_use, (c, mode))
        if self.wizard_can_attack(seat):
            for key in ("punch", "spike", "tear"):
                if effects.has_targets(self, seat, me, key):
                    opts[key] = (_do_special_attack, key)
        self._pickup_options(seat, opts)
        for c in w.items:
            opts[f"drop:item{c}"] = (_do_drop_item, c)
        if w.treasure >= 0:
            opts[f"drop:t{w.treasure}"] = (_do_drop_treasure, w.treasure)
        for n in B.NEIGHBOURS[w.sq]:
            if n is None or n.edge not in self.doors or n.edge in self.held or self.sealed(n.edge):
                continue
            if (
                self.doors[n.edge].colour == w.colour
                or n.edge in w.unlocked
                or self.has_spell(me, "ariadnes_thread")
            ):
                opts[f"hold:{B.edge_name(n.edge)}"] = (_do_hold, n.edge)
        for name, cr in self.creatures.items():
            if cr.controller == seat and not cr.activated and w.mp >= ACTIVATION_COST:
                opts[f"activate:{name}"] = (_do_activate, name)
        for c, sp in self.spells.items():
            if sp.caster == seat:
                opts[f"end_spell:card={c}"] = (_do_end_spell, c)
        if w.fresh and self.room_for_item(seat):
            near = self.adjacent_squares(me)
            for o in self.objects.values():
                if o.kind == "tacks" and o.sq in near:
                    opts[f"retrieve:o{o.id}"] = (_do_retrieve, o.id)
        opts["end_phase"] = (_do_end_phase, None)
        return opts

    def _pickup_options(self, seat: int, opts: dict[str, tuple[Callable, Any]]) -> None:
        w = self.wizards[seat]
        if self.spell_in_play("gravity"):
            return
        arms = self.form(w.token) == "extra_arms"
        if w.mp >= ITEM_PICKUP_MP and not arms:
            for c, sq in self.floor.items():
                if sq == w.sq and self.can_pick_item(seat, c):
                    opts[f"pickup:item{c}"] = (_do_pickup_item, c)
        here = [c for c, sq in self.floor.items() if sq == w.sq and self.can_pick_item(seat, c)]
        if arms and w.mp >= EXTRA_ARMS_PICKUP_MP and here:
            opts["pickup:all"] = (_do_pickup_all, None)
        if self.slot_full(seat) or w.no_treasure:
            return
        cost = (
            GOLEM_TREASURE_PICKUP_MP if self.form(w.token) == "golem_form" else TREASURE_PICKUP_MP
        )
        if w.mp < cost:
            return
        for t in self.treasures:
            if (
                t.sq == w.sq
                and not t.carrier
                and not t.scored
                and self.can_take_treasure(w.token, t.id)
            ):
                opts[f"pickup:t{t.id}"] = (_do_pickup_treasure, t.id)

    def _step_options(
        self, figure: str, sq: int, step: Callable
    ) -> dict[str, tuple[Callable, Any]]:
        """One square in each open direction, or a die roll to leave a Dust Cloud."""
        if self.objects_at(sq, "dust_cloud") and not self.hovers(figure):
            return {"step:roll": (_do_dust_step, figure)}
        return {
            f"step:{B.DIRS[d]}": (step, d) for d in range(4) if self.can_step(figure, d) is not None
        }

    def _activation_options(self) -> dict[str, tuple[Callable, Any]]:
        """During an activation the controller only directs the creature (§8.4)."""
        from arena.games.wiz_war import effects

        name = self.activation
        cr = self.creatures[name]
        seat = cr.controller
        opts: dict[str, tuple[Callable, Any]] = {}
        if self.creature_can_move(name):
            opts.update(self._step_options(name, cr.sq, _do_creature_step))
        if self.creature_can_attack(name):
            for attack in CREATURES[name].attacks:
                if effects.has_targets(self, seat, name, attack.name):
                    opts[f"attack:{attack.name}"] = (_do_creature_attack, attack.name)
            for key in ("punch", "tear"):
                if effects.has_targets(self, seat, name, key):
                    opts[key] = (_do_creature_attack, key)
            for c in self.wizards[seat].hand:
                kind = CARDS[c].kind
                if kind == CREATURE_ATTACK or (name == "genie" and kind == ATTACK):
                    for mode in effects.castable_modes(self, seat, name, c):
                        code = f"cast:card={c}" + (f":mode={mode}" if mode else "")
                        opts[code] = (_do_creature_cast, (c, mode))
        if name == "boggart" and not self.spell_in_play("gravity"):
            if cr.treasure < 0 and not self.act_dashed:
                for t in self.treasures:
                    if (
                        t.sq == cr.sq
                        and not t.carrier
                        and not t.scored
                        and self.can_take_treasure(name, t.id)
                    ):
                        opts[f"pickup:t{t.id}"] = (_do_boggart_pickup, t.id)
            if cr.treasure >= 0:
                opts[f"drop:t{cr.treasure}"] = (_do_boggart_drop, cr.treasure)
        opts["end_activation"] = (_do_end_activation, None)
        return opts

    def _discard_options(self) -> dict[str, tuple[Callable, Any]]:
        seat = self.active
        w = self.wizards[seat]
        opts: dict[str, tuple[Callable, Any]] = {}
        for c in w.hand:
            opts[f"discard:card={c}"] = (_do_discard, c)
        for c, sp in self.spells.items():
            if sp.caster == seat:
                opts[f"end_spell:card={c}"] = (_do_end_spell, c)
        for c in w.items:
            opts[f"drop:item{c}"] = (_do_drop_item, c)
        n = self.draws_allowed(seat)
        counts = range(n + 1) if self.has_spell(w.token, "slow_death") else [n]
        own = bool(w.spec_school) and bool(w.spec_deck or w.spec_discard)
        for k in counts:
            opts[f"draw:n={k}"] = (_do_draw, (k, False))
            if own and k >= 1:
                opts[f"draw:n={k}:spec"] = (_do_draw, (k, True))
        return opts

    # --- Positions for scenarios and simulations ----------------------------------------------
    def locate(self, c: int) -> str:
        """The zone holding card `c` (for tests and invariants)."""
        for zone, cards in self.zones().items():
            if c in cards:
                return zone
        return ""

    def zones(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {
            "deck": self.deck,
            "discard": self.discard,
            "box": self.box,
            "pending": self.pending,
            "floor": list(self.floor),
            "spells": list(self.spells),
            "objects": [o.card for o in self.objects.values() if o.kind == "tacks"],
            "unused": [c for cards in self.unused.values() for c in cards],
        }
        for w in self.wizards:
            out[f"hand{w.seat}"] = w.hand
            out[f"items{w.seat}"] = w.items
            out[f"spec_deck{w.seat}"] = w.spec_deck
            out[f"spec_discard{w.seat}"] = w.spec_discard
        return out

    def grant(self, seat: int, key: str, title: str = "") -> int:
        """Put a card with this key (and title) into a hand, from wherever it lies in this game
        or, for a school not in the game, from the catalogue (scenario set-up only)."""
        taken = {c for cards in self.zones().values() for c in cards}
        for zone in ("deck", "discard", "box"):
            pile = getattr(self, zone)
            for c in pile:
                if CARDS[c].key == key and (not title or CARDS[c].title == title):
                    pile.remove(c)
                    self.wizards[seat].hand.append(c)
                    self._legal = None
                    return c
        for c in CARDS:
            if c.key == key and (not title or c.title == title) and c.id not in taken:
                self.universe.append(c.id)
                self.wizards[seat].hand.append(c.id)
                self._legal = None
                return c.id
        raise ValueError(f"no free card {key} {title}")

    def check_invariants(self) -> list[str]:
        problems = []
        placed = sorted(c for cards in self.zones().values() for c in cards)
        if placed != sorted(self.universe):
            problems.append("cards not conserved")
        for w in self.wizards:
            if w.alive and w.treasure >= 0 and self.treasures[w.treasure].carrier != w.token:
                problems.append(f"treasure of {w.token} inconsistent")
            if (
                len([c for c in w.items if CARDS[c].kind == RELIC]) + (w.treasure >= 0) > 1
                and not any(f["kind"] == "choice" and f["what"] == "drop_one" for f in self.frames)
                and not self.frames
            ):
                problems.append(f"{w.token} carries more than one relic/treasure")
        for t in self.treasures:
            if t.carrier and self.carried_treasure(t.carrier) != t.id:
                problems.append(f"treasure {t.id} carrier inconsistent")
        for name, cr in self.creatures.items():
            if cr.card not in self.spells or self.spells[cr.card].caster != cr.controller:
                problems.append(f"{name} without its card in play")
            if cr.life > CREATURE_LIFE_CAP:
                problems.append(f"{name} above the life cap")
        return problems


# --- Action handlers: `apply` calls these with the argument stored in the legal map ------------
def _do_choice(state: WizWarState, entry: JSON) -> None:
    state.then(entry["step"], **entry["args"])


def _do_slot(state: WizWarState, argument: tuple[JSON, Any]) -> None:
    from arena.games.wiz_war import effects

    frame, value = argument
    effects.fill_slot(state, frame, value)
    state.advance_declaration(frame)


def _do_pass(state: WizWarState, frame: JSON) -> None:
    frame["passes"] += 1
    frame["i"] += 1


def _do_counter(state: WizWarState, argument: tuple[JSON, JSON]) -> None:
    frame, entry = argument
    seat = frame["seat"]
    frame["done"].append(seat)
    frame["passes"] = 0
    frame["i"] += 1
    state.declare(
        seat,
        f"w{seat}",
        entry["key"],
        entry["card"],
        entry["mode"],
        entry["source"],
        purpose="counter",
        against=frame["cast"],
    )


def _do_step(state: WizWarState, d: int) -> None:
    w = state.wizards[state.active]
    w.mp -= 1
    w.moved = True
    w.fresh = False
    if w.stunned and not w.stun_mode:
        w.stun_mode = "move"
    state.then("step", token=w.token, d=d, paid=True)


def _do_creature_step(state: WizWarState, d: int) -> None:
    state.act_mp -= 1
    state.act_moved = True
    state.then("step", token=state.activation, d=d, paid=True)


def _do_dust_step(state: WizWarState, token: str) -> None:
    """Leaving a Dust Cloud: the d4 picks the way; an illegal way costs 1 MP (§10.3)."""
    roll = die_roll(state.rng)
    d = B.DIRS.index(DUST_CLOUD_DIRECTIONS[roll - 1])
    if token == state.activation:
        state.act_mp -= 1
        state.act_moved = True
    else:
        w = state.wizards[state.active]
        w.mp -= 1
        w.moved = True
        w.fresh = False
        if w.stunned and not w.stun_mode:
            w.stun_mode = "move"
    if state.can_step(token, d) is None:
        state.log_event(f"Dust Cloud: d4={roll} ({B.DIRS[d]}), {state.name_of(token)} stays")
        return
    state.log_event(f"Dust Cloud: d4={roll}, {state.name_of(token)} stumbles {B.DIRS[d]}")
    state.then("step", token=token, d=d, paid=True)


def _do_boost(state: WizWarState, c: int) -> None:
    """Once a turn, discard a card with EV > 0 (never Flash Energy) for +EV MP (§4.2)."""
    w = state.wizards[state.active]
    w.hand.remove(c)
    state.discard_card(c)
    gain = state.energy_of(w.seat, c)
    w.mp += gain
    w.boosted = True
    w.fresh = False
    state.log_event(f"{state.name_of(w.token)} boosts speed with {CARDS[c].title} (+{gain} MP)")


def _do_cast(state: WizWarState, argument: tuple[int, str]) -> None:
    c, mode = argument
    state.declare(state.active, f"w{state.active}", CARDS[c].key, c, mode, "hand")


def _do_creature_cast(state: WizWarState, argument: tuple[int, str]) -> None:
    c, mode = argument
    seat = state.creatures[state.activation].controller
    state.declare(seat, state.activation, CARDS[c].key, c, mode, "creature_hand")


def _do_play(state: WizWarState, c: int) -> None:
    w = state.wizards[state.active]
    w.fresh = False
    state.play_item(state.active, c)


def _do_use(state: WizWarState, argument: tuple[int, str]) -> None:
    from arena.games.wiz_war import effects

    c, mode = argument
    effects.use_item(state, state.active, c, mode)


def _do_special_attack(state: WizWarState, key: str) -> None:
    state.declare(state.active, f"w{state.active}", key, -1, "", key)


def _do_creature_attack(state: WizWarState, key: str) -> None:
    seat = state.creatures[state.activation].controller
    state.declare(seat, state.activation, key, -1, "", "creature")


def _do_pickup_item(state: WizWarState, c: int) -> None:
    w = state.wizards[state.active]
    w.mp -= ITEM_PICKUP_MP
    state.pick_up_item(state.active, c)


def _do_pickup_all(state: WizWarState, _: None) -> None:
    """Extra Arms: 1 MP for every item in the square (§10.6)."""
    seat = state.active
    w = state.wizards[seat]
    w.mp -= EXTRA_ARMS_PICKUP_MP
    for c, sq in list(state.floor.items()):
        if sq == w.sq and state.can_pick_item(seat, c):
            state.pick_up_item(seat, c)


def _do_pickup_treasure(state: WizWarState, tid: int) -> None:
    """0 MP and the Move and Cast phase ends (Golem Form: 1 MP; Golem and Extra Arms: it
    does not end) (§5.3)."""
    w = state.wizards[state.active]
    form = state.form(w.token)
    if form == "golem_form":
        w.mp -= GOLEM_TREASURE_PICKUP_MP
    w.fresh = False
    state.then(
        "take_treasure", token=w.token, tid=tid, ends=form not in ("golem_form", "extra_arms")
    )


def _do_boggart_pickup(state: WizWarState, tid: int) -> None:
    """The Boggart takes a treasure (0 MP); its activation ends [assumed]."""
    state.then("take_treasure", token="boggart", tid=tid, ends=False)
    state.end_activation()


def _do_boggart_drop(state: WizWarState, tid: int) -> None:
    state.drop_carried_treasure("boggart")


def _do_drop_item(state: WizWarState, c: int) -> None:
    state.wizards[state.active].fresh = False
    state.drop_item(state.active, c)


def _do_drop_treasure(state: WizWarState, tid: int) -> None:
    state.drop_carried_treasure(f"w{state.active}")


def _do_hold(state: WizWarState, edge: int) -> None:
    state.held[edge] = state.active
    state._memo = {}
    state.log_event(f"{state.name_of(f'w{state.active}')} holds the door {B.edge_name(edge)} open")


def _do_activate(state: WizWarState, name: str) -> None:
    state.act_dashed = state.creatures[name].mad_dash
    state.activate(name)


def _do_end_activation(state: WizWarState, _: None) -> None:
    state.end_activation()


def _do_end_spell(state: WizWarState, c: int) -> None:
    state.log_event(f"{state.name_of(f'w{state.active}')} ends {CARDS[c].title}")
    state.end_spell(c)


def _do_retrieve(state: WizWarState, oid: int) -> None:
    """Handful of Tacks: a wizard who starts his turn beside them may spend his whole Move and
    Cast phase taking them back as an item (§10.3)."""
    obj = state.objects.pop(oid)
    state._memo = {}
    state.gain_item(state.active, obj.card)
    state.then("end_move_and_cast")


def _do_end_phase(state: WizWarState, _: None) -> None:
    state.then("end_move_and_cast")


def _do_discard(state: WizWarState, c: int) -> None:
    w = state.wizards[state.active]
    w.hand.remove(c)
    state.discard_card(c)


def _do_draw(state: WizWarState, argument: tuple[int, bool]) -> None:
    count, own = argument
    state.then("draw_phase", count=count, specialization=own)


# --- Ranking (§7.8) ---------------------------------------------------------------------------
def rank_players(state: WizWarState) -> list[JSON]:
    """The winner first; a drawn game ties every surviving wizard; the others by (alive, VP,
    later elimination). Score: victory points."""
    keys = []
    for w in state.wizards:
        if state.over and state.winner == w.seat:
            keys.append((2, 0, 0))
        elif w.alive and state.over and state.winner < 0:
            keys.append((1, 0, 0))
        elif w.alive:
            keys.append((0, 1, w.vp * 100))
        else:
            keys.append((0, 0, w.vp * 100 + w.out_order))
    return [
        {"rank": sum(1 for other in keys if other > key), "score": state.wizards[i].vp}
        for i, key in enumerate(keys)
    ]


STEPS: dict[str, Callable[..., None]] = {
    name[3:]: function for name, function in vars(WizWarState).items() if name.startswith("st_")
}
