"""The game registry: `arena.games.get(name)` is the one way to reach an engine."""

from __future__ import annotations

import importlib

from arena.games.base import Game, GameState, IllegalAction, won

__all__ = ["Game", "GameState", "IllegalAction", "get", "names", "won"]

# Each game package exposes `GAME`; importing lazily keeps `arena games` fast.
_PACKAGES = {
    "wandering_towers": "arena.games.wandering_towers",
    "castle_panic": "arena.games.castle_panic",
    "wiz_war": "arena.games.wiz_war",
}


def names() -> list[str]:
    return sorted(_PACKAGES)


def get(name: str) -> Game:
    """The game called `name`; an unknown name raises KeyError listing the known ones."""
    try:
        package = _PACKAGES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(names())}") from None
    return importlib.import_module(package).GAME
