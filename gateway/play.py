"""`Referee.Play` on a gateway: one bot's match stream, relayed to the worker's referee.

The gateway reads the hello and finds the seat by its token (seat:<hash>, written by the
worker); then it only carries bytes: what the bot sends goes to the seat's up list, what
the worker's `RelayAgent` sends comes from this stream's own down list. Every protocol
rule (turns, strikes, flood bounds) is the worker's, exactly as for `arena host`.

One thing is rewritten: a turn's deadline. The referee's clock started when the worker
sent the turn; the gateway takes off what the trip through the relay took, so the
deadline the bot sees is what it has left (a slow link to the bot is the bot's time).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

import grpc
from google.protobuf.message import DecodeError

from arena.match.limits import HELLO_SECONDS, LINGER_MESSAGES, LINGER_SECONDS, MESSAGE_BYTES
from arena.relay import envelope as env
from arena.telemetry.metrics import RELAYED_SEATS_TOTAL
from arena_sdk.proto.arena.v1 import referee_pb2 as pb
from gateway import caps
from gateway.limits import PLAY_STREAMS_SPARE

if TYPE_CHECKING:
    from gateway.server import GatewayServer

log = logging.getLogger("arena.gateway")
POLL_SECONDS = 1.0


def _error(code: int, message: str) -> bytes:
    return pb.RefereeMessage(error=pb.Error(code=code, message=message)).SerializeToString()


async def _refuse(context: grpc.aio.ServicerContext, code: int, message: str) -> None:
    """A final error, read by the bot before the stream ends (as the referee does)."""
    with contextlib.suppress(Exception):
        async with asyncio.timeout(LINGER_SECONDS):
            await context.write(_error(code, message))
            for _ in range(LINGER_MESSAGES):
                if await context.read() is grpc.aio.EOF:
                    break


#: What a token that opens no seat is told: Play takes seat tokens, which the lobby gives.
NO_SEAT = (
    "this token opens no seat: Referee.Play takes a seat token, as offered by the lobby "
    "(Gateway.Attend with the bot token)"
)
BOT_TOKEN_ON_PLAY = (
    "this is a bot token: attend the lobby (Gateway.Attend) with it; Referee.Play takes "
    "the seat tokens the lobby offers"
)


async def _no_seat(token: str) -> str:
    """Why `token` opens no seat. A bot token is the usual mistake: say where it goes.

    Only a token shaped like one costs a database look-up (as an Attend does). The models
    are imported here: the rest of this module needs no Django (tests use it bare)."""
    from gateway import auth

    if not token.startswith(auth.BOT_TOKEN_PREFIX):
        return NO_SEAT
    try:
        identity = await asyncio.to_thread(auth.identify, token)
    except Exception as exc:  # the database is away: the refusal still goes out
        log.warning("gateway: cannot look a token up: %s", exc)
        return NO_SEAT
    return NO_SEAT if identity is None else BOT_TOKEN_ON_PLAY


async def play(server: GatewayServer, requests: Any, context: grpc.aio.ServicerContext) -> None:
    try:
        async with asyncio.timeout(HELLO_SECONDS):
            raw = await context.read()
    except TimeoutError:
        await _refuse(context, pb.ERROR_CODE_TIMEOUT, f"no hello within {HELLO_SECONDS:g}s")
        return
    if raw is grpc.aio.EOF:
        return
    if len(raw) > MESSAGE_BYTES:
        await _refuse(context, pb.ERROR_CODE_MESSAGE_TOO_LARGE, "the hello is too large")
        return
    try:
        first = pb.BotMessage.FromString(raw)
    except DecodeError:
        first = None
    if first is None or first.WhichOneof("payload") != "hello":
        await _refuse(context, pb.ERROR_CODE_PROTOCOL, "the first message must be hello")
        return
    record_raw = await server.redis.get(env.seat_key(first.hello.token))
    if record_raw is None:
        await _refuse(context, pb.ERROR_CODE_BAD_TOKEN, await _no_seat(first.hello.token))
        return
    record = json.loads(record_raw)
    relay, bot = str(record["relay"]), str(record["bot"])
    sid = secrets.token_hex(env.SID_CHARS // 2)
    cap = int(record.get("concurrency", 1)) + PLAY_STREAMS_SPARE
    if not await caps.claim_stream(server.redis, "play", bot, sid, cap):
        await _refuse(context, pb.ERROR_CODE_TOO_MANY, f"this bot has {cap} Play streams open")
        return
    server.plays[sid] = bot
    RELAYED_SEATS_TOTAL.inc()
    try:
        await _relay(server, context, relay, bot, sid, first.hello.SerializeToString())
    finally:
        server.plays.pop(sid, None)
        with contextlib.suppress(Exception):
            await caps.release_stream(server.redis, "play", bot, sid)


async def _relay(
    server: GatewayServer,
    context: grpc.aio.ServicerContext,
    relay: str,
    bot: str,
    sid: str,
    hello: bytes,
) -> None:
    up = env.up_key(relay)
    await _push(server, up, env.attach(sid, server.gid, context.peer(), hello))
    owed = caps.Owed()
    # One write at a time: gRPC refuses a second while one is in flight, and the flood notice
    # (the reader's) would be lost if it met the welcome or a turn (the writer's).
    writing = asyncio.Lock()
    reader = asyncio.create_task(_read(server, context, up, bot, sid, owed, writing))
    down = env.down_key(relay, sid)
    writer = asyncio.create_task(_write(server, context, down, owed, writing))
    try:
        done, _ = await asyncio.wait([reader, writer], return_when=asyncio.FIRST_COMPLETED)
        if writer in done and not writer.cancelled():
            ending = writer.result()
            if ending is None:  # closed: let the bot read the end and close its side
                await asyncio.wait([reader], timeout=LINGER_SECONDS)
            else:
                context.set_code(grpc.StatusCode.RESOURCE_EXHAUSTED)
                context.set_details(ending)
    finally:
        for task in (reader, writer):
            task.cancel()


async def _push(server: GatewayServer, key: str, item: bytes) -> None:
    pipe = server.redis.pipeline(transaction=False)
    pipe.rpush(key, item)
    pipe.expire(key, env.KEY_TTL_SECONDS)
    await pipe.execute()


async def _read(
    server: GatewayServer,
    context: grpc.aio.ServicerContext,
    up: str,
    bot: str,
    sid: str,
    owed: caps.Owed,
    writing: asyncio.Lock,
) -> None:
    """The bot's messages, up to the worker; its leaving, as a detach."""
    rate = server.rate_for(bot)
    reason = "the bot's stream ended"
    try:
        while (raw := await context.read()) is not grpc.aio.EOF:
            if not owed.answer() and not rate.take():
                note = f"more than {rate.rate:g} messages a second"
                await _push(server, up, env.flood(sid, note))
                # Bounded: a writer stuck on a bot that reads nothing must not hold the cut.
                with contextlib.suppress(Exception):
                    async with asyncio.timeout(LINGER_SECONDS), writing:
                        await context.write(_error(pb.ERROR_CODE_TOO_MANY, f"cut off: {note}"))
                reason = ""
                return
            await _push(server, up, env.message(sid, raw))
    except asyncio.CancelledError:
        reason = "the gateway closed the stream"
        raise
    except Exception as exc:
        reason = f"connection lost: {exc}"
    finally:
        if reason:
            with contextlib.suppress(Exception):
                await asyncio.shield(_push(server, up, env.detach(sid, reason)))


async def _write(
    server: GatewayServer,
    context: grpc.aio.ServicerContext,
    down: str,
    owed: caps.Owed,
    writing: asyncio.Lock,
) -> str | None:
    """The worker's messages, down to the bot, until a close (None) or a cut (why)."""
    while True:
        item = await server.redis.blpop([down], timeout=POLL_SECONDS)
        if item is None:
            continue
        kind, sent, body = env.parse_down(item[1])
        if kind == env.CLOSE:
            return None
        if kind == env.CUT:
            return body.decode(errors="replace")
        message = pb.RefereeMessage.FromString(body)
        if message.WhichOneof("payload") == "turn":
            owed.asked()
        async with writing:
            await context.write(_on_time(body, sent, message))


def _on_time(raw: bytes, sent: float, message: pb.RefereeMessage | None = None) -> bytes:
    """A turn's deadline less the time it spent in the relay; other messages as they are
    (`message` is `raw` already parsed, if it was)."""
    if message is None:
        message = pb.RefereeMessage.FromString(raw)
    if message.WhichOneof("payload") != "turn":
        return raw
    late = max(0, round((time.time() - sent) * 1000))
    if late == 0:
        return raw
    turn = message.turn
    spent = min(late, turn.deadline_ms)
    turn.deadline_ms -= spent
    turn.time_bank_ms -= min(late - spent, turn.time_bank_ms)
    return message.SerializeToString()
