"""Play a match as a gRPC client: the hosted side of `Bot`.

`run_bot` opens the one bidirectional stream of the protocol (proto/arena/v1/referee.proto),
says hello with the seat's token, and turns every referee message into a call of the
bot's hooks with the same dicts an in-process bot gets. A bot's exception is reported
in-band (the referee strikes that turn) instead of dropping the connection.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import grpc

from arena_sdk import views, wire
from arena_sdk.bot import Bot
from arena_sdk.proto.arena.v1 import referee_pb2 as pb
from arena_sdk.proto.arena.v1 import referee_pb2_grpc

log = logging.getLogger("arena_sdk")

#: Referee errors after which the referee closes the stream.
_FINAL = {pb.ERROR_CODE_BAD_TOKEN, pb.ERROR_CODE_SEAT_TAKEN, pb.ERROR_CODE_ABORTED}


class ClientError(RuntimeError):
    """The match could not be played to its end: refused, aborted or disconnected."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        #: An ErrorCode name without its prefix ("BAD_TOKEN") or a gRPC status ("UNAVAILABLE").
        self.code = code


def target(server_addr: str) -> str:
    """A gRPC target: "unix:/path" and "host:port" as given; a bare path means a socket."""
    return f"unix:{server_addr}" if server_addr.startswith("/") else server_addr


def run_bot(
    bot: Bot,
    server_addr: str,
    token: str,
    *,
    name: str | None = None,
    connect_timeout: float = 10.0,
    credentials: grpc.ChannelCredentials | None = None,
    rejoin_for: float = 0.0,
) -> dict[str, Any]:
    """Play one match as `bot` against the referee at `server_addr`; return the result.

    The result is the dict `bot.on_end` received. Raises ClientError if the referee
    refused the token, closed the seat early, or the connection failed. With
    `credentials` (grpc.ssl_channel_credentials) the channel is TLS. With `rejoin_for`
    seconds, a stream that breaks mid-match is opened again with the same token until
    then (a gateway holds the seat that long): the bot goes on where it was, and its
    `on_start` is not called twice. The bot's hooks run on this thread, inside an asyncio
    loop (the fastest gRPC client measured here): call it from a thread with no running
    loop. The whole match, rejoins included, is one loop: gRPC's asyncio objects must
    not outlive theirs.
    """
    return asyncio.run(
        play(
            bot,
            server_addr,
            token,
            name=name,
            connect_timeout=connect_timeout,
            credentials=credentials,
            rejoin_for=rejoin_for,
        )
    )


#: Runs a bot hook (`_Session.handle` on a message) and returns what it returned.
HookRunner = Callable[[Callable[[pb.RefereeMessage], bool], pb.RefereeMessage], Awaitable[bool]]


async def play(
    bot: Bot,
    server_addr: str,
    token: str,
    *,
    name: str | None = None,
    connect_timeout: float = 10.0,
    credentials: grpc.ChannelCredentials | None = None,
    rejoin_for: float = 0.0,
    hooks: HookRunner | None = None,
) -> dict[str, Any]:
    """`run_bot` on the running loop. With `hooks`, the bot's hooks run through it (in a
    thread of their own, for `connect`, so a slow bot holds up only its own match);
    without, on the loop's thread (no hand-off: the fastest for one match a process)."""
    hello = pb.Hello(
        token=token,
        bot_name=name or _name(bot),
        sdk_version=wire.SDK_IDENT,
        features=[] if bot.live_events else [wire.EVENTS_IN_TURNS],
    )
    session = _Session(bot)
    address = target(server_addr)
    broken_at: float | None = None
    while True:
        try:
            return await _play(session, address, hello, connect_timeout, credentials, hooks)
        except ClientError as exc:
            now = time.monotonic()
            if session.welcomed_now or broken_at is None:
                broken_at = now  # it played on that stream: a new break
            left = rejoin_for - (now - broken_at)
            if left <= 0 or not session.welcomed or exc.code in _NO_REJOIN:
                raise
            log.warning("stream lost (%s); rejoining the seat", exc)
            await asyncio.sleep(min(0.5, left))
            connect_timeout = max(0.5, left)


#: Endings after which the seat is gone for good: no point in rejoining.
_NO_REJOIN = {"BAD_TOKEN", "SEAT_TAKEN", "ABORTED", "TOO_MANY", "FLOOD", "RESOURCE_EXHAUSTED"}


def channel_for(
    address: str, credentials: grpc.ChannelCredentials | None = None
) -> grpc.aio.Channel:
    """An asyncio channel to `address`: TLS with `credentials`, else plaintext."""
    if credentials is not None:
        return grpc.aio.secure_channel(address, credentials)
    return grpc.aio.insecure_channel(address)


async def _play(
    session: _Session,
    address: str,
    hello: pb.Hello,
    connect_timeout: float,
    credentials: grpc.ChannelCredentials | None,
    hooks: HookRunner | None,
) -> dict[str, Any]:
    session.welcomed_now = False
    async with channel_for(address, credentials) as channel:
        try:
            await asyncio.wait_for(channel.channel_ready(), connect_timeout)
        except TimeoutError:
            raise ClientError(
                "UNAVAILABLE", f"no referee at {address} after {connect_timeout:g}s"
            ) from None
        call = referee_pb2_grpc.RefereeStub(channel).Play()
        try:
            await call.write(pb.BotMessage(hello=hello))
            while (message := await call.read()) is not grpc.aio.EOF:
                if hooks is None:
                    done = session.handle(message)
                else:
                    done = await hooks(session.handle, message)
                while session.replies:
                    await call.write(session.replies.popleft())
                if done:
                    break
        except grpc.aio.AioRpcError as exc:
            raise ClientError(exc.code().name, exc.details() or "") from exc
        except asyncio.InvalidStateError:  # wrote after the referee ended the stream
            pass
        finally:
            call.cancel()
    if session.result is None:
        raise ClientError(*session.last_error)
    return session.result


def _name(bot: Bot) -> str:
    return bot.name or type(bot).__name__


class _Session:
    """Turns referee messages into bot calls and queues the replies."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        #: Messages to send, in order, after each `handle`.
        self.replies: deque[pb.BotMessage] = deque()
        self.welcomed = False
        #: Welcomed on this stream (`welcomed`: on any, so a rejoin keeps the bot's state).
        self.welcomed_now = False
        self.started = False
        self.result: dict[str, Any] | None = None
        #: The newest turn whose events were handed to the bot: a turn sent again after
        #: a rejoin carries them again.
        self.events_upto = 0
        self.last_error = ("CLOSED", "the referee ended the stream before the match ended")

    def handle(self, message: pb.RefereeMessage) -> bool:
        """React to one message; True once the referee has nothing more to say."""
        payload = message.WhichOneof("payload")
        if payload == "turn":
            turn = message.turn
            if turn.request_id > self.events_upto:
                self.events_upto = turn.request_id
                self._events(turn.events)
            self._turn(turn)
        elif payload == "event":
            self._hook("on_event", wire.event_from(message.event))
        elif payload == "match_start":
            header = wire.header_from(message.match_start)
            self.bot.seat = header["seat"]
            if not self.started:  # a rejoined stream repeats the header
                self.started = True
                self._hook("on_start", header)
        elif payload == "welcome":
            self.welcomed = self.welcomed_now = True
            self.bot.seat = message.welcome.seat
        elif payload == "match_end":
            self._events(message.match_end.events)
            self.result = wire.result_from(message.match_end)
            self._hook("on_end", self.result)
            return True
        elif payload == "error":
            return self._referee_error(message.error)
        # Anything else comes from a newer protocol version: ignore it.
        return False

    def _events(self, events: Iterable[pb.Event]) -> None:
        for event in events:
            self._hook("on_event", wire.event_from(event))

    def _turn(self, turn: pb.TurnRequest) -> None:
        try:
            code = self.bot.act(views.turn_view(turn), wire.legal_from(turn))
            if not isinstance(code, str):
                raise TypeError(f"act() must return an action code (str), not {code!r}")
        except Exception as exc:  # the bot's bug costs it this turn, not the match
            log.exception("act() failed on turn %d", turn.request_id)
            self._send_error(pb.ERROR_CODE_BOT_ERROR, f"{type(exc).__name__}: {exc}", turn)
            return
        reply = pb.ActionReply(request_id=turn.request_id, code=code)
        self.replies.append(pb.BotMessage(action=reply))

    def _hook(self, method: str, argument: dict[str, Any]) -> None:
        try:
            getattr(self.bot, method)(argument)
        except Exception as exc:
            log.exception("%s() failed", method)
            self._send_error(pb.ERROR_CODE_BOT_ERROR, f"{method}: {type(exc).__name__}: {exc}")

    def _send_error(self, code: int, text: str, turn: pb.TurnRequest | None = None) -> None:
        error = pb.Error(code=code, message=text[:2000], request_id=turn.request_id if turn else 0)
        self.replies.append(pb.BotMessage(error=error))

    def _referee_error(self, error: pb.Error) -> bool:
        """Log a referee notice; True if the referee is closing the stream after it."""
        name = wire.error_name(error.code)
        strike = " (strike)" if error.strike else ""
        turn = f" on turn {error.request_id}" if error.request_id else ""
        log.warning("referee: %s%s%s: %s", name, strike, turn, error.message)
        if error.code in _FINAL or not self.welcomed_now:
            self.last_error = (name, error.message)
            return True
        return False
