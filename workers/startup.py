"""What a worker checks before it takes any task: it can host bots safely, and it can reach
the database it records them in, migrated to this code's schema; what the scheduler checks
before its first beat: the same database.

A worker that cannot do either would still take tasks from the broker and acknowledge them
as failed, silently swallowing part of a fleet's queue. So in production (PostgreSQL) it
refuses to start, with a message naming what is missing; the embedded demo starts anyway
(its reference bots need no sandbox) and says loudly that uploaded bots will be refused.
A database whose migrations are not applied is refused everywhere, the embedded mode too
(`webui.schema`): nothing could be played or recorded in it. The same checks run with
`arena worker --check`, which exits instead of starting.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from celery.signals import beat_init, worker_init
from django.conf import settings

from arena.sandbox import check_sandbox
from webui.schema import check_database

log = logging.getLogger("arena.worker")


@dataclass(frozen=True)
class Readiness:
    """What the checks found: each problem is one line an operator can act on."""

    problems: list[str]
    sandbox: str
    #: The database lacks migrations: no mode starts on it.
    unmigrated: bool = False

    @property
    def ready(self) -> bool:
        return not self.problems


def check_worker() -> Readiness:
    database = check_database()
    problems = list(database.problems)
    sandbox = check_sandbox(refresh=True)
    if not sandbox:
        problems.append(f"hosted bots cannot be sandboxed here: {sandbox.detail}")
    return Readiness(problems, sandbox.detail, database.unmigrated)


class WorkerNotReady(SystemExit):
    """Ends the worker before it consumes anything (a SystemExit: Celery does not swallow it)."""


@worker_init.connect
def refuse_to_start_unready(**_: object) -> None:
    readiness = check_worker()
    if readiness.ready:
        log.info("worker ready: %s", readiness.sandbox)
        return
    for problem in readiness.problems:
        log.critical("%s", problem)
    if settings.ARENA_PRODUCTION or readiness.unmigrated:
        log.critical("refusing to start: this worker would fail every match it took")
        raise WorkerNotReady(2)
    log.error("starting anyway (embedded mode): uploaded bots cannot be seated until this is fixed")


@beat_init.connect
def refuse_to_schedule_unmigrated(**_: object) -> None:
    """The scheduler would queue ladder matches into tables that do not exist."""
    database = check_database()
    if database.unmigrated:
        for problem in database.problems:
            log.critical("%s", problem)
        log.critical("refusing to start the scheduler")
        raise WorkerNotReady(2)
