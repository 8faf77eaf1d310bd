"""Re-dealing, in the real state, what a seat cannot see: the leak tests of the search bots
and of the learning environments compare what a seat computes before and after."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any


def redeal_wandering_towers(state: Any, seat: int, rng: random.Random) -> None:
    """Other hands and the draw pile shuffled together and dealt again; fresh dice. In the
    team variant a partner's hand is left as it is while the partners are the ones who
    exchanged (the seat knows a card of it); the other team's hands are dealt again."""
    kept = {seat}
    if state.teams and seat in (state.active, state.partner[state.active]):
        kept.add(state.partner[seat])
    pool = state.draw_pile + [c for p, h in enumerate(state.hands) if p not in kept for c in h]
    rng.shuffle(pool)
    for p, hand in enumerate(state.hands):
        if p not in kept:
            state.hands[p] = [pool.pop() for _ in hand]
    state.draw_pile = pool
    state.rng = random.Random(rng.random())
    state._legal = None


def redeal_castle_panic(state: Any, seat: int, rng: random.Random) -> None:
    """The face-down decks and the Monster pile shuffled; fresh dice."""
    for pile in (state.castle_deck, state.resource_deck, state.pile):
        rng.shuffle(pile)
    state.rng = random.Random(rng.random())


def redeal_wiz_war(state: Any, seat: int, rng: random.Random) -> None:
    """Other hands and the magic deck shuffled together and dealt again; fresh dice."""
    others = [w for w in state.wizards if w.seat != seat]
    pool = state.deck + [c for w in others for c in w.hand]
    rng.shuffle(pool)
    for w in others:
        w.hand = [pool.pop() for _ in w.hand]
    state.deck = pool
    state.rng = random.Random(rng.random())
    state._legal, state._memo = None, {}


REDEAL: dict[str, Callable[[Any, int, random.Random], None]] = {
    "wandering_towers": redeal_wandering_towers,
    "castle_panic": redeal_castle_panic,
    "wiz_war": redeal_wiz_war,
}
