"""Turn what a user names ("greedy", "mybot.py") into agents for a game's seats."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import arena.bots
from arena.games.base import Game
from arena.match import seeds
from arena.match.agents import Agent, InProcessAgent
from arena.sandbox.workspace import locate_bot
from arena_sdk.loader import load_bot


def builtin_agent(game: Game, name: str, seed: int) -> Agent:
    """A reference bot of `game`, seeded so that matches are reproducible."""
    bots = arena.bots.get(game.name)
    try:
        factory = bots[name]
    except KeyError:
        known = ", ".join(bots) or "none"
        raise ValueError(
            f"{game.name} has no built-in bot {name!r} (built-in: {known}; or give a .py file)"
        ) from None
    return InProcessAgent(factory(seed=seed), name=name)


def file_agent(
    game: Game, path: str, seat: int, seed: int, sandbox: bool = True, standbys: int = 0
) -> Agent:
    """A bot file, or a package bot's folder (started from its bot.py): a sandboxed
    process by default, seeing a private copy of only that code; in-process when trusted.
    With `standbys`, the sandbox is one started earlier, and that many are kept started
    for the matches to come (arena.match.standby)."""
    entry, _ = locate_bot(path)  # ValueError when there is no such bot
    name = Path(path).stem
    if not sandbox:
        return InProcessAgent(load_bot(entry, seed=seed), name=name)
    from arena.match.hosted import SandboxedAgent  # grpc and the sandbox: only when needed
    from arena.match.standby import shared_pool

    standby = shared_pool(standbys).take() if standbys > 0 else None
    return SandboxedAgent(path, game=game.name, seat=seat, name=name, seed=seed, standby=standby)


def is_file_spec(spec: str) -> bool:
    return spec.endswith(".py") or "/" in spec


def seat_agents(
    key: bytes, match_id: str, count: int, make: Callable[[int, int], Agent]
) -> list[Agent]:
    """The one place a bot's seed is made: `make(seat, bot_seed)` for each of `count` seats,
    each seed `seeds.bot_seed(key, match_id, seat)` (never from the match seed), and kept on
    the agent for the record (`SeatReport.bot_seed`). If a seat fails to start, the agents
    made so far are closed and the error goes on.
    """
    agents: list[Agent] = []
    try:
        for seat in range(count):
            bot_seed = seeds.bot_seed(key, match_id, seat)
            agent = make(seat, bot_seed)
            agent.bot_seed = bot_seed
            agents.append(agent)
    except BaseException:
        for agent in agents:
            agent.close()
        raise
    return agents


def agents_for(
    game: Game,
    specs: list[str],
    sandbox: bool = True,
    *,
    key: bytes | None = None,
    match_id: str = "",
    standbys: int = 0,
) -> list[Agent]:
    """One agent per seat, each bot seeded by `seat_agents`.

    Without a `key`, a fresh random one is drawn: each local match gets its own bot seeds,
    which the match record keeps (`SeatReport.bot_seed`) for reproducing a bot's play.
    `standbys`: sandboxes to keep started for the next matches (a tournament's tables).
    """

    def make(seat: int, bot_seed: int) -> Agent:
        spec = specs[seat]
        if is_file_spec(spec):
            return file_agent(game, spec, seat, bot_seed, sandbox, standbys)
        return builtin_agent(game, spec, bot_seed)

    return seat_agents(key or seeds.new_key(), match_id, len(specs), make)
