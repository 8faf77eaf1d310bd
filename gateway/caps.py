"""Per-token caps: how many streams are open (over every gateway, in Redis) and how fast
a bot sends (per gateway, in memory: counting every message in Redis would cost a round
trip each)."""

from __future__ import annotations

import time

import redis.asyncio as aioredis

from arena.relay.envelope import PREFIX
from arena.relay.presence import ONLINE_TTL_SECONDS


def streams_key(kind: str, owner: str) -> str:
    return f"{PREFIX}streams:{kind}:{owner}"


async def claim_stream(redis: aioredis.Redis, kind: str, owner: str, stream: str, cap: int) -> bool:
    """Count `stream` among `owner`'s open streams of `kind` if fewer than `cap` are open.

    Entries expire unless renewed (`renew_streams`), so a dead gateway's streams stop
    counting by themselves."""
    key = streams_key(kind, owner)
    now = time.time()
    pipe = redis.pipeline(transaction=True)
    pipe.zremrangebyscore(key, "-inf", now)
    pipe.zadd(key, {stream: now + ONLINE_TTL_SECONDS})
    pipe.zcard(key)
    pipe.expire(key, 3600)
    _, _, count, _ = await pipe.execute()
    if count > cap:
        await redis.zrem(key, stream)
        return False
    return True


async def release_stream(redis: aioredis.Redis, kind: str, owner: str, stream: str) -> None:
    await redis.zrem(streams_key(kind, owner), stream)


async def claim_streams(
    redis: aioredis.Redis, kind: str, caps: list[tuple[str, int, str]], stream: str
) -> str | None:
    """Count `stream` under each (scope, cap, what) of `caps`, in order; if one is full,
    take back the ones already counted and return its `what` (None: all counted)."""
    claimed: list[str] = []
    for scope, cap, what in caps:
        if not await claim_stream(redis, kind, scope, stream, cap):
            for earlier in claimed:
                await release_stream(redis, kind, earlier, stream)
            return what
        claimed.append(scope)
    return None


async def release_streams(redis: aioredis.Redis, kind: str, scopes: list[str], stream: str) -> None:
    for scope in scopes:
        await release_stream(redis, kind, scope, stream)


class RateLimit:
    """A token bucket: `rate` messages a second, saving up to `burst`.

    It bounds what a bot sends unasked; the answers to its turns are counted by `Owed`."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self._level = burst
        self._at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self._level = min(self.burst, self._level + (now - self._at) * self.rate)
        self._at = now
        if self._level < 1:
            return False
        self._level -= 1
        return True


class Owed:
    """The answers one Play stream owes: one per turn the gateway has passed down.

    A bot that answers every turn of a fast game may send hundreds of messages a second;
    those are what the referee asked for, so they cost the rate limit nothing. Only what
    comes beyond them (a flood) is charged to the bucket. At most `MOST` are owed at once
    (the open turn and one late answer to a turn that timed out): a bot that leaves turns
    unanswered does not save up a free burst."""

    MOST = 2

    def __init__(self) -> None:
        self._count = 0

    def asked(self) -> None:
        self._count = min(self._count + 1, self.MOST)

    def answer(self) -> bool:
        """Whether a message can be taken as an owed answer (and count it paid)."""
        if self._count == 0:
            return False
        self._count -= 1
        return True
