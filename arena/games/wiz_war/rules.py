"""Wiz-War (8th edition) with Bestial Forces: the state, set up and run.

The rules are split the way the rulebook reads, one module per part, each a module of
functions over one typed record, `State` (state.py), and the records of records.py (wizards,
creatures, spells, objects, treasures, doors); docs/decisions/wiz-war-state-record.md says
why. From the bottom: resolution.py (the stack: `then`, `now`, `push_choice`, the log),
figures.py (where each figure stands, its spells, form and speed), spec.py (each card's
`Spec`) and hooks.py (the card effects the rules call); sight.py (doors §2.5, line of sight
§2.8, stepping §5.1), hand.py (cards and hand size §4.3, §6), victory.py (the end and the
ranking §7.8); casting.py (§6.4-§6.5) and belongings.py (items, relics, treasures §5.2-5.3,
§8.8); damage.py (damage, cracks, death §7); creatures.py (§8); movement.py (§5.1) and
turn.py (§4). Card effects live in effects/, one module per school, above those; legal.py
(what may be done now, and the action handlers) above the effects. This module holds
setup (§3, §8.11), the engine API and the step interpreter, and a few one-line queries
that scenarios ask of the state itself.

Resolution is a stack of frames, all plain data so a state copies cheaply and replays
exactly: a *program* frame is a queue of named steps (registered with `@step`, steps.py);
*declare*, *window* and *choice* frames wait for a decision. `apply` runs the chosen handler,
then steps until a decision is needed. Every choice a player makes is an action; every die
comes from the state's seeded RNG.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from arena.games.base import JSON, LegalMapState
from arena.games.codes import action_code
from arena.games.wiz_war import (
    belongings,
    casting,
    creatures,
    figures,
    hand,
    legal,
    sight,
    turn,
    victory,
)
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    BESTIAL_SCHOOLS,
    BLACK,
    CARDS,
    CARDS_OF,
    CHOOSABLE,
    CREATURES,
    ENERGY,
    FLASH,
    RELIC,
    WHITE,
)
from arena.games.wiz_war.config import (
    CREATURE_LIFE_CAP,
    DEFAULT_ROUND_LIMIT,
    FIRST_PLAYER_RANDOM,
    SEAT_COLOURS,
    SPEC_STARTING_HAND,
    STARTING_HAND,
)
from arena.games.wiz_war.records import (
    COPIED,
    GAME_NAME,
    MOVE_AND_CAST,
    SETUP,
    Creature,
    Door,
    Obj,
    Spell,
    Treasure,
    Wizard,
    copy_data,
    copy_record,
)
from arena.games.wiz_war.resolution import ChoiceOption, card_options, push_choice
from arena.games.wiz_war.state import FIELDS, State
from arena.games.wiz_war.steps import STEPS, step
from arena.games.wiz_war.victory import rank_players

# --- The state ----------------------------------------------------------------------------------


class WizWarState(State, LegalMapState):
    """One game of Wiz-War with Bestial Forces (§1-§13)."""

    VIEWS = "arena.games.wiz_war.views"
    GAME_NAME = GAME_NAME

    def __init__(self, players: int, seed: int, options: Mapping[str, Any]) -> None:
        if players not in SEAT_COLOURS:
            raise ValueError(f"{GAME_NAME} takes 2-4 players, got {players}")
        State.__init__(self)
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
            turn.begin_turn(self)
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
        push_choice(
            self,
            seat,
            "specialization",
            [
                (
                    action_code("keep", school),
                    f"Keep the {school} deck as your Specialization",
                    "keep_specialization",
                    {"seat": seat, "school": school},
                )
                for school in sorted(pair)
            ],
            secret=True,
        )

    @step
    def keep_specialization(self, seat: int, school: str) -> None:
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
        turn.begin_turn(self)

    def _deal(self) -> None:
        """Five cards each; with Specializations three from the deck and two of one's own."""
        magic, own = SPEC_STARTING_HAND if self.specializations else (STARTING_HAND, 0)
        for w in self.wizards:
            for _ in range(magic):
                hand.draw_card(self, w.seat)
            for _ in range(own):
                hand.draw_card(self, w.seat, specialization=True)

    # --- Engine API ---------------------------------------------------------------------------
    def to_move(self) -> int | None:
        if self.over:
            return None
        if self.frames:
            return self.frames[-1]["seat"]
        return self.active

    def _play(self, handler: Callable, argument: Any) -> None:
        """A move runs as a program frame of its own; the interpreter then runs every step it
        scheduled until the next decision."""
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

    #: The legal map of the decision at hand (LegalMapState builds it once per decision).
    _compute_legal = legal.legal_map

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> list[JSON]:
        return rank_players(self)

    def clone(self) -> WizWarState:
        """A manual copy: records and containers copied, frames and casts as the plain data
        they are; the generator is shared until either copy draws (SharedRng)."""
        new = object.__new__(WizWarState)
        self.share_rng()
        new.__dict__.update(self.__dict__)  # the generator (SharedRng) and the legal map
        for name in FIELDS:
            setattr(new, name, getattr(self, name))
        new._legal, new._memo, new._sink = None, {}, None  # the legal map points into frames
        new._spells_kept = None
        new.wizards = [copy_record(w) for w in self.wizards]
        new.creatures = {k: copy_record(v) for k, v in self.creatures.items()}
        new.spells = {k: copy_record(v) for k, v in self.spells.items()}
        new.objects = {k: copy_record(v) for k, v in self.objects.items()}
        new.doors = {k: copy_record(v) for k, v in self.doors.items()}
        new.treasures = [copy_record(t) for t in self.treasures]
        new.frames = copy_data(self.frames)
        new.casts = copy_data(self.casts)
        new.unused = {k: v[:] for k, v in self.unused.items()}
        for name in COPIED:
            setattr(new, name, copy.copy(getattr(self, name)))
        return new

    # --- The step interpreter -----------------------------------------------------------------

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
                outer = self._sink
                # steps scheduled by this step run before the rest of its program
                mine: list = []
                self._sink = mine
                STEPS[name](self, **args)
                self._sink = outer
                if mine:
                    top["steps"][:0] = mine
                continue
            if kind == "window":
                if casting.advance_window(self, top):
                    continue
                return
            if not self.wizards[top["seat"]].alive or (
                kind == "declare" and top["actor"] and not figures.figure_alive(self, top["actor"])
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
            turn.next_turn(self)
            return True
        if self.activation and self.activation not in self.creatures:
            self.activation = ""
        return False

    # --- Kept as methods for scenarios (the rules call the modules' functions) ----------------
    def sees(
        self, token: str, sq: int, origin: int = -1, ignore: int = 0, corner: bool = False
    ) -> bool:
        return sight.sees(self, token, sq, origin, ignore, corner)

    def sees_edge(self, token: str, edge: int, origin: int = -1, ignore: int = 0) -> bool:
        return sight.sees_edge(self, token, edge, origin, ignore)

    def edge_blocks(self, edge: int, token: str, at: int = -1) -> bool:
        return sight.edge_blocks(self, edge, token, at)

    def objects_at(self, sq: int, kind: str = "") -> list[Obj]:
        return sight.objects_at(self, sq, kind)

    def fillers(self) -> frozenset[int]:
        return sight.fillers(self)

    def base_speed(self, token: str) -> int:
        return figures.base_speed(self, token)

    def hovers(self, token: str) -> bool:
        return figures.hovers(self, token)

    def spell_in_play(self, key: str) -> bool:
        return figures.spell_in_play(self, key)

    def hand_total(self, seat: int) -> int:
        return hand.hand_total(self, seat)

    def _begin_turn(self) -> None:
        turn.begin_turn(self)

    def draws_allowed(self, seat: int) -> int:
        return turn.draws_allowed(self, seat)

    def _finish(self, winner: int, reason: str) -> None:
        victory.end_game(self, winner, reason)

    def add_spell(self, card_id: int, caster: int, target: str, energy: int) -> None:
        casting.add_spell(self, card_id, caster, target, energy)

    def give_treasure(self, token: str, tid: int) -> None:
        belongings.give_treasure(self, token, tid)

    def slot_full(self, seat: int) -> bool:
        return belongings.slot_full(self, seat)

    def summonable(self, seat: int) -> list[str]:
        return creatures.summonable(self, seat)

    def card_options(
        self, head: str, cards: Iterable[int], label: str, step: str, args: JSON, key: str = "card"
    ) -> list[ChoiceOption]:
        return card_options(head, cards, label, step, args, key)

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
            if t.carrier and belongings.carried_treasure(self, t.carrier) != t.id:
                problems.append(f"treasure {t.id} carrier inconsistent")
        for name, cr in self.creatures.items():
            if cr.card not in self.spells or self.spells[cr.card].caster != cr.controller:
                problems.append(f"{name} without its card in play")
            if cr.life > CREATURE_LIFE_CAP:
                problems.append(f"{name} above the life cap")
        return problems


__all__ = ["WizWarState", "rank_players"]
