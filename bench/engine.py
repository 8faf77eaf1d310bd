"""Engine speed: decisions and games per second of uniformly random play, per game.

Run with `make bench-engine` (or `make bench`). Prints a table; asserts nothing.
Times are CPU seconds of this process (`time.process_time`), so a busy machine slows the
figures less than wall-clock time would. Each configuration first plays untimed games
(`--warm-up`): the line-of-sight and range tables an engine builds on first use, once per
process, are a start-up cost, not a rate of play.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from rich.console import Console
from rich.table import Table

import arena.games


def random_game(name: str, players: int, seed: int, options: dict) -> tuple[int, float]:
    """Play one game at random; return (decisions, CPU seconds)."""
    game = arena.games.get(name)
    rng = random.Random(seed)
    t0 = time.process_time()
    state = game.new_state(players, seed, options)
    decisions = 0
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions, time.process_time() - t0


def configurations(name: str) -> list[tuple[int, dict]]:
    """The player counts and variants worth timing: each choice of each option once."""
    game = arena.games.get(name)
    counts = sorted({game.min_players, min(4, game.max_players), game.max_players})
    configs: list[tuple[int, dict]] = [(n, {}) for n in counts]
    for key, spec in game.options.items():
        if len(spec["choices"]) > 4:  # e.g. 84 school combinations: the defaults stand for them
            continue
        for choice in spec["choices"]:
            numeric = isinstance(choice, int) and not isinstance(choice, bool)
            if choice == spec["default"] or numeric:
                continue
            n = min(4, game.max_players)
            try:
                game.new_state(n, 0, {key: choice})
            except ValueError:
                continue
            configs.append((n, {key: choice}))
    return configs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU time per configuration")
    parser.add_argument("--warm-up", type=int, default=2, help="untimed games per configuration")
    parser.add_argument("games", nargs="*", default=arena.games.names())
    args = parser.parse_args()
    table = Table(title="Random play, one core")
    columns = ("game", "players", "options", "games", "decisions/game", "decisions/s", "games/s")
    for column in columns:
        table.add_column(column, justify="left" if column in ("game", "options") else "right")
    totals: dict[str, tuple[int, float]] = {}  # per game: decisions, CPU seconds
    for name in args.games:
        for players, options in configurations(name):
            for spare in range(args.warm_up):  # seeds apart from the timed ones
                random_game(name, players, 10**9 + spare, options)
            seed, decisions, elapsed, per_game = 0, 0, 0.0, []
            while elapsed < args.seconds:
                d, t = random_game(name, players, seed, options)
                decisions, elapsed, seed = decisions + d, elapsed + t, seed + 1
                per_game.append(d)
            done, spent = totals.get(name, (0, 0.0))
            totals[name] = (done + decisions, spent + elapsed)
            table.add_row(
                name,
                str(players),
                ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults",
                str(seed),
                f"{statistics.mean(per_game):.0f}",
                f"{decisions / elapsed:,.0f}",
                f"{seed / elapsed:,.1f}",
            )
    console = Console(width=None if sys.stdout.isatty() else 140)
    console.print(table)
    console.print(summary(totals))


def summary(totals: dict[str, tuple[int, float]]) -> Table:
    """Each game over all its configurations, and its rate as a share of the fastest's: the
    engines are compared within one run, on one machine in one state."""
    rates = {name: done / spent for name, (done, spent) in totals.items()}
    fastest = max(rates.values())
    table = Table(title="Per game, all configurations")
    for column in ("game", "decisions/s", "of the fastest"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for name, rate in sorted(rates.items(), key=lambda item: -item[1]):
        table.add_row(name, f"{rate:,.0f}", f"{rate / fastest:.2f}")
    return table


if __name__ == "__main__":
    main()
