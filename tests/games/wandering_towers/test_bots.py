"""Reference bots: random only answers legal codes; greedy clearly beats random."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from arena.bots import RandomBot
from arena.bots.wandering_towers.greedy import GreedyBot
from arena_sdk import Action, Bot

from .helpers import GAME

GAMES = 200


def run(players: int, seed: int, bots: Sequence[Bot], options: dict[str, Any] | None = None):
    """A game between in-process bots, each given its own observation and labelled actions."""
    state = GAME.new_state(players, seed, options or {})
    while not state.is_over():
        seat = state.to_move()
        legal = [Action(code, state.describe(code)) for code in state.legal_actions()]
        choice = bots[seat].act(state.observe(seat), legal)
        assert choice in state.legal_actions()
        state.apply(choice)
    return state


def test_greedy_wins_most_four_player_games_against_three_random_bots() -> None:
    wins = 0
    for seed in range(GAMES):
        seats = [GreedyBot(seed), RandomBot(seed + 1), RandomBot(seed + 2), RandomBot(seed + 3)]
        shift = seed % 4  # greedy sits in every seat in turn
        seats = seats[-shift:] + seats[:-shift] if shift else seats
        state = run(4, seed, seats)
        wins += state.outcome()[shift]["rank"] == 0
    assert wins >= GAMES // 2, f"greedy won {wins} of {GAMES}"


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"variant": "master_wizard"}),
        (4, {"teams": True, "variant": "master_wizard"}),
        (6, {"teams": True, "hide_prisoners": True}),
        (3, {"variant": "master_wizard", "hide_prisoners": True, "swap_distance_2": True}),
    ],
)
def test_bots_only_answer_legal_codes_in_every_variant(players, options) -> None:
    for seed in range(2):
        bots = [GreedyBot(seed + p) if p % 2 else RandomBot(seed + p) for p in range(players)]
        assert run(players, seed, bots, options).is_over()


def test_random_bot_is_reproducible_from_its_seed() -> None:
    first = run(3, 11, [RandomBot(1), RandomBot(2), RandomBot(3)])
    second = run(3, 11, [RandomBot(1), RandomBot(2), RandomBot(3)])
    assert first.spectate() == second.spectate()


def test_greedy_against_greedy_finishes_games() -> None:
    state = run(4, 5, [GreedyBot(p) for p in range(4)], {"variant": "master_wizard"})
    assert state.is_over() and state.end_reason == "goal"
