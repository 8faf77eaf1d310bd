"""Database writes from a worker that survive a dropped connection.

A worker's connections sit idle for a whole match, and PostgreSQL may end them meanwhile
(a restart, a failover, an idle-session timeout, `pg_terminate_backend`); Django finds out
only when the next query fails, and a thread that keeps its connection never reconnects by
itself. Every write a worker makes about a match is conditional on its lease (claim, renew,
finish, release), so running it again on a fresh connection is safe: `reconnecting` does
that once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from django.db import InterfaceError, OperationalError, connection

log = logging.getLogger("arena.workers")
T = TypeVar("T")


def reconnecting(call: Callable[[], T]) -> T:
    """`call()`, and once more on a new connection if the connection it used was gone."""
    try:
        return call()
    except (OperationalError, InterfaceError) as exc:
        if connection.in_atomic_block:  # an outer transaction is lost with it: not ours
            raise
        log.info("database connection lost (%s); reconnecting", str(exc).strip()[:200])
        connection.close()
        return call()
