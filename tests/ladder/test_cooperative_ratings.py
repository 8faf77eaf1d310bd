"""A cooperative game rated for real: the table is one team against the game itself, and a
bot's rating moves by its team's results. With lineups drawn at random from a population of
known strength, a few hundred Castle Panic games put every greedy bot above every random and
wasteful one.

Measured (40 games each): a greedy pair beats the game 22 % of the time, a greedy trio 10 %;
any table with a random or a wasteful bot in it 0 %. Team results alone therefore cannot
tell a random bot from a wasteful one at this game's difficulty: both only ever lose.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import arena.games
from arena import ratings
from arena.match.agents import InProcessAgent
from arena.match.lineup import builtin_agent
from arena.match.referee import run_match
from arena_sdk import Action, Bot

GAME = "castle_panic"
MATCHES = 300


class WastefulBot(Bot):
    """Ends every phase it can at once, and otherwise plays at random: a bad teammate."""

    name = "wasteful"

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        for action in legal:
            if action.code == "end_phase":
                return action.code
        return self.random.choice(legal).code


def agent(kind: str, seed: int):
    if kind == "wasteful":
        return InProcessAgent(WastefulBot(seed=seed), name="wasteful")
    return builtin_agent(arena.games.get(GAME), kind, seed)


def test_ratings_against_the_game_order_greedy_random_and_wasteful_bots() -> None:
    counts = {"greedy": 3, "random": 2, "wasteful": 2}
    population = [f"{kind}-{n}" for kind, many in counts.items() for n in range(1, many + 1)]
    rng = random.Random(2026)
    history = []
    for index in range(MATCHES):
        lineup = rng.sample(population, rng.randint(2, 3))  # lineups vary: contributions differ
        agents = [agent(name.split("-")[0], rng.randrange(2**31)) for name in lineup]
        record = run_match(GAME, agents, seed=index)
        won = [arena.games.won(result) for result in record.outcome]
        ranks = [result["rank"] for result in record.outcome]
        history.append((lineup, ranks, won, ("game", GAME, len(lineup))))
    table = ratings.replay(history)
    greedy = [table[f"greedy-{n}"][0].mu for n in range(1, 4)]
    others = [table[f"{kind}-{n}"][0].mu for kind in ("random", "wasteful") for n in (1, 2)]
    assert min(greedy) > max(others), table
    game = [table[("game", GAME, n)] for n in (2, 3) if ("game", GAME, n) in table]
    assert all(skill.mu > ratings.DEFAULT_MU for skill, _, _ in game)  # it beats most tables
    team_wins = sum(any(won) for _, _, won, _ in history)
    assert 0 < team_wins < MATCHES  # the game is a real opponent: neither side always wins
