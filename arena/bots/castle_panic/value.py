"""The team's chance of winning from a position: a logistic model of how positions ended.

Why a learned value: the greedy bot's hand-set score is a good guide to the next play and a
poor one to search with. A search that maximises it harder than greedy does finds plays that
lose (docs/games/castle-panic.md). Greedy self-play is cheap (thousands of tables a minute),
so the search scores a position by the odds that tables in such a position went on to win,
fitted by `bench/fit_castle_panic_value.py` on positions from greedy tables whose seeds
`bench/strength.py` does not play. The positions are those a search scores: the team's
plays done, the monsters' coming move made, no tokens drawn yet.

The features are read off the state as any seat sees it (hands are face up); the piles'
order is never read. What the fitted tables never had (field equipment, a Ballista, set-aside
tokens) counts nothing.
"""

from __future__ import annotations

import math

from arena.bots.castle_panic.greedy import GreedyBot, after_the_coming_move, delay_of, has_target
from arena.games.castle_panic.config import HIT_KINDS
from arena.games.castle_panic.rules import (
    CARD_KIND,
    CARDS,
    PLAY,
    SPACE_RING,
    TOKEN_CAT,
    CastlePanicState,
)
from arena_sdk import Action

RINGS = range(5)  # Castle, Swordsman, Knight, Archer, Forest
#: Cards that are neither a hit nor a resource.
SPECIAL_KINDS = frozenset(
    {
        "barbarian",
        "tar",
        "drive_him_back",
        "nice_shot",
        "fortify_wall",
        "missing",
        "scavenge",
        "draw_2_cards",
    }
)

FEATURES: tuple[str, ...] = (
    "towers",
    "walls",
    "fortified",
    "keep",
    "catapult",
    "pile",
    "players",
    *(f"health_ring{r}" for r in RINGS),
    *(f"monsters_ring{r}" for r in RINGS),
    "engines",
    "engine_crew_health",
    "encampments",
    "breached",
    "boss_health",
    "cards",
    "hits_now",
    "hits_next",
    "specials",
    "resources",
    "engineer",
    "towers_squared",
    "castle_health_by_towers",
)

#: Fitted by bench/fit_castle_panic_value.py (the intercept first, then FEATURES' weights).
INTERCEPT = 0.106412
WEIGHTS: dict[str, float] = {
    "towers": 0.304905,
    "walls": 0.354459,
    "fortified": 0.074009,
    "keep": 0.261449,
    "catapult": 1.550617,
    "pile": -0.137137,
    "players": -0.059232,
    "health_ring0": -0.461795,
    "health_ring1": -0.197027,
    "health_ring2": -0.174377,
    "health_ring3": -0.055279,
    "health_ring4": 0.058782,
    "monsters_ring0": -0.519302,
    "monsters_ring1": -0.016629,
    "monsters_ring2": 0.113885,
    "monsters_ring3": -0.139090,
    "monsters_ring4": -0.396841,
    "engines": -0.272696,
    "engine_crew_health": -0.068174,
    "encampments": -0.212943,
    "breached": -0.181180,
    "boss_health": 0.002919,
    "cards": -0.069173,
    "hits_now": 0.078981,
    "hits_next": 0.067063,
    "specials": 0.083729,
    "resources": -0.405184,
    "engineer": 0.185602,
    "towers_squared": 0.012916,
    "castle_health_by_towers": 0.078349,
}


_ROW = tuple(WEIGHTS.get(name, 0.0) for name in FEATURES)


def features(state: CastlePanicState) -> list[float]:
    """FEATURES of `state`, in order."""
    health = [0.0] * len(RINGS)
    monsters = [0.0] * len(RINGS)
    engines = crew = camps = breached = boss = 0.0
    for u in state.board:
        category = TOKEN_CAT[u]
        if category == "encampment":
            camps += 1
            continue
        if u in state.breached:
            breached += 1
            continue
        ring = SPACE_RING[state.pos[u]]
        health[ring] += state.health[u]
        monsters[ring] += 1
        if category == "engine":
            engines += 1
            crew += sum(state.health[c] for c in state.crew.get(u, ()))
        elif category == "boss":
            boss += state.health[u]
    cards = hits_now = hits_next = specials = resources = 0.0
    for seat, hand in enumerate(state.hands):
        delay = delay_of(state, seat)
        for c in hand:
            cards += 1
            kind = CARD_KIND[c]
            if kind in HIT_KINDS:
                hits_now += has_target(state, c)
                hits_next += has_target(state, c, delay)
            elif kind in SPECIAL_KINDS:
                specials += 1
            elif CARDS[c].deck == "resource":
                resources += 1
    towers = float(sum(state.towers))
    return [
        towers,
        float(sum(state.walls)),
        float(sum(state.fortified)),
        float(state.keep),
        float(state.catapult),
        float(len(state.pile)),
        float(state.num_players),
        *health,
        *monsters,
        engines,
        crew,
        camps,
        breached,
        boss,
        cards,
        hits_now,
        hits_next,
        specials,
        resources,
        float(len(state.engineer)),
        towers * towers,
        health[0] * towers,
    ]


def win_probability(state: CastlePanicState) -> float:
    """1 or 0 once the game is over, else the model's odds for the team."""
    if state.over:
        return 1.0 if state.won else 0.0
    z = INTERCEPT + sum(w * x for w, x in zip(_ROW, features(state), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


def greedy_table(players: int, seed: int) -> tuple[list[CastlePanicState], bool]:
    """One table of greedy bots: the positions a search would score (each end of a Phase 4,
    after the monsters' coming move, the game not over by it) and whether the team won."""
    state = CastlePanicState(players, seed, {})
    bots = [GreedyBot(seed * 10 + i) for i in range(players)]
    scored = []
    while not state.is_over():
        seat = state.to_move()
        codes = state.legal_actions()
        code = bots[seat].act(state.observe(seat), [Action(c, "") for c in codes])
        if state.step == PLAY and code == "end_phase":
            moved = after_the_coming_move(state)
            if not moved.over:
                scored.append(moved)
        state.apply(code)
    return scored, state.won
