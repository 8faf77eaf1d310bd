"""The example bots a new author starts from: each game's folder of examples/ (the trained bot
of examples/rl/ needs its weights beside it and has tests of its own, sandbox included)."""

from __future__ import annotations

from pathlib import Path

import arena.games

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def example_bots() -> list[tuple[str, Path]]:
    """(game, entry file) of every example bot in a game's folder."""
    return [
        (game, path)
        for game in arena.games.names()
        for path in sorted((EXAMPLES / game).glob("*.py"))
    ]
