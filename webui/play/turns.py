"""The person's side of the relay: the open turn the worker published, and the answer.

The worker's `PersonAgent` keeps the open turn under envelope.person_turn_key and pops
answers from envelope.person_answer_key. The answer is checked here against the open
turn (the request id and its legal codes) so a stale or mistyped click is refused on the
spot; the referee checks it again, as it would any bot's.
"""

from __future__ import annotations

import json
import time
from functools import cache
from typing import Any

import redis
from django.conf import settings

from arena.relay import envelope as env


class RelayUnavailable(RuntimeError):
    """The relay's Redis is not configured or cannot be reached."""


@cache
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)


def client() -> redis.Redis:
    if not settings.ARENA_RELAY_URL:
        raise RelayUnavailable("people's seats need the relay's Redis (ARENA_RELAY_URL)")
    return _client(settings.ARENA_RELAY_URL)


def _published(match_id: int, seat: int) -> dict[str, Any] | None:
    """The open turn as the worker published it, or None between turns."""
    try:
        raw = client().get(env.person_turn_key(match_id, seat))
    except redis.RedisError as exc:
        raise RelayUnavailable(str(exc)) from exc
    return None if raw is None else json.loads(raw)


def open_turn(match_id: int, seat: int) -> dict[str, Any] | None:
    """The seat's open turn with the seconds left on its clock, or None between turns."""
    turn = _published(match_id, seat)
    if turn is None:
        return None
    left = max(0.0, turn["deadline"] - time.time())
    return {
        "request": turn["request"],
        "legal": [{"code": code, "label": label} for code, label in turn["legal"]],
        "left": round(left, 1),
        "per_decision": turn["per_decision"],
        "bank": turn["bank"],
    }


def answer(match_id: int, seat: int, request: int, code: str) -> str:
    """Pass the person's action to the worker; "" if sent, else why not."""
    turn = _published(match_id, seat)
    if turn is None or turn["request"] != request:
        return "this turn is over"
    if code not in {legal[0] for legal in turn["legal"]}:
        return "that action is not legal now"
    key = env.person_answer_key(match_id, seat)
    # A match played again (its worker lost) numbers its turns from 0 again: the mark is
    # the sitting's (one attempt's), so its turns are not taken for the lost attempt's.
    answered = f"{key}:answered:{turn.get('sitting', '')}:{request}"
    try:
        # One answer per turn: a browser that posts again (or a script that posts a thousand
        # times) before the worker reads the first finds the turn answered, not a longer list.
        if not client().set(answered, 1, nx=True, ex=env.KEY_TTL_SECONDS):
            return "this turn is already answered"
        pipe = client().pipeline(transaction=False)
        pipe.rpush(key, json.dumps({"request": request, "code": code}))
        pipe.expire(key, env.KEY_TTL_SECONDS)
        pipe.execute()
    except redis.RedisError as exc:
        raise RelayUnavailable(str(exc)) from exc
    return ""
