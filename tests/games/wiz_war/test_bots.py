"""Reference bots: random only answers legal codes; greedy clearly beats random."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.bots import RandomBot
from arena.bots.wiz_war.greedy import GreedyBot
from arena.games.wiz_war import GAME
from arena_sdk import Action, Bot

GAMES = 30


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


def test_greedy_wins_most_two_player_games_against_random() -> None:
    wins = 0
    for seed in range(GAMES):
        greedy = seed % 2  # greedy sits in both seats in turn
        bots: list[Bot] = [RandomBot(seed), RandomBot(seed + 1)]
        bots[greedy] = GreedyBot(seed)
        state = run(2, seed, bots, {"schools": "random"})
        outcome = state.outcome()
        wins += outcome[greedy]["rank"] == 0 and outcome[1 - greedy]["rank"] > 0
    assert wins >= GAMES * 0.8, f"greedy won {wins} of {GAMES}"


def test_bots_only_answer_legal_codes_with_every_option() -> None:
    options = {
        "specializations": True,
        "extended_flash_energy": True,
        "round_limit": 10,
        "schools": "alchemy,conjuring,mentalism",
        "more_summons": "draconic,mythology",
    }
    bots: list[Bot] = [GreedyBot(1), RandomBot(2), GreedyBot(3), RandomBot(4)]
    assert run(4, 9, bots, options).is_over()


def test_random_bot_is_reproducible_from_its_seed() -> None:
    options = {"round_limit": 5}
    first = run(3, 11, [RandomBot(1), RandomBot(2), RandomBot(3)], options)
    second = run(3, 11, [RandomBot(1), RandomBot(2), RandomBot(3)], options)
    assert first.spectate() == second.spectate()
