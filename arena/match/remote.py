"""Seats played over the wire: `RemoteAgent` is an Agent whose bot is a gRPC client.

This module is the referee's side of one stream, independent of the transport: the
server (arena.match.grpc_server) attaches a `Stream` when a bot says hello with the
seat's token and feeds `receive` with what the bot sends, on the server's event loop.
A referee playing on that loop awaits `decide_async`; the blocking `decide` serves any
other thread (it runs `decide_async` on the loop).

Stale replies. Every turn gets a fresh, increasing request id. A reply carrying an older
id answers a turn that already ended (it timed out, so it was struck and played by the
fallback). Such a reply is dropped with an in-band STALE_REPLY notice and the agent keeps
waiting for the current turn: striking it too would punish one slow move twice, and
since a late reply typically lands during the next turn, every following turn would be
struck in a cascade. One turn gets at most one strike; it is "stale" instead of
"timeout" when its deadline passes and the bot only sent stale replies meanwhile.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from arena.match.agents import (
    Agent,
    AgentCrashed,
    AgentError,
    AgentProtocolError,
    AgentStaleReply,
    AgentTimeout,
    DecisionRequest,
)
from arena.match.loop import call
from arena_sdk import wire
from arena_sdk.proto.arena.v1 import referee_pb2 as pb

#: What a bot may report in-band (its own errors) is kept for the match record, capped.
LOG_CAP = 16_000
#: Messages a bot may have waiting unread; past that it is flooding the referee and is cut
#: off (a crash). An honest bot has at most a few: a reply, perhaps a late one.
INBOX_CAP = 1_000


def new_token() -> str:
    """A per-seat secret: 192 random bits in hex (safe anywhere: URLs, environments, and
    command lines, where a leading "-" would read as an option)."""
    return secrets.token_hex(24)


class Stream(Protocol):
    """The transport's handle on one connected bot; all but `write` are thread-safe."""

    def send(self, message: pb.RefereeMessage) -> None: ...

    async def write(self, message: pb.RefereeMessage) -> None:
        """`send`, on the transport's loop, writing at once when nothing is queued."""

    def close(self) -> None:
        """Send what is queued, let the bot read it, then end the stream."""

    def cut(self) -> None:
        """End the stream now."""


# Items in an agent's inbox: a parsed message, bytes that were not one, or the end.
_MESSAGE, _GARBAGE, _GONE = "message", "garbage", "gone"


class RemoteAgent(Agent):
    """A seat whose bot connects over gRPC; see the module docstring for stale replies."""

    def __init__(
        self,
        game: str,
        seat: int,
        name: str | None = None,
        match_id: str = "",
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.match_id = match_id
        self.name = name or f"remote-{seat}"
        self._named = name is not None
        #: What the bot said in its hello (untrusted, for logs).
        self.bot_name = ""
        self.sdk_version = ""
        self.peer = ""
        self._lock = threading.Lock()
        self._stream: Stream | None = None
        self._attached = False
        self._gone: str | None = None
        self._ended = False
        self.loop = loop
        #: Touched on the loop only, like everything the transport calls.
        self._inbox: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self._joined = asyncio.Event()
        self._next_id = 1
        self._log: list[str] = []
        self._log_size = 0
        self._on_attach: Callable[[], None] | None = None

    # -- transport side (on the loop) -------------------------------------------------

    def attach(self, stream: Stream, hello: pb.Hello, peer: str = "") -> bool:
        """Bind the bot's stream to this seat; False if the seat was ever bound before."""
        with self._lock:
            if self._attached:
                return False
            self._attached = True
            self._stream = stream
            self.bot_name = hello.bot_name[:80]
            self.sdk_version = hello.sdk_version[:80]
            self.peer = peer
            if not self._named and hello.bot_name.isprintable() and hello.bot_name.strip():
                self.name = hello.bot_name.strip()[:40]
        self._joined.set()
        if self._on_attach is not None:
            self._on_attach()
        return True

    def receive(self, message: pb.BotMessage | None, raw_size: int = 0) -> None:
        """A message from the bot (None: bytes that did not parse as a BotMessage)."""
        if self._inbox.qsize() >= INBOX_CAP:
            stream = self._stream
            self.detach(f"flooded the referee with over {INBOX_CAP} unread messages")
            if stream is not None:
                stream.cut()
            return
        if message is None:
            self._inbox.put_nowait((_GARBAGE, f"{raw_size} bytes that are not a BotMessage"))
            return
        if message.WhichOneof("payload") == "error":
            error = message.error
            self._remember(f"bot error ({wire.error_name(error.code)}): {error.message}")
        self._inbox.put_nowait((_MESSAGE, message))

    def detach(self, reason: str) -> None:
        """The stream ended; any decision waiting now fails as a crash."""
        with self._lock:
            if self._stream is None:
                return
            self._stream = None
            self._gone = reason
        self._inbox.put_nowait((_GONE, reason))

    @property
    def connected(self) -> bool:
        return self._stream is not None

    @property
    def joined(self) -> bool:
        """The bot said hello at some point (it may have left since)."""
        return self._attached

    async def wait_joined(self, timeout: float) -> bool:
        """Wait on the loop up to `timeout` seconds for the bot's hello; True once joined."""
        if not self._attached:
            try:
                async with asyncio.timeout(timeout):
                    await self._joined.wait()
            except TimeoutError:
                pass
        return self._attached

    # -- Agent interface ----------------------------------------------------------------

    def start(self, header: dict[str, Any]) -> None:
        self._send(pb.RefereeMessage(match_start=wire.match_start(header)))

    def decide(self, request: DecisionRequest, timeout: float) -> str:
        if self.loop is None:  # no server: no bot can ever have connected
            raise AgentCrashed("the bot never connected")
        return call(self.loop, self.decide_async(request, timeout))

    async def decide_async(self, request: DecisionRequest, timeout: float) -> str:
        request_id = self._next_id
        self._next_id += 1
        turn = wire.turn_message(
            request_id, self.game, request.view, request.legal, request.per_decision, request.bank
        )
        stream = self._live_stream()
        deadline = time.monotonic() + timeout
        try:
            async with asyncio.timeout(timeout):  # a bot that reads nothing may hold writes
                await stream.write(turn)
        except TimeoutError:
            self._notify(pb.ERROR_CODE_TIMEOUT, request_id, "the turn could not be delivered")
            raise AgentTimeout(f"the turn could not be delivered in {timeout:.3f}s") from None
        stale = 0
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                if stale:
                    self._notify(pb.ERROR_CODE_STALE_REPLY, request_id, "answered too late")
                    raise AgentStaleReply(f"no reply in {timeout:.3f}s, only {stale} stale ones")
                self._notify(pb.ERROR_CODE_TIMEOUT, request_id, f"no reply in {timeout:.3f}s")
                raise AgentTimeout(f"no reply in {timeout:.3f}s")
            try:
                async with asyncio.timeout(left):
                    kind, item = await self._inbox.get()
            except TimeoutError:
                continue
            if kind == _GONE:
                raise AgentCrashed(item)
            if kind == _GARBAGE:
                raise self._protocol_error(request_id, item)
            payload = item.WhichOneof("payload")
            if payload == "action":
                reply = item.action
                if reply.request_id == request_id:
                    return self._checked(reply.code, request, request_id)
                if 0 < reply.request_id < request_id:
                    stale += 1
                    self._notify(
                        pb.ERROR_CODE_STALE_REPLY,
                        reply.request_id,
                        f"turn {reply.request_id} is over; waiting for turn {request_id}",
                        strike=False,
                    )
                    continue
                raise self._protocol_error(request_id, f"reply to unknown turn {reply.request_id}")
            if payload == "error":
                error = item.error
                if error.request_id == request_id:
                    self._notify(pb.ERROR_CODE_BOT_ERROR, request_id, error.message[:500])
                    raise AgentError(f"bot error: {error.message[:500]}")
                continue
            raise self._protocol_error(request_id, f"unexpected {payload or 'empty'} message")

    def event(self, event: dict[str, Any]) -> None:
        self._send(pb.RefereeMessage(event=wire.event_message(event)))

    def end(self, result: dict[str, Any]) -> None:
        self._send(pb.RefereeMessage(match_end=wire.match_end(result)))
        self._ended = True

    def close(self) -> None:
        with self._lock:
            stream = self._stream
            ended = self._ended
        if stream is None:
            return
        if not ended:
            stream.send(_error(pb.ERROR_CODE_ABORTED, 0, "the referee closed this seat early"))
        stream.close()

    def stderr(self) -> str:
        return "\n".join(self._log)

    # -- helpers ----------------------------------------------------------------------

    def _send(self, message: pb.RefereeMessage) -> None:
        self._live_stream().send(message)

    def _live_stream(self) -> Stream:
        """The bot's stream; AgentCrashed once it is gone (or never came)."""
        stream = self._stream
        if stream is None:
            raise AgentCrashed(self._gone or "the bot never connected")
        return stream

    def _notify(self, code: int, request_id: int, message: str, strike: bool = True) -> None:
        """Tell the bot, in-band, what happened to its turn; never fails the referee."""
        stream = self._stream
        if stream is not None:
            stream.send(_error(code, request_id, message, strike))

    def _checked(self, code: str, request: DecisionRequest, request_id: int) -> str:
        """Return the code; warn the bot now if the referee is about to strike it."""
        if all(action.code != code for action in request.legal):
            self._notify(pb.ERROR_CODE_ILLEGAL_ACTION, request_id, f"{code!r} is not legal")
        return code

    def _protocol_error(self, request_id: int, detail: str) -> AgentProtocolError:
        self._notify(pb.ERROR_CODE_PROTOCOL, request_id, detail)
        return AgentProtocolError(detail)

    def _remember(self, line: str) -> None:
        if self._log_size < LOG_CAP:
            line = line[: LOG_CAP - self._log_size]
            self._log.append(line)
            self._log_size += len(line) + 1


def _error(code: int, request_id: int, message: str, strike: bool = False) -> pb.RefereeMessage:
    return pb.RefereeMessage(
        error=pb.Error(code=code, message=message, request_id=request_id, strike=strike)
    )


class RemoteMatch:
    """The remote seats of one match, each with its token; a referee plays `agents`."""

    def __init__(
        self,
        game: str,
        seats: int | Iterable[int],
        *,
        match_id: str = "",
        tokens: Mapping[int, str] | None = None,
        names: Mapping[int, str] | None = None,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        """`loop` is the event loop of the server the bots connect to."""
        seat_list = list(range(seats)) if isinstance(seats, int) else sorted(set(seats))
        self.game = game
        self.match_id = match_id
        self.tokens: dict[int, str] = {
            seat: (tokens or {}).get(seat) or new_token() for seat in seat_list
        }
        self._agents = {
            seat: RemoteAgent(game, seat, (names or {}).get(seat), match_id, loop)
            for seat in seat_list
        }
        self._joined = threading.Condition()
        for agent in self._agents.values():
            agent._on_attach = self._notify_joined
        self.on_close: Callable[[RemoteMatch], None] | None = None

    @property
    def agents(self) -> list[RemoteAgent]:
        """The remote agents in seat order."""
        return [self._agents[seat] for seat in sorted(self._agents)]

    def agent(self, seat: int) -> RemoteAgent:
        return self._agents[seat]

    def missing(self) -> list[int]:
        """Seats whose bot has not said hello yet."""
        return [seat for seat, agent in sorted(self._agents.items()) if not agent.joined]

    def wait_for_seats(self, timeout: float) -> list[int]:
        """Wait up to `timeout` seconds for every bot to join; return the seats still missing.

        A seat still missing when the referee starts fails as a crash (disqualified), so a
        match can go on without a bot that never came.
        """
        with self._joined:
            self._joined.wait_for(lambda: not self.missing(), timeout)
            return self.missing()

    def close(self) -> None:
        """Close every seat's stream and forget the tokens. Safe to call twice."""
        for agent in self._agents.values():
            agent.close()
        if self.on_close is not None:
            self.on_close(self)

    def __enter__(self) -> RemoteMatch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _notify_joined(self) -> None:
        with self._joined:
            self._joined.notify_all()
