"""Swiss: each round, tables of entrants with similar points who have not met before.

Pairing order is the standings (points, then the stated tie-breaks; round 1 is the draw
order). Byes, when the field does not fill the tables, go to the lowest-ranked entrants
with the fewest byes so far. Tables are then chosen to minimise, in this order:
  1. tables that repeat an earlier table exactly,
  2. pairs of entrants who already met (counted per earlier meeting),
  3. the spread of standings positions within each table (pair by score).
A branch-and-bound search over tables (exact for small fields, within a work budget for
large ones) followed by swaps between tables finds the pairing.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence

from arena.tournament.model import History, Round, Settings
from arena.tournament.standings import order
from arena.tournament.tables import games_per_table, layout, make_table, seat_counts

#: Candidate tables examined per search node, and in all (keeps big fields fast).
_POOL = 500
_BUDGET = 40_000

Cost = tuple[int, int, int]


def smallest_table(settings: Settings) -> int:
    return max(settings.min_players, settings.table_size - 1, 2)


def next_round(settings: Settings, history: History) -> Round | None:
    if len(history.rounds) >= settings.rounds:
        return None
    number = len(history.rounds) + 1
    ranked = [row.entrant for row in order(history)]
    sizes, bye_count = layout(len(ranked), settings.table_size, smallest_table(settings))
    byes = pick_byes(history, ranked, bye_count)
    playing = [e for e in ranked if e not in byes]
    met, seen = meetings(history)
    groups = partition(playing, sizes, met, seen)
    counts = seat_counts(history)
    tables = tuple(
        make_table(settings, history, number, index + 1, group, counts=counts)
        for index, group in enumerate(groups)
    )
    return Round(
        number=number,
        tables=tables,
        byes=tuple(sorted(byes)),
        bye_points=float(games_per_table(settings, settings.table_size)),
    )


def pick_byes(history: History, ranked: Sequence[int], count: int) -> set[int]:
    """The `count` lowest-ranked entrants among those with the fewest byes so far."""
    had = Counter(e for rnd in history.rounds for e in rnd.byes)
    position = {e: i for i, e in enumerate(ranked)}
    candidates = sorted(ranked, key=lambda e: (had[e], -position[e]))
    return set(candidates[:count])


def meetings(history: History) -> tuple[Counter[frozenset[int]], set[frozenset[int]]]:
    """How often each pair shared a table, and every table's set of players so far."""
    met: Counter[frozenset[int]] = Counter()
    seen: set[frozenset[int]] = set()
    for rnd in history.rounds:
        for table in rnd.tables:
            seen.add(frozenset(table.players))
            for a, b in itertools.combinations(table.players, 2):
                met[frozenset((a, b))] += 1
    return met, seen


def partition(
    ranked: Sequence[int],
    sizes: Sequence[int],
    met: Counter[frozenset[int]],
    seen: set[frozenset[int]],
) -> list[tuple[int, ...]]:
    """Split `ranked` (best first) into tables of `sizes` at the lowest cost."""
    if not ranked:
        return []
    position = {e: i for i, e in enumerate(ranked)}

    def cost(members: Sequence[int]) -> Cost:
        pairs = sum(met[frozenset(p)] for p in itertools.combinations(members, 2))
        low = min(position[m] for m in members)
        spread = sum(position[m] - low for m in members)
        return (int(frozenset(members) in seen), pairs, spread)

    best: list = [None, None]
    work = [0]

    def search(remaining: list[int], left: Counter[int], tables: list, total: Cost) -> None:
        if best[0] is not None and total >= best[0]:
            return
        if not remaining:
            best[0], best[1] = total, list(tables)
            return
        if work[0] > _BUDGET and best[0] is not None:
            return
        anchor, rest = remaining[0], remaining[1:]
        options = []
        for size in sorted((s for s in left if left[s]), reverse=True):
            pool = rest[: _window(len(rest), size - 1)]
            for combo in itertools.combinations(pool, size - 1):
                members = (anchor, *combo)
                options.append((cost(members), size, members))
        work[0] += len(options)
        options.sort(key=lambda o: o[0])
        for table_cost, size, members in options:
            new_total = _add(total, table_cost)
            if best[0] is not None and new_total >= best[0]:
                break
            chosen = set(members)
            left[size] -= 1
            tables.append(members)
            search([e for e in rest if e not in chosen], left, tables, new_total)
            tables.pop()
            left[size] += 1

    search(list(ranked), Counter(sizes), [], (0, 0, 0))
    return improve(best[1], cost)


def improve(tables: list[tuple[int, ...]], cost) -> list[tuple[int, ...]]:
    """Swap players between tables while any swap lowers the total cost."""
    current = [list(t) for t in tables]
    for _ in range(50):
        better = False
        for i, j in itertools.combinations(range(len(current)), 2):
            for a, b in itertools.product(range(len(current[i])), range(len(current[j]))):
                before = _add(cost(current[i]), cost(current[j]))
                current[i][a], current[j][b] = current[j][b], current[i][a]
                if _add(cost(current[i]), cost(current[j])) < before:
                    better = True
                else:
                    current[i][a], current[j][b] = current[j][b], current[i][a]
        if not better:
            break
    return [tuple(t) for t in current]


def _window(available: int, choose: int) -> int:
    """How many of the next-ranked entrants to consider for a table (all, if few)."""
    width = available
    while width > choose and math.comb(width, choose) > _POOL:
        width -= 1
    return width


def _add(a: Cost, b: Cost) -> Cost:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])
