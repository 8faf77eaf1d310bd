"""Live progress of a running match: the referee's step hook saves the actions played so far.

The worker plays with `LiveRecorder(match_id, owner)` as the referee's `on_step`. The hook
only notes each action: the referee calls it on its event loop, where Django refuses
database work and where a slow write would hold up the bots. A side thread (like the
lease's heartbeat) writes the list of actions to the match row every `every` seconds and
once more at the end (a running match page polls for them), only while this worker still
holds the lease. When a person's seat is to move next, it writes at once: the person's table
shows the open turn only with the board it was asked on (static/arena/play.js), so the moves
before a turn must not wait for the next tick. The actions themselves are never shown: the
site re-simulates them and serves only what a spectator may learn (frames.py).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.db import connections

from webui.matches.models import Match, MatchSeat

log = logging.getLogger("arena.live")


class LiveRecorder(threading.Thread):
    """A referee step hook, (state, seat, code, label) -> None; use it as a context manager."""

    def __init__(self, match_id: int, owner: str, every: float = 0.5) -> None:
        super().__init__(name=f"live-{match_id}", daemon=True)
        self.match_id = match_id
        self.owner = owner
        self.every = every
        self.actions: list[str] = []
        self._saved = 0
        self._stop_event = threading.Event()
        self._wake = threading.Event()  # set to write now rather than at the next tick
        self.people: frozenset[int] = frozenset()  # seats played from a browser

    def __call__(self, state: Any, seat: int, code: str, label: str) -> None:
        self.actions.append(code)
        to_move = getattr(state, "to_move", None)
        if self.people and to_move is not None and to_move() in self.people:
            self._wake.set()

    def run(self) -> None:
        try:
            self.people = self._people_seats()
            while not self._stop_event.is_set():
                self._wake.wait(self.every)
                self._wake.clear()
                self.flush()
            self.flush()
        finally:
            connections.close_all()  # this thread's own connection

    def _people_seats(self) -> frozenset[int]:
        try:
            seats = MatchSeat.objects.filter(match_id=self.match_id, person__isnull=False)
            return frozenset(seats.values_list("seat", flat=True))
        except Exception as exc:  # the periodic writes still serve them
            log.warning("match %s: could not read its people's seats: %s", self.match_id, exc)
            return frozenset()

    def __enter__(self) -> LiveRecorder:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop_event.set()
        self._wake.set()
        self.join(timeout=max(5.0, self.every))

    def flush(self) -> None:
        """Save what was played; a database hiccup only delays the live view."""
        actions = list(self.actions)
        if self._saved == len(actions):
            return
        try:
            Match.objects.filter(
                pk=self.match_id, status=Match.Status.RUNNING, lease_owner=self.owner
            ).update(live_actions=actions)
            self._saved = len(actions)
        except Exception as exc:  # never fail a match for its live view
            log.warning("match %s: could not save live progress: %s", self.match_id, exc)
