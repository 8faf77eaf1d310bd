"""`PersonAgent`: a seat played by a person in a browser, reached through the relay's Redis.

The browser is no gRPC client, so this seat does not speak the bot protocol: the worker
publishes the open turn as JSON (envelope.person_turn_key) and waits on the seat's answer
list; the web process shows the turn and pushes the person's answer. Everything else is the
referee's, exactly as for a bot: the clock (a timeout is this agent raising AgentTimeout),
the fallback move and the strikes. Closing the tab loses nothing: the turn waits in Redis.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

import redis.asyncio as aioredis

from arena.match.agents import Agent, DecisionRequest
from arena.match.strikes import AgentTimeout
from arena.relay import envelope as env

#: The longest single wait on the answer list, so a closed agent stops promptly.
POLL_SECONDS = 1.0


class PersonAgent(Agent):
    """Seat `seat` of match `match_id` (the database id), played by a person."""

    def __init__(self, redis_url: str, match_id: int, seat: int, name: str) -> None:
        self.redis_url = redis_url
        self.match_id = match_id
        self.seat = seat
        self.name = name
        self.turn_key = env.person_turn_key(match_id, seat)
        self.answer_key = env.person_answer_key(match_id, seat)
        #: This attempt's own mark on its turns: a match played again (its worker lost)
        #: numbers its turns from 0 again, and the web takes one answer per turn of a sitting.
        self.sitting = secrets.token_hex(8)
        self._redis: aioredis.Redis | None = None

    def decide(self, request: DecisionRequest, timeout: float) -> str:
        raise NotImplementedError("a person's seat is only played on the referee's loop")

    async def decide_async(self, request: DecisionRequest, timeout: float) -> str:
        redis = self._client()
        deadline = time.time() + timeout
        turn = turn_record(request, deadline, self.sitting)
        await redis.delete(self.answer_key)  # nothing typed for an earlier turn counts
        await redis.set(self.turn_key, json.dumps(turn), ex=env.KEY_TTL_SECONDS)
        try:
            while (left := deadline - time.time()) > 0:
                item = await redis.blpop([self.answer_key], timeout=min(POLL_SECONDS, left))
                if item is None:
                    continue
                answer = _parse(item[1])
                if answer is not None and answer[0] == request.request_id:
                    return answer[1]
            raise AgentTimeout(f"no answer within {timeout:.0f}s: the clock ran out")
        finally:
            await redis.delete(self.turn_key)

    def _client(self) -> aioredis.Redis:
        if self._redis is None:
            self._redis = aioredis.Redis.from_url(self.redis_url)
        return self._redis

    async def close_async(self) -> None:
        if self._redis is not None:
            redis, self._redis = self._redis, None
            await redis.delete(self.turn_key, self.answer_key)
            await redis.aclose()


def turn_record(request: DecisionRequest, deadline: float, sitting: str = "") -> dict[str, Any]:
    """The open turn as the page sees it; the view is not in it (the page re-simulates).
    `sitting` tells turns of one attempt at the match from those of another."""
    return {
        "sitting": sitting,
        "request": request.request_id,
        "legal": [[action.code, action.label] for action in request.legal],
        "deadline": deadline,
        "per_decision": request.per_decision,
        "bank": request.bank,
    }


def _parse(raw: bytes) -> tuple[int, str] | None:
    try:
        data = json.loads(raw)
        return int(data["request"]), str(data["code"])
    except (ValueError, KeyError, TypeError):
        return None
