"""Database writes from a worker that survive a dropped connection.

A worker's connections sit idle for a whole match, and PostgreSQL may end them meanwhile
(a restart, a failover, an idle-session timeout, `pg_terminate_backend`); Django finds out
only when the next query fails, and a thread that keeps its connection never reconnects by
itself. Every write a worker makes about a match is conditional on its lease (claim, renew,
finish, release), so running it again on a fresh connection is safe: `reconnecting` does
that once. A task that has just played a match first checks its own idle connection
(`fresh_connection`), since every write that follows depends on it.
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


def fresh_connection() -> None:
    """Drop this thread's connection if the server ended it while it sat idle (one
    `SELECT 1`), so that the next query opens a new one."""
    idle = connection.connection is not None and not connection.in_atomic_block
    if idle and not connection.is_usable():
        log.info("database connection lost while idle; reconnecting")
        connection.close()
