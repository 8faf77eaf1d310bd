"""The greedy reference bot. It sees only what a hosted bot sees: the view and the legal
actions.

`GreedyBot` rebuilds a throw-away state from its own observation (`views.state_from_view`
fills the hidden deck and pile orders at random, so it cannot peek). In Phase 4 it tries each
legal action on a copy, follows its own decisions inside that action (a weapon's two cards
and damage points, a build's placement), lets the monsters make their coming move on the
copy (no tokens drawn), scores the position for the team and plays the best action while it
beats ending the phase. Elsewhere it follows short rules:

* the Engineer builds the Catapult (and the Keep under it, if a boulder took it): one matching
  card plus any dead card then deals 3 damage, the expansion's answer to unmatched hands;
* draw Castle cards, except a resource that build still needs (at most two in hand);
* Discard & Draw throws away a card with no target in reach;
* trade when the active seat gains a usable card and the partner loses little on its own
  turn (cards are valued where the monsters will be when their holder plays next);
* a structure's damage goes where it kills; a Spring Trap throws back the worst monster.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arena.games.castle_panic.config import ARCS, CASTLE, EQUIPMENT_COST, HIT_KINDS, SWORDSMAN
from arena.games.castle_panic.rules import (
    AMMO,
    CARD_KIND,
    CARDS,
    CHOOSE,
    DRAW_2,
    FACE,
    HIT_SPACES,
    PLACE,
    PLAY,
    POINTS,
    SPACE_ARC,
    SPACE_BY_CODE,
    SPACE_COLOUR,
    SPACE_RING,
    TOKEN_CAT,
    TOKEN_KIND,
    CastlePanicState,
)
from arena.games.castle_panic.views import state_from_view
from arena.games.codes import action_code, parse_code
from arena_sdk import Action, Bot

# --- Weights of the greedy evaluation -----------------------------------------------------------
#: How much a monster threatens, by ring: the Castle ring is where Towers fall.
RING_THREAT = (8.0, 4.0, 2.5, 1.6, 1.0)
ALIVE = 1.5  # a monster breaks a Wall or a Tower whatever its health: standing counts too
TOWER, WALL, FORTIFY, FIELD = 45.0, 9.0, 4.0, 3.0
KEEP, CATAPULT, BALLISTA = 2.0, 9.0, 8.0
ENGINEER_CARD = 1.3  # an assigned Resource card: progress towards a build
OWN_POINT = 0.3  # the bot's own trophies: Master Slayer, never at the team's expense
MISSING = 6.0  # two Monster tokens not drawn
FACING = 0.25  # per point of threat in the colour the Keep's weapons face
#: Worth of holding a special card (hit cards and resources are valued by their use).
CARD_VALUES = {
    "barbarian": 4.0,
    "nice_shot": 1.6,
    "tar": 2.0,
    "drive_him_back": 3.0,
    "fortify_wall": 1.2,
    "missing": 1.6,
    "scavenge": 1.0,
    "draw_2_cards": 0.5,
}
TASK_ORDER = ("keep", "catapult")  # the builds the bot sets, in this order
MAX_RESOURCES = 2  # resource cards kept in hand while building
DEAD_CARD = 0.6  # Phase 2 exchanges a card worth less than this
TRADE_GAIN, ACCEPT_LOSS = 0.5, 0.6
MARGIN = 0.05  # an action must beat ending the phase by this much
IGNORED = ("task:", "cancel_task")  # the Engineer's task is set by rule, never by score
FOLLOW_UP_LIMIT = 12  # own decisions followed inside one action


class GreedyBot(Bot):
    """One action ahead on a copy rebuilt from its own view (see the module docstring)."""

    name = "greedy"

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        if len(legal) == 1:
            return legal[0].code
        codes = [a.code for a in legal]
        state = state_from_view(view, seed=self.random.randrange(1 << 30))
        choice = self.decide(state, view["seat"], codes)
        return choice if choice in codes else self.random.choice(codes)

    def decide(self, state: CastlePanicState, seat: int, codes: list[str]) -> str:
        """The code this bot plays in `state`, which offers `codes`."""
        step = state.step
        if step == PLAY:
            return self._play(state, seat, codes)
        if step == CHOOSE:
            return choose(state, codes)
        if step in ("draw", "redraw", DRAW_2):
            return draw(state, codes)
        if step == "discard":
            return exchange(state, codes)
        if step == "trade":
            return propose(state, codes)
        if step == "answer":
            return answer(state, seat)
        if step == AMMO:
            return cheapest(state, codes)
        if step == PLACE:
            return place(state, codes)
        if step == FACE:
            return max(codes, key=lambda c: colour_threat(state, parse_code(c).params["colour"]))
        return codes[0]

    def _play(self, state: CastlePanicState, seat: int, codes: list[str]) -> str:
        task = pick_task(state, codes)
        if task:
            return task
        best, best_value = "end_phase", self._value(state, seat) + MARGIN
        for code in codes:
            if code == "end_phase" or code.startswith(IGNORED):
                continue
            value = self._after(state, code, seat)
            if value > best_value:
                best, best_value = code, value
        return best

    def _after(self, state: CastlePanicState, code: str, seat: int) -> float:
        """Play `code` on a copy with this bot's own follow-up decisions inside it."""
        child = state.clone()
        child.apply(code)
        for _ in range(FOLLOW_UP_LIMIT):
            if child.over or child.phase != 4 or child.step == PLAY or child.to_move() != seat:
                break
            child.apply(self.decide(child, seat, child.legal_actions()))
        return self._value(child, seat)

    def _value(self, state: CastlePanicState, seat: int) -> float:
        """The position after the monsters' coming move (on a copy, no tokens drawn)."""
        if state.over or state.phase != 4 or state.step != PLAY:
            return evaluate(state, seat)
        bonus = MISSING if state.missing else 0.0
        return evaluate(after_the_coming_move(state), seat) + bonus


def after_the_coming_move(state: CastlePanicState) -> CastlePanicState:
    """A copy of a Phase 4 position once the team ends the phase and the monsters move, with
    no tokens drawn: where the plays made so far leave the team."""
    moved = state.clone()
    moved.missing = True
    moved.apply("end_phase")
    for _ in range(FOLLOW_UP_LIMIT):
        if moved.over or moved.choice is None:
            break
        moved.apply(choose(moved, moved.legal_actions()))
    return moved


# --- Evaluation -----------------------------------------------------------------------------------
def evaluate(state: CastlePanicState, seat: int) -> float:
    """The team's position: towers, walls and equipment, minus the monsters' threat, plus
    the cards in hand, plus a little for the bot's own trophies."""
    if state.over:
        return 1000.0 if state.won else -1000.0
    value = TOWER * sum(state.towers) + WALL * sum(state.walls) + FORTIFY * sum(state.fortified)
    value += FIELD * sum(1 for f in state.field if f)
    value += KEEP * state.keep + CATAPULT * state.catapult + BALLISTA * state.ballista
    value += ENGINEER_CARD * len(state.engineer)
    value -= sum(threat(state, u) for u in state.board)
    for p, hand in enumerate(state.hands):
        delay = delay_of(state, p)
        value += sum(card_value(state, c, delay) for c in hand)
    value += OWN_POINT * state.points(seat)
    if state.facing and (state.catapult or state.ballista):
        value += FACING * colour_threat(state, state.facing)
    return value


def threat(state: CastlePanicState, u: int) -> float:
    """Standing plus health, weighted by closeness to the castle; an engine adds its crew."""
    if TOKEN_CAT[u] == "encampment":
        return 2.0
    if u in state.breached:
        return 0.5
    crew = state.crew.get(u, ())
    body = ALIVE + state.health[u] + sum(ALIVE + state.health[c] for c in crew)
    return body * RING_THREAT[SPACE_RING[state.pos[u]]] + 0.2 * POINTS[u]


def card_value(state: CastlePanicState, card: int, delay: int = 0) -> float:
    """What holding a card is worth to a seat that plays after the monsters have moved
    `delay` more times: a hit card with a target then, a resource a build needs."""
    kind = CARD_KIND[card]
    if kind in HIT_KINDS:
        base = 0.35 + (0.25 if CARDS[card].colour == "any" or kind == "hero" else 0.0)
        return base + 0.6 if has_target(state, card, delay) else base
    if kind in CARD_VALUES:
        return CARD_VALUES[kind]
    if state.still_needed().get(kind, 0) > 0:
        return 1.1
    if kind in ("brick", "mortar") and not all(state.walls[a] for a in ARCS):
        return 0.8
    return 0.3


def has_target(state: CastlePanicState, card: int, delay: int = 0) -> bool:
    """Whether a hit card can hit a monster where it will be after `delay` more moves."""
    spaces = HIT_SPACES[card]
    for u in state.board:
        s = state.pos[u]
        ring = SPACE_RING[s] - (delay if state.movable(u) else 0)
        if ring >= 1 and s - SPACE_RING[s] + ring in spaces:
            return True
    return False


def delay_of(state: CastlePanicState, seat: int) -> int:
    """Monster moves before `seat` plays cards again (the active seat: its next turn)."""
    n = state.num_players
    return (seat - state.active) % n or (n if state.phase >= 4 else 0)


def colour_threat(state: CastlePanicState, colour: str) -> float:
    """Threat outside the Castle ring in a colour: what a weapon facing it can reach."""
    return sum(
        threat(state, u)
        for u in state.board
        if SPACE_COLOUR[state.pos[u]] == colour and SPACE_RING[state.pos[u]] != CASTLE
    )


# --- Rules for the other decisions ----------------------------------------------------------------
def pick_task(state: CastlePanicState, codes: list[str]) -> str:
    """Set the Engineer's task when the hand holds a resource that build needs."""
    if state.task or state.engineer:
        return ""
    held = {CARD_KIND[c] for c in state.hands[state.active] if CARDS[c].deck == "resource"}
    for equip in TASK_ORDER:
        code = action_code("task", equip=equip)
        if code in codes and held & set(EQUIPMENT_COST[equip]) and state.can_complete(equip):
            return code
    return ""


def next_build_cost(state: CastlePanicState) -> dict[str, int]:
    """What the next build would cost: the task's needs, else the first build available."""
    if state.task:
        return state.still_needed()
    for equip in TASK_ORDER:
        if state.token_available(equip) and state.can_complete(equip):
            return EQUIPMENT_COST[equip]
    return {}


def draw(state: CastlePanicState, codes: list[str]) -> str:
    """Castle cards, except a resource the next build still needs (hand permitting)."""
    if len(codes) == 1:
        return codes[0]
    hand = state.hands[state.active]
    held = {CARD_KIND[c] for c in hand if CARDS[c].deck == "resource"}
    resources = sum(1 for c in hand if CARDS[c].deck == "resource")
    if resources < MAX_RESOURCES and set(next_build_cost(state)) - held:
        return "draw:deck=resource"
    return "draw:deck=castle"


def exchange(state: CastlePanicState, codes: list[str]) -> str:
    """Phase 2: discard the least useful card if it is nearly useless; else keep the hand."""
    options = [c for c in codes if c.startswith("discard:card=")]
    if not options:
        return "pass"
    worst = min(options, key=lambda c: card_value(state, _number(c)))
    return worst if card_value(state, _number(worst)) < DEAD_CARD else "pass"


def propose(state: CastlePanicState, codes: list[str]) -> str:
    """The trade that most helps this turn, if the partner loses little by it on its own
    turn."""
    best, best_gain = "pass", TRADE_GAIN
    for code in codes:
        if not code.startswith("trade:"):
            continue
        params = parse_code(code).params
        partner, give, take = int(params["seat"]), int(params["give"]), int(params["take"])
        delay = delay_of(state, partner)
        gain = card_value(state, take) - card_value(state, give)
        cost = card_value(state, take, delay) - card_value(state, give, delay)
        if gain - max(0.0, cost) > best_gain:
            best, best_gain = code, gain - max(0.0, cost)
    return best


def answer(state: CastlePanicState, seat: int) -> str:
    """Partners help: accept unless the card asked for is worth more on this seat's own turn
    than the card offered, by more than the active seat gains."""
    if state.offer is None:
        return "accept"
    _, give, take = state.offer
    delay = delay_of(state, seat)
    loss = card_value(state, take, delay) - card_value(state, give, delay)
    gain = card_value(state, take) - card_value(state, give)
    return "accept" if loss <= max(ACCEPT_LOSS, gain) else "reject"


def cheapest(state: CastlePanicState, codes: list[str]) -> str:
    """The card worth least (ammunition, a forced discard)."""
    return min(codes, key=lambda c: card_value(state, _number(c)))


def choose(state: CastlePanicState, codes: list[str]) -> str:
    """A choice inside a resolution: cards to lose are the cheapest; a structure's damage
    goes where it kills; the bot's own weapon damage kills first; a Spring Trap throws back
    the worst monster."""
    choice = state.choice
    if choice is None or choice.kind == "card":
        return cheapest(state, codes)
    reason = choice.item[0]
    options = [_number(c) for c in codes]
    if reason == "spring_trap":
        best = max(options, key=lambda u: threat(state, u))
    else:
        own = reason in ("catapult", "overflow", "behind")
        best = max(options, key=lambda u: kill_value(state, u, own))
    return action_code("pick", monster=best)


def kill_value(state: CastlePanicState, u: int, own: bool) -> float:
    """How good 1 damage on `u` is: a kill first (with its points if it is our trophy)."""
    kind = TOKEN_KIND[u]
    if not own and kind in ("siege_tower", "battering_ram"):
        return -5.0  # they shrug off structure damage
    if not own and kind == "goblin_saboteur":
        return -3.0 * state.health[u]  # it would blow up cards
    if state.health[u] <= 1:
        return 10.0 + threat(state, u) + (POINTS[u] if own else 0.0)
    return threat(state, u) / state.health[u]


def place(state: CastlePanicState, codes: list[str]) -> str:
    """A Wall where the monsters are; field equipment just inside the nearest threat."""

    def score(code: str) -> float:
        where = parse_code(code)
        if "arc" in where.params:
            arc = where.number("arc")
            return sum(threat(state, u) for u in state.board if SPACE_ARC[state.pos[u]] == arc)
        s = SPACE_BY_CODE[where.params["space"]]
        arc, ring = SPACE_ARC[s], SPACE_RING[s]
        coming = sum(
            threat(state, u)
            for u in state.board
            if SPACE_ARC[state.pos[u]] == arc and SPACE_RING[state.pos[u]] == ring + 1
        )
        return coming + (0.5 if ring == SWORDSMAN else 0.0) + (0.3 if state.towers[arc] else 0.0)

    return max(codes, key=score)


def _number(code: str) -> int:
    """The card or monster a code names: its last `key=value` part."""
    return int([*parse_code(code).params.values()][-1])
