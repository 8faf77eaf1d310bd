"""Keep a remote bot online: `arena-bot connect BOT.py --server HOST:PORT --token T`.

A remote bot holds one `Gateway.Attend` stream (proto/arena/v1/gateway.proto) open with
its bot token. For every `MatchOffer` that arrives it plays the match on a `Referee.Play`
stream of its own (`client.play`, with a fresh bot object each time), up to `concurrency`
matches at once. A lost connection is retried with backoff; a refused token ends it. A
match whose stream breaks rejoins its seat within the gateway's grace period. A process
that restarted gets its seats back the same way a new one gets a match: while a seat
waits for its bot, the lobby offers it again with the same token (a new bot object then
plays on from the open turn). An offer for a seat this process is playing already (it
is rejoining it by itself) is ignored.

All of it runs on one asyncio loop, on the calling thread, for the whole run. gRPC's
asyncio objects share one poller per process, which hands each event to the loop of its
call: a loop per match (threads each running `asyncio.run`) meant that a call's last
event could reach its loop after `asyncio.run` had closed it, and the hand-off raised
"Event loop is closed" on another match's thread. The bot's hooks run on one thread per
match (`_HookThread`), so a slow `act` holds up only its own match.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import grpc

from arena_sdk import wire
from arena_sdk.bot import Bot
from arena_sdk.client import ClientError, channel_for, play, target
from arena_sdk.proto.arena.v1 import gateway_pb2 as gpb
from arena_sdk.proto.arena.v1 import gateway_pb2_grpc

log = logging.getLogger("arena_sdk")
#: Endings after which connecting again cannot help.
_FINAL = {"BAD_TOKEN", "TOO_MANY"}
#: How often the loop looks at the `stop` and `leave` flags (set from signal handlers).
POLL_SECONDS = 0.2
T = TypeVar("T")


@dataclass
class Tally:
    """What a connected bot has done so far."""

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
    leave: threading.Event | None = None,
) -> Tally:
    """Stay online and play every match offered, until `stop` is set, `matches` were
    played (0: no end), or the gateway refuses the token (ClientError).

    Then it leaves the lobby and plays the matches under way to their end; if `leave`
    is set as well, it leaves those at once (each seat then waits the grace period for
    this bot to come back, then is lost). Call it from a thread with no running loop."""
    online = _Online(make_bot, target(server_addr), token, concurrency, credentials, name, matches)
    asyncio.run(online.run(stop or threading.Event(), leave or threading.Event()))
    return online.tally


class _Online:
    """One run of `connect`: the lobby, and the matches it was offered."""

    def __init__(
        self,
        make_bot: Callable[[], Bot],
        address: str,
        token: str,
        wanted: int | None,
        credentials: grpc.ChannelCredentials | None,
        name: str | None,
        matches: int,
    ) -> None:
        self.make_bot = make_bot
        self.address = address
        self.token = token
        self.wanted = wanted
        self.credentials = credentials
        self.name = name
        self.matches = matches
        self.tally = Tally()
        #: Seat token -> the task playing it: one task a seat, however often it is offered.
        self.playing: dict[str, asyncio.Task[None]] = {}
        #: Sized by the first welcome (the site's concurrency, or less if asked for less).
        self.slots: asyncio.Semaphore | None = None
        self.grace = 0.0
        self.welcomed = False
        self.stopping = asyncio.Event()
        self.leaving = asyncio.Event()

    async def run(self, stop: threading.Event, leave: threading.Event) -> None:
        watch = asyncio.create_task(self._watch(stop, leave))
        try:
            await self._stay_online()
        except asyncio.CancelledError:
            self.leaving.set()
            raise
        finally:
            try:
                await self._end_matches()
            finally:
                watch.cancel()

    async def _watch(self, stop: threading.Event, leave: threading.Event) -> None:
        """Turn the flags a signal handler sets into the loop's events."""
        while not leave.is_set():
            if stop.is_set() and not self.stopping.is_set():
                log.warning("stopping: no new matches")
                self.stopping.set()
            await asyncio.sleep(POLL_SECONDS)
        self.stopping.set()
        self.leaving.set()

    # -- the lobby -------------------------------------------------------------------

    async def _stay_online(self) -> None:
        backoff = 0.5
        while not self.stopping.is_set():
            self.welcomed = False
            try:
                await self._attend()
            except ClientError as exc:
                if exc.code in _FINAL:
                    raise
                if self.welcomed:  # it was online: this is a new outage
                    backoff = 0.5
                log.warning("gateway: %s; connecting again in %.1fs", exc, backoff)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.stopping.wait(), backoff)
                backoff = min(backoff * 2, 10.0)

    async def _attend(self) -> None:
        """One Attend call, until it ends (ClientError) or the bot stops (None)."""
        request = gpb.AttendRequest(
            token=self.token, bot_name=self.name or "", sdk_version=wire.SDK_IDENT
        )
        async with channel_for(self.address, self.credentials) as channel:
            call = gateway_pb2_grpc.GatewayStub(channel).Attend(request)
            try:
                while (message := await self._next(call)) is not None:
                    self._on_lobby(message)
            except grpc.aio.AioRpcError as exc:
                raise ClientError(exc.code().name, exc.details() or "") from exc
            finally:
                call.cancel()

    async def _next(self, call: Any) -> gpb.LobbyMessage | None:
        """The call's next message, or None once the bot is stopping."""
        reader = asyncio.ensure_future(call.read())
        stopper = asyncio.ensure_future(self.stopping.wait())
        try:
            await asyncio.wait([reader, stopper], return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopper.cancel()
            if not reader.done():
                _forget(reader)
        if not reader.done():
            return None
        message = reader.result()
        if message is grpc.aio.EOF:
            raise ClientError("CLOSED", "the gateway ended the Attend stream")
        return message

    def _on_lobby(self, message: gpb.LobbyMessage) -> None:
        payload = message.WhichOneof("payload")
        if payload == "welcome":
            welcome = message.welcome
            allowed = welcome.concurrency or 1
            slots = max(1, min(self.wanted or allowed, allowed))
            if self.slots is None:
                self.slots = asyncio.Semaphore(slots)
            self.grace = float(welcome.rejoin_grace_s)
            self.welcomed = True
            log.warning("online as %s (%s), %d match(es) at once",
                        welcome.bot, welcome.game, slots)  # fmt: skip
        elif payload == "offer" and self.slots is not None:
            self._take(message.offer)
        elif payload == "error":
            error = message.error
            raise ClientError(wire.error_name(error.code), error.message)

    def _take(self, offer: gpb.MatchOffer) -> None:
        if offer.token in self.playing:
            # Offered again because its stream broke: its task is rejoining it already.
            log.info("match %s seat %d: offered again; rejoining it already",
                     offer.match_id, offer.seat)  # fmt: skip
            return
        self.tally.offered += 1
        task = asyncio.create_task(self._play_one(offer))
        self.playing[offer.token] = task
        task.add_done_callback(lambda _, seat=offer.token: self.playing.pop(seat, None))

    # -- the matches -----------------------------------------------------------------

    async def _play_one(self, offer: gpb.MatchOffer) -> None:
        assert self.slots is not None
        async with self.slots:
            started = time.monotonic()
            hooks = _HookThread(f"match-{offer.match_id}-{offer.seat}")
            try:
                bot = await hooks.call(self.make_bot)
                result = await play(
                    bot,
                    self.address,
                    offer.token,
                    name=self.name,
                    connect_timeout=max(1.0, offer.join_within_ms / 1000),
                    credentials=self.credentials,
                    rejoin_for=self.grace,
                    hooks=hooks.call,
                )
            except ClientError as exc:
                self.tally.failed += 1
                log.warning("match %s seat %d: %s", offer.match_id, offer.seat, exc)
                return
            except Exception:  # the bot's own failures were reported in-band already
                self.tally.failed += 1
                log.exception("match %s seat %d failed", offer.match_id, offer.seat)
                return
            finally:
                hooks.close()
        self.tally.played += 1
        self.tally.results.append(result)
        mine = result["outcome"][result["seat"]] if result["outcome"] else {}
        log.warning(
            "match %s: seat %d, rank %s, %d strike(s), %.1fs",
            offer.match_id, offer.seat, mine.get("rank"), len(result["strikes"]),
            time.monotonic() - started,
        )  # fmt: skip
        if self.matches and self.tally.played >= self.matches:
            self.stopping.set()

    async def _end_matches(self) -> None:
        """Play the matches under way to their end, or leave them once `leaving` is set."""
        tasks = list(self.playing.values())
        if not tasks:
            return
        if not self.leaving.is_set():
            log.warning("finishing %d match(es) under way (interrupt again to leave now)",
                        len(tasks))  # fmt: skip
            leaver = asyncio.ensure_future(self.leaving.wait())
            pending: set[asyncio.Future[Any]] = set(tasks)
            try:
                while pending and not self.leaving.is_set():
                    _, pending = await asyncio.wait(
                        pending | {leaver}, return_when=asyncio.FIRST_COMPLETED
                    )
                    pending.discard(leaver)
            finally:
                leaver.cancel()
        left = [task for task in tasks if not task.done()]
        if left:
            log.warning("leaving %d match(es) under way: each seat waits %gs for this bot "
                        "to come back", len(left), self.grace)  # fmt: skip
            for task in left:
                task.cancel()
            await asyncio.wait(left)


class _HookThread:
    """One match's bot hooks, run in order on a daemon thread of their own.

    A slow `act` holds up only its own match, and a hook still running when the bot
    leaves does not keep the process alive. The answer goes back to the loop with
    `call_soon_threadsafe`; once that loop is closed nobody waits for it, which is no
    error (it used to surface as an unhandled "Event loop is closed")."""

    def __init__(self, name: str) -> None:
        self._jobs: queue.SimpleQueue[tuple[Any, ...] | None] = queue.SimpleQueue()
        threading.Thread(target=self._work, name=name, daemon=True).start()

    async def call(self, function: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put((loop, future, function, args))
        return await future

    def close(self) -> None:
        self._jobs.put(None)

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            loop, future, function, args = job
            try:
                outcome: tuple[Any, BaseException | None] = (function(*args), None)
            except BaseException as exc:  # handed to the caller, whatever it is
                outcome = (None, exc)
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                loop.call_soon_threadsafe(_settle, future, *outcome)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():  # its caller was cancelled (the bot is leaving)
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)


def _forget(task: asyncio.Future[Any]) -> None:
    """Cancel `task`; however it ends, its exception counts as seen (asyncio would print
    "exception was never retrieved" with a traceback otherwise)."""
    task.cancel()
    task.add_done_callback(lambda done: done.cancelled() or done.exception())
