"""Who is online: each gateway keeps its lobby streams' entries fresh, and readers (the
ladder scheduler, bot pages) count the entries that have not expired.

An entry is a member of a sorted set per bot whose score is when it expires, so a
gateway killed without a word drops out by itself within `ONLINE_TTL_SECONDS`.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

import redis

from arena.relay.envelope import gateway_key, online_key

#: A gateway renews its entries (and its own liveness) this often...
BEAT_SECONDS = 1.0
#: ...and an entry not renewed for this long is gone.
ONLINE_TTL_SECONDS = 4.0


def online_bots(client: redis.Redis, bot_ids: Iterable[int]) -> dict[int, int]:
    """{bot id: lobby streams open} for the given bots that are online now."""
    ids = list(bot_ids)
    if not ids:
        return {}
    now = time.time()
    pipe = client.pipeline(transaction=False)
    for bot_id in ids:
        pipe.zcount(online_key(bot_id), now, "+inf")
    counts = pipe.execute()
    return {bot_id: count for bot_id, count in zip(ids, counts, strict=True) if count}


def gateway_alive(client: redis.Redis, gateway: str) -> bool:
    return bool(client.exists(gateway_key(gateway)))
