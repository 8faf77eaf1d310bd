"""What every Django-backed test folder shares: where the services are, and how to reach them.

tests/conftest.py configures Django once per test process from these (platform and web tests
run in one process, and Django can be configured only once); tests/platform re-exports them
through platform_support. A missing service skips a test, except under CI=true, where it fails.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PG = {"host": "127.0.0.1", "port": 5432, "user": "postgres"}
#: Test runs flush their Redis database: two checkouts tested at once each take their own.
REDIS_HOST, REDIS_PORT = "127.0.0.1", 6379
REDIS_DB = int(os.environ.get("ARENA_TEST_REDIS_DB", "13"))
#: Lease timings short enough for a test to watch a worker die and its match come back.
TIMINGS = {
    "ARENA_LEASE_SECONDS": "3",
    "ARENA_HEARTBEAT_SECONDS": "0.5",
    "ARENA_SWEEP_SECONDS": "1",
    "ARENA_SCHEDULE_SECONDS": "1",
    "ARENA_REDISPATCH_SECONDS": "4",
    "ARENA_BROKER_VISIBILITY_TIMEOUT": "5",
    "ARENA_LADDER_DEPTH": "0",
    # The search bot thinks 0.4 s a move: ladders under test are played by the quick ones
    # (test_reference_bots.py loads it on purpose).
    "ARENA_REFERENCE_BOTS": "random,greedy",
    # Every test signs up and in from 127.0.0.1: the throttling tests set their own limits.
    "ARENA_SIGNUPS_PER_ADDRESS": "0",
    "ARENA_LOGIN_FAILURES": "0",
}
#: Every table a test may fill; TRUNCATE ... CASCADE also empties the ones pointing at them
#: (auth tokens, sessions' users).
TABLES = (
    "ladder_ratinghistory",
    "ladder_rating",
    "ladder_gamerating",
    "matches_matchseat",
    "matches_match",
    "matches_matchtally",
    "matches_rivalry",
    "bots_botversion",
    "bots_bot",
    "auth_user",
    "files_storedfile",
    "accounts_attempt",
)


def on_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def missing(service: str, why: object) -> None:
    message = f"{service} is not available: {why}"
    if on_ci():
        pytest.fail(message + " (CI=true: a missing service is a failure)")
    pytest.skip(message)


def redis_up() -> bool:
    try:
        import redis

        return bool(redis.Redis(REDIS_HOST, REDIS_PORT, socket_timeout=1).ping())
    except Exception:
        return False


def truncate_tables() -> None:
    """Empty the platform's tables (ids restart at 1) in the configured database."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE")
