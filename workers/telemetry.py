"""A worker's and the scheduler's metrics and log lines (arena.telemetry).

The Celery main process serves the summed metrics of its pool on ARENA_METRICS_LISTEN once it
is ready (beat once it starts); each pool process counts what it plays. With
ARENA_LOG_FORMAT=json, Celery's own lines are JSON too.
"""

from __future__ import annotations

import os

from celery.signals import (
    after_setup_logger,
    after_setup_task_logger,
    after_task_publish,
    beat_init,
    worker_process_shutdown,
    worker_ready,
)

from arena.match.record import MatchRecord
from arena.telemetry import exposition, logs
from arena.telemetry import metrics as m

_in_beat = False


@worker_ready.connect
def serve_worker_metrics(**_: object) -> None:
    exposition.serve()


@beat_init.connect
def serve_beat_metrics(**_: object) -> None:
    global _in_beat
    _in_beat = True
    exposition.serve()


@after_task_publish.connect
def count_beat_sends(sender: str | None = None, **_: object) -> None:
    if _in_beat:
        m.BEAT_SENT.labels(sender or "unknown").inc()


@worker_process_shutdown.connect
def pool_process_ended(**_: object) -> None:
    exposition.process_exited(os.getpid())


@after_setup_logger.connect
@after_setup_task_logger.connect
def json_lines(logger: object = None, **_: object) -> None:
    """Celery formats its own handlers; in JSON mode they print JSON like the rest. The
    `arena` loggers print through their own handler (settings.LOGGING), so they stop at it
    instead of printing every line a second time through Celery's."""
    import logging

    if not isinstance(logger, logging.Logger):
        return
    if logs.log_format() == "json":
        logs.use_on_handlers(logger)
    arena = logging.getLogger("arena")
    if arena.handlers:
        arena.propagate = False


class CountingStep:
    """Wraps a referee step hook: counts each decision played, then calls the hook."""

    def __init__(self, game: str, hook: object) -> None:
        self.decisions = m.DECISIONS.labels(game)
        self.hook = hook

    def __call__(self, state: object, seat: int, code: str, label: str) -> None:
        self.decisions.inc()
        if callable(self.hook):
            self.hook(state, seat, code, label)


def match_recorded(game: str, kind: str, record: MatchRecord) -> None:
    m.MATCHES_FINISHED.labels(game, kind).inc()
    m.MATCH_DURATION.labels(game).observe(record.duration_ms / 1000)
    for seat in record.seats:
        for strike in seat.strikes:
            m.STRIKES.labels(game, strike.reason).inc()


def match_given_back(game: str, status: str | None) -> None:
    """A worker could not play a match: queued again, or failed for good."""
    if status == "queued":
        m.MATCHES_GIVEN_BACK.labels("infrastructure").inc()
    elif status == "failed":
        m.MATCHES_FAILED.labels(game).inc()
