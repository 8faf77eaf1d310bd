"""Castle Panic + Engines of War: the state and its transitions, named like the rulebook.

Reading order: the card and token tables and the action codes; the state with the engine
API; the turn (draw up, discard and draw, trade, play cards, move monsters, draw monsters);
the Castle cards, the Engineer and the weapons; monster movement (§9) as a queue of small
resolution steps; the Monster tokens (§10, §11); damage, trophies and the end (§12, §14);
positions for scenarios and simulations. Section numbers (§) and assumptions (A-numbers)
refer to the spec, docs/games/castle-panic-rules.md; every number lives in `config.py`.

Every choice is an action with a short code (docs/games/castle-panic.md). Legal actions are
computed once per state as a map `code -> (handler, argument)`, so `apply` never parses a
code and refuses anything not in the map before touching the state.

Resolution that runs without the players (Phase 5, Phase 6, a weapon's damage) is a queue of
plain tuples, `work`. Each item is handled in turn; an item that needs a player's choice (a
Wall hit by several monsters, a Catapult point with several monsters in the space) stores
itself in `choice` and waits for a `pick:` or `discard:` action. Tuples copy cheaply, so a
clone can stop and resume anywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from arena.games.base import JSON, LegalMapState, SharedRng
from arena.games.castle_panic.config import (
    ARC_COLOUR,
    ARCHER,
    ARCS,
    BALLISTA_BEHIND_DAMAGE,
    BALLISTA_TARGET_DAMAGE,
    BASE_MONSTER_TOKENS,
    CASTLE,
    CASTLE_DECK,
    CATAPULT_DAMAGE,
    COLOURS,
    CREW_PER_ENGINE,
    CREW_RESERVE,
    DIE_FACES,
    DRAW_2_CARDS,
    ENDINGS,
    EOW_MONSTER_TOKENS,
    EQUALIZER_THRESHOLD,
    EQUIPMENT,
    EQUIPMENT_COST,
    EQUIPMENT_TOKENS,
    FIELD_EQUIPMENT,
    FOREST,
    FORTIFY_PER_WALL,
    FORTIFY_TOKENS,
    GOBLIN_KING_DRAWS,
    HANDS,
    HERO_MATCHES_ANY_RING,
    HIT_KINDS,
    HIT_RINGS,
    KNIGHT,
    MONSTERS,
    MONSTERS_PER_TURN,
    RANDOM_CREW_KINDS,
    RESOURCE_DECK,
    RESOURCE_RESHUFFLE_BANISH,
    RING_LETTERS,
    ROLL_AND_MOVE,
    SETUP_REMOVED,
    START_PLAYER_RANDOM,
    STARTING_MONSTERS,
    SWORDSMAN,
    TASK_SETS_IN_A_ROW,
    TEAM_WIN_BONUS,
    TRADE_PROPOSALS_PER_TRADE,
    TURN_CAP,
    WAR_WAGON_CCW_FACES,
    WEAPON_FIRE_CARDS,
    CardRow,
)
from arena.games.codes import action_code

GAME_NAME = "castle_panic"


# --- Cards (§2.2, §2.3) ---------------------------------------------------------------------------
class Card(NamedTuple):
    id: int
    name: str
    title: str
    deck: str  # "castle" | "resource"
    kind: str
    colour: str


def _build_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    rows: list[tuple[str, CardRow]] = [("castle", r) for r in CASTLE_DECK]
    rows += [("resource", r) for r in RESOURCE_DECK]
    for deck, row in rows:
        for _ in range(row.copies):
            cards.append(Card(len(cards), row.name, row.title, deck, row.kind, row.colour))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_cards()
NUM_CARDS = len(CARDS)
CASTLE_IDS = tuple(c.id for c in CARDS if c.deck == "castle")
RESOURCE_IDS = tuple(c.id for c in CARDS if c.deck == "resource")
CARD_KIND = tuple(c.kind for c in CARDS)
CARD_NAME = tuple(c.name for c in CARDS)
_NAMES = sorted({c.name for c in CARDS}, key=lambda n: CARD_NAME.index(n))
CARD_TYPE = tuple(_NAMES.index(c.name) for c in CARDS)  # identical cards share a type
IS_RESOURCE = tuple(c.deck == "resource" for c in CARDS)


# --- Board geometry (§1.1) ------------------------------------------------------------------------
def space(arc: int, ring: int) -> int:
    """Space id 0..29 of (arc 1..6, ring 0 castle .. 4 forest)."""
    return (arc - 1) * 5 + ring


def cw(arc: int) -> int:
    return arc % 6 + 1


def ccw(arc: int) -> int:
    return (arc + 4) % 6 + 1


NUM_SPACES = 30
SPACE_ARC = tuple(s // 5 + 1 for s in range(NUM_SPACES))
SPACE_RING = tuple(s % 5 for s in range(NUM_SPACES))
SPACE_COLOUR = tuple(ARC_COLOUR[a] for a in SPACE_ARC)
SPACE_CODE = tuple(f"{RING_LETTERS[SPACE_RING[s]]}{SPACE_ARC[s]}" for s in range(NUM_SPACES))
SPACE_BY_CODE = {code: s for s, code in enumerate(SPACE_CODE)}
COLOUR_ARCS = {c: tuple(a for a in ARCS if ARC_COLOUR[a] == c) for c in COLOURS}
FORWARD, CLOCKWISE, COUNTER = "forward", "cw", "ccw"
#: The spaces each card can hit (§5, §6): its ring(s), in its colour's arcs (or all arcs).
HIT_SPACES: tuple[frozenset[int], ...] = tuple(
    frozenset(
        space(a, r)
        for a in ARCS
        for r in HIT_RINGS[c.kind]
        if c.colour == "any" or ARC_COLOUR[a] == c.colour
    )
    if c.kind in HIT_KINDS
    else frozenset()
    for c in CARDS
)
#: Weapon ammunition (§8.1): does a card match a space's colour / its ring?
MATCHES_COLOUR = tuple(
    tuple(c.kind in HIT_KINDS and c.colour in ("any", SPACE_COLOUR[s]) for s in range(NUM_SPACES))
    for c in CARDS
)
MATCHES_RING = tuple(
    tuple(
        (c.kind == "hero" and HERO_MATCHES_ANY_RING and SPACE_RING[s] in HIT_RINGS["hero"])
        or (c.kind in HIT_KINDS and c.kind != "hero" and SPACE_RING[s] in HIT_RINGS[c.kind])
        for s in range(NUM_SPACES)
    )
    for c in CARDS
)


# --- Monster tokens (§2.4, §2.5, §3 step 6) -------------------------------------------------------
def _token_kinds() -> tuple[str, ...]:
    """Every token in the game: the starting monsters, the crew reserve, then the pile."""
    counts = dict(BASE_MONSTER_TOKENS)
    for kind, n in SETUP_REMOVED.items():
        counts[kind] -= n
    for kind in (*STARTING_MONSTERS, *CREW_RESERVE):
        counts[kind] -= 1
    for kind, n in EOW_MONSTER_TOKENS.items():
        counts[kind] = counts.get(kind, 0) + n
    if min(counts.values()) < 0:
        raise ValueError("config: the setup takes more tokens than the box holds")
    pile = [kind for kind, n in counts.items() for _ in range(n)]
    return (*STARTING_MONSTERS, *CREW_RESERVE, *pile)


TOKEN_KIND: tuple[str, ...] = _token_kinds()
NUM_TOKENS = len(TOKEN_KIND)
STARTING_IDS = tuple(range(len(STARTING_MONSTERS)))
CREW_IDS = tuple(range(len(STARTING_MONSTERS), len(STARTING_MONSTERS) + len(CREW_RESERVE)))
PILE_IDS = tuple(range(CREW_IDS[-1] + 1, NUM_TOKENS))
TOKEN_CAT = tuple(MONSTERS[k].category for k in TOKEN_KIND)
MAX_HEALTH = tuple(MONSTERS[k].max_health for k in TOKEN_KIND)
POINTS = tuple(MONSTERS[k].points for k in TOKEN_KIND)
CREATURE = ("creature", "boss")  # living monsters: healed, counted, slain
BARRACKS = TOKEN_KIND.index("barracks") if "barracks" in TOKEN_KIND else -1
FORWARD_CAMP = TOKEN_KIND.index("forward_camp") if "forward_camp" in TOKEN_KIND else -1
SHAMANS = tuple(t for t, k in enumerate(TOKEN_KIND) if k == "shaman")
BREATHTAKERS = tuple(t for t, k in enumerate(TOKEN_KIND) if k == "breathtaker")
NICE_SHOTS = tuple(c.id for c in CARDS if c.kind == "nice_shot")
#: Engines that ignore the damage of the structures they destroy (§11.4.1, §11.4.3).
STRUCTURE_PROOF = ("siege_tower", "battering_ram")

# --- Steps: who decides what now ------------------------------------------------------------------
DRAW = "draw"  # Phase 1: draw one card from either deck
DISCARD = "discard"  # Phase 2: discard a card (then draw), or pass
REDRAW = "redraw"  # Phase 2: the draw after a discard
TRADE = "trade"  # Phase 3: propose a trade, or pass
ANSWER = "answer"  # Phase 3: the partner accepts or rejects
PLAY = "play"  # Phase 4: play a card, use the Engineer or a weapon, or end the phase
DRAW_2 = "draw_2"  # Phase 4: the draws of Draw 2 Cards
PLACE = "place"  # Phase 4: where a completed build goes
FACE = "face"  # Phase 4: the colour the Keep faces when its first weapon is built
AMMO = "ammo"  # Phase 4: the two cards discarded to fire a weapon
CHOOSE = "choose"  # a choice inside a resolution: a monster to pick or a card to discard
OVER = "over"

# --- Action codes, built once so legal-action generation never formats strings --------------------
DECKS = ("castle", "resource")
DRAW_CODES = {d: action_code("draw", deck=d) for d in DECKS}
DISCARD_CODES = tuple(action_code("discard", card=c) for c in range(NUM_CARDS))
HIT_CODES = tuple(
    tuple(action_code("hit", card=c, monster=m) for m in range(NUM_TOKENS))
    for c in range(NUM_CARDS)
)
NICE_CODES = tuple(
    tuple(action_code("nice_shot", card=c, monster=m) for m in range(NUM_TOKENS))
    for c in range(NUM_CARDS)
)
BARBARIAN_CODES = tuple(action_code("barbarian", monster=m) for m in range(NUM_TOKENS))
TAR_CODES = tuple(action_code("tar", monster=m) for m in range(NUM_TOKENS))
DRIVE_CODES = tuple(action_code("drive_back", monster=m) for m in range(NUM_TOKENS))
PICK_CODES = tuple(action_code("pick", monster=m) for m in range(NUM_TOKENS))
BALLISTA_CODES = tuple(action_code("fire", weapon="ballista", monster=m) for m in range(NUM_TOKENS))
CATAPULT_CODES = tuple(
    action_code("fire", weapon="catapult", space=SPACE_CODE[s]) for s in range(NUM_SPACES)
)
FORTIFY_CODES = {a: action_code("fortify", arc=a) for a in ARCS}
SCAVENGE_CODES = tuple(action_code("scavenge", card=c) for c in range(NUM_CARDS))
ASSIGN_CODES = tuple(action_code("assign", card=c) for c in range(NUM_CARDS))
AMMO_CODES = tuple(action_code("ammo", card=c) for c in range(NUM_CARDS))
TASK_CODES = {e: action_code("task", equip=e) for e in EQUIPMENT}
PLACE_WALL_CODES = {a: action_code("place", arc=a) for a in ARCS}
PLACE_SPACE_CODES = tuple(action_code("place", space=SPACE_CODE[s]) for s in range(NUM_SPACES))
ROTATE_CODES = {c: action_code("rotate", colour=c) for c in COLOURS}
FACE_CODES = {c: action_code("face", colour=c) for c in COLOURS}

Handler = Callable[["CastlePanicState", Any], None]
Options = dict[str, tuple[Handler, Any]]
Item = tuple[Any, ...]


class Choice(NamedTuple):
    """A decision inside a resolution: `seat` picks one of `options` for `item`."""

    kind: str  # "monster" (answered by pick:) or "card" (answered by discard:)
    seat: int
    options: tuple[int, ...]
    item: Item


class CastlePanicState(SharedRng, LegalMapState):
    """One game of Castle Panic with Engines of War (§3-§14)."""

    VIEWS = "arena.games.castle_panic.views"
    GAME_NAME = GAME_NAME

    # --- Setup (§3) -------------------------------------------------------------------------------
    def __init__(self, players: int, seed: int, options: Mapping[str, Any]) -> None:
        if players not in HANDS:
            raise ValueError(f"{GAME_NAME}: no setup for {players} players")
        self.num_players = players
        self.siege_crew = str(options.get("siege_crew", "orcs"))
        self.first_player = str(options.get("first_player", "seat_0"))
        row = HANDS[players]
        self.hand_limit = row.hand_size
        self.trades_per_turn = row.trades
        self.exchanges_per_turn = row.exchanges

        # All chance, in this order: the two decks, the crew (variant), the Monster pile, the
        # starting arcs, the first player; later dice, reshuffles and banishes.
        self.rng = random.Random(seed)
        self.castle_deck = list(CASTLE_IDS)
        self.rng.shuffle(self.castle_deck)
        self.resource_deck = list(RESOURCE_IDS)
        self.rng.shuffle(self.resource_deck)
        self.castle_discard: list[int] = []
        self.resource_discard: list[int] = []
        self.banished: list[int] = []

        self.pos = [-1] * NUM_TOKENS  # space id of every token on the board (crew: the engine's)
        self.health = [0] * NUM_TOKENS
        self.board: list[int] = []  # units on the board, in order of arrival (crew excluded)
        self.crew: dict[int, list[int]] = {}  # engine -> the crew under it
        self.breached: list[int] = []  # Siege Towers standing on a wall line (§11.4.1)
        self.tarred = -1
        self.reserve, self.pile = self._monster_pile()
        self.set_aside: list[int] = []  # the Equalizer's set-aside tokens
        self.used: list[int] = []  # resolved effect tokens and monsters slain without trophy
        self.trophies: list[list[int]] = [[] for _ in range(players)]
        self._place_starting_monsters()

        self.walls = [False, *(True for _ in ARCS)]  # index = arc; [0] unused
        self.fortified = [False] * 7
        self.towers = [False, *(True for _ in ARCS)]
        self.field = [""] * NUM_SPACES  # field equipment per space
        self.keep = True
        self.catapult = False
        self.ballista = False
        self.facing = ""  # the colour the Keep's weapons face; "" until the first is built
        self.task = ""  # the Engineer's task
        self.engineer: list[int] = []  # Resource cards assigned to it

        self.hands = [self._deal() for _ in range(players)]
        random_start = START_PLAYER_RANDOM or self.first_player == "random"
        self.start_player = self.rng.randrange(players) if random_start else 0
        self.active = self.start_player
        self.turn = 0
        self.work: list[Item] = []
        self.choice: Choice | None = None
        self.offer: tuple[int, int, int] | None = None  # (partner, give, take)
        self.placing = ""
        self.fire_weapon = ""
        self.fire_target = -1  # Ballista: a monster; Catapult: a space
        self.fire_cards: list[int] = []
        self.eq_count = 0
        self.eq_active = False
        self.shaman_moved = False
        self.barracks_slot = False
        self.log: list[str] = []
        self.over = False
        self.won = False
        self.end_reason = ""
        self._legal: Options | None = None
        self._begin_turn()

    def _monster_pile(self) -> tuple[list[int], list[int]]:
        """The crew reserve and the shuffled pile (§3 step 6); the alternative crew variant
        draws the crew at random from the crew Orcs and the pile's plain monsters."""
        reserve, pile = list(CREW_IDS), list(PILE_IDS)
        if self.siege_crew == "random":
            pool = reserve + [t for t in pile if TOKEN_KIND[t] in RANDOM_CREW_KINDS]
            reserve = self.rng.sample(pool, len(CREW_IDS))
            pile = [t for t in pool if t not in reserve] + [
                t for t in pile if TOKEN_KIND[t] not in RANDOM_CREW_KINDS
            ]
            pile.sort()
        self.rng.shuffle(pile)
        return reserve, pile

    def _place_starting_monsters(self) -> None:
        """One starting monster in the Archer space of each arc, arcs by seeded lot (A7)."""
        arcs = list(ARCS)
        self.rng.shuffle(arcs)
        for token, arc in zip(STARTING_IDS, arcs, strict=True):
            self._put(token, space(arc, ARCHER))

    def _deal(self) -> list[int]:
        row = HANDS[self.num_players]
        hand = [self.castle_deck.pop() for _ in range(row.castle_dealt)]
        return hand + [self.resource_deck.pop() for _ in range(row.resource_dealt)]

    # --- Engine API -------------------------------------------------------------------------------
    def to_move(self) -> int | None:
        if self.over:
            return None
        if self.choice is not None:
            return self.choice.seat
        if self.step == ANSWER and self.offer is not None:
            return self.offer[0]
        return self.active

    def _play(self, handler: Handler, argument: Any) -> None:
        handler(self, argument)
        self._check_end()

    def _where(self) -> str:
        return f" (step {self.step})"

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> list[JSON]:
        """Team win: seats ranked by trophy points, then trophies (ties share); team loss:
        one shared rank (§14, A38, A39). Final once `is_over()`."""
        return rank_players(self)

    def table_result(self) -> JSON:
        """How the team did, for pages that must not read a shared rank 0 as a win: whether it
        won, how the game ended (`ENDINGS`) and the towers standing at the end (§14)."""
        return {
            "towers_standing": sum(self.towers),
            "won": self.over and self.won,
            "ending": ENDINGS.get(self.end_reason, ""),
        }

    def clone(self) -> CastlePanicState:
        """A manual copy: containers one level down; work items and choices are tuples."""
        new = object.__new__(CastlePanicState)
        self.share_rng()
        new.__dict__.update(self.__dict__)
        for name in _LISTS:
            setattr(new, name, getattr(self, name)[:])
        new.hands = [hand[:] for hand in self.hands]
        new.trophies = [t[:] for t in self.trophies]
        new.crew = {engine: crew[:] for engine, crew in self.crew.items()}
        return new  # the legal-action cache is never mutated once built, so it is shared

    def roll(self) -> int:
        """One six-sided die."""
        return self.rng.randint(1, DIE_FACES)

    # --- The turn (§4) ----------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        """Tar comes off the board; the per-turn limits reset; Phase 1 begins."""
        self.turn += 1
        if self.turn > TURN_CAP:
            self._finish(False, "turn_cap")
            return
        self.tarred = -1
        self.phase = 1
        self.exchanges_done = 0
        self.trades_done = 0
        self.proposals = 0
        self.task_sets = 0
        self.rotated = False
        self.fired_catapult = False
        self.fired_ballista = False
        self.missing = False
        self.draws_left = 0
        self.barracks_slot = BARRACKS in self.board
        self._enter_draw_up()

    def _enter_draw_up(self) -> None:
        """Phase 1: draw one card at a time up to the hand size (A48)."""
        self.phase = 1
        if len(self.hands[self.active]) < self.hand_limit and self._can_draw_any():
            self.step = DRAW
        else:
            self._enter_discard_and_draw()

    def _enter_discard_and_draw(self) -> None:
        """Phase 2: optionally discard a card and draw one (solo: twice) (A44)."""
        self.phase = 2
        if self.exchanges_done < self.exchanges_per_turn and self.hands[self.active]:
            self.step = DISCARD
        else:
            self._enter_trade()

    def _enter_trade(self) -> None:
        """Phase 3: trades, unless the Breathtaker holds its breath (§11.1)."""
        self.phase = 3
        self.offer = None
        if self._can_trade():
            self.step = TRADE
        else:
            self._enter_play()

    def _can_trade(self) -> bool:
        if self.num_players < 2 or self.trades_done >= self.trades_per_turn:
            return False
        if self.proposals >= TRADE_PROPOSALS_PER_TRADE * self.trades_per_turn:
            return False
        if any(b in self.board for b in BREATHTAKERS) or not self.hands[self.active]:
            return False
        return any(self.hands[p] for p in range(self.num_players) if p != self.active)

    def _enter_play(self) -> None:
        self.phase = 4
        self.step = PLAY

    def end_play_phase(self) -> None:
        """Phase 5: every monster moves; then the Shaman's end-of-phase heal (§9, §11.3)."""
        self.phase = 5
        self.work = [(_MOVE, FORWARD, (), "phase")]
        self._run()

    def _begin_draw_monsters(self) -> None:
        """Phase 6: two tokens, resolved one at a time, unless Missing was played (§10.1)."""
        self.phase = 6
        if not self.missing:
            self.work = [(_DRAW_TOKEN,)] * MONSTERS_PER_TURN

    def _end_turn(self) -> None:
        self.active = (self.active + 1) % self.num_players
        self._begin_turn()

    def _run(self) -> None:
        """Resolve queued work until a player must decide; then hand over to the phase."""
        while not self.over and self.choice is None:
            if self.work:
                item = self.work.pop(0)
                _ITEMS[item[0]](self, item)
                self._check_end()
            elif self.phase == 4:
                self.step = PLAY
                return
            elif self.phase == 5:
                self._begin_draw_monsters()
            else:
                self._end_turn()
                return
        if self.choice is not None:
            self.step = CHOOSE

    def _choose(self, kind: str, options: Sequence[int], item: Item, seat: int = -1) -> None:
        self.choice = Choice(kind, self.active if seat < 0 else seat, tuple(options), item)

    # --- Decks (§13) ------------------------------------------------------------------------------
    def can_draw(self, deck: str) -> bool:
        """A deck can supply a card: its pile, or a reshuffle that leaves something (A36)."""
        if deck == "castle":
            return bool(self.castle_deck or self.castle_discard)
        return bool(self.resource_deck) or len(self.resource_discard) > RESOURCE_RESHUFFLE_BANISH

    def _can_draw_any(self) -> bool:
        return self.can_draw("castle") or self.can_draw("resource")

    def draw_card(self, seat: int, deck: str) -> int:
        """Draw the top card; an empty Castle deck reshuffles its discard pile, an empty
        Resource deck reshuffles its discard pile and banishes 2 cards at random."""
        if deck == "castle":
            if not self.castle_deck:
                self.castle_deck, self.castle_discard = self.castle_discard, []
                self.rng.shuffle(self.castle_deck)
            pile = self.castle_deck
        else:
            if not self.resource_deck:
                self.resource_deck, self.resource_discard = self.resource_discard, []
                self.rng.shuffle(self.resource_deck)
                for _ in range(min(RESOURCE_RESHUFFLE_BANISH, len(self.resource_deck))):
                    self.banished.append(self.resource_deck.pop())
            pile = self.resource_deck
        card = pile.pop()
        self.hands[seat].append(card)
        return card

    def discard_card(self, seat: int, card: int) -> None:
        """A card from hand to its own discard pile."""
        self.hands[seat].remove(card)
        self._to_discard(card)

    def _to_discard(self, card: int) -> None:
        (self.resource_discard if IS_RESOURCE[card] else self.castle_discard).append(card)

    def banish_from_decks(self, count: int) -> None:
        """The Saboteur's banishing (§11.2): from the top of each draw pile, then of its
        discard pile; never a reshuffle."""
        for pile, discard in (
            (self.castle_deck, self.castle_discard),
            (self.resource_deck, self.resource_discard),
        ):
            for _ in range(count):
                if pile:
                    self.banished.append(pile.pop())
                elif discard:
                    self.banished.append(discard.pop())

    # --- Legal actions ----------------------------------------------------------------------------
    def _compute_legal(self) -> Options:
        return _STEP_OPTIONS[self.step](self)

    def _distinct(self, cards: Sequence[int]) -> list[int]:
        """One card per type (the lowest id): identical cards make identical actions."""
        seen: set[int] = set()
        out: list[int] = []
        for card in sorted(cards):
            kind = CARD_TYPE[card]
            if kind not in seen:
                seen.add(kind)
                out.append(card)
        return out

    def _options_draw(self) -> Options:
        return {DRAW_CODES[d]: (_do_draw, d) for d in DECKS if self.can_draw(d)}

    def _options_discard(self) -> Options:
        options: Options = {
            DISCARD_CODES[c]: (_do_exchange_discard, c)
            for c in self._distinct(self.hands[self.active])
        }
        options["pass"] = (_do_pass_phase, None)
        return options

    def _options_trade(self) -> Options:
        options: Options = {}
        mine = self._distinct(self.hands[self.active])
        for partner in range(self.num_players):
            if partner == self.active or not self.hands[partner]:
                continue
            theirs = self._distinct(self.hands[partner])
            for give in mine:
                for take in theirs:
                    code = action_code("trade", seat=partner, give=give, take=take)
                    options[code] = (_do_propose, (partner, give, take))
        options["pass"] = (_do_pass_phase, None)
        return options

    def _options_answer(self) -> Options:
        return {"accept": (_do_accept, True), "reject": (_do_accept, False)}

    def _options_play(self) -> Options:
        """Phase 4 (§4): cards, the Engineer, the weapons, the Keep, or end the phase."""
        options: Options = {}
        hand = self.hands[self.active]
        units = [u for u in self.board if TOKEN_CAT[u] != "encampment"]
        pos = self.pos
        nice = any(c in hand for c in NICE_SHOTS)
        needed = self.still_needed() if self.task else {}
        for card in self._distinct(hand):
            kind = CARD_KIND[card]
            if kind in HIT_KINDS:
                spaces = HIT_SPACES[card]
                for u in units:
                    if pos[u] in spaces:
                        options[HIT_CODES[card][u]] = (_do_hit, (card, u))
                        if nice:
                            options[NICE_CODES[card][u]] = (_do_nice_shot, (card, u))
            elif IS_RESOURCE[card]:
                if needed and self._can_assign(card, needed):
                    options[ASSIGN_CODES[card]] = (_do_assign, card)
            else:
                _CARD_OPTIONS.get(kind, _no_options)(self, card, units, options)
        self._engineer_options(options)
        self._weapon_options(options, units)
        options["end_phase"] = (_do_end_phase, None)
        return options

    def _engineer_options(self, options: Options) -> None:
        if not self.engineer and self.task_sets < TASK_SETS_IN_A_ROW:
            for equip in EQUIPMENT:
                if equip != self.task and self.token_available(equip):
                    options[TASK_CODES[equip]] = (_do_set_task, equip)
        if self.engineer:
            options["cancel_task"] = (_do_cancel_task, None)

    def _weapon_options(self, options: Options, units: list[int]) -> None:
        if not self.keep or not self.facing:
            return
        catapult = self.catapult and not self.fired_catapult
        ballista = self.ballista and not self.fired_ballista
        if catapult or ballista:
            payable: dict[int, bool] = {}
            for u in units:
                s = self.pos[u]
                if SPACE_COLOUR[s] != self.facing or SPACE_RING[s] in (CASTLE, FOREST):
                    continue
                if s not in payable:
                    payable[s] = self._can_pay(s)
                if not payable[s]:
                    continue
                if catapult:
                    options[CATAPULT_CODES[s]] = (_do_fire, ("catapult", s))
                if ballista:
                    options[BALLISTA_CODES[u]] = (_do_fire, ("ballista", u))
        if not self.rotated and (self.catapult or self.ballista):
            for colour in COLOURS:
                if colour != self.facing:
                    options[ROTATE_CODES[colour]] = (_do_rotate, colour)

    def _options_place(self) -> Options:
        if self.placing == "wall":
            return {PLACE_WALL_CODES[a]: (_do_place, a) for a in self.wall_sites()}
        return {PLACE_SPACE_CODES[s]: (_do_place, s) for s in self.field_sites()}

    def _options_face(self) -> Options:
        return {FACE_CODES[c]: (_do_face, c) for c in COLOURS}

    def _options_ammo(self) -> Options:
        hand = self.hands[self.active]
        s = self._fire_space()
        if not self.fire_cards:
            firsts = [c for c in self._distinct(hand) if self._completes(c, hand, s)]
            return {AMMO_CODES[c]: (_do_ammo, c) for c in firsts}
        first = self.fire_cards[0]
        rest = [c for c in hand if c != first]
        return {AMMO_CODES[c]: (_do_ammo, c) for c in self._distinct(rest) if _pays(first, c, s)}

    def _options_choose(self) -> Options:
        choice = self.choice
        assert choice is not None
        if choice.kind == "card":
            return {DISCARD_CODES[c]: (_do_pick, c) for c in choice.options}
        return {PICK_CODES[u]: (_do_pick, u) for u in choice.options}

    # --- Castle cards (§6) ------------------------------------------------------------------------
    def hit(self, card: int, monster: int) -> None:
        """A hit card: 1 damage to a monster in a matching space (§5)."""
        self.discard_card(self.active, card)
        self.damage(monster, 1, self.active)

    def nice_shot(self, card: int, monster: int) -> None:
        """Nice Shot with a hit card: the monster is slain (an engine only destroyed)."""
        self.discard_card(self.active, card)
        self.discard_card(self.active, next(c for c in NICE_SHOTS if c in self.hands[self.active]))
        self.slay(monster, self.active)

    def drive_him_back(self, monster: int) -> None:
        """Straight back to the Forest of its arc: a jump that touches nothing (A40)."""
        self._relocate(monster, space(SPACE_ARC[self.pos[monster]], FOREST))

    def scavenge(self, card: int) -> None:
        """Take a card from the Castle discard pile; Scavenge itself is discarded after."""
        scavenge = next(c for c in self.hands[self.active] if CARD_KIND[c] == "scavenge")
        self.castle_discard.remove(card)
        self.hands[self.active].append(card)
        self.discard_card(self.active, scavenge)

    # --- The Engineer (§7) ------------------------------------------------------------------------
    def token_available(self, equip: str) -> bool:
        """A task needs a token in the supply (A15)."""
        if equip == "wall":
            return not all(self.walls[a] for a in ARCS)
        if equip == "keep":
            return not self.keep
        if equip == "catapult":
            return not self.catapult
        if equip == "ballista":
            return not self.ballista
        return self.field.count(equip) < EQUIPMENT_TOKENS[equip]

    def still_needed(self) -> dict[str, int]:
        """Resource cards the task still requires, by type."""
        needed = dict(EQUIPMENT_COST.get(self.task, {}))
        for card in self.engineer:
            needed[CARD_KIND[card]] -= 1
        return {r: n for r, n in needed.items() if n > 0}

    def _can_assign(self, card: int, needed: Mapping[str, int]) -> bool:
        """Only a still-required type (A14); the last card needs a legal placement (A15)."""
        if needed.get(CARD_KIND[card], 0) <= 0:
            return False
        return sum(needed.values()) > 1 or self.can_complete(self.task)

    def can_complete(self, equip: str) -> bool:
        if equip == "wall":
            return bool(self.wall_sites())
        if equip == "keep":
            return not self.keep
        if equip in ("catapult", "ballista"):
            return self.keep and self.token_available(equip)  # A16
        return self.token_available(equip) and bool(self.field_sites())

    def wall_sites(self) -> list[int]:
        """Wall lines without a Wall and without a breached Siege Tower (§7.2)."""
        blocked = {SPACE_ARC[self.pos[t]] for t in self.breached}
        return [a for a in ARCS if not self.walls[a] and a not in blocked]

    def field_sites(self) -> list[int]:
        """Spaces outside the Forest with no Monster and no field equipment (§7.2)."""
        occupied = {self.pos[u] for u in self.board if u not in self.breached}
        return [
            s
            for s in range(NUM_SPACES)
            if SPACE_RING[s] != FOREST and not self.field[s] and s not in occupied
        ]

    def assign(self, card: int) -> None:
        """A Resource card onto the Engineer; the last required one completes the build.
        Either is progress: tasks may be set again (manual p.7 sets no limit per turn)."""
        self.hands[self.active].remove(card)
        self.engineer.append(card)
        self.task_sets = 0
        if not self.still_needed():
            self.complete_task()

    def complete_task(self) -> None:
        """Discard the assigned cards, clear the task, place the equipment at once (§7.1)."""
        equip = self.task
        self.resource_discard.extend(self.engineer)
        self.engineer = []
        self.task = ""
        self._log(f"Engineer builds the {equip.replace('_', ' ')}")
        if equip == "keep":
            self.keep = True
        elif equip in ("catapult", "ballista"):
            first = not (self.catapult or self.ballista)
            setattr(self, equip, True)
            if first:
                self.step = FACE  # A17: the first weapon turns the Keep freely
        else:
            self.placing = equip
            sites = self.wall_sites() if equip == "wall" else self.field_sites()
            if len(sites) == 1:
                self.place_equipment(sites[0])
            else:
                self.step = PLACE

    def place_equipment(self, where: int) -> None:
        if self.placing == "wall":
            self.walls[where] = True
        else:
            self.field[where] = self.placing
        self.placing = ""
        self.step = PLAY

    def cancel_task(self) -> None:
        """The assigned cards are lost to the Resource discard pile (§7.1)."""
        self.resource_discard.extend(self.engineer)
        self.engineer = []
        self.task = ""

    # --- Catapult and Ballista (§8) ---------------------------------------------------------------
    def _can_pay(self, s: int) -> bool:
        hand = self.hands[self.active]
        return any(self._completes(c, hand, s) for c in hand)

    def _completes(self, card: int, hand: Sequence[int], s: int) -> bool:
        return any(other != card and _pays(card, other, s) for other in hand)

    def _fire_space(self) -> int:
        return self.fire_target if self.fire_weapon == "catapult" else self.pos[self.fire_target]

    def fire(self) -> None:
        """The two cards are discarded without effect; the damage is queued (§8.2, §8.3)."""
        for card in self.fire_cards:
            self.discard_card(self.active, card)
        self.fire_cards = []
        if self.fire_weapon == "catapult":
            self.fired_catapult = True
            self._log(f"Catapult fires at {SPACE_CODE[self.fire_target]}")
            self.work = [(_CATAPULT, self.fire_target)] * CATAPULT_DAMAGE
        else:
            self.fired_ballista = True
            target = self.fire_target
            s = self.pos[target]
            self._log(f"Ballista fires at {MONSTERS[TOKEN_KIND[target]].title} in {SPACE_CODE[s]}")
            crew = tuple(self.crew.get(target, ()))
            overflow = self.damage(target, BALLISTA_TARGET_DAMAGE, self.active)
            items: list[Item] = [(_OVERFLOW, crew)] * (overflow if crew else 0)
            arc = SPACE_ARC[s]
            items += [(_BEHIND, space(arc, r)) for r in range(SPACE_RING[s] + 1, FOREST + 1)]
            self.work = items
        self.fire_weapon = ""
        self.fire_target = -1
        self._run()

    def units_at(self, s: int) -> list[int]:
        """Monster units a weapon or card can reach in space `s` (a breached Siege Tower
        counts as standing in its Swordsman space, A32; crew hide under their engine)."""
        return [u for u in self.board if self.pos[u] == s and TOKEN_CAT[u] != "encampment"]

    def behind_targets(self, s: int) -> list[int]:
        """Ballista behind-damage candidates: also encampments in this Forest (A43)."""
        units = self.units_at(s)
        if SPACE_RING[s] == FOREST:
            for camp in (BARRACKS, FORWARD_CAMP):
                if camp in self.board and self._encampment_reaches(camp, s):
                    units.append(camp)
        return units

    def _encampment_reaches(self, camp: int, s: int) -> bool:
        if camp == FORWARD_CAMP:  # it counts as being in both arcs of its colour
            return SPACE_COLOUR[self.pos[camp]] == SPACE_COLOUR[s]
        return self.pos[camp] == s

    # --- Monster movement (§9) --------------------------------------------------------------------
    def movable(self, u: int) -> bool:
        """Tarred monsters, encampments and breached Siege Towers never move (§9.4)."""
        return u != self.tarred and TOKEN_CAT[u] != "encampment" and u not in self.breached

    def move_monsters(self, direction: str, arcs: tuple[int, ...], cause: str) -> None:
        """One movement event (§9.2): freeze the movers and their single destinations, then
        queue the Wall and Barricade stops, the arrivals and the War Wagon's second step."""
        self.shaman_moved = False
        walls: dict[int, list[int]] = {}
        barricades: dict[int, list[int]] = {}
        going: list[tuple[int, int]] = []
        breaching: list[int] = []
        for u in self.board:
            if not self.movable(u):
                continue
            here = self.pos[u]
            arc, ring = SPACE_ARC[here], SPACE_RING[here]
            if arcs and arc not in arcs:
                continue
            kind = TOKEN_KIND[u]
            step = FORWARD if kind == "war_wagon" else direction  # its own move (§11.4.2)
            if step == FORWARD:
                if ring == CASTLE:
                    dest = space(cw(arc), CASTLE)
                elif ring == SWORDSMAN and self.walls[arc]:
                    walls.setdefault(arc, []).append(u)
                    continue
                elif ring == SWORDSMAN and kind == "siege_tower":
                    inside = space(arc, CASTLE)
                    if self.field[inside] == "barricade":  # A46
                        barricades.setdefault(inside, []).append(u)
                    else:
                        breaching.append(u)
                    continue
                else:
                    dest = here - 1
            else:
                dest = space(cw(arc) if step == CLOCKWISE else ccw(arc), ring)
            if self.field[dest] == "barricade":
                barricades.setdefault(dest, []).append(u)
            else:
                going.append((u, dest))
        items: list[Item] = [(_WALL, a, tuple(g)) for a, g in sorted(walls.items())]
        items += [(_BARRICADE, s, tuple(g)) for s, g in sorted(barricades.items())]
        if going or breaching:
            items.append((_ARRIVE, tuple(going), tuple(breaching)))
        for u, dest in going:
            if TOKEN_KIND[u] == "war_wagon" and SPACE_RING[self.pos[u]] != CASTLE:
                items.append((_WAGON_SIDE, u, dest))
        items.append((_SHAMAN, cause))
        self.work[0:0] = items

    def arrive(self, going: tuple[tuple[int, int], ...], breaching: tuple[int, ...]) -> None:
        """Movers reach their spaces together; then, per space: Spring Trap or Pit, then the
        Tower (§7.3, §9.1). A Siege Tower breaches: its crew enter the Castle (§11.4.1)."""
        entrants: dict[int, list[int]] = {}
        for u, dest in going:
            if u in self.board:
                self._move_unit(u, dest)
                entrants.setdefault(dest, []).append(u)
                if u in SHAMANS:
                    self.shaman_moved = True
        for tower in breaching:
            if tower not in self.board:
                continue
            inside = self.pos[tower] - 1
            self._log(f"Siege Tower breaches the wall line of arc {SPACE_ARC[inside]}")
            self.breached.append(tower)
            for orc in self.crew.pop(tower, []):
                self._put(orc, inside, keep_health=True)
                entrants.setdefault(inside, []).append(orc)
        self.work[0:0] = [
            item for dest in sorted(entrants) for item in self._entering(dest, entrants)
        ]

    def _entering(self, dest: int, entrants: dict[int, list[int]]) -> list[Item]:
        group = tuple(entrants[dest])
        items: list[Item] = []
        if self.field[dest] in ("spring_trap", "pit"):
            items.append((_TRAP if self.field[dest] == "spring_trap" else _PIT, dest, group))
        if SPACE_RING[dest] == CASTLE:
            items.append((_TOWER, dest, group))
        return items

    def _move_unit(self, u: int, dest: int) -> None:
        self.pos[u] = dest
        for orc in self.crew.get(u, ()):
            self.pos[orc] = dest

    def _relocate(self, u: int, dest: int) -> None:
        """A jump (Drive Him Back!, Spring Trap): nothing between triggers (A40)."""
        self._move_unit(u, dest)

    def _present(self, group: Sequence[int], s: int) -> list[int]:
        return [u for u in group if u in self.board and self.pos[u] == s]

    def structure_hit(self, u: int) -> None:
        """A monster damaged by the castle structure it destroys (§9.1, §11.2, §11.4)."""
        kind = TOKEN_KIND[u]
        if kind == "goblin_saboteur":
            count = self.health[u]  # A28: its health just before the fatal damage
            self._remove(u, -1)
            self._log(f"Goblin Saboteur blows itself up: {count} card(s) banished from each deck")
            self.banish_from_decks(count)
        elif kind not in STRUCTURE_PROOF:
            self.damage(u, 1, -1)

    # --- Monster tokens (§10, §11) ----------------------------------------------------------------
    def resolve_token(self, token: int) -> None:
        kind = TOKEN_KIND[token]
        category = TOKEN_CAT[token]
        if category == "effect":
            self.used.append(token)
            self._log(f"Monster token: {MONSTERS[kind].title}")
            _EFFECTS[kind](self, token)
        elif category == "encampment":
            self.place_encampment(token)
        else:
            self.place_monster(token)

    def place_monster(self, token: int) -> None:
        """Roll for the arc, or the Barracks' arc; the Forward Camp's colour starts in the
        Archer ring (§10.2, §11.5). Engines take their crew; bosses act at once (§10.3)."""
        kind = TOKEN_KIND[token]
        if BARRACKS in self.board and self.barracks_slot:
            arc = SPACE_ARC[self.pos[BARRACKS]]
            self.barracks_slot = False
            how = "from the Barracks"
        else:
            arc = self.roll()
            how = f"roll {arc}"
        ring = FOREST
        if FORWARD_CAMP in self.board and ARC_COLOUR[arc] == SPACE_COLOUR[self.pos[FORWARD_CAMP]]:
            ring = ARCHER
        s = space(arc, ring)
        self._put(token, s)
        if TOKEN_CAT[token] == "engine":
            crew = self.reserve[:CREW_PER_ENGINE]
            del self.reserve[:CREW_PER_ENGINE]
            self.crew[token] = crew
            for orc in crew:
                self.pos[orc], self.health[orc] = s, MAX_HEALTH[orc]
        self._log(f"{MONSTERS[kind].title} enters at {SPACE_CODE[s]} ({how})")
        ability = _BOSS_ABILITIES.get(kind)
        if ability is not None:
            ability(self, token)

    def place_encampment(self, token: int) -> None:
        """Rolled into the Forest; the Barracks' slot opens at once (§11.5)."""
        arc = self.roll()
        self._put(token, space(arc, FOREST))
        if token == BARRACKS:
            self.barracks_slot = True
        self._log(f"{MONSTERS[TOKEN_KIND[token]].title} set up at {SPACE_CODE[self.pos[token]]}")

    def count_monsters(self) -> int:
        """Monsters on the board: an engine counts its living crew, itself nothing; encampments
        and a breached Siege Tower nothing (§10.5)."""
        count = 0
        for u in self.board:
            category = TOKEN_CAT[u]
            if category == "engine":
                count += len(self.crew.get(u, ()))
            elif category != "encampment":
                count += 1
        return count

    def heal(self, units: Sequence[int]) -> None:
        """+1 health to the living monsters among `units` (never engines or encampments)."""
        for u in units:
            if TOKEN_CAT[u] in CREATURE and self.health[u] < MAX_HEALTH[u]:
                self.health[u] += 1

    def shaman_heal(self) -> None:
        """Every living monster in the Shaman's colour, itself included (§11.3)."""
        for shaman in SHAMANS:
            if shaman in self.board and SPACE_RING[self.pos[shaman]] != CASTLE:
                colour = SPACE_COLOUR[self.pos[shaman]]
                self._log("The Shaman heals the monsters of its colour")
                self.heal([u for u in self.board if SPACE_COLOUR[self.pos[u]] == colour])

    def roll_boulder(self, arc: int) -> None:
        """The Giant Boulder's path (§10.4): in from Forest(a), through the castle and the
        centre, out through Forest(a+3); it stops at the first castle structure it breaks."""
        opposite = (arc + 2) % 6 + 1
        self._log(f"Giant Boulder rolls in arc {arc}")
        for ring in (FOREST, ARCHER, KNIGHT, SWORDSMAN):
            self._crush(space(arc, ring))
        if self._boulder_hits_wall(arc) or self._boulder_hits_castle(arc):
            return
        if self.keep:
            self._log("The boulder destroys the Keep")
            self.keep = self.catapult = self.ballista = False
            self.facing = ""
            return
        if self._boulder_hits_castle(opposite) or self._boulder_hits_wall(opposite):
            return
        for ring in (SWORDSMAN, KNIGHT, ARCHER, FOREST):
            self._crush(space(opposite, ring))

    def _crush(self, s: int) -> None:
        """Monsters slain (no trophy), engines destroyed (crew survive), equipment broken;
        encampments and breached Siege Towers are not in the way (§10.4, §11)."""
        for u in [u for u in self.board if self.pos[u] == s and u not in self.breached]:
            if TOKEN_CAT[u] != "encampment":
                self._remove(u, -1)
        self.field[s] = ""

    def _boulder_hits_wall(self, arc: int) -> bool:
        if self.fortified[arc]:
            self.fortified[arc] = False
            return True
        if self.walls[arc]:
            self.walls[arc] = False
            self._log(f"Wall {arc} destroyed")
            return True
        for tower in [t for t in self.breached if SPACE_ARC[self.pos[t]] == arc]:
            self._remove(tower, -1)  # A25: destroyed, the boulder rolls on
        return False

    def _boulder_hits_castle(self, arc: int) -> bool:
        self._crush(space(arc, CASTLE))
        if self.towers[arc]:
            self.destroy_tower(arc)
            return True
        return False

    def destroy_tower(self, arc: int) -> None:
        self.towers[arc] = False
        self._log(f"Tower {arc} destroyed")

    # --- Damage and trophies (§5, §12) ------------------------------------------------------------
    def damage(self, u: int, amount: int, seat: int) -> int:
        """Deal `amount` to unit `u` (an engine before its crew); `seat` >= 0 keeps the
        trophy. Returns what was left over (overflow onto a crew, or lost)."""
        health = self.health[u]
        dealt = amount if amount < health else health
        self.health[u] = health - dealt
        if dealt == health:
            self._remove(u, seat)
        return amount - dealt

    def slay(self, u: int, seat: int) -> None:
        """Slain outright; an engine is destroyed and its crew released (§11.4)."""
        self.damage(u, self.health[u], seat)

    def _remove(self, u: int, seat: int) -> None:
        """Off the board: a trophy for `seat`, or the used pile; an engine's crew stay."""
        self.board.remove(u)
        self.health[u] = 0
        (self.trophies[seat] if seat >= 0 else self.used).append(u)
        if u == self.tarred:
            self.tarred = -1
        if u in self.breached:
            self.breached.remove(u)
        for orc in self.crew.pop(u, ()):
            self.board.append(orc)
        self.pos[u] = -1

    def _put(self, token: int, s: int, keep_health: bool = False) -> None:
        self.pos[token] = s
        if not keep_health:
            self.health[token] = MAX_HEALTH[token]
        self.board.append(token)

    # --- The end (§14) ----------------------------------------------------------------------------
    def _check_end(self) -> None:
        """Loss the instant the last Tower falls; win once nothing is left to fight (A37)."""
        if self.over:
            return
        if not any(self.towers):
            self._finish(False, "towers")
        elif not self.pile and not self.set_aside and self.count_monsters() == 0:
            self._finish(True, "monsters")

    def _finish(self, won: bool, reason: str) -> None:
        self.over = True
        self.won = won
        self.end_reason = reason
        self.step = OVER
        self.phase = 0
        self.work = []
        self.choice = None
        self.offer = None
        self._legal = None
        self._log("The team wins!" if won else f"The castle falls ({reason})")

    def points(self, seat: int) -> int:
        return sum(POINTS[t] for t in self.trophies[seat])

    def _log(self, text: str) -> None:
        self.log.append(text)
        if len(self.log) > LOG_LENGTH:
            del self.log[0]

    # --- Positions for scenarios and simulations --------------------------------------------------
    def clear_board(self) -> None:
        """Every unit off the board (to the used pile), keeping all tokens accounted for."""
        for u in list(self.board):
            for orc in self.crew.pop(u, ()):
                self.used.append(orc)
                self.pos[orc], self.health[orc] = -1, 0
            self.board.remove(u)
            self.used.append(u)
            self.pos[u], self.health[u] = -1, 0
        self.breached = []
        self.tarred = -1
        self._legal = None

    def take_token(self, kind: str, crew: bool = False) -> int:
        """A token of `kind` that is not on the board: from the pile, the used pile, the
        crew reserve or the set-aside tokens (in that order; the reserve first for crew)."""
        sources = [self.pile, self.used, self.reserve, self.set_aside]
        if crew:
            sources.insert(0, sources.pop(2))
        for where in sources:
            for t in where:
                if TOKEN_KIND[t] == kind:
                    where.remove(t)
                    return t
        raise ValueError(f"no {kind} token left off the board")

    def put_monster(self, kind: str, code: str, health: int = 0) -> int:
        """Place a `kind` token at space `code` ("K3") at `health` (0: full); an engine
        takes two crew Orcs. Returns its id."""
        token = self.take_token(kind)
        self._put(token, SPACE_BY_CODE[code])
        if health:
            self.health[token] = health
        if TOKEN_CAT[token] == "engine":
            crew = [
                self.take_token(TOKEN_KIND[CREW_IDS[0]], crew=True) for _ in range(CREW_PER_ENGINE)
            ]
            self.crew[token] = crew
            for orc in crew:
                self.pos[orc], self.health[orc] = self.pos[token], MAX_HEALTH[orc]
        self._legal = None
        return token

    def stack_pile(self, kinds: Sequence[str]) -> list[int]:
        """Put tokens of these kinds on top of the Monster pile, the first to be drawn first."""
        tokens = [self.take_token(kind) for kind in kinds]
        self.pile.extend(reversed(tokens))
        return tokens

    def deal(self, seat: int, names: Sequence[str]) -> list[int]:
        """Give `seat` exactly cards of these names, taken from the decks, the discards or
        (swapped for a card from the deck) another hand; the old hand goes to the bottom of
        its decks, so every card stays accounted for."""
        old, self.hands[seat] = self.hands[seat], []
        for card in old:
            (self.resource_deck if IS_RESOURCE[card] else self.castle_deck).insert(0, card)
        piles = [self.castle_deck, self.resource_deck, self.castle_discard, self.resource_discard]
        for name in names:
            found = next((c for pile in piles for c in pile if CARD_NAME[c] == name), -1)
            if found >= 0:
                next(pile for pile in piles if found in pile).remove(found)
            else:
                owner = next(
                    p
                    for p, h in enumerate(self.hands)
                    if p != seat and any(CARD_NAME[c] == name for c in h)
                )
                found = next(c for c in self.hands[owner] if CARD_NAME[c] == name)
                deck = self.resource_deck if IS_RESOURCE[found] else self.castle_deck
                self.hands[owner].remove(found)
                self.hands[owner].append(deck.pop())
            self.hands[seat].append(found)
        self._legal = None
        return list(self.hands[seat])

    def check_invariants(self) -> list[str]:
        """Conservation of cards and tokens, and a coherent board; [] when all hold."""
        problems: list[str] = []
        cards = [c for hand in self.hands for c in hand]
        cards += self.castle_deck + self.castle_discard + self.resource_deck
        cards += self.resource_discard + self.banished + self.engineer
        if sorted(cards) != list(range(NUM_CARDS)):
            problems.append("cards not conserved")
        tokens = list(self.board) + [c for crew in self.crew.values() for c in crew]
        tokens += self.pile + self.reserve + self.set_aside + self.used
        tokens += [t for trophies in self.trophies for t in trophies]
        if sorted(tokens) != list(range(NUM_TOKENS)):
            problems.append("tokens not conserved")
        for u in self.board:
            if not 0 <= self.pos[u] < NUM_SPACES or self.health[u] <= 0:
                problems.append(f"unit {u} at {self.pos[u]} with health {self.health[u]}")
            if self.health[u] > MAX_HEALTH[u]:
                problems.append(f"unit {u} above its maximum health")
        for engine, crew in self.crew.items():
            if engine not in self.board or any(self.pos[c] != self.pos[engine] for c in crew):
                problems.append(f"crew of {engine} astray")
        for a in ARCS:
            if self.fortified[a] and not self.walls[a]:
                problems.append(f"fortify token on missing wall {a}")
        if sum(self.fortified) > FORTIFY_TOKENS:
            problems.append("too many fortify tokens")
        for equip in FIELD_EQUIPMENT:
            if self.field.count(equip) > EQUIPMENT_TOKENS[equip]:
                problems.append(f"too many {equip} tokens")
        if (self.catapult or self.ballista) and not self.keep:
            problems.append("weapon without a Keep")
        return problems


LOG_LENGTH = 12
_LISTS = (
    "castle_deck",
    "castle_discard",
    "resource_deck",
    "resource_discard",
    "banished",
    "pos",
    "health",
    "board",
    "breached",
    "reserve",
    "pile",
    "set_aside",
    "used",
    "walls",
    "fortified",
    "towers",
    "field",
    "engineer",
    "work",
    "fire_cards",
    "log",
)


def _pays(first: int, second: int, s: int) -> bool:
    """Two cards match a target space: colour + ring, or one card matching both (§8.1)."""
    colour_a, ring_a = MATCHES_COLOUR[first][s], MATCHES_RING[first][s]
    colour_b, ring_b = MATCHES_COLOUR[second][s], MATCHES_RING[second][s]
    return (
        (colour_a and ring_a)
        or (colour_b and ring_b)
        or (colour_a and ring_b)
        or (colour_b and ring_a)
    )


# --- Card options in Phase 4: one function per special card ---------------------------------------
def _no_options(state: CastlePanicState, card: int, units: list[int], options: Options) -> None:
    return None


def _barbarian_options(state: CastlePanicState, card: int, units: list[int], opts: Options) -> None:
    for u in units:
        if SPACE_RING[state.pos[u]] != FOREST:
            opts[BARBARIAN_CODES[u]] = (_do_barbarian, (card, u))


def _tar_options(state: CastlePanicState, card: int, units: list[int], opts: Options) -> None:
    if state.tarred < 0:
        for u in units:
            if u not in state.breached:
                opts[TAR_CODES[u]] = (_do_tar, (card, u))


def _drive_options(state: CastlePanicState, card: int, units: list[int], opts: Options) -> None:
    for u in units:
        if SPACE_RING[state.pos[u]] != FOREST and u not in state.breached:  # A13
            opts[DRIVE_CODES[u]] = (_do_drive_back, (card, u))


def _fortify_options(state: CastlePanicState, card: int, units: list[int], opts: Options) -> None:
    if sum(state.fortified) < FORTIFY_TOKENS:
        for a in ARCS:
            if state.walls[a] and state.fortified[a] < FORTIFY_PER_WALL:
                opts[FORTIFY_CODES[a]] = (_do_fortify, (card, a))


def _missing_options(state: CastlePanicState, card: int, units: list[int], opts: Options) -> None:
    if not state.missing:
        opts["missing"] = (_do_missing, card)


def _scavenge_options(state: CastlePanicState, card: int, units: list[int], opts: Options) -> None:
    for taken in state._distinct(state.castle_discard):
        opts[SCAVENGE_CODES[taken]] = (_do_scavenge, taken)


def _draw_2_options(state: CastlePanicState, card: int, units: list[int], opts: Options) -> None:
    if state._can_draw_any():
        opts["draw_2"] = (_do_draw_2, card)


_CARD_OPTIONS: dict[str, Callable[[CastlePanicState, int, list[int], Options], None]] = {
    "barbarian": _barbarian_options,
    "tar": _tar_options,
    "drive_him_back": _drive_options,
    "fortify_wall": _fortify_options,
    "missing": _missing_options,
    "scavenge": _scavenge_options,
    "draw_2_cards": _draw_2_options,
}


# --- Action handlers: `apply` calls these with the argument stored in the legal map ---------------
def _do_draw(state: CastlePanicState, deck: str) -> None:
    state.draw_card(state.active, deck)
    if state.step == DRAW:
        state._enter_draw_up()
    elif state.step == REDRAW:
        state.exchanges_done += 1
        state._enter_discard_and_draw()
    else:  # DRAW_2
        state.draws_left -= 1
        if state.draws_left <= 0 or not state._can_draw_any():
            state.draws_left = 0
            state.step = PLAY


def _do_exchange_discard(state: CastlePanicState, card: int) -> None:
    """Phase 2: discard, then draw from either deck (A44)."""
    state.discard_card(state.active, card)
    if state._can_draw_any():
        state.step = REDRAW
    else:
        state.exchanges_done += 1
        state._enter_discard_and_draw()


def _do_pass_phase(state: CastlePanicState, _: None) -> None:
    if state.phase == 2:
        state._enter_trade()
    else:
        state._enter_play()


def _do_propose(state: CastlePanicState, offer: tuple[int, int, int]) -> None:
    """A9: the active player proposes; the partner answers."""
    state.offer = offer
    state.step = ANSWER


def _do_accept(state: CastlePanicState, accepted: bool) -> None:
    assert state.offer is not None
    partner, give, take = state.offer
    if accepted:
        state.hands[state.active].remove(give)
        state.hands[partner].remove(take)
        state.hands[state.active].append(take)
        state.hands[partner].append(give)
        state.trades_done += 1
    else:
        state.proposals += 1
    state.offer = None
    state._enter_trade()


def _do_hit(state: CastlePanicState, arg: tuple[int, int]) -> None:
    state.hit(*arg)


def _do_nice_shot(state: CastlePanicState, arg: tuple[int, int]) -> None:
    state.nice_shot(*arg)


def _do_barbarian(state: CastlePanicState, arg: tuple[int, int]) -> None:
    card, u = arg
    state.discard_card(state.active, card)
    state.slay(u, state.active)  # A51: the player's trophy


def _do_tar(state: CastlePanicState, arg: tuple[int, int]) -> None:
    card, u = arg
    state.discard_card(state.active, card)
    state.tarred = u


def _do_drive_back(state: CastlePanicState, arg: tuple[int, int]) -> None:
    card, u = arg
    state.discard_card(state.active, card)
    state.drive_him_back(u)


def _do_fortify(state: CastlePanicState, arg: tuple[int, int]) -> None:
    card, arc = arg
    state.discard_card(state.active, card)
    state.fortified[arc] = True


def _do_missing(state: CastlePanicState, card: int) -> None:
    state.discard_card(state.active, card)
    state.missing = True


def _do_scavenge(state: CastlePanicState, card: int) -> None:
    state.scavenge(card)


def _do_draw_2(state: CastlePanicState, card: int) -> None:
    state.discard_card(state.active, card)
    state.draws_left = DRAW_2_CARDS
    state.step = DRAW_2


def _do_set_task(state: CastlePanicState, equip: str) -> None:
    state.task = equip
    state.task_sets += 1


def _do_cancel_task(state: CastlePanicState, _: None) -> None:
    state.cancel_task()


def _do_assign(state: CastlePanicState, card: int) -> None:
    state.assign(card)


def _do_place(state: CastlePanicState, where: int) -> None:
    state.place_equipment(where)


def _do_face(state: CastlePanicState, colour: str) -> None:
    state.facing = colour
    state.step = PLAY


def _do_rotate(state: CastlePanicState, colour: str) -> None:
    state.facing = colour
    state.rotated = True


def _do_fire(state: CastlePanicState, arg: tuple[str, int]) -> None:
    state.fire_weapon, state.fire_target = arg
    state.fire_cards = []
    state.step = AMMO


def _do_ammo(state: CastlePanicState, card: int) -> None:
    state.fire_cards.append(card)
    if len(state.fire_cards) == WEAPON_FIRE_CARDS:
        state.fire()


def _do_end_phase(state: CastlePanicState, _: None) -> None:
    state.end_play_phase()


def _do_pick(state: CastlePanicState, picked: int) -> None:
    choice = state.choice
    assert choice is not None
    state.choice = None
    _RESOLVE[choice.item[0]](state, choice.item, picked)
    state._check_end()
    state._run()


_STEP_OPTIONS: dict[str, Callable[[CastlePanicState], Options]] = {
    DRAW: CastlePanicState._options_draw,
    DISCARD: CastlePanicState._options_discard,
    REDRAW: CastlePanicState._options_draw,
    TRADE: CastlePanicState._options_trade,
    ANSWER: CastlePanicState._options_answer,
    PLAY: CastlePanicState._options_play,
    DRAW_2: CastlePanicState._options_draw,
    PLACE: CastlePanicState._options_place,
    FACE: CastlePanicState._options_face,
    AMMO: CastlePanicState._options_ammo,
    CHOOSE: CastlePanicState._options_choose,
    OVER: lambda state: {},
}


# --- Work items: one resolution step each (§9.2, §10) ---------------------------------------------
_MOVE, _WALL, _BARRICADE, _ARRIVE, _TRAP, _PIT, _TOWER = (
    "move",
    "wall",
    "barricade",
    "arrive",
    "spring_trap",
    "pit",
    "tower",
)
_WAGON_SIDE, _SHAMAN, _DRAW_TOKEN, _EQUALIZE = "wagon_side", "shaman", "draw", "equalize"
_DISCARD_ONE, _CATAPULT, _OVERFLOW, _BEHIND = "discard_one", "catapult", "overflow", "behind"


def _pick_one(state: CastlePanicState, options: Sequence[int], item: Item) -> None:
    """One option resolves at once; several wait for the active player (A1, A19)."""
    if len(options) == 1:
        _RESOLVE[item[0]](state, item, options[0])
    elif options:
        state._choose("monster", options, item)


def _item_move(state: CastlePanicState, item: Item) -> None:
    _, direction, arcs, cause = item
    state.move_monsters(direction, arcs, cause)


def _item_wall(state: CastlePanicState, item: Item) -> None:
    group = item[2]
    _pick_one(state, [u for u in group if u in state.board], item)


def _resolve_wall(state: CastlePanicState, item: Item, victim: int) -> None:
    """All are stopped; one takes the damage; the Fortify token goes first (§6, §9.1)."""
    arc = item[1]
    if state.fortified[arc]:
        state.fortified[arc] = False
        state._log(f"Fortify token on wall {arc} destroyed")
    else:
        state.walls[arc] = False
        state._log(f"Wall {arc} destroyed")
    state.structure_hit(victim)


def _item_barricade(state: CastlePanicState, item: Item) -> None:
    group = item[2]
    _pick_one(state, [u for u in group if u in state.board], item)


def _resolve_barricade(state: CastlePanicState, item: Item, victim: int) -> None:
    state.field[item[1]] = ""
    state._log(f"Barricade at {SPACE_CODE[item[1]]} destroyed")
    state.structure_hit(victim)


def _item_arrive(state: CastlePanicState, item: Item) -> None:
    state.arrive(item[1], item[2])


def _item_trap(state: CastlePanicState, item: Item) -> None:
    _, s, group = item
    if state.field[s] == item[0]:
        _pick_one(state, state._present(group, s), item)


def _resolve_trap(state: CastlePanicState, item: Item, victim: int) -> None:
    """The Spring Trap throws one entrant back to the Forest of its arc (§7.3)."""
    s = item[1]
    state.field[s] = ""
    state._relocate(victim, space(SPACE_ARC[s], FOREST))
    state._log(f"Spring Trap at {SPACE_CODE[s]} throws a monster back to the Forest")


def _resolve_pit(state: CastlePanicState, item: Item, victim: int) -> None:
    s = item[1]
    state.field[s] = ""
    state._log(f"Pit at {SPACE_CODE[s]} sprung")
    state.structure_hit(victim)


def _item_tower(state: CastlePanicState, item: Item) -> None:
    _, s, group = item
    if state.towers[SPACE_ARC[s]]:
        _pick_one(state, state._present(group, s), item)


def _resolve_tower(state: CastlePanicState, item: Item, victim: int) -> None:
    state.destroy_tower(SPACE_ARC[item[1]])
    state.structure_hit(victim)


def _item_wagon_side(state: CastlePanicState, item: Item) -> None:
    """The War Wagon's second step: 1-3 counter-clockwise, 4-6 clockwise (§11.4.2)."""
    _, wagon, expected = item
    if wagon not in state.board or state.pos[wagon] != expected:
        return  # destroyed, or thrown to the Forest by a Spring Trap
    arc, ring = SPACE_ARC[expected], SPACE_RING[expected]
    face = state.roll()
    dest = space(ccw(arc) if face in WAR_WAGON_CCW_FACES else cw(arc), ring)
    state._log(f"War Wagon rolls {face}")
    if state.field[dest] == "barricade":
        _resolve_barricade(state, (_BARRICADE, dest, (wagon,)), wagon)
        return
    state._move_unit(wagon, dest)
    state.work[0:0] = state._entering(dest, {dest: [wagon]})


def _item_shaman(state: CastlePanicState, item: Item) -> None:
    """After Phase 5 or a token's movement: heal if the Shaman moved by itself (§11.3)."""
    if state.shaman_moved:
        state.shaman_moved = False
        state.shaman_heal()


def _item_draw_token(state: CastlePanicState, item: Item) -> None:
    """A47: each token comes off the pile when it is resolved."""
    if state.pile:
        state.resolve_token(state.pile.pop())


def _item_equalize(state: CastlePanicState, item: Item) -> None:
    """Draw until 6 Monsters have been counted, setting aside effects, encampments and the
    Goblin King; then shuffle those back (§10.5, A26)."""
    if state.eq_count >= EQUALIZER_THRESHOLD or not state.pile:
        state.eq_active = False
        if state.set_aside:
            state.pile.extend(state.set_aside)
            state.set_aside = []
            state.rng.shuffle(state.pile)
        return
    token = state.pile.pop()
    kind = TOKEN_KIND[token]
    state.work.insert(0, (_EQUALIZE,))
    if TOKEN_CAT[token] in ("effect", "encampment") or kind == "goblin_king":
        state.set_aside.append(token)
        state._log(f"Equalizer sets aside {MONSTERS[kind].title}")
        return
    state.eq_count += CREW_PER_ENGINE if TOKEN_CAT[token] == "engine" else 1
    state.place_monster(token)


def _item_discard_one(state: CastlePanicState, item: Item) -> None:
    seat = item[1]
    cards = state._distinct(state.hands[seat])
    if len(cards) == 1:
        _resolve_discard_one(state, item, cards[0])
    elif cards:
        state._choose("card", cards, item, seat)


def _resolve_discard_one(state: CastlePanicState, item: Item, card: int) -> None:
    state.discard_card(item[1], card)


def _item_catapult(state: CastlePanicState, item: Item) -> None:
    """One of the Catapult's 3 points, anywhere in the space (§8.2, A22)."""
    _pick_one(state, state.units_at(item[1]), item)


def _item_overflow(state: CastlePanicState, item: Item) -> None:
    """Ballista damage beyond its engine target's health, onto the released crew."""
    _pick_one(state, [u for u in item[1] if u in state.board], item)


def _item_behind(state: CastlePanicState, item: Item) -> None:
    """1 damage to one monster in a space behind the Ballista's target (§8.3)."""
    _pick_one(state, state.behind_targets(item[1]), item)


def _resolve_weapon_point(state: CastlePanicState, item: Item, victim: int) -> None:
    state.damage(victim, BALLISTA_BEHIND_DAMAGE if item[0] == _BEHIND else 1, state.active)


_ITEMS: dict[str, Callable[[CastlePanicState, Item], None]] = {
    _MOVE: _item_move,
    _WALL: _item_wall,
    _BARRICADE: _item_barricade,
    _ARRIVE: _item_arrive,
    _TRAP: _item_trap,
    _PIT: _item_trap,
    _TOWER: _item_tower,
    _WAGON_SIDE: _item_wagon_side,
    _SHAMAN: _item_shaman,
    _DRAW_TOKEN: _item_draw_token,
    _EQUALIZE: _item_equalize,
    _DISCARD_ONE: _item_discard_one,
    _CATAPULT: _item_catapult,
    _OVERFLOW: _item_overflow,
    _BEHIND: _item_behind,
}
_RESOLVE: dict[str, Callable[[CastlePanicState, Item, int], None]] = {
    _WALL: _resolve_wall,
    _BARRICADE: _resolve_barricade,
    _TRAP: _resolve_trap,
    _PIT: _resolve_pit,
    _TOWER: _resolve_tower,
    _DISCARD_ONE: _resolve_discard_one,
    _CATAPULT: _resolve_weapon_point,
    _OVERFLOW: _resolve_weapon_point,
    _BEHIND: _resolve_weapon_point,
}


# --- Monster effects and boss abilities (§10.3, §10.4, §10.5) -------------------------------------
def _move_colour(colour: str) -> Callable[[CastlePanicState, int], None]:
    def effect(state: CastlePanicState, token: int) -> None:
        state.work.insert(0, (_MOVE, FORWARD, COLOUR_ARCS[colour], "token"))

    return effect


def _move_all(direction: str) -> Callable[[CastlePanicState, int], None]:
    def effect(state: CastlePanicState, token: int) -> None:
        state.work.insert(0, (_MOVE, direction, (), "token"))

    return effect


def _plague(kind: str) -> Callable[[CastlePanicState, int], None]:
    """Every player discards every card of that type, Any Color included (A24)."""

    def effect(state: CastlePanicState, token: int) -> None:
        for seat, hand in enumerate(state.hands):
            for card in [c for c in hand if CARD_KIND[c] == kind]:
                state.discard_card(seat, card)

    return effect


def _draw_more(count: int) -> Callable[[CastlePanicState, int], None]:
    """More tokens, resolved after those already drawn (§10.1)."""

    def effect(state: CastlePanicState, token: int) -> None:
        state.work.extend([(_DRAW_TOKEN,)] * count)

    return effect


def _giant_boulder(state: CastlePanicState, token: int) -> None:
    state.roll_boulder(state.roll())


def _all_discard(state: CastlePanicState, token: int) -> None:
    """Each player discards one card, from the active player clockwise (A49)."""
    n = state.num_players
    items = [(_DISCARD_ONE, (state.active + i) % n) for i in range(n)]
    state.work[0:0] = items


def _equalizer(state: CastlePanicState, token: int) -> None:
    count = state.count_monsters()
    if count < EQUALIZER_THRESHOLD:
        state.eq_count = count
        state.eq_active = True
        state.work.insert(0, (_EQUALIZE,))


def _roll_and_move(state: CastlePanicState, token: int) -> None:
    face = state.roll()
    direction = {"cw": CLOCKWISE, "ccw": COUNTER, "forward": FORWARD}[ROLL_AND_MOVE[face]]
    state._log(f"Roll and Move: {face}, every monster moves {direction}")
    state.work.insert(0, (_MOVE, direction, (), "token"))


_EFFECTS: dict[str, Callable[[CastlePanicState, int], None]] = {
    "giant_boulder": _giant_boulder,
    "red_move_1": _move_colour("red"),
    "green_move_1": _move_colour("green"),
    "blue_move_1": _move_colour("blue"),
    "move_clockwise": _move_all(CLOCKWISE),
    "move_counter_clockwise": _move_all(COUNTER),
    "plague_archers": _plague("archer"),
    "plague_knights": _plague("knight"),
    "plague_swordsmen": _plague("swordsman"),
    "all_players_discard_1": _all_discard,
    "draw_3": _draw_more(3),
    "draw_4": _draw_more(4),
    "equalizer": _equalizer,
    "roll_and_move": _roll_and_move,
}


def _goblin_king(state: CastlePanicState, token: int) -> None:
    state.work.extend([(_DRAW_TOKEN,)] * GOBLIN_KING_DRAWS)


def _orc_warlord(state: CastlePanicState, token: int) -> None:
    """Every monster of the Warlord's colour, itself included, moves 1 forward."""
    colour = SPACE_COLOUR[state.pos[token]]
    state.work.insert(0, (_MOVE, FORWARD, COLOUR_ARCS[colour], "token"))


def _troll_mage(state: CastlePanicState, token: int) -> None:
    state.work.insert(0, (_MOVE, FORWARD, (), "token"))


def _healer(state: CastlePanicState, token: int) -> None:
    state.heal(list(state.board))


_BOSS_ABILITIES: dict[str, Callable[[CastlePanicState, int], None]] = {
    "goblin_king": _goblin_king,
    "orc_warlord": _orc_warlord,
    "troll_mage": _troll_mage,
    "healer": _healer,
}


# --- Ranking (§14.2, §14.3) -----------------------------------------------------------------------
def rank_players(state: CastlePanicState) -> list[JSON]:
    """Team win: rank by (points, trophies), ties share (A38); score = points + the win
    bonus. Team loss (or still playing): everyone shares rank 0; score = points (A39)."""
    keys = [(state.points(p), len(state.trophies[p])) for p in range(state.num_players)]
    won = state.over and state.won
    results = []
    for p in range(state.num_players):
        rank = sum(1 for other in keys if other > keys[p]) if won else 0
        results.append(
            {
                "rank": rank,
                "score": keys[p][0] + (TEAM_WIN_BONUS if won else 0),
                "team_won": won,
                "points": keys[p][0],
                "trophies": keys[p][1],
            }
        )
    return results
