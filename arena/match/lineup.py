"""Turn what a user names ("greedy", "mybot.py") into agents for a game's seats."""

from __future__ import annotations

from arena.games.base import Game
from arena.match.agents import Agent, InProcessAgent


def builtin_agent(game: Game, name: str, seed: int) -> Agent:
    """A reference bot of `game`, seeded so that matches are reproducible."""
    try:
        factory = game.bots[name]
    except KeyError:
        known = ", ".join(game.bots) or "none"
        raise ValueError(
            f"{game.name} has no built-in bot {name!r} (built-in: {known}; or give a .py file)"
        ) from None
    return InProcessAgent(factory(seed=seed), name=name)


def agents_for(game: Game, specs: list[str], seed: int) -> list[Agent]:
    """One agent per seat; each bot gets its own seed derived from the match seed."""
    return [builtin_agent(game, spec, seed * 1009 + seat) for seat, spec in enumerate(specs)]
