"""Which queued matches the broker still holds a task for.

The database says a match is queued; only the broker knows whether a task for it still
exists: waiting in the queue, or taken by a worker and not yet acknowledged. Resending on a
timer alone re-sends every match of a long backlog (they are only waiting, so the re-sends
grow with the square of the backlog) and leaves play stopped for the whole timer after
Redis lost its data. On Redis the sweeper therefore reads the queue and the unacknowledged
set and resends exactly what is missing; other brokers cannot be read this way, and keep the
timer.
"""

from __future__ import annotations

import base64
import json
import logging

from django.conf import settings

from webui import queues, task_names

log = logging.getLogger("arena.workers")

MATCH_TASK = task_names.RUN_MATCH
#: kombu's Redis transport: one list per priority step, named queue + SEP + step (step 0
#: is the bare name), and one hash of every delivered, unacknowledged message.
PRIORITY_STEPS = (0, 3, 6, 9)
SEP = "\x06\x16"
UNACKED = "unacked"


def match_tasks_held() -> set[int] | None:
    """Ids of the matches with a run_match task in the broker; None if it cannot tell."""
    url = settings.ARENA_REDIS_URL
    if not url or not settings.CELERY_BROKER_URL.startswith("redis"):
        return None
    import redis

    client = redis.Redis.from_url(url, socket_timeout=5)
    try:
        with client.pipeline(transaction=False) as pipe:
            for name in queues.MATCHES:
                for step in PRIORITY_STEPS:
                    pipe.lrange(name + (f"{SEP}{step}" if step else ""), 0, -1)
            pipe.hvals(UNACKED)
            *waiting, unacked = pipe.execute()
    except redis.RedisError as exc:
        log.warning("cannot read the broker's queue: %s", exc)
        return None
    finally:
        client.close()
    held: set[int] = set()
    for raw in [item for queue in waiting for item in queue]:
        _add_match(held, _loads(raw))
    for raw in unacked:
        entry = _loads(raw)
        if isinstance(entry, list) and entry:
            _add_match(held, entry[0])
    return held


def _loads(raw: bytes) -> object:
    try:
        return json.loads(raw)
    except ValueError:
        return None


def _add_match(held: set[int], message: object) -> None:
    """The match id of a Celery (protocol 2) run_match message, if that is what it is."""
    if not isinstance(message, dict) or message.get("headers", {}).get("task") != MATCH_TASK:
        return
    body = message.get("body", "")
    try:
        if message.get("properties", {}).get("body_encoding") == "base64":
            body = base64.b64decode(body)
        args = json.loads(body)[0]
        held.add(int(args[0]))
    except (ValueError, TypeError, IndexError, KeyError):
        return
