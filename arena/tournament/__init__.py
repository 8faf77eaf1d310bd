"""Tournaments: pairing formats, standings and brackets, as pure functions of the results.

    settings = settings_for(arena.games.get("wandering_towers"), format="swiss", table_size=4)
    history = History(entrants=("greedy", "random", ...))
    while (rnd := next_round(settings, history)) is not None:
        history.rounds.append(rnd)
        ...play every game of rnd, put each GameResult in history.results...
    rows = standings(settings, history)

Nothing here knows about processes or databases: the CLI plays the games itself, the
platform stores each round's plan and reads the results back from its matches.
"""

from __future__ import annotations

import math

from arena.tournament import elimination, knockout, round_robin, swiss, tables
from arena.tournament.model import (
    FORMATS,
    GameResult,
    GameSpec,
    History,
    Round,
    Settings,
    Table,
    settings_for,
)
from arena.tournament.standings import TIE_BREAKS, Standing, order

__all__ = [
    "FORMATS",
    "TIE_BREAKS",
    "GameResult",
    "GameSpec",
    "History",
    "Round",
    "Settings",
    "Standing",
    "Table",
    "check_field",
    "is_elimination",
    "most_games",
    "next_round",
    "settings_for",
    "standings",
    "tie_breaks",
]

_PAIRING = {
    "swiss": swiss.next_round,
    "round-robin": round_robin.next_round,
    "single-elim": elimination.next_round,
    "double-elim": elimination.next_round,
    "knockout": knockout.next_round,
}


def is_elimination(settings: Settings) -> bool:
    return settings.format in ("single-elim", "double-elim", "knockout")


def check_field(settings: Settings, entrants: int) -> None:
    """Refuse a field the format cannot seat (ValueError naming the problem)."""
    if entrants < 2:
        raise ValueError("a tournament needs at least 2 entrants")
    if settings.format in ("swiss", "round-robin", "knockout") and entrants < settings.table_size:
        raise ValueError(
            f"{entrants} entrants cannot fill a table of {settings.table_size}; "
            "add entrants or use a smaller --table-size"
        )


def most_games(settings: Settings, entrants: int) -> int:
    """An upper bound on the games the whole tournament plays, known before it starts (a
    platform budgets tournaments by it)."""
    size = min(settings.table_size, entrants)
    per_table = tables.games_per_table(settings, size)
    if settings.format == "round-robin":
        groups = math.comb(entrants, size)
        orders = math.factorial(size) if settings.seating == "permutations" else size
        return settings.rounds * groups * settings.games_per_pairing * orders
    if settings.format == "swiss":
        return settings.rounds * math.ceil(entrants / size) * per_table
    if settings.format == "single-elim":
        return (entrants - 1) * per_table
    if settings.format == "double-elim":
        return 2 * entrants * per_table
    # Knockout by table: every table sends at least one entrant home.
    return entrants * per_table


def next_round(settings: Settings, history: History) -> Round | None:
    """The next round's tables, or None when the tournament is over.

    Call it only when every game paired so far has a result: the pairing depends on them.
    """
    if not history.complete():
        raise ValueError("the current round is not finished")
    if not history.rounds:
        check_field(settings, history.size)
    rnd = _PAIRING[settings.format](settings, history)
    if rnd is not None and not rnd.tables:
        return None
    return rnd


def tie_breaks(settings: Settings) -> tuple[str, ...]:
    """The names of the ordering keys, as shown above a standings table."""
    if is_elimination(settings):
        return ("stage reached", *TIE_BREAKS)
    return TIE_BREAKS


def standings(settings: Settings, history: History) -> list[Standing]:
    """Best first, computed from the results alone."""
    if settings.format == "knockout":
        return order(history, knockout.stages(settings, history))
    if is_elimination(settings):
        return order(history, elimination.stages(settings, history))
    return order(history)
