"""The leak test only a search bot can make: with its own generator fixed, the ismcts bot's
choice must not change when everything hidden from its seat is dealt again in the real state.

It guards the engines' views as much as the bot: re-dealing here is done on the real state,
not through the views, so a view that showed a hidden card, or a search that read one,
would make the two choices (or the two views) differ.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import arena.games
from arena_sdk import Action

ITERATIONS = 60
#: game -> (players, options) tables to try.
TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "wandering_towers": [(2, {}), (3, {"variant": "master_wizard"}), (4, {"teams": True})],
    "castle_panic": [(2, {}), (4, {"siege_crew": "random"})],
    "wiz_war": [(2, {}), (3, {"black_cantrip": True, "extended_flash_energy": True})],
}


def redeal_wandering_towers(state: Any, seat: int, rng: random.Random) -> None:
    """Other hands and the draw pile shuffled together and dealt again; fresh dice."""
    pool = state.draw_pile + [c for p, h in enumerate(state.hands) if p != seat for c in h]
    if state.teams and seat in (state.active, state.partner[state.active]):
        return  # the partners' exchange is known to both: keep those hands as they are
    rng.shuffle(pool)
    for p, hand in enumerate(state.hands):
        if p != seat:
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


def choice(game: Any, state: Any, seat: int, seed: int) -> str:
    bot = game.bots["ismcts"](seed, iterations=ITERATIONS)
    legal = [Action(c, state.describe(c)) for c in state.legal_actions()]
    return bot.act(state.observe(seat), legal)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_ismcts_chooses_the_same_whatever_is_hidden(name: str) -> None:
    game = arena.games.get(name)
    checked = 0
    for players, options in TABLES[name]:
        for seed in range(3):
            state = game.new_state(players, seed, options)
            rng = random.Random(seed)
            for step in range(400):
                if state.is_over():
                    break
                seat = state.to_move()
                if step % 37 == 0 and len(state.legal_actions()) > 1:
                    other = state.clone()
                    REDEAL[name](other, seat, random.Random(step))
                    assert other.observe(seat) == state.observe(seat)
                    assert choice(game, other, seat, step) == choice(game, state, seat, step)
                    checked += 1
                state.apply(rng.choice(state.legal_actions()))
    assert checked >= 10
