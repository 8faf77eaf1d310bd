"""What one hop through the relay costs: a message pushed to a Redis list by one asyncio
client and popped (blocking) by another, as a worker and a gateway do for every message
of a remote seat. Prints the median and 99th percentile of the one-way hop.

    python bench/relay_hop.py [redis://127.0.0.1:6379/12] [messages]
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time

import redis.asyncio as aioredis

from arena.relay import envelope as env


async def main(url: str, count: int) -> None:
    pusher, popper = aioredis.Redis.from_url(url), aioredis.Redis.from_url(url)
    key = env.down_key("bench", "0" * env.SID_CHARS)
    payload = b"x" * 2000  # about one Wandering Towers turn
    hops = []
    for _ in range(count):
        waiting = asyncio.create_task(popper.blpop([key], timeout=5))
        await asyncio.sleep(0)
        start = time.perf_counter()
        await pusher.rpush(key, env.send(payload))
        await waiting
        hops.append((time.perf_counter() - start) * 1e6)
    await pusher.delete(key)
    hops.sort()
    print(f"relay hop over {count} messages: median {statistics.median(hops):.0f} µs, "
          f"p99 {hops[int(0.99 * len(hops))]:.0f} µs")  # fmt: skip
    await pusher.aclose()
    await popper.aclose()


if __name__ == "__main__":
    asyncio.run(
        main(
            sys.argv[1] if len(sys.argv) > 1 else "redis://127.0.0.1:6379/12",
            int(sys.argv[2]) if len(sys.argv) > 2 else 2000,
        )
    )
