"""Renew a running match's lease from a side thread while the referee plays it."""

from __future__ import annotations

import logging
import threading

from django.db import connections

from arena.telemetry import metrics
from arena.telemetry.logs import log_context
from webui.matches.models import Match
from workers.db import reconnecting

log = logging.getLogger("arena.workers")


class Heartbeat(threading.Thread):
    """Every `every` seconds, push the lease's expiry forward; note when it is lost.

    A lost lease (the sweeper declared this worker dead) cannot stop the referee mid-move,
    but the conditional finish then records nothing, so the match is never stored twice.
    """

    def __init__(self, match_id: int, owner: str, every: float) -> None:
        super().__init__(name=f"heartbeat-{match_id}", daemon=True)
        self.match_id = match_id
        self.owner = owner
        self.every = every
        self.lost = False
        #: Beats that could not reach the database (the lease may lapse meanwhile; the
        #: conditional finish then decides).
        self.failures = 0
        self._stop_event = threading.Event()

    def run(self) -> None:
        with log_context(match=self.match_id, worker=self.owner.rsplit("/", 1)[0]):
            self._beat()

    def _beat(self) -> None:
        try:
            while not self._stop_event.wait(self.every):
                try:
                    renewed = reconnecting(lambda: Match.renew(self.match_id, self.owner))
                    metrics.LEASE_HEARTBEATS.labels("renewed" if renewed else "lost").inc()
                    if not renewed:
                        self.lost = True
                        log.warning("match %s: lease lost by %s", self.match_id, self.owner)
                        return
                except Exception as exc:  # the database is down: try again next beat
                    self.failures += 1
                    metrics.LEASE_HEARTBEATS.labels("failed").inc()
                    log.warning("match %s: heartbeat failed: %s", self.match_id, exc)
                    connections["default"].close()  # the next beat starts afresh
        finally:
            connections.close_all()  # this thread's own connection

    def stop(self) -> None:
        self._stop_event.set()
        self.join(timeout=max(5.0, self.every))

    def __enter__(self) -> Heartbeat:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
