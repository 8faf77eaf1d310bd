"""`arena games`: what can be played, with player counts and options."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

import arena.games


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("games", help="list the games and their options")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    table = Table(title="Games")
    for column in ("name", "title", "players", "options", "bots"):
        table.add_column(column)
    for name in arena.games.names():
        game = arena.games.get(name)
        options = "\n".join(
            f"{key}={spec['default']} ({'|'.join(str(c) for c in spec['choices'])})"
            for key, spec in game.options.items()
        )
        table.add_row(
            game.name,
            game.title,
            f"{game.min_players}–{game.max_players}",
            options,
            ", ".join(game.bots),
        )
    Console().print(table)
    return 0
