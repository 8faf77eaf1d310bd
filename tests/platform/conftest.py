"""Fixtures for the platform tests: real PostgreSQL and Redis, real Celery workers.

A missing service fails the run under CI=true and skips the test elsewhere. The test
process configures Django once (PostgreSQL, Redis db 13, short lease timings); worker and
scheduler subprocesses get the same environment.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from platform_support import (
    HERE,
    PG,
    REDIS_DB,
    REDIS_HOST,
    REDIS_PORT,
    REPO,
    TABLES,
    TIMINGS,
    Processes,
    missing,
    redis_up,
)


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
def platform_env(pg_url: str, redis_url: str, tmp_path_factory) -> dict[str, str]:
    """Configure Django in this process (once) and return the environment for subprocesses."""
    data = tmp_path_factory.mktemp("arena-data")
    env = {
        "ARENA_DATABASE_URL": pg_url,
        "ARENA_BROKER_URL": redis_url,
        "ARENA_DATA_DIR": str(data),
        "ARENA_SECRET_KEY": "platform-tests",
        "ARENA_ALLOWED_HOSTS": "testserver,localhost",
        "DJANGO_SETTINGS_MODULE": "webui.settings",
        **TIMINGS,
    }
    os.environ.update(env)
    import django
    from django.conf import settings

    if settings.configured and settings.DATABASES["default"]["NAME"] != pg_url.rsplit("/", 1)[1]:
        pytest.fail("Django was configured by another test module before the platform tests")
    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    full = dict(os.environ)
    full["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO), str(HERE), os.environ.get("PYTHONPATH", "")) if p
    )
    return full


@pytest.fixture
def db(platform_env: dict[str, str]) -> Iterator[dict[str, str]]:
    """An empty platform with the reference bots loaded, and an empty broker."""
    import redis
    from django.db import connection

    from webui.bots.reference import load_reference_bots

    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE")
    redis.Redis(REDIS_HOST, REDIS_PORT, db=REDIS_DB).flushdb()
    media = Path(platform_env["ARENA_DATA_DIR"]) / "media"
    shutil.rmtree(media, ignore_errors=True)
    load_reference_bots()
    yield platform_env


@pytest.fixture
def processes(db: dict[str, str], tmp_path: Path) -> Iterator[Processes]:
    procs = Processes(db, tmp_path)
    try:
        yield procs
    finally:
        procs.stop_all()


@pytest.fixture
def settings_override(platform_env) -> Iterator[Callable[..., None]]:
    """Change Django settings for one test."""
    from django.conf import settings

    saved: dict[str, object] = {}

    def change(**values: object) -> None:
        for key, value in values.items():
            saved.setdefault(key, getattr(settings, key))
            setattr(settings, key, value)

    yield change
    for key, value in saved.items():
        setattr(settings, key, value)
