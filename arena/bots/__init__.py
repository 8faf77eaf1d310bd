"""The reference players: bots over the engine API, a layer above the rules.

A game's rules (`arena.games`) never import a bot or the SDK (the `rules` contract in
pyproject.toml); the players import the rules they search. `get(game)` is the one way to
reach a game's reference bots: each game's roster is bound here in code, imported only
when asked for, as `arena.games.get` imports only the game asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arena_sdk import Action, Bot

__all__ = ["BotFactory", "RandomBot", "get"]

#: Makes a reference bot: called with its seed (search bots take budgets as keywords too).
BotFactory = Callable[..., Bot]


class RandomBot(Bot):
    """Uniform over the legal actions, seeded through `Bot.__init__(seed)`: the same bot for
    every game, since it needs nothing but the legal actions."""

    name = "random"

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        return self.random.choice(legal).code


def _wandering_towers() -> Mapping[str, BotFactory]:
    from arena.bots import wandering_towers

    return wandering_towers.BOTS


def _castle_panic() -> Mapping[str, BotFactory]:
    from arena.bots import castle_panic

    return castle_panic.BOTS


def _wiz_war() -> Mapping[str, BotFactory]:
    from arena.bots import wiz_war

    return wiz_war.BOTS


_ROSTERS: dict[str, Callable[[], Mapping[str, BotFactory]]] = {
    "wandering_towers": _wandering_towers,
    "castle_panic": _castle_panic,
    "wiz_war": _wiz_war,
}


def get(game: str) -> Mapping[str, BotFactory]:
    """The reference bots of `game` by name ("random", "greedy", "ismcts"); an unknown game
    raises KeyError listing the known ones."""
    try:
        roster = _ROSTERS[game]
    except KeyError:
        known = ", ".join(sorted(_ROSTERS))
        raise KeyError(f"unknown game {game!r}; known games: {known}") from None
    return roster()
