"""The sweeper: recovery in a process of its own (`arena sweeper`).

Every ARENA_SWEEP_SECONDS it gives back the matches of dead workers (their lease expired),
resends the queued matches the broker lost, and retries validations whose worker died.

It used to be a periodic Celery task, which only ran when a worker had a free slot: with
every slot playing, its messages expired unread and a dead worker's match waited for as long
as a match can take. A loop of its own depends on no slot, no queue and no backlog: it needs
the database, and the broker only to send (docs/decisions/sweeper-has-its-own-process.md).
Two sweepers are harmless (every change is a conditional update; at worst a match is sent
twice, and one message ends as a no-op), so a rolling restart needs no care.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from datetime import timedelta

from django.conf import settings
from django.db import connections

from arena.telemetry import exposition, metrics
from webui import queue
from webui.accounts.throttle import forget_old as forget_old_attempts
from webui.bots.models import BotVersion
from webui.matches.models import Match
from webui.metrics import DatabaseCollector
from workers import broker

log = logging.getLogger("arena.sweeper")
#: How long a sent task may take to show up in the broker before the sweeper misses it.
SEND_GRACE = timedelta(seconds=5)


def undelivered_matches() -> list[int]:
    """Queued matches whose task the broker no longer holds (it lost them, or a send
    failed). Where the broker cannot be read, those sent longer ago than the redispatch
    window."""
    held = broker.match_tasks_held()
    if held is None:
        return Match.undelivered(settings.ARENA_REDISPATCH_AFTER)
    # A moment's grace covers a task between being sent and being seen in the broker.
    grace = min(SEND_GRACE, settings.ARENA_REDISPATCH_AFTER)
    return [pk for pk in Match.undelivered(grace) if pk not in held]


def sweep() -> dict[str, int]:
    """One round: re-queue what dead workers held, then resend what the broker lost.

    The given-back matches are sent first, at their own priority (`webui.queue.AGAIN`); in
    any case the worker that takes a message starts its lane's given-back matches before
    the rest (`Match.claim_next`), so a resent backlog never holds them up.
    """
    requeued = Match.sweep()
    sent = given_back = queue.run_matches(requeued)
    lost = [pk for pk in undelivered_matches() if pk not in requeued]
    sent += queue.run_matches(lost)
    stale = BotVersion.expire_validations(settings.ARENA_VALIDATION_TIMEOUT)
    resend = BotVersion.undispatched(settings.ARENA_REDISPATCH_AFTER)
    for version_id in resend:
        queue.validate(version_id)
    forget_old_attempts()
    metrics.LEASES_EXPIRED.inc(len(requeued))
    metrics.MATCHES_GIVEN_BACK.labels("lease_expired").inc(len(requeued))
    metrics.SWEEPER_RESENDS.labels("given_back").inc(given_back)
    metrics.SWEEPER_RESENDS.labels("lost").inc(sent - given_back)
    metrics.SWEEPER_RESENDS.labels("validation").inc(len(resend))
    if requeued or lost or stale or resend:
        log.info(
            "sweep: %d lease(s) expired (matches %s), %d undelivered, %d validation(s) stale",
            len(requeued),
            requeued[:20],
            len(lost),
            stale,
        )
    return {"requeued": len(requeued), "resent": sent, "validations": len(resend) + stale}


def run(every: float, stop: threading.Event | None = None) -> int:
    """Sweep every `every` seconds until `stop` is set (SIGTERM or Ctrl-C when it is
    None). A round that fails (the database or the broker away) is logged and the next
    one tries again on fresh connections."""
    if stop is None:
        stop = threading.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: stop.set())
    exposition.serve(collectors=(DatabaseCollector(),))
    log.info("sweeper running: every %.1fs", every)
    failing = False
    while not stop.is_set():
        began = time.monotonic()
        try:
            sweep()
            metrics.SWEEPS.inc()
            metrics.LAST_SWEEP.set_to_current_time()
            if failing:
                log.info("sweeper: sweeping again")
            failing = False
        except Exception as exc:
            metrics.SWEEP_FAILURES.inc()
            if not failing:  # once per outage, not once per round
                log.warning("sweep failed (will retry): %s: %s", type(exc).__name__, exc)
            failing = True
            connections.close_all()
        stop.wait(max(0.0, every - (time.monotonic() - began)))
    log.info("sweeper stopped")
    return 0
