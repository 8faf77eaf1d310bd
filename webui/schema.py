"""Whether the database is the one this code expects: reachable, every migration applied.

Each long-running process (worker, scheduler, sweeper, web, gateway) asks before it starts.
On a database `arena migrate` has not brought up to date, a process would otherwise start,
say it is ready, and fail everything it took (`relation "matches_match" does not exist`): a
worker would empty the broker's queue by failing every match in it.
"""

from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.utils import Error as DatabaseError

#: What every refusal about the schema tells the operator to do.
MIGRATE = "run `arena migrate`"
#: Migrations named in a refusal; the rest are counted.
SHOWN = 5


def unapplied_migrations(alias: str = DEFAULT_DB_ALIAS) -> list[str]:
    """The migrations this code has and the database lacks ("app.0007_name"), in the order
    `arena migrate` would apply them. Raises a database error if it cannot be read."""
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connections[alias])
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    return [f"{migration.app_label}.{migration.name}" for migration, backwards in plan]


def schema_problem(missing: list[str]) -> str:
    """One line for an operator about the migrations `missing`."""
    shown = ", ".join(missing[:SHOWN])
    if len(missing) > SHOWN:
        shown += f" and {len(missing) - SHOWN} more"
    return (
        f"the database's schema is not up to date ({len(missing)} migration(s) not applied: "
        f"{shown}): {MIGRATE}"
    )


class DatabaseCheck:
    """What a process found about its database before starting: `problems` (one line each)
    and whether the schema is behind (`unmigrated`: never worth starting)."""

    def __init__(self, problems: list[str], unmigrated: bool) -> None:
        self.problems = problems
        self.unmigrated = unmigrated

    @property
    def ok(self) -> bool:
        return not self.problems


def check_database(alias: str = DEFAULT_DB_ALIAS) -> DatabaseCheck:
    """Reach the database and compare its applied migrations with the code's."""
    try:
        missing = unapplied_migrations(alias)
    except DatabaseError as exc:
        return DatabaseCheck([f"the database cannot be reached: {str(exc).strip()}"], False)
    finally:
        connections.close_all()  # a process that forks (Celery's pool) opens its own
    if missing:
        return DatabaseCheck([schema_problem(missing)], True)
    return DatabaseCheck([], False)
