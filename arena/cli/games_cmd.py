"""`arena games`: what can be played, with player counts, options and built-in bots."""

from __future__ import annotations

import argparse

import arena.bots
import arena.games


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("games", help="list the games and their options")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    for name in arena.games.names():
        game = arena.games.get(name)
        kind = ", cooperative" if game.cooperative else ""
        print(f"{game.name}  {game.title}  ({game.min_players}–{game.max_players} players{kind})")
        for key, spec in game.options.items():
            choices = "|".join(str(c) for c in spec["choices"])
            print(f"    --option {key}=…   {choices}   (default {spec['default']})")
        print(f"    built-in bots: {', '.join(arena.bots.get(name))}")
    return 0
