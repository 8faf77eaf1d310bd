"""A worker whose database sessions are terminated mid-match still records the match on its
first attempt: the heartbeat and the finish reconnect instead of throwing the result away."""

from __future__ import annotations

import time

import psycopg
import pytest
from platform_support import GAME, PG


@pytest.fixture
def match(db):
    from django.db import connection

    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match

    (pk,) = fill_queue(GAME, depth=1)
    yield Match.objects.get(pk=pk)
    connection.close()  # whatever happened, the next test starts on a live session


def terminate_sessions(database: str) -> int:
    """What a database restart or failover does to a worker: every session of the
    database but this one is ended."""
    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as admin:
        rows = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (database,),
        ).fetchall()
    return len(rows)


def test_terminated_sessions_mid_match_do_not_cost_the_match_an_attempt(match, monkeypatch):
    from django.conf import settings
    from django.db import connection
    from django.utils import timezone

    from webui.matches.models import Match
    from workers import tasks

    database = settings.DATABASES["default"]["NAME"]
    original = tasks.referee_run
    seen: dict[str, object] = {}

    def played_while_the_database_restarts(*args, **kwargs):
        record = original(*args, **kwargs)
        time.sleep(2 * settings.ARENA_HEARTBEAT_SECONDS)  # the heartbeat has its session
        seen["terminated"] = terminate_sessions(database)
        seen["at"] = timezone.now()
        time.sleep(4 * settings.ARENA_HEARTBEAT_SECONDS)  # beats after the drop
        return record

    monkeypatch.setattr(tasks, "referee_run", played_while_the_database_restarts)
    connection.ensure_connection()
    result = tasks.play(match.pk, "w1")

    assert seen["terminated"] >= 2  # the task's own session and the heartbeat's
    assert result.startswith("finished"), result
    match.refresh_from_db()
    assert (match.status, match.attempts) == (Match.Status.FINISHED, 1)
    assert match.lease_heartbeat > seen["at"]  # the heartbeat renewed after the drop
    assert match.seats.filter(rank__isnull=False).count() == match.seats.count()


def test_a_heartbeat_whose_session_is_terminated_keeps_the_lease(match):
    from django.conf import settings
    from django.db import connection
    from django.utils import timezone

    from webui.matches.models import Match
    from workers.heartbeat import Heartbeat

    assert Match.claim(match.pk, "me/1")
    with Heartbeat(match.pk, "me/1", settings.ARENA_HEARTBEAT_SECONDS) as beat:
        time.sleep(2 * settings.ARENA_HEARTBEAT_SECONDS)
        terminate_sessions(settings.DATABASES["default"]["NAME"])
        connection.close()  # this test's own session was ended too
        dropped = timezone.now()
        time.sleep(settings.ARENA_LEASE.total_seconds() + 1)
        renewed = Match.objects.get(pk=match.pk)
    assert beat.failures == 0 and not beat.lost
    assert renewed.lease_heartbeat > dropped
    assert renewed.lease_expires > timezone.now()
