"""Turn what a user names ("greedy", "mybot.py") into agents for a game's seats."""

from __future__ import annotations

from pathlib import Path

from arena.games.base import Game
from arena.match import seeds
from arena.match.agents import Agent, InProcessAgent
from arena.sandbox.workspace import locate_bot
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
    """A bot file, or a package bot's folder (started from its bot.py): a sandboxed
    process by default, seeing a private copy of only that code; in-process when trusted."""
    entry, _ = locate_bot(path)  # ValueError when there is no such bot
    name = Path(path).stem
    if not sandbox:
        return InProcessAgent(load_bot(entry, seed=seed), name=name)
    from arena.match.hosted import SandboxedAgent  # grpc and the sandbox: only when needed

    return SandboxedAgent(path, game=game.name, seat=seat, name=name, seed=seed)


def is_file_spec(spec: str) -> bool:
    return spec.endswith(".py") or "/" in spec


def agents_for(
    game: Game,
    specs: list[str],
    sandbox: bool = True,
    *,
    key: bytes | None = None,
    match_id: str = "",
) -> list[Agent]:
    """One agent per seat, each bot seeded by `seeds.bot_seed` (never from the match seed).

    Without a `key`, a fresh random one is drawn: each local match gets its own bot seeds,
    which the match record keeps (`SeatReport.bot_seed`) for reproducing a bot's play.
    """
    key = key or seeds.new_key()
    agents: list[Agent] = []
    try:
        for seat, spec in enumerate(specs):
            bot_seed = seeds.bot_seed(key, match_id, seat)
            if is_file_spec(spec):
                agent = file_agent(game, spec, seat, bot_seed, sandbox)
            else:
                agent = builtin_agent(game, spec, bot_seed)
            agent.bot_seed = bot_seed
            agents.append(agent)
    except BaseException:
        for agent in agents:
            agent.close()
        raise
    return agents
