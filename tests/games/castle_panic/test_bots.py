"""Reference bots: random only answers legal codes; a greedy team wins clearly more often."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from arena.bots import RandomBot
from arena.bots.castle_panic.greedy import GreedyBot
from arena.games.castle_panic.rules import CastlePanicState
from arena_sdk import Action, Bot

from .helpers import GAME

GAMES = 100


def run(players: int, seed: int, bots: Sequence[Bot], options: dict | None = None):
    """A game between in-process bots, each given its own observation and labelled actions."""
    state = GAME.new_state(players, seed, options or {})
    assert isinstance(state, CastlePanicState)
    while not state.is_over():
        seat = state.to_move()
        legal = [Action(code, state.describe(code)) for code in state.legal_actions()]
        choice = bots[seat].act(state.observe(seat), legal)
        assert choice in state.legal_actions()
        state.apply(choice)
        assert not state.over or state.check_invariants() == []
    return state


def team_wins(bot: type[Bot], players: int, games: int) -> int:
    return sum(
        run(players, seed, [bot(seed * 10 + p) for p in range(players)]).won
        for seed in range(games)
    )


def test_a_greedy_team_of_three_wins_clearly_more_often_than_a_random_team() -> None:
    greedy = team_wins(GreedyBot, 3, GAMES)
    random = team_wins(RandomBot, 3, GAMES)
    assert greedy >= GAMES // 12, f"greedy team won {greedy} of {GAMES}"
    assert greedy >= 4 * random + 4, f"greedy {greedy} vs random {random} of {GAMES}"


def test_greedy_alone_wins_some_solo_games() -> None:
    assert team_wins(GreedyBot, 1, 30) >= 3


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"siege_crew": "random"}),
        (4, {"first_player": "random"}),
        (5, {}),
        (6, {"siege_crew": "random"}),
    ],
)
def test_mixed_teams_only_answer_legal_codes(players: int, options: dict) -> None:
    for seed in range(2):
        bots = [GreedyBot(seed + p) if p % 2 else RandomBot(seed + p) for p in range(players)]
        assert run(players, seed, bots, options).is_over()


def test_random_bot_is_reproducible_from_its_seed() -> None:
    first = run(3, 11, [RandomBot(1), RandomBot(2), RandomBot(3)])
    second = run(3, 11, [RandomBot(1), RandomBot(2), RandomBot(3)])
    assert first.spectate() == second.spectate()


def test_greedy_is_reproducible_from_its_seed() -> None:
    first = run(2, 12, [GreedyBot(1), GreedyBot(2)])
    second = run(2, 12, [GreedyBot(1), GreedyBot(2)])
    assert first.spectate() == second.spectate()
