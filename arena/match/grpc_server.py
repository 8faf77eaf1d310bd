"""The referee's gRPC server: serves arena.v1.Referee to bots, plus health and reflection.

Servers are asyncio gRPC servers (the fastest option measured here, see MEASURED.md) on
the process's shared loop (arena.match.loop), where referees with hosted seats play too:
each connected bot is a `RemoteAgent` and its messages never cross a thread. One server
can host many matches at once; a bot's token picks its match and seat.

Whoever connects, the server's memory stays bounded (the numbers are in arena.match.limits):
gRPC itself caps connections, streams and the size of a message; a stream must say hello
within seconds; a seat is played by one stream; and what a seat's bot sends is bounded by
its RemoteAgent, which can cut the stream off.

    with RefereeServer(unix_socket="/run/arena/ref.sock") as server:
        match = server.open_match("wandering_towers", 3, match_id="m-42")
        ...start three bots with match.tokens[seat] and server.address...
        match.wait_for_seats(10)
        record = run_match("wandering_towers", match.agents, seed=7)
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import grpc
from google.protobuf.message import DecodeError
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from arena.match.limits import (
    HELLO_SECONDS,
    IDLE_CONNECTION_SECONDS,
    LINGER_MESSAGES,
    LINGER_SECONDS,
    MAX_CONNECTIONS,
    MAX_STREAMS,
    MESSAGE_BYTES,
    TRANSPORT_MESSAGE_BYTES,
)
from arena.match.loop import call, on_loop, shared_loop
from arena.match.reflection import enable_reflection
from arena.match.remote import RemoteAgent, RemoteMatch
from arena_sdk import wire
from arena_sdk.proto.arena.v1 import referee_pb2 as pb

SERVICE = pb.DESCRIPTOR.services_by_name["Referee"].full_name  # "arena.v1.Referee"
_CLOSE = object()  # ends a stream once everything queued before it is written and read
#: What a token that opens no seat is told. This referee knows no bot tokens, so it names
#: the usual mistake for any token: a remote bot's token belongs to a gateway's lobby.
NO_SEAT = (
    "this token opens no seat: Referee.Play takes a seat token (a remote bot's bot token "
    "is for the lobby, Gateway.Attend, which offers the seat tokens)"
)
#: How long a stream that is cut off may still write what was queued before the cut (the
#: notice saying why), in case the bot reads.
CUT_FLUSH_SECONDS = 0.2
_OPTIONS = [
    # Larger messages are refused by gRPC before they are read (RESOURCE_EXHAUSTED).
    ("grpc.max_receive_message_length", TRANSPORT_MESSAGE_BYTES),
    # What we send: a view is tens of KB; docs/protocol.md promises clients at most 1 MiB.
    ("grpc.max_send_message_length", 1 << 20),
    ("grpc.max_allowed_incoming_connections", MAX_CONNECTIONS),
    ("grpc.server_handshake_timeout_ms", int(HELLO_SECONDS * 1000)),
    ("grpc.max_connection_idle_ms", int(IDLE_CONNECTION_SECONDS * 1000)),
    # Bots send small messages: the receive window needs no growing, and growing it lets
    # gRPC buffer several times more of a flooding stream's messages (measured).
    ("grpc.http2.bdp_probe", 0),
    ("grpc.keepalive_time_ms", 20_000),
    ("grpc.http2.max_pings_without_data", 0),
]


class _Stream:
    """A connected bot's outgoing messages, written in the order they were sent.

    `send`, `close` and `cut` may be called from any thread: they queue for the stream's
    writer task. `write` is for the loop: it writes at once when nothing waits before it,
    which spares a referee asking for a turn one task switch.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, context: grpc.aio.ServicerContext) -> None:
        self._loop = loop
        self._context = context
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.writing = asyncio.Lock()
        #: Set when the stream is cut off, with why (the gRPC status details).
        self.cut_reason: str | None = None
        self.cut_now = asyncio.Event()

    def send(self, message: pb.RefereeMessage) -> None:
        if on_loop(self._loop):
            self.queue.put_nowait(message)
            return
        with contextlib.suppress(RuntimeError):  # the loop is closed: the bot is gone anyway
            self._loop.call_soon_threadsafe(self.queue.put_nowait, message)

    async def write(self, message: pb.RefereeMessage) -> None:
        if not self.queue.empty() or self.writing.locked():
            self.queue.put_nowait(message)
            return
        async with self.writing:
            # A stream that just ended fails here; the reader reports why to the agent.
            with contextlib.suppress(Exception):
                await self._context.write(message)

    def close(self) -> None:
        self.send(_CLOSE)  # type: ignore[arg-type]

    def cut(self, reason: str) -> None:
        if on_loop(self._loop):
            self._cut(reason)
            return
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._cut, reason)

    def _cut(self, reason: str) -> None:
        if self.cut_reason is None:
            self.cut_reason = reason
            self.cut_now.set()


def _digest(token: str) -> bytes:
    """Tokens are looked up by hash, so lookup time says nothing about their text."""
    return hashlib.sha256(token.encode()).digest()


def _error(code: int, message: str) -> pb.RefereeMessage:
    return pb.RefereeMessage(error=pb.Error(code=code, message=message))


class RefereeServer:
    """Serves the Referee service on a Unix socket and/or TCP, on the shared loop."""

    def __init__(
        self, *, unix_socket: str | os.PathLike[str] | None = None, tcp: str | None = None
    ) -> None:
        """`tcp` is "host:port"; port 0 picks a free one (see `addresses`)."""
        if unix_socket is None and tcp is None:
            raise ValueError("give a unix_socket path, a tcp host:port, or both")
        self._unix = Path(unix_socket) if unix_socket is not None else None
        self._tcp = tcp
        self.addresses: list[str] = []
        self._seats: dict[bytes, RemoteAgent] = {}
        self._seats_lock = threading.Lock()
        self.loop = shared_loop()
        self._server: grpc.aio.Server | None = None
        self._health: Any = None

    # -- lifecycle --------------------------------------------------------------------

    def start(self) -> RefereeServer:
        """Bind and serve; returns once the server accepts connections."""
        self.addresses = call(self.loop, self._start())
        return self

    @property
    def address(self) -> str:
        """The first address bots can dial (Unix socket first when there is one)."""
        return self.addresses[0]

    def stop(self, grace: float = 1.0) -> None:
        """Stop serving, giving open streams `grace` seconds. Safe to call twice."""
        call(self.loop, self.aclose(grace))

    async def aclose(self, grace: float = 1.0) -> None:
        """`stop` for code already on the loop."""
        server, self._server = self._server, None
        if server is None:
            return
        await self._health.enter_graceful_shutdown()
        await server.stop(grace)

    def __enter__(self) -> RefereeServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- matches ----------------------------------------------------------------------

    def open_match(
        self,
        game: str,
        seats: int | Iterable[int],
        *,
        match_id: str = "",
        tokens: Mapping[int, str] | None = None,
        names: Mapping[int, str] | None = None,
    ) -> RemoteMatch:
        """Register remote seats (all `seats` if an int); their bots may connect from now on.

        Tokens are generated unless given. `RemoteMatch.close()` unregisters them.
        """
        match = RemoteMatch(
            game, seats, match_id=match_id, tokens=tokens, names=names, loop=self.loop
        )
        with self._seats_lock:
            digests = {_digest(t): match.agent(seat) for seat, t in match.tokens.items()}
            clash = digests.keys() & self._seats.keys()
            if clash or len(digests) != len(match.tokens):
                raise ValueError("a token is already in use by another seat")
            self._seats.update(digests)
        match.on_close = self._forget
        return match

    def _forget(self, match: RemoteMatch) -> None:
        with self._seats_lock:
            for token in match.tokens.values():
                self._seats.pop(_digest(token), None)

    # -- the event loop thread --------------------------------------------------------

    async def _start(self) -> list[str]:
        # Streams over the cap get RESOURCE_EXHAUSTED from gRPC before any code of ours runs.
        server = grpc.aio.server(options=_OPTIONS, maximum_concurrent_rpcs=MAX_STREAMS)
        handler = grpc.stream_stream_rpc_method_handler(
            self._play,
            request_deserializer=None,  # raw bytes: garbage is the bot's strike, not ours
            response_serializer=pb.RefereeMessage.SerializeToString,
        )
        server.add_generic_rpc_handlers(
            [grpc.method_handlers_generic_handler(SERVICE, {"Play": handler})]
        )
        health_servicer = health.aio.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
        enable_reflection([SERVICE, health.SERVICE_NAME], server)
        addresses = []
        if self._unix is not None:
            server.add_insecure_port(f"unix:{self._unix}")
            addresses.append(f"unix:{self._unix}")
        if self._tcp is not None:
            port = server.add_insecure_port(self._tcp)
            host = self._tcp.rsplit(":", 1)[0]
            addresses.append(f"{host}:{port}")
        await server.start()
        for service in ("", SERVICE):
            await health_servicer.set(service, health_pb2.HealthCheckResponse.SERVING)
        self._server, self._health = server, health_servicer
        return addresses

    async def _play(self, requests: Any, context: grpc.aio.ServicerContext) -> None:
        """One bot's stream: hello, then the agent's messages out and the bot's in."""
        try:
            async with asyncio.timeout(HELLO_SECONDS):
                raw = await context.read()
        except TimeoutError:
            message = f"no hello within {HELLO_SECONDS:g}s"
            await self._refuse(context, pb.ERROR_CODE_TIMEOUT, message)
            return
        if raw is grpc.aio.EOF:
            return
        if len(raw) > MESSAGE_BYTES:
            message = f"a hello of {len(raw)} bytes; the limit is {MESSAGE_BYTES}"
            await self._refuse(context, pb.ERROR_CODE_MESSAGE_TOO_LARGE, message)
            return
        first = _parse(raw)
        if first is None or first.WhichOneof("payload") != "hello":
            await self._refuse(context, pb.ERROR_CODE_PROTOCOL, "the first message must be hello")
            return
        with self._seats_lock:
            agent = self._seats.get(_digest(first.hello.token))
        if agent is None:
            await self._refuse(context, pb.ERROR_CODE_BAD_TOKEN, NO_SEAT)
            return
        stream = _Stream(self.loop, context)
        welcome = pb.Welcome(
            match_id=agent.match_id, seat=agent.seat, features=wire.accepted_features(first.hello)
        )
        stream.queue.put_nowait(pb.RefereeMessage(welcome=welcome))
        if not agent.attach(stream, first.hello, peer=context.peer()):
            await self._refuse(context, pb.ERROR_CODE_SEAT_TAKEN, "this seat was already taken")
            return
        reader = asyncio.create_task(self._read(context, agent, stream))
        writer = asyncio.create_task(self._write(context, stream))
        cut = asyncio.create_task(stream.cut_now.wait())
        try:
            await asyncio.wait([writer, cut], return_when=asyncio.FIRST_COMPLETED)
            if stream.cut_reason is None:  # closed: let the bot read the end and go
                await asyncio.wait([reader], timeout=LINGER_SECONDS)
            else:  # cut off: read no more; write what says why, if the bot takes it
                reader.cancel()
                stream.queue.put_nowait(_CLOSE)
                await asyncio.wait([writer], timeout=CUT_FLUSH_SECONDS)
        finally:
            for task in (reader, writer, cut):
                task.cancel()
            agent.detach("the referee closed the stream")
        if stream.cut_reason is not None:
            # End the call with a status rather than aborting it: trailers follow the data,
            # so the bot still reads the notice saying why before the status (an abort
            # resets the stream and drops what the bot had not read yet).
            context.set_code(grpc.StatusCode.RESOURCE_EXHAUSTED)
            context.set_details(stream.cut_reason)

    async def _write(self, context: grpc.aio.ServicerContext, stream: _Stream) -> None:
        """Write what the agent queued, in order, until it closes the stream."""
        while (message := await stream.queue.get()) is not _CLOSE:
            async with stream.writing:
                await context.write(message)

    async def _refuse(self, context: grpc.aio.ServicerContext, code: int, message: str) -> None:
        """Send a final error, then let the bot read it before the stream ends (a few
        seconds and messages at most: a refused stream still holds one of the server's)."""
        with contextlib.suppress(Exception):
            async with asyncio.timeout(LINGER_SECONDS):
                await context.write(_error(code, message))
                for _ in range(LINGER_MESSAGES):
                    if await context.read() is grpc.aio.EOF:
                        break

    async def _read(
        self, context: grpc.aio.ServicerContext, agent: RemoteAgent, stream: _Stream
    ) -> None:
        reason = (
            "the stream ended before the match did: the bot closed it, or sent a message "
            f"over {TRANSPORT_MESSAGE_BYTES} bytes, which gRPC refuses (RESOURCE_EXHAUSTED)"
        )
        try:
            while (raw := await context.read()) is not grpc.aio.EOF:
                if not agent.receive(raw):
                    reason = "the referee stopped reading the stream"
                    break
        except asyncio.CancelledError:
            reason = "the referee closed the stream"
            raise
        except Exception as exc:  # the transport failed: the bot is gone
            reason = f"connection lost: {exc}"
        finally:
            agent.detach(reason)
            stream.queue.put_nowait(_CLOSE)


def _parse(raw: bytes) -> pb.BotMessage | None:
    try:
        return pb.BotMessage.FromString(raw)
    except DecodeError:
        return None
