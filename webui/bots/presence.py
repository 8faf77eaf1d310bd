"""Which remote bots are online, read from the relay's registry (arena.relay.presence).

Without a relay (the embedded default) no remote bot is ever online; a relay that cannot
be reached counts as everyone offline, so the ladder goes on with hosted bots.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from functools import cache

import redis
from django.conf import settings

from arena.relay.presence import online_bots

log = logging.getLogger("arena.web")


@cache
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)


def online(bot_ids: Iterable[int]) -> dict[int, int]:
    """{bot id: open lobby streams} for those of `bot_ids` online now."""
    ids = list(bot_ids)
    if not ids or not settings.ARENA_RELAY_URL:
        return {}
    try:
        return online_bots(_client(settings.ARENA_RELAY_URL), ids)
    except redis.RedisError as exc:
        log.warning("cannot read who is online: %s", exc)
        return {}
