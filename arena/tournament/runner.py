"""Play a whole tournament in this process: pair a round, play its games, repeat.

The platform does the same with matches on the workers; here a callable plays each game.
"""

from __future__ import annotations

from collections.abc import Callable

from arena.tournament import next_round
from arena.tournament.model import GameResult, GameSpec, History, Round, Settings

PlayGame = Callable[[GameSpec], GameResult]


def run(
    settings: Settings,
    entrants: list[str],
    play: PlayGame,
    on_round: Callable[[Round], None] | None = None,
    on_game: Callable[[Round, GameSpec, GameResult], None] | None = None,
) -> History:
    """Run to the end and return the full history (rounds and results)."""
    history = History(entrants=tuple(entrants))
    while (rnd := next_round(settings, history)) is not None:
        history.rounds.append(rnd)
        if on_round is not None:
            on_round(rnd)
        for table in rnd.tables:
            for index, spec in enumerate(table.games):
                result = play(spec)
                history.results[(rnd.number, table.number, index)] = result
                if on_game is not None:
                    on_game(rnd, spec, result)
    return history


def default_rounds(format: str, entrants: int) -> int:
    """Swiss: enough rounds to separate the field (at least 3); other formats: 1."""
    if format != "swiss":
        return 1
    return max(3, (entrants - 1).bit_length())
