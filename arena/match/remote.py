"""Seats played over the wire: `RemoteAgent` is an Agent whose bot is a gRPC client.

This module is the referee's side of one stream, independent of the transport: the
server (arena.match.grpc_server) attaches a `Stream` when a bot says hello with the
seat's token and feeds `receive` with the bytes of each message the bot sends, on the
server's event loop. A referee playing on that loop awaits `decide_async`; the blocking
`decide` serves any other thread (it runs `decide_async` on the loop).

Bounded whatever the bot sends (every number is in arena.match.limits). A message is dealt
with as it arrives: only an answer to the open turn waits in the inbox, which is capped in
messages and bytes; anything else the protocol does not allow is a strike at once (it ends
the open turn, or is collected by the referee through `violations`), and once a seat has
earned enough of those to be disqualified the referee stops reading its stream. Strings a
bot sends are cut and made storable before they are kept.

Stale replies. Every turn gets a fresh, increasing request id. A turn that ended without
an answer (it timed out, so it was struck and played by the fallback) accepts one late
answer, dropped with an in-band STALE_REPLY notice while the agent keeps waiting for the
current turn: striking it too would punish one slow move twice, and since a late reply
typically lands during the next turn, every following turn would be struck in a cascade.
One turn gets at most one strike; it is "stale" instead of "timeout" when its deadline
passes and the bot only sent late answers since the previous turn ended. Any other answer
to a past turn (a second one, or one to a turn that was answered) is a "stale" strike.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from google.protobuf.message import DecodeError

from arena.match.agents import Agent, DecisionRequest
from arena.match.limits import (
    INBOX_BYTES,
    INBOX_ITEM_OVERHEAD,
    INBOX_MESSAGES,
    LINGER_MESSAGES,
    LOG_CHARS,
    MESSAGE_BYTES,
    NAME_CHARS,
    STALE_WINDOW,
    TEXT_CHARS,
    UNSOLICITED_MAX,
)
from arena.match.loop import call
from arena.match.strikes import (
    AgentCrashed,
    AgentError,
    AgentFlood,
    AgentIllegalAction,
    AgentMessageTooLarge,
    AgentProtocolError,
    AgentStaleReply,
    AgentTimeout,
)
from arena.storable import storable
from arena_sdk import wire
from arena_sdk.proto.arena.v1 import referee_pb2 as pb

#: The strikes a seat may take when the header does not say (TimeControl's default).
DEFAULT_MAX_STRIKES = 3


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

    def cut(self, reason: str) -> None:
        """Stop reading now and end the stream (RESOURCE_EXHAUSTED, `reason` as details)
        once what is queued is written or a moment has passed."""


# Items in an agent's inbox: an answer to the open turn, a strike that ends it, the end.
_ANSWER, _FAILED, _GONE = "answer", "failed", "gone"


class RemoteAgent(Agent):
    """A seat whose bot connects over gRPC; see the module docstring for what it bounds."""

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
        #: What the bot said in its hello (untrusted, cut and made storable, for logs).
        self.bot_name = ""
        self.sdk_version = ""
        self.peer = ""
        #: The protocol features turned on for this seat's stream (Welcome.features).
        self.features: list[str] = []
        self._lock = threading.Lock()
        self._stream: Stream | None = None
        self._attached = False
        self._gone: AgentError | None = None
        self._ended = False
        self._closing = False
        self.loop = loop
        #: Everything below is touched on the loop only, like everything the transport calls.
        self._inbox: asyncio.Queue[tuple[str, Any, int]] = asyncio.Queue()
        self._inbox_bytes = 0
        self._joined = asyncio.Event()
        self._next_id = 1
        #: The turn being decided, and whether a strike already ended it.
        self._open: int | None = None
        self._open_failed = False
        #: Past turns that ended without an answer: each accepts one late answer.
        self._unanswered: deque[int] = deque(maxlen=STALE_WINDOW)
        #: Late answers accepted since the previous turn ended.
        self._late = 0
        self._pending: list[AgentError] = []
        self._unsolicited = 0
        self._max_strikes = DEFAULT_MAX_STRIKES
        self._dropped = 0
        self._log: list[str] = []
        self._log_size = 0
        self._on_attach: Callable[[], None] | None = None
        #: With "events_in_turns", other seats' moves wait here for this seat's next turn
        #: (or its MatchEnd) instead of going out one message each.
        self._events: list[pb.Event] = []
        #: The events the open turn carried, for sending it again after a rejoin.
        self.turn_events: list[pb.Event] = []

    # -- transport side (on the loop) -------------------------------------------------

    def attach(self, stream: Stream, hello: pb.Hello, peer: str = "") -> bool:
        """Bind the bot's stream to this seat; False if the seat was ever bound before."""
        with self._lock:
            if self._attached:
                return False
            self._attached = True
            self._stream = stream
            self.bot_name = storable(hello.bot_name[:NAME_CHARS], NAME_CHARS)
            self.sdk_version = storable(hello.sdk_version[:NAME_CHARS], NAME_CHARS)
            self.peer = peer[:NAME_CHARS]
            self.features = wire.accepted_features(hello)
            name = hello.bot_name[:NAME_CHARS]
            if not self._named and name.isprintable() and name.strip():
                self.name = name.strip()[:40]
        self._joined.set()
        if self._on_attach is not None:
            self._on_attach()
        return True

    def receive(self, raw: bytes) -> bool:
        """One message from the bot, as bytes; False once the transport should stop reading."""
        if self._stream is None or self._closing:
            self._dropped += 1  # the seat is over: drop what still comes, up to a point
            return self._dropped < LINGER_MESSAGES
        if len(raw) > MESSAGE_BYTES:
            limit = f"{len(raw)} bytes; the limit is {MESSAGE_BYTES}"
            self._violation(AgentMessageTooLarge(f"a message of {limit}"))
            return self._listening
        try:
            message = pb.BotMessage.FromString(raw)
        except DecodeError:
            self._violation(AgentProtocolError(f"{len(raw)} bytes that are not a BotMessage"))
            return self._listening
        payload = message.WhichOneof("payload")
        if payload == "error":
            error = message.error
            text = storable(error.message[:TEXT_CHARS], TEXT_CHARS)
            turn = f" on turn {error.request_id}" if error.request_id else ""
            self._remember(f"bot error ({wire.error_name(error.code)}){turn}: {text}")
            if error.request_id == 0:  # a failure outside any turn, as in an in-process bot
                public = f"bot error outside a turn ({wire.error_name(error.code)}){_IN_STDERR}"
                self._violation(AgentError(public), ends_turn=False)
                return self._listening
        if payload in ("action", "error"):
            self._route(message, len(raw))
        elif payload == "hello":
            self._violation(AgentProtocolError("a second hello"))
        else:
            self._violation(AgentProtocolError("an empty message, or one of an unknown kind"))
        return self._listening

    def detach(self, reason: str | AgentError) -> None:
        """The stream ended; any decision waiting now fails (a crash, unless `reason` is
        the AgentError that made the referee end it)."""
        error = reason if isinstance(reason, AgentError) else AgentCrashed(reason)
        with self._lock:
            if self._stream is None:
                return
            self._stream = None
            self._gone = error
        self._inbox.put_nowait((_GONE, error, 0))

    @property
    def events_in_turns(self) -> bool:
        return wire.EVENTS_IN_TURNS in self.features

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
        strikes = (header.get("time_control") or {}).get("max_strikes")
        self._max_strikes = max(1, int(strikes or DEFAULT_MAX_STRIKES))
        self._send(pb.RefereeMessage(match_start=wire.match_start(header)))

    def decide(self, request: DecisionRequest, timeout: float) -> str:
        if self.loop is None:  # no server: no bot can ever have connected
            raise AgentCrashed("the bot never connected")
        return call(self.loop, self.decide_async(request, timeout))

    async def decide_async(self, request: DecisionRequest, timeout: float) -> str:
        request_id = self._next_id
        self._next_id += 1
        self.turn_events, self._events = self._events, []
        turn = wire.turn_message(
            request_id, self.game, request.view, request.legal, request.per_decision,
            request.bank, self.turn_events,
        )  # fmt: skip
        stream = self._live_stream()
        deadline = time.monotonic() + timeout
        self._open, self._open_failed = request_id, False
        answered = False
        try:
            try:
                async with asyncio.timeout(timeout):  # a bot that reads nothing may hold writes
                    await stream.write(turn)
            except TimeoutError:
                late = AgentTimeout(f"the turn could not be delivered in {timeout:.3f}s")
                raise self._told(late, request_id, "the turn could not be delivered") from None
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    if self._late:
                        stale = AgentStaleReply(
                            f"no reply in {timeout:.3f}s, only {self._late} late ones"
                        )
                        raise self._told(stale, request_id, "answered too late")
                    silent = AgentTimeout(f"no reply in {timeout:.3f}s")
                    raise self._told(silent, request_id, str(silent))
                try:
                    async with asyncio.timeout(left):
                        kind, item, size = await self._inbox.get()
                except TimeoutError:
                    continue
                self._inbox_bytes -= size
                if kind != _ANSWER:  # _GONE or _FAILED: the error that ends this turn
                    raise item
                answered = True
                if item.WhichOneof("payload") == "action":
                    return self._checked(item.action.code, request, request_id)
                text = storable(item.error.message[:TEXT_CHARS], TEXT_CHARS)
                public = f"bot error ({wire.error_name(item.error.code)}){_IN_STDERR}"
                raise self._told(AgentError(public), request_id, text)
        finally:
            self._open = None
            self._late = 0
            if not answered:
                self._unanswered.append(request_id)
            self._sort_leftovers()

    def violations(self) -> list[AgentError]:
        found, self._pending = self._pending, []
        return found

    def event(self, event: dict[str, Any]) -> None:
        if self.events_in_turns:
            self._live_stream()  # a seat whose bot is gone fails here, as when sending
            self._events.append(wire.event_message(event))
            return
        self._send(pb.RefereeMessage(event=wire.event_message(event)))

    def end(self, result: dict[str, Any]) -> None:
        events, self._events = self._events, []
        self._send(pb.RefereeMessage(match_end=wire.match_end(result, events)))
        self._ended = True

    def close(self) -> None:
        with self._lock:
            stream = self._stream
            ended = self._ended
            self._closing = True
        if stream is None:
            return
        if not ended:
            stream.send(_error(pb.ERROR_CODE_ABORTED, 0, "the referee closed this seat early"))
        stream.close()

    def stderr(self) -> str:
        return "\n".join(self._log)

    # -- helpers ----------------------------------------------------------------------

    @property
    def _listening(self) -> bool:
        return self._stream is not None and not self._closing

    def _route(self, message: pb.BotMessage, size: int) -> None:
        """An action or error naming a turn: the answer, a late one, or a strike."""
        payload = message.WhichOneof("payload")
        request_id = getattr(message, payload).request_id
        if request_id == self._open:
            self._enqueue(message, size)
        elif request_id in self._unanswered:
            self._unanswered.remove(request_id)
            self._late += 1
            waiting = f"; waiting for turn {self._open}" if self._open else ""
            note = f"turn {request_id} is over{waiting}"
            self._notify(AgentStaleReply.code, request_id, note, strike=False)
        elif 0 < request_id < self._next_id:
            self._violation(AgentStaleReply(f"another answer to turn {request_id}, which is over"))
        else:
            self._violation(AgentProtocolError(f"an answer to turn {request_id}, never sent"))

    def _enqueue(self, message: pb.BotMessage, size: int) -> None:
        cost = size + INBOX_ITEM_OVERHEAD
        if self._inbox.qsize() >= INBOX_MESSAGES or self._inbox_bytes + cost > INBOX_BYTES:
            flood = AgentFlood(
                f"more than {INBOX_MESSAGES} answers or {INBOX_BYTES} bytes waiting to be read"
            )
            self._pending.append(flood)
            self._cut_off(flood)
            return
        self._inbox_bytes += cost
        self._inbox.put_nowait((_ANSWER, message, cost))

    def _violation(self, error: AgentError, ends_turn: bool = True) -> None:
        """A message the protocol does not allow: a strike, told to the bot at once."""
        self._notify(error.code, self._open or 0, str(error), strike=True)
        if ends_turn and self._open is not None and not self._open_failed:
            self._open_failed = True
            self._inbox.put_nowait((_FAILED, error, 0))
            return
        self._pending.append(error)
        self._unsolicited += 1
        if self._unsolicited >= self._max_strikes:  # disqualified once the referee looks
            strikes = AgentFlood(f"{self._unsolicited} strikes between turns")
            self._cut_off(strikes, pb.ERROR_CODE_ABORTED, strike=False)
        elif self._unsolicited >= UNSOLICITED_MAX:
            flood = AgentFlood(f"{self._unsolicited} messages the protocol does not allow")
            self._pending.append(flood)
            self._cut_off(flood)

    def _cut_off(self, error: AgentError, code: int | None = None, strike: bool = True) -> None:
        """Stop reading this bot and end its stream, telling it why (`code`, else the
        error's own); later calls raise `error`."""
        stream = self._stream
        if stream is None:
            return
        stream.send(_error(code or error.code, self._open or 0, f"cut off: {error}", strike))
        stream.cut(f"cut off: {error}")
        self.detach(error)

    def _sort_leftovers(self) -> None:
        """Deal with what came for a turn that is now over (a second answer, a late one)."""
        while not self._inbox.empty():
            kind, item, size = self._inbox.get_nowait()
            self._inbox_bytes -= size
            if kind == _ANSWER and self._listening:
                self._route(item, size - INBOX_ITEM_OVERHEAD)
            elif kind == _FAILED:
                self._pending.append(item)
            # _GONE: the stream is gone; the next call finds that out by itself.

    def _send(self, message: pb.RefereeMessage) -> None:
        self._live_stream().send(message)

    def _live_stream(self) -> Stream:
        """The bot's stream; the error that ended it once it is gone (or never came)."""
        stream = self._stream
        if stream is None:
            gone = self._gone or AgentCrashed("the bot never connected")
            raise type(gone)(str(gone))
        return stream

    def _notify(self, code: int, request_id: int, message: str, strike: bool = True) -> None:
        """Tell the bot, in-band, what happened to its turn; never fails the referee."""
        stream = self._stream
        if stream is not None and not self._closing:
            stream.send(_error(code, request_id, message, strike))

    def _told(self, error: AgentError, request_id: int, message: str) -> AgentError:
        """Tell the bot in-band that `error` strikes its turn (the error's own code); return
        the error, for raising."""
        self._notify(error.code, request_id, message)
        return error

    def _checked(self, code: str, request: DecisionRequest, request_id: int) -> str:
        """Return the code; warn the bot now if the referee is about to strike it."""
        if all(action.code != code for action in request.legal):
            quoted = repr(code[:TEXT_CHARS])
            self._notify(AgentIllegalAction.code, request_id, f"{quoted} is not legal")
        return code

    def _remember(self, line: str) -> None:
        if self._log_size < LOG_CHARS:
            line = storable(line[: LOG_CHARS - self._log_size], LOG_CHARS)
            self._log.append(line)
            self._log_size += len(line) + 1


#: A bot's own words (its error messages) are remembered in its stderr, private to its owner;
#: the strike detail, which is public, only points there.
_IN_STDERR = "; its message is in its stderr"


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
