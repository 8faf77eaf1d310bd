"""The real worker app, with bots that pause at the start of each match.

Tests start `celery -A slow_app worker` to have matches last long enough to kill a worker
or restart Redis in the middle of them. Everything else is the production code.
"""

from __future__ import annotations

import os
import time

import django

from workers.app import app

django.setup()

from arena.match.agents import Agent  # noqa: E402
from workers import agents as seating  # noqa: E402

PAUSE = float(os.environ.get("ARENA_TEST_PAUSE", "0.3"))
_real = seating.agent_for_version


class Slow(Agent):
    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name

    def start(self, header):
        if header["seat"] == 0:
            time.sleep(PAUSE)
        self.inner.start(header)

    def decide(self, request, timeout):
        return self.inner.decide(request, timeout)

    def event(self, event):
        self.inner.event(event)

    def end(self, result):
        self.inner.end(result)

    def close(self):
        self.inner.close()

    def stderr(self):
        return self.inner.stderr()


def slow_agent_for_version(version, seat, seed, match_id=""):
    return Slow(_real(version, seat, seed, match_id))


seating.agent_for_version = slow_agent_for_version
__all__ = ["app"]
