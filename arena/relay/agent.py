"""`RelayAgent`: a remote seat whose bot's stream is held by a gateway, reached via Redis.

It is a `RemoteAgent` (arena.match.remote) whose transport is a pair of Redis lists, so
the referee is unchanged: the same turns, strikes, stale replies, inbox and flood bounds,
time control and disqualification as a bot connected to `arena host`. Two things differ:

* Joining: the agent offers its seat to the bot (offers:<bot>); whichever gateway holds
  the bot's lobby stream passes it on, and the bot opens a Play stream with the seat's
  token on any gateway. A bot that has not joined when the match starts has
  `join_seconds` more; then it is struck as a crash (disqualified).
* Rejoining: a stream that breaks (the bot's network, or its gateway dies: its liveness
  key lapses) leaves the seat waiting `grace_seconds` for the bot to come back on a new
  stream; the clock keeps running. On return the bot gets its header again and the open
  turn with what is left of its time. Past the grace, it is a crash. A new stream with
  the seat's token while the old one still seems alive takes the seat over (only the bot
  has the token; it is back before its gateway noticed the old stream broke).
* Handing back: while the seat waits, its offer is back on offers:<bot> (marked with the
  hold's number, valid while held:<relay> says it), so a bot that restarted and lost the
  token gets it again from its lobby, like a new offer
  (docs/decisions/restarted-bot-takes-back-its-seats.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Coroutine
from typing import Any

import redis.asyncio as aioredis

from arena.match.agents import DecisionRequest
from arena.match.loop import call, on_loop, shared_loop
from arena.match.remote import RemoteAgent, Stream, new_token
from arena.match.strikes import AgentCrashed, AgentError, AgentFlood
from arena.relay import envelope as env
from arena_sdk import wire
from arena_sdk.proto.arena.v1 import referee_pb2 as pb

log = logging.getLogger("arena.relay")
#: How long the worker blocks on its up list before looking at the gateway's liveness.
POLL_SECONDS = 0.5


class _RedisStream:
    """A `Stream` whose messages go to one gateway stream's down list, in order."""

    def __init__(self, agent: RelayAgent, sid: str, gateway: str) -> None:
        self.agent = agent
        self.sid = sid
        self.gateway = gateway
        self.key = env.down_key(agent.relay, sid)
        self._queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._writer = asyncio.get_running_loop().create_task(self._write_all())
        self.done = False

    def send(self, message: pb.RefereeMessage) -> None:
        self._put(env.send(message.SerializeToString()))

    async def write(self, message: pb.RefereeMessage) -> None:
        self.send(message)

    def close(self) -> None:
        self._put(env.CLOSE)

    def cut(self, reason: str) -> None:
        self._put(env.CUT + reason.encode()[:500])

    def _put(self, item: bytes) -> None:
        if self.done:
            return
        if item[:1] != env.SEND:
            self.done = True  # nothing follows a close or a cut
        loop = self.agent.loop
        if on_loop(loop):
            self._queue.put_nowait(item)
        else:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._queue.put_nowait, item)

    async def _write_all(self) -> None:
        redis = self.agent.redis
        while True:
            item = await self._queue.get()
            batch = [item]
            while not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                pipe = redis.pipeline(transaction=False)
                pipe.rpush(self.key, *batch)
                pipe.expire(self.key, env.KEY_TTL_SECONDS)
                await pipe.execute()
            except Exception as exc:  # Redis is gone: the seat will be lost as a crash
                log.warning("relay %s: cannot write to Redis: %s", self.agent.relay, exc)
            if any(i[:1] != env.SEND for i in batch):
                return


class _Holding:
    """The seat's stream while its bot is away: what the referee says meanwhile is lost,
    and a returning bot is brought up to date instead."""

    def send(self, message: pb.RefereeMessage) -> None:
        pass

    async def write(self, message: pb.RefereeMessage) -> None:
        pass

    def close(self) -> None:
        pass

    def cut(self, reason: str) -> None:
        pass


class RelayAgent(RemoteAgent):
    """A seat for the remote bot `bot_id`, played through whichever gateway it uses."""

    def __init__(
        self,
        redis_url: str,
        bot_id: int,
        game: str,
        seat: int,
        *,
        name: str | None = None,
        match_id: str = "",
        join_seconds: float = 20.0,
        grace_seconds: float = 10.0,
        concurrency: int = 1,
    ) -> None:
        super().__init__(game, seat, name=name, match_id=match_id, loop=shared_loop())
        self.bot_id = bot_id
        self.relay = secrets.token_hex(12)
        self.token = new_token()
        self.join_seconds = join_seconds
        self.grace_seconds = grace_seconds
        self.concurrency = concurrency
        self.rejoins = 0
        self._deadline_to_join = time.monotonic() + join_seconds
        self._redis_url = redis_url
        self.redis: aioredis.Redis
        self._current: _RedisStream | None = None
        self._holding = False
        self._grace: asyncio.TimerHandle | None = None
        #: Holds so far (each break the seat waited through), and the lock that keeps the
        #: writes of held:<relay> in the order the holds began and ended.
        self._holds = 0
        self._held_writes: asyncio.Lock | None = None
        self._header: pb.MatchStart | None = None
        self._turn: tuple[int, DecisionRequest, float, float] | None = None
        self._pump: asyncio.Task[None] | None = None
        self._closed = False
        call(self.loop, self._offer_seat())

    # -- set-up and tear-down -----------------------------------------------------------

    async def _offer_seat(self) -> None:
        self.redis = aioredis.Redis.from_url(self._redis_url)
        record = {
            "relay": self.relay,
            "bot": self.bot_id,
            "match_id": self.match_id,
            "concurrency": self.concurrency,
        }
        offer = env.Offer(
            relay=self.relay,
            match_id=self.match_id,
            game=self.game,
            seat=self.seat,
            token=self.token,
            expires=time.time() + self.join_seconds,
        )
        pipe = self.redis.pipeline(transaction=False)
        pipe.set(env.seat_key(self.token), json.dumps({**record, "seat": self.seat}))
        pipe.expire(env.seat_key(self.token), env.KEY_TTL_SECONDS * 6)
        pipe.rpush(env.offers_key(self.bot_id), offer.dumps())
        pipe.expire(env.offers_key(self.bot_id), env.KEY_TTL_SECONDS)
        await pipe.execute()
        self._pump = asyncio.get_running_loop().create_task(self._read_up())

    def close(self) -> None:
        super().close()
        if self._closed:
            return
        self._closed = True
        if on_loop(self.loop):
            self.loop.create_task(self._cleanup())
        else:
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(self._cleanup(), self.loop).result(10)

    async def close_async(self) -> None:
        super().close()
        if not self._closed:
            self._closed = True
            await self._cleanup()

    async def _cleanup(self) -> None:
        if self._grace is not None:
            self._grace.cancel()
        stream = self._current
        if stream is not None:  # let the close reach the gateway before we go
            stream.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(stream._writer), 5)
        if self._pump is not None:  # it stops at its next poll if the cancel is lost
            self._pump.cancel()
            await asyncio.wait([self._pump], timeout=3 * POLL_SECONDS)
        if self._held_writes is not None:  # a hold's offer written after this would outlive us
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(5), self._held_writes:
                    pass
        with contextlib.suppress(Exception):
            await self.redis.delete(
                env.seat_key(self.token), env.up_key(self.relay), env.held_key(self.relay)
            )
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # -- the referee's side ---------------------------------------------------------------

    async def start_async(self, header: dict[str, Any]) -> None:
        left = self._deadline_to_join - time.monotonic()
        if not await self.wait_joined(max(0.0, left)):
            raise AgentCrashed(f"the bot did not join within {self.join_seconds:g}s")
        self._header = wire.match_start(header)
        self.start(header)

    async def decide_async(self, request: DecisionRequest, timeout: float) -> str:
        self._turn = (self._next_id, request, timeout, time.monotonic())
        try:
            return await super().decide_async(request, timeout)
        finally:
            self._turn = None

    def _live_stream(self) -> Stream:
        if self._stream is None and self._holding:
            return _Holding()
        return super()._live_stream()

    # -- the gateway's side: attach, messages, detach -------------------------------------

    async def _read_up(self) -> None:
        key = env.up_key(self.relay)
        while not self._closed:
            try:
                item = await self.redis.blpop([key], timeout=POLL_SECONDS)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("relay %s: cannot read Redis: %s", self.relay, exc)
                self._lost(f"the relay failed: {exc}")
                await asyncio.sleep(POLL_SECONDS)
                continue
            if item is None:
                await self._check_gateway()
                continue
            kind, header, body = env.parse_up(item[1])
            current = self._current
            if kind == env.ATTACH:
                await self._attach(header, body)
            elif current is None or header["sid"] != current.sid:
                continue  # a stream this seat no longer listens to
            elif kind == env.MESSAGE:
                self.receive(body)
            elif kind == env.DETACH:
                self._lost(body.decode(errors="replace") or "the bot's stream ended")
            elif kind == env.FLOOD:
                RemoteAgent.detach(self, AgentFlood(body.decode(errors="replace")))

    async def _attach(self, header: dict[str, Any], hello_raw: bytes) -> None:
        sid, gateway = str(header["sid"]), str(header["gateway"])
        stream = _RedisStream(self, sid, gateway)
        hello = pb.Hello.FromString(hello_raw)
        current = self._current
        if current is not None and self._stream is not None:
            # Only the bot holds its seat's token: a second stream is the bot coming back
            # before the gateway noticed the first one broke. The newest stream wins.
            current.send(_refusal(pb.ERROR_CODE_ABORTED, "a newer stream took this seat"))
            self._lost("a newer stream took the seat", offer_again=False)
        # A returning bot (maybe a restarted one asking for other features) plays on with
        # the features the seat has had since its first stream: the welcome says those.
        accepted = self.features if self._attached else wire.accepted_features(hello)
        welcome = pb.RefereeMessage(
            welcome=pb.Welcome(match_id=self.match_id, seat=self.seat, features=accepted)
        )
        if not self._attached:
            stream.send(welcome)
            if self.attach(stream, hello, peer=str(header.get("peer", ""))):
                self._current = stream
            return
        if not self._holding or self._closing:  # disqualified, or the match is over
            stream.send(_refusal(pb.ERROR_CODE_ABORTED, "this seat is closed"))
            stream.close()
            return
        self._rejoin(stream, welcome)

    def _rejoin(self, stream: _RedisStream, welcome: pb.RefereeMessage) -> None:
        """Bring the returning bot up to date: welcome, header, the open turn (if any) with
        what is left of its time. The turn keeps its request id."""
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None
        self._holding = False
        self._held_write(self._release_hold())
        self._current = stream
        self._stream = stream
        self.rejoins += 1
        self._remember(f"rejoined its seat (rejoin {self.rejoins})")
        stream.send(welcome)
        if self._header is not None:
            stream.send(pb.RefereeMessage(match_start=self._header))
        if self._turn is not None:
            request_id, request, timeout, started = self._turn
            left = max(0.0, timeout - (time.monotonic() - started))
            per_decision = min(request.per_decision, left)
            stream.send(
                wire.turn_message(
                    request_id, self.game, request.view, request.legal, per_decision,
                    left - per_decision, self.turn_events,
                )
            )  # fmt: skip

    def _lost(self, reason: str, *, offer_again: bool = True) -> None:
        """The stream is gone; hold the seat for the grace period, unless it is over, and
        offer it to the bot's lobby again (not when a newer stream takes it at once)."""
        if self._stream is None:
            return
        if self._current is not None:
            self._current.close()  # that gateway stream, if it still lives, ends
        if self._closing or self.grace_seconds <= 0:
            RemoteAgent.detach(self, reason)
            return
        self._stream = None
        self._holding = True
        self._holds += 1
        self._remember(f"lost its stream ({reason}); may rejoin for {self.grace_seconds:g}s")
        self._grace = self.loop.call_later(self.grace_seconds, self._give_up, reason)
        if offer_again:
            self._held_write(self._offer_again(self._holds))

    def _held_write(self, write: Coroutine[Any, Any, None]) -> None:
        """Run `write` on the loop after the held:<relay> writes started before it."""
        if self._held_writes is None:
            self._held_writes = asyncio.Lock()
        lock = self._held_writes

        async def in_order() -> None:
            async with lock:
                try:
                    await write
                except Exception as exc:  # Redis away: the bot can still rejoin by itself
                    log.warning("relay %s: cannot update the seat's hold: %s", self.relay, exc)

        self.loop.create_task(in_order())

    async def _offer_again(self, hold: int) -> None:
        """The seat back on the bot's offers, for a lobby of a bot that lost its token (a
        restart): valid while held:<relay> names this hold."""
        offer = env.Offer(
            relay=self.relay,
            match_id=self.match_id,
            game=self.game,
            seat=self.seat,
            token=self.token,
            expires=time.time() + self.grace_seconds,
            hold=hold,
        )
        pipe = self.redis.pipeline(transaction=True)
        pipe.set(env.held_key(self.relay), str(hold), px=max(1, int(self.grace_seconds * 1000)))
        pipe.rpush(env.offers_key(self.bot_id), offer.dumps())
        pipe.expire(env.offers_key(self.bot_id), env.KEY_TTL_SECONDS)
        await pipe.execute()

    async def _release_hold(self) -> None:
        await self.redis.delete(env.held_key(self.relay))

    def detach(self, reason: str | AgentError) -> None:
        if isinstance(reason, str) and self._stream is not None and not self._closing:
            self._lost(reason)  # the transport's loss: the bot may come back
            return
        super().detach(reason)

    def _give_up(self, reason: str) -> None:
        self._grace = None
        if not self._holding:
            return
        self._holding = False
        self._held_write(self._release_hold())
        error = AgentCrashed(f"{reason}; it did not rejoin within {self.grace_seconds:g}s")
        self._gone = error
        self._inbox.put_nowait(("gone", error, 0))

    async def _check_gateway(self) -> None:
        current = self._current
        if current is None or self._stream is None:
            return
        try:
            alive = await self.redis.exists(env.gateway_key(current.gateway))
        except Exception:
            return
        if not alive:
            self._lost(f"its gateway {current.gateway} is gone")


def _refusal(code: int, message: str) -> pb.RefereeMessage:
    return pb.RefereeMessage(error=pb.Error(code=code, message=message))
