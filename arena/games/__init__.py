"""The game registry: `arena.games.get(name)` is the one way to reach an engine.

Each game's registry entry is its package's `GAME`, which binds the game's rules and views
in code. A game is imported only when asked for, which keeps `arena games` and a worker
playing one game fast; the imports are plain statements that every tool follows.
"""

from __future__ import annotations

from collections.abc import Callable

from arena.games.base import Game, GameState, IllegalAction, Views, won

__all__ = ["Game", "GameState", "IllegalAction", "Views", "get", "names", "won"]


def _wandering_towers() -> Game:
    from arena.games import wandering_towers

    return wandering_towers.GAME


def _castle_panic() -> Game:
    from arena.games import castle_panic

    return castle_panic.GAME


def _wiz_war() -> Game:
    from arena.games import wiz_war

    return wiz_war.GAME


_GAMES: dict[str, Callable[[], Game]] = {
    "wandering_towers": _wandering_towers,
    "castle_panic": _castle_panic,
    "wiz_war": _wiz_war,
}


def names() -> list[str]:
    return sorted(_GAMES)


def get(name: str) -> Game:
    """The game called `name`; an unknown name raises KeyError listing the known ones."""
    try:
        entry = _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(names())}") from None
    return entry()
