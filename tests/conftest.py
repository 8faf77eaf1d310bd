"""Session fixtures shared by every folder that needs Django: a real PostgreSQL, and Redis.

Django can be configured once per process, so the platform tests and the web tests share one
configuration (`django_env`): a throw-away PostgreSQL database and a temporary data dir. Only
the platform tests need Redis (`redis_url`); the broker URL is set either way, since it is
only a string until something sends a task.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from arena_env import PG, REDIS_DB, REDIS_HOST, REDIS_PORT, TIMINGS, missing, redis_up

from arena_sdk import grpc_io

# The test process starts like the `arena` command: gRPC's direct I/O for its referees and
# the processes it starts, unless the environment chose.
grpc_io.prefer_direct_io()


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    try:
        import psycopg

        admin = psycopg.connect(dbname="postgres", autocommit=True, connect_timeout=3, **PG)
    except Exception as exc:
        missing("PostgreSQL on 127.0.0.1:5432", exc)
    name = f"arena_test_{os.getpid()}"
    with admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    yield f"postgresql://{PG['user']}@{PG['host']}:{PG['port']}/{name}"
    from django.db import connections

    connections.close_all()
    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    try:
        import redis

        client = redis.Redis(REDIS_HOST, REDIS_PORT, db=REDIS_DB, socket_timeout=2)
        client.ping()
    except Exception as exc:
        missing(f"Redis on {REDIS_HOST}:{REDIS_PORT}", exc)
    client.flushdb()
    yield f"redis://{REDIS_HOST}:{REDIS_PORT}/{REDIS_DB}"
    if redis_up():
        client.flushdb()


@pytest.fixture(scope="session")
def django_env(pg_url: str, tmp_path_factory) -> dict[str, str]:
    """Configure Django in this process (once), migrate, and return the ARENA_* variables."""
    data = tmp_path_factory.mktemp("arena-data")
    env = {
        "ARENA_DATABASE_URL": pg_url,
        "ARENA_BROKER_URL": f"redis://{REDIS_HOST}:{REDIS_PORT}/{REDIS_DB}",
        "ARENA_DATA_DIR": str(data),
        "ARENA_SECRET_KEY": "platform-tests",
        "ARENA_ALLOWED_HOSTS": "testserver,localhost,127.0.0.1",
        "DJANGO_SETTINGS_MODULE": "webui.settings",
        **TIMINGS,
    }
    os.environ.update(env)
    import django
    from django.conf import settings

    if settings.configured and settings.DATABASES["default"]["NAME"] != pg_url.rsplit("/", 1)[1]:
        pytest.fail("Django was configured by another test module before these tests")
    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    return env
