"""Round robin: every group of `table_size` entrants meets, at every seat arrangement.

Seating "rotations" (the default) plays each group at its n cyclic rotations, the balanced
subset of all orders: every entrant sits in every seat equally often. "permutations" plays
every one of the n! orders. Each arrangement is played `games_per_pairing` times with
different seeds (duplicate: the same seeds at every table). `rounds` repeats the whole
cycle with fresh seeds; all tables of a cycle are one round, so they run in parallel.
"""

from __future__ import annotations

import itertools

from arena.tournament.model import GameSpec, History, Round, Settings, Table
from arena.tournament.seeds import derive


def arrangements(players: tuple[int, ...], seating: str) -> list[tuple[int, ...]]:
    if seating == "permutations":
        return list(itertools.permutations(players))
    n = len(players)
    return [players[turn:] + players[:turn] for turn in range(n)]


def next_round(settings: Settings, history: History) -> Round | None:
    if len(history.rounds) >= settings.rounds:
        return None
    number = len(history.rounds) + 1
    size = min(settings.table_size, history.size)
    tables = []
    for index, group in enumerate(itertools.combinations(range(history.size), size), 1):
        games = []
        for g in range(settings.games_per_pairing):
            for arrangement, seats in enumerate(arrangements(group, settings.seating)):
                if settings.duplicate:
                    seed = derive(settings.seed, "cycle", number, "deal", g)
                else:
                    seed = derive(settings.seed, "cycle", number, "table", index, g, arrangement)
                games.append(GameSpec(seed, seats))
        tables.append(Table(number=index, players=group, games=tuple(games)))
    return Round(number=number, tables=tuple(tables))
