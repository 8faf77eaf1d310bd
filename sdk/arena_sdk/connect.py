"""Keep a remote bot online: `arena-bot connect BOT.py --server HOST:PORT --token T`.

A remote bot holds one `Gateway.Attend` stream (proto/arena/v1/gateway.proto) open with
its bot token. For every `MatchOffer` that arrives it plays the match on a `Referee.Play`
stream of its own (`client.run_bot`, with a fresh bot object each time), up to
`concurrency` matches at once in threads. A lost connection is retried with backoff; a
refused token ends it. A match whose stream breaks rejoins its seat within the gateway's
grace period.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import grpc

from arena_sdk import wire
from arena_sdk.bot import Bot
from arena_sdk.client import ClientError, channel_for, run_bot, target
from arena_sdk.proto.arena.v1 import gateway_pb2 as gpb
from arena_sdk.proto.arena.v1 import gateway_pb2_grpc

log = logging.getLogger("arena_sdk")
#: Endings after which connecting again cannot help.
_FINAL = {"BAD_TOKEN", "TOO_MANY"}


@dataclass
class Tally:
    """What a connected bot has done so far (thread-safe enough for counters)."""

    offered: int = 0
    played: int = 0
    failed: int = 0
    results: list[dict[str, Any]] = field(default_factory=list)


def bot_factory(found: Bot | type[Bot]) -> Callable[[], Bot]:
    """A new bot per match: a class is instantiated, an instance copied."""
    if isinstance(found, Bot):
        return lambda: copy.deepcopy(found)
    return found


def connect(
    make_bot: Callable[[], Bot],
    server_addr: str,
    token: str,
    *,
    concurrency: int | None = None,
    credentials: grpc.ChannelCredentials | None = None,
    name: str | None = None,
    matches: int = 0,
    stop: threading.Event | None = None,
) -> Tally:
    """Stay online and play every match offered, until `stop` is set, `matches` were
    played (0: no end), or the gateway refuses the token (ClientError)."""
    stop = stop or threading.Event()
    tally = Tally()
    address = target(server_addr)
    backoff = 0.5
    # One pool for the whole run: matches under way go on while the lobby reconnects.
    pool = _Pool(concurrency)
    try:
        while not stop.is_set():
            try:
                asyncio.run(
                    _attend(make_bot, address, token, pool, credentials, name, matches, stop, tally)
                )
                backoff = 0.5
            except ClientError as exc:
                if exc.code in _FINAL:
                    raise
                log.warning("gateway: %s; connecting again in %.1fs", exc, backoff)
                stop.wait(backoff)
                backoff = min(backoff * 2, 10.0)
    finally:
        pool.shutdown()
    return tally


class _Pool:
    """The threads that play matches, sized by the first welcome (the site's concurrency,
    or less if the caller asked for less)."""

    def __init__(self, wanted: int | None) -> None:
        self.wanted = wanted
        self.executor: ThreadPoolExecutor | None = None

    def size(self, allowed: int) -> int:
        slots = max(1, min(self.wanted or allowed, allowed or 1))
        if self.executor is None:
            self.executor = ThreadPoolExecutor(slots, thread_name_prefix="match")
        return slots

    def shutdown(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=True)


async def _attend(
    make_bot: Callable[[], Bot],
    address: str,
    token: str,
    pool: _Pool,
    credentials: grpc.ChannelCredentials | None,
    name: str | None,
    matches: int,
    stop: threading.Event,
    tally: Tally,
) -> None:
    request = gpb.AttendRequest(token=token, bot_name=name or "", sdk_version=wire.SDK_IDENT)
    async with channel_for(address, credentials) as channel:
        call = gateway_pb2_grpc.GatewayStub(channel).Attend(request)
        grace = 0.0
        try:
            async for message in _until(call, stop):
                payload = message.WhichOneof("payload")
                if payload == "welcome":
                    welcome = message.welcome
                    slots = pool.size(welcome.concurrency)
                    grace = float(welcome.rejoin_grace_s)
                    log.warning("online as %s (%s), %d match(es) at once",
                                welcome.bot, welcome.game, slots)  # fmt: skip
                elif payload == "offer" and pool.executor is not None:
                    tally.offered += 1
                    pool.executor.submit(
                        _play_one, make_bot, address, message.offer, credentials, name, grace,
                        tally, matches, stop,
                    )  # fmt: skip
                elif payload == "error":
                    error = message.error
                    raise ClientError(wire.error_name(error.code), error.message)
        except grpc.aio.AioRpcError as exc:
            raise ClientError(exc.code().name, exc.details() or "") from exc
        finally:
            call.cancel()


async def _until(call: Any, stop: threading.Event) -> Any:
    """The call's messages, until `stop` is set (checked every half second)."""
    reader = asyncio.ensure_future(call.read())
    try:
        while not stop.is_set():
            done, _ = await asyncio.wait([reader], timeout=0.5)
            if not done:
                continue
            message = reader.result()
            if message is grpc.aio.EOF:
                raise ClientError("CLOSED", "the gateway ended the Attend stream")
            yield message
            reader = asyncio.ensure_future(call.read())
    finally:
        reader.cancel()


def _play_one(
    make_bot: Callable[[], Bot],
    address: str,
    offer: gpb.MatchOffer,
    credentials: grpc.ChannelCredentials | None,
    name: str | None,
    grace: float,
    tally: Tally,
    matches: int,
    stop: threading.Event,
) -> None:
    started = time.monotonic()
    try:
        result = run_bot(
            make_bot(),
            address,
            offer.token,
            name=name,
            connect_timeout=max(1.0, offer.join_within_ms / 1000),
            credentials=credentials,
            rejoin_for=grace,
        )
    except ClientError as exc:
        tally.failed += 1
        log.warning("match %s seat %d: %s", offer.match_id, offer.seat, exc)
        return
    except Exception:
        tally.failed += 1
        log.exception("match %s seat %d failed", offer.match_id, offer.seat)
        return
    tally.played += 1
    tally.results.append(result)
    mine = result["outcome"][result["seat"]] if result["outcome"] else {}
    log.warning(
        "match %s: seat %d, rank %s, %d strike(s), %.1fs",
        offer.match_id, offer.seat, mine.get("rank"), len(result["strikes"]),
        time.monotonic() - started,
    )  # fmt: skip
    if matches and tally.played >= matches:
        stop.set()
