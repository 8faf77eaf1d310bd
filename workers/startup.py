"""What a worker checks before it takes any task: it can host bots safely, and it can reach
the database it records them in.

A worker that cannot do either would still take tasks from the broker and acknowledge them
as failed, silently swallowing part of a fleet's queue. So in production (PostgreSQL) it
refuses to start, with a message naming what is missing; the embedded demo starts anyway
(its reference bots need no sandbox) and says loudly that uploaded bots will be refused.
The same checks run with `arena worker --check`, which exits instead of starting.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from celery.signals import worker_init
from django.conf import settings
from django.db import connections
from django.db.utils import Error as DatabaseError

from arena.sandbox import check_sandbox

log = logging.getLogger("arena.worker")


@dataclass(frozen=True)
class Readiness:
    """What the checks found: each problem is one line an operator can act on."""

    problems: list[str]
    sandbox: str

    @property
    def ready(self) -> bool:
        return not self.problems


def check_worker() -> Readiness:
    problems = []
    try:
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as exc:
        problems.append(f"the database cannot be reached: {str(exc).strip()}")
    finally:
        connections.close_all()  # the pool's processes open their own
    sandbox = check_sandbox(refresh=True)
    if not sandbox:
        problems.append(f"hosted bots cannot be sandboxed here: {sandbox.detail}")
    return Readiness(problems, sandbox.detail)


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
    if settings.ARENA_PRODUCTION:
        log.critical("refusing to start: this worker would fail every match it took")
        raise WorkerNotReady(2)
    log.error("starting anyway (embedded mode): uploaded bots cannot be seated until this is fixed")
