"""Agents sit in a referee's seats: an in-process bot, a sandboxed process, a remote client.

The referee talks to every kind through this one interface, so time control, strikes and
records work the same whoever plays. The referee is a coroutine: it awaits the `*_async`
methods, which call the plain ones unless an agent waits on the network (its `loop`).
"""

from __future__ import annotations

import abc
import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from arena.match.strikes import AgentError
from arena_sdk import Action, Bot


@dataclass(frozen=True)
class DecisionRequest:
    request_id: int
    view: dict[str, Any]
    legal: Sequence[Action]
    #: Seconds this decision may take without touching the bank.
    per_decision: float
    #: Seconds left in the seat's time bank.
    bank: float


class Agent(abc.ABC):
    """What the referee needs from whoever plays a seat."""

    name: str = "agent"
    #: The bot's own random seed (arena.match.seeds.bot_seed), recorded with the match so
    #: its play can be reproduced; None when the platform did not choose it.
    bot_seed: int | None = None
    #: The event loop this agent's bot talks through; the referee plays on it (None: any).
    loop: asyncio.AbstractEventLoop | None = None

    def start(self, header: dict[str, Any]) -> None:
        """The match begins; `header` has game, options, seat, players and time control."""

    @abc.abstractmethod
    def decide(self, request: DecisionRequest, timeout: float) -> str:
        """Return an action code within `timeout` seconds, or raise an AgentError."""

    def event(self, event: dict[str, Any]) -> None:
        """Something public happened that this seat did not cause."""

    def end(self, result: dict[str, Any]) -> None:
        """The match is over; `result` has the outcome and this seat's strikes."""

    def violations(self) -> list[AgentError]:
        """Misbehaviour noticed outside an answer (an output flood, a message nobody asked
        for) since the last call; each is a strike. The referee asks before and after each
        of the seat's decisions, and once at the end of the match."""
        return []

    def close(self) -> None:
        """Release processes, sockets and threads. Safe to call twice."""

    def stderr(self) -> str:
        """What the bot wrote to stderr, already capped."""
        return ""

    async def start_async(self, header: dict[str, Any]) -> None:
        self.start(header)

    async def decide_async(self, request: DecisionRequest, timeout: float) -> str:
        return self.decide(request, timeout)

    async def close_async(self) -> None:
        self.close()


class InProcessAgent(Agent):
    """A trusted bot object called directly: tests, reference bots, the local CLI."""

    def __init__(self, bot: Bot, name: str | None = None) -> None:
        self.bot = bot
        self.name = name or bot.name or type(bot).__name__

    def start(self, header: dict[str, Any]) -> None:
        self.bot.seat = header["seat"]
        self.bot.on_start(header)

    def decide(self, request: DecisionRequest, timeout: float) -> str:
        try:
            return self.bot.act(request.view, request.legal)
        except Exception as exc:  # a bot bug is the bot's strike, never the referee's crash
            raise AgentError(f"{type(exc).__name__}: {exc}") from exc

    def event(self, event: dict[str, Any]) -> None:
        self.bot.on_event(event)

    def end(self, result: dict[str, Any]) -> None:
        self.bot.on_end(result)
