"""Helpers for the tournament tests: settings for a made-up game, and simulated results.

(Kept apart from conftest.py under a name no other test folder uses.)
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence

from arena.tournament import GameResult, History, Round, Settings, next_round

#: Ranks for a game: (seats in seat order) -> rank per seat.
Decide = Callable[[Sequence[int]], list[int]]


def settings(format: str, **values) -> Settings:
    values.setdefault("min_players", 2)
    values.setdefault("max_players", 6)
    values.setdefault("rounds", 5 if format == "swiss" else 1)
    return Settings(game="test", format=format, **values)


def random_results(rng: random.Random, ties: bool = False) -> Decide:
    def decide(seats: Sequence[int]) -> list[int]:
        if ties:
            return [rng.randrange(len(seats)) for _ in seats]
        ranks = list(range(len(seats)))
        rng.shuffle(ranks)
        return ranks

    return decide


def strongest_wins(seats: Sequence[int]) -> list[int]:
    """Lower entrant number always finishes ahead."""
    order = sorted(seats)
    return [order.index(e) for e in seats]


def dense(ranks: list[int]) -> list[int]:
    levels = sorted(set(ranks))
    return [levels.index(r) for r in ranks]


def play_round(history: History, rnd: Round, decide: Decide) -> None:
    history.rounds.append(rnd)
    for table in rnd.tables:
        for index, spec in enumerate(table.games):
            ranks = dense(decide(spec.seats))
            history.results[(rnd.number, table.number, index)] = GameResult(
                tuple(ranks), tuple(float(-r) for r in ranks), tuple(False for _ in ranks)
            )


def simulate(config: Settings, entrants: int, decide: Decide, limit: int = 200) -> History:
    history = History(entrants=tuple(f"bot{i}" for i in range(entrants)))
    for _ in range(limit):
        rnd = next_round(config, history)
        if rnd is None:
            return history
        play_round(history, rnd, decide)
    raise AssertionError("the tournament did not end")


def pair_meetings(history: History, upto: int | None = None) -> Counter[frozenset[int]]:
    met: Counter[frozenset[int]] = Counter()
    for rnd in history.rounds[:upto]:
        for table in rnd.tables:
            for a, b in itertools.combinations(table.players, 2):
                met[frozenset((a, b))] += 1
    return met
