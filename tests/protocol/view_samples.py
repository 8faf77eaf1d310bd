"""Positions of every game worth sending over the wire, from random play of random setups.

Each game gets its own sampler because random play alone misses some of what a view can
hold (Castle Panic's weapons and offers, for one); `OPTIONAL` names the optional records
a sampler must reach, so a test can say they were all exercised.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import arena.games
from arena.games.base import GameState
from arena.games.castle_panic.rules import CastlePanicState

Positions = Iterator[tuple[GameState, int]]


def wandering_towers(count: int, seed: int) -> Positions:
    """`count` games with random options and player counts, played at random; a few
    positions of each, from random seats, and the final one from every seat."""
    game = arena.games.get("wandering_towers")
    rng = random.Random(seed)
    for _ in range(count):
        options = {name: rng.choice(spec["choices"]) for name, spec in game.options.items()}
        players = rng.choice([4, 6]) if options["teams"] else rng.randint(2, 6)
        state = game.new_state(players, rng.randrange(1 << 30), options)
        while not state.is_over():
            if rng.random() < 0.1:
                yield state, rng.randrange(players)
            state.apply(rng.choice(state.legal_actions()))
        for seat in range(players):
            yield state, seat


def castle_panic(count: int, seed: int) -> Positions:
    """As above, ending the play phase rarely so that weapons, trades and choices show up,
    and always yielding positions with an optional record. Half the games start with both
    weapons on the Keep, which random play seldom builds."""
    game = arena.games.get("castle_panic")
    rng = random.Random(seed)
    for _ in range(count):
        options = {name: rng.choice(spec["choices"]) for name, spec in game.options.items()}
        players = rng.randint(1, 6)
        state = game.new_state(players, rng.randrange(1 << 30), options)
        assert isinstance(state, CastlePanicState)
        if rng.random() < 0.5:
            state.catapult = state.ballista = True
            state.facing = rng.choice(["red", "green", "blue"])
        while not state.is_over():
            if state.offer or state.fire_weapon or state.choice or rng.random() < 0.1:
                yield state, rng.randrange(players)
            legal = state.legal_actions()
            busy = [c for c in legal if c not in ("end_phase", "pass", "reject")]
            state.apply(rng.choice(busy if busy and rng.random() < 0.85 else legal))
        for seat in range(players):
            yield state, seat


def wiz_war(count: int, seed: int) -> Positions:
    """Short games with random schools and options; many positions from random seats."""
    game = arena.games.get("wiz_war")
    rng = random.Random(seed)
    for _ in range(count):
        options: dict[str, Any] = {
            "schools": rng.choice(game.options["schools"]["choices"]),
            "round_limit": 5,
            "specializations": rng.random() < 0.5,
            "extended_flash_energy": rng.random() < 0.5,
        }
        players = rng.randint(2, 4)
        state = game.new_state(players, rng.randrange(1 << 30), options)
        while not state.is_over():
            if rng.random() < 0.15:
                yield state, rng.randrange(players)
            state.apply(rng.choice(state.legal_actions()))
        for seat in range(players):
            yield state, seat


SAMPLERS: dict[str, Callable[[int, int], Positions]] = {
    "wandering_towers": wandering_towers,
    "castle_panic": castle_panic,
    "wiz_war": wiz_war,
}
#: Optional records of each game's view that its sampler must reach.
OPTIONAL: dict[str, set[str]] = {
    "wandering_towers": set(),
    "castle_panic": {"offer", "fire", "choice"},
    "wiz_war": set(),
}
