"""Knockout by table, for games of three or more (or two) players a table.

Each round seats the entrants still in at tables (snake order by seed, so the strongest
are spread), and the top `advance` of every table go through, by points at that table
(then summed game score, then seed). When a field does not fill the tables, the best seeds
get byes straight into the next round. Once the entrants still in fit at one table, they
play the final table, whose order is the podium.
"""

from __future__ import annotations

from arena.tournament.model import History, Round, Settings
from arena.tournament.tables import layout, make_table, seat_counts, table_done, table_order


def smallest_table(settings: Settings) -> int:
    return max(settings.min_players, settings.advancing + 1, 2)


def still_in(settings: Settings, history: History) -> list[int] | None:
    """Entrants in the next round, best seed first; None once the final table is played."""
    if not history.rounds:
        return list(range(history.size))
    last = history.rounds[-1]
    if _is_final(last):
        return None
    places = []
    for table in last.tables:
        ranked = table_order(history, last.number, table)
        for place, entrant in enumerate(ranked[: settings.advancing]):
            places.append((place, entrant))
    places += [(-1, entrant) for entrant in last.byes]
    return [entrant for _, entrant in sorted(places)]


def next_round(settings: Settings, history: History) -> Round | None:
    players = still_in(settings, history)
    if players is None or len(players) < 2:
        return None
    number = len(history.rounds) + 1
    counts = seat_counts(history)
    if len(players) <= settings.table_size:
        table = make_table(settings, history, number, 1, players, slot="F", counts=counts)
        return Round(number=number, tables=(table,))
    sizes, bye_count = layout(len(players), settings.table_size, smallest_table(settings))
    byes, seated = players[:bye_count], players[bye_count:]
    groups: list[list[int]] = [[] for _ in sizes]
    for entrant, index in zip(seated, _snake(sizes), strict=True):
        groups[index].append(entrant)
    tables = tuple(
        make_table(settings, history, number, i + 1, g, slot=f"K{number}-{i + 1}", counts=counts)
        for i, g in enumerate(groups)
    )
    return Round(number=number, tables=tables, byes=tuple(byes))


def _snake(sizes: list[int]) -> list[int]:
    """Table index for each seat filled in snake order: 0,1,2,2,1,0,0,1,... skipping full."""
    free = list(sizes)
    order = []
    forward = True
    while any(free):
        indices = range(len(sizes)) if forward else range(len(sizes) - 1, -1, -1)
        for i in indices:
            if free[i]:
                order.append(i)
                free[i] -= 1
        forward = not forward
    return order


def _is_final(rnd: Round) -> bool:
    return len(rnd.tables) == 1 and rnd.tables[0].slot == "F"


def stages(settings: Settings, history: History) -> dict[int, tuple[tuple, str]]:
    """The round each entrant reached and their place at its table (higher key is better)."""
    result: dict[int, tuple[tuple, str]] = {}
    for rnd in history.rounds:
        for entrant in rnd.byes:
            result[entrant] = ((rnd.number, 0), "through (bye)")
        for table in rnd.tables:
            if not table_done(history, rnd.number, table):
                for entrant in table.players:
                    result[entrant] = ((rnd.number, 0), "playing")
                continue
            for place, entrant in enumerate(table_order(history, rnd.number, table), 1):
                if _is_final(rnd):
                    label = "champion" if place == 1 else f"final: {_ordinal(place)}"
                    result[entrant] = ((rnd.number, -place), label)
                elif place <= settings.advancing:
                    result[entrant] = ((rnd.number, 0), "through")
                else:
                    label = f"out in round {rnd.number}: {_ordinal(place)}"
                    result[entrant] = ((rnd.number, -place), label)
    return result


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
