"""Turn what a user names ("greedy", "mybot.py") into agents for a game's seats."""

from __future__ import annotations

from pathlib import Path

from arena.games.base import Game
from arena.match.agents import Agent, InProcessAgent
from arena_sdk.loader import load_bot


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


def file_agent(game: Game, path: str, seat: int, seed: int, sandbox: bool = True) -> Agent:
    """A bot file: a sandboxed process by default, or loaded in-process when trusted."""
    if not Path(path).is_file():
        raise ValueError(f"bot file {path} does not exist")
    name = Path(path).stem
    if not sandbox:
        return InProcessAgent(load_bot(path, seed=seed), name=name)
    from arena.match.hosted import SandboxedAgent  # grpc and the sandbox: only when needed

    return SandboxedAgent(path, game=game.name, seat=seat, name=name, seed=seed)


def is_file_spec(spec: str) -> bool:
    return spec.endswith(".py") or "/" in spec


def agents_for(game: Game, specs: list[str], seed: int, sandbox: bool = True) -> list[Agent]:
    """One agent per seat; each bot gets its own seed derived from the match seed."""
    agents: list[Agent] = []
    try:
        for seat, spec in enumerate(specs):
            bot_seed = seed * 1009 + seat
            if is_file_spec(spec):
                agents.append(file_agent(game, spec, seat, bot_seed, sandbox))
            else:
                agents.append(builtin_agent(game, spec, bot_seed))
    except BaseException:
        for agent in agents:
            agent.close()
        raise
    return agents
