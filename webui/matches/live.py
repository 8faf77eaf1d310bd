"""Live progress of a running match: the referee's step hook saves the actions played so far.

The worker passes `LiveRecorder(match_id, owner)` as the referee's `on_step`. It writes the
list of actions to the match row at most every `every` seconds (a running match page polls
for them), only while this worker still holds the lease. The actions themselves are never
shown: the site re-simulates them and serves only what a spectator may learn (frames.py).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from webui.matches.models import Match

log = logging.getLogger("arena.live")


class LiveRecorder:
    """A referee step hook: (state, seat, code, label) -> None."""

    def __init__(self, match_id: int, owner: str, every: float = 0.5) -> None:
        self.match_id = match_id
        self.owner = owner
        self.every = every
        self.actions: list[str] = []
        self._saved_at = 0.0
        self._saved = 0

    def __call__(self, state: Any, seat: int, code: str, label: str) -> None:
        self.actions.append(code)
        now = time.monotonic()
        if now - self._saved_at >= self.every:
            self.flush()
            self._saved_at = now

    def flush(self) -> None:
        """Save what was played; a database hiccup only delays the live view."""
        if self._saved == len(self.actions):
            return
        try:
            Match.objects.filter(
                pk=self.match_id, status=Match.Status.RUNNING, lease_owner=self.owner
            ).update(live_actions=list(self.actions))
            self._saved = len(self.actions)
        except Exception as exc:  # never fail a match for its live view
            log.warning("match %s: could not save live progress: %s", self.match_id, exc)
