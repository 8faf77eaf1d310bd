"""No leak through the encodings: what a seat cannot see is dealt again in the real state,
and its observation tensor and (when it is to move) its action mask stay the same.

Re-dealing is done on the real state, as in tests/games/test_search_leaks.py, so an encoding
that read anything beyond the seat's view, or a mask that depended on a hidden card, would
differ between the two states. The same check through the engine's own re-dealing
(`game.determinize(view, seat, rng)`), where it applies, re-deals through the views.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import numpy as np
import pytest
from redeal import REDEAL, redeal_wandering_towers

import arena.games
from arena.envs.aec import raw_env

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("wandering_towers", 3, {"variant": "master_wizard"}),
    ("wandering_towers", 4, {"teams": True, "hide_prisoners": True}),
    ("castle_panic", 3, {"siege_crew": "random"}),
    ("wiz_war", 3, {"black_cantrip": True}),
]
POSITIONS = 12  # per table
EVERY = 11  # decisions between two positions


def redealt(name: str, state: Any, seat: int, rng: random.Random) -> list[Any]:
    """Copies of `state` with what `seat` cannot see dealt again: in the real state, and by
    the engine's own `determinize` where it supports the position (Wiz-War: the top of the
    seat's own turn)."""
    other = state.clone()
    REDEAL[name](other, seat, rng)
    copies = [other]
    game = arena.games.get(name)
    view = state.observe(seat)
    if game.determinize is not None:
        with contextlib.suppress(ValueError):  # a position it does not re-deal from a view
            copies.append(game.determinize(view, seat, rng))
    return copies


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[0]}-{t[1]}")
def test_redealing_what_a_seat_cannot_see_changes_nothing_it_observes(
    table: tuple[str, int, dict[str, Any]],
) -> None:
    name, players, options = table
    env = raw_env(name, players, options)
    env.reset(seed=5)
    rng = random.Random(5)
    checked = 0
    step = 0
    while checked < POSITIONS and not env.state.is_over():
        state = env.state
        if step % EVERY == 0:
            for seat, agent in enumerate(env.possible_agents):
                seen = env.observe(agent)
                for copy in redealt(name, state, seat, rng):
                    env.state = copy
                    again = env.observe(agent)
                    env.state = state
                    assert np.array_equal(seen["observation"], again["observation"])
                    assert np.array_equal(seen["action_mask"], again["action_mask"])
            checked += 1
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        env.step(int(rng.choice(list(legal))))
        step += 1
    assert checked >= 3


def test_the_check_would_see_a_hidden_card() -> None:
    """The same comparison, made on a seat's hand (which it sees), does change: a re-deal of
    another seat's view moves cards the comparison reads."""
    env = raw_env("wandering_towers", 3, {})
    env.reset(seed=1)
    state = env.state
    before = env.observe("player_1")["observation"]
    other = state.clone()
    redeal_wandering_towers(other, 0, random.Random(1))  # deals player_1's hand again
    env.state = other
    after = env.observe("player_1")["observation"]
    assert not np.array_equal(before, after)
