"""Shared table-making: how many tables of which size, who gets byes, who sits where.

A table plays `games_per_pairing` games; game g seats the players rotated by g, so over n
games everyone sits in every seat once. In duplicate mode every round uses the same deals
at every table, and each deal is played at every rotation (games_per_pairing deals × n
games), so the cards cancel out and only the play differs.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from arena.tournament.model import GameSpec, History, Settings, Table
from arena.tournament.seeds import derive


def layout(players: int, size: int, smallest: int) -> tuple[list[int], int]:
    """(table sizes, byes) for `players`: tables as even as possible, none below `smallest`.

    13 players at tables of 4 (smallest 3) sit 4+3+3+3; 5 players with smallest 3 sit
    4 and leave one bye; 7 players at 2-player tables leave one bye.
    """
    if players < smallest:
        return [], players
    count = -(-players // size)
    base, extra = divmod(players, count)
    if base >= smallest:
        return [base + 1] * extra + [base] * (count - extra), 0
    full, rest = divmod(players, size)
    if rest >= smallest:
        return [size] * full + [rest], 0
    return [size] * full, rest


def seat_counts(history: History) -> dict[int, Counter[int]]:
    """How often each entrant sat in each seat so far."""
    counts: dict[int, Counter[int]] = {e: Counter() for e in range(history.size)}
    for _, _, _, spec in history.games():
        for seat, entrant in enumerate(spec.seats):
            counts[entrant][seat] += 1
    return counts


def balanced_order(players: Sequence[int], games: int, counts: dict[int, Counter[int]]) -> tuple:
    """The seating (seat 0 first) whose rotations even out each player's seat history."""
    n = len(players)
    best: tuple[int, ...] = tuple(players)
    best_cost: tuple[int, int] | None = None
    for order in itertools.permutations(players):
        load = Counter()
        for g in range(games):
            for seat in range(n):
                load[(order[(seat + g) % n], seat)] += 1
        worst = max(counts[p][s] + load[(p, s)] for p in order for s in range(n))
        total = sum(counts[p][s] * c for (p, s), c in load.items())
        cost = (worst, total)
        if best_cost is None or cost < best_cost:
            best, best_cost = order, cost
    return best


def games_for(settings: Settings, round_no: int, table_no: int, order: Sequence[int]) -> tuple:
    """The games a table plays: seats rotated game by game, seeds per table or shared."""
    n = len(order)
    specs = []
    if settings.duplicate:
        for deal in range(settings.games_per_pairing):
            seed = derive(settings.seed, "round", round_no, "deal", deal)
            for turn in range(n):
                specs.append(GameSpec(seed, _rotate(order, turn)))
    else:
        for g in range(settings.games_per_pairing):
            seed = derive(settings.seed, "round", round_no, "table", table_no, "game", g)
            specs.append(GameSpec(seed, _rotate(order, g % n)))
    return tuple(specs)


def games_per_table(settings: Settings, size: int) -> int:
    return settings.games_per_pairing * (size if settings.duplicate else 1)


def make_table(
    settings: Settings,
    history: History,
    round_no: int,
    table_no: int,
    players: Sequence[int],
    slot: str = "",
    counts: dict[int, Counter[int]] | None = None,
) -> Table:
    """A table with its seating balanced against the seat history and its games."""
    counts = counts if counts is not None else seat_counts(history)
    order = balanced_order(players, games_per_table(settings, len(players)), counts)
    games = games_for(settings, round_no, table_no, order)
    for spec in games:
        for seat, entrant in enumerate(spec.seats):
            counts[entrant][seat] += 1
    return Table(number=table_no, players=tuple(order), games=games, slot=slot)


def _rotate(order: Sequence[int], turn: int) -> tuple[int, ...]:
    turn %= len(order)
    return tuple(order[turn:]) + tuple(order[:turn])


def table_order(history: History, round_no: int, table: Table) -> list[int]:
    """The table's players best first: points over its games, then summed game score,
    then the better (lower) draw number. Void games count for nobody."""
    points: Counter[int] = Counter()
    score: Counter[int] = Counter()
    for index, spec in enumerate(table.games):
        result = history.results.get((round_no, table.number, index))
        if result is None or result.ranks is None:
            continue
        for seat, value in enumerate(result.points()):
            points[spec.seats[seat]] += value
            if result.scores:
                score[spec.seats[seat]] += result.scores[seat]
    return sorted(table.players, key=lambda e: (-round(points[e], 9), -round(score[e], 9), e))


def table_points(history: History, round_no: int, table: Table) -> dict[int, float]:
    points = {e: 0.0 for e in table.players}
    for index, spec in enumerate(table.games):
        result = history.results.get((round_no, table.number, index))
        if result is None or result.ranks is None:
            continue
        for seat, value in enumerate(result.points()):
            points[spec.seats[seat]] += value
    return points


def table_done(history: History, round_no: int, table: Table) -> bool:
    return all((round_no, table.number, i) in history.results for i in range(len(table.games)))
