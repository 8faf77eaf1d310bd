"""Fixtures for the platform tests: real PostgreSQL and Redis, real Celery workers.

A missing service fails the run under CI=true and skips the test elsewhere. tests/conftest.py
configures Django once (PostgreSQL, Redis db 13, short lease timings); worker and scheduler
subprocesses get the same environment.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from arena_env import truncate_tables
from platform_support import HERE, REDIS_DB, REDIS_HOST, REDIS_PORT, REPO, Processes


@pytest.fixture(scope="session")
def platform_env(django_env: dict[str, str], redis_url: str) -> dict[str, str]:
    """Django configured (tests/conftest.py) and Redis up; the environment for subprocesses."""
    full = dict(os.environ)
    full.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # the web tests' browser needs it; workers never
    full["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO), str(HERE), os.environ.get("PYTHONPATH", "")) if p
    )
    return full


@pytest.fixture
def db(platform_env: dict[str, str]) -> Iterator[dict[str, str]]:
    """An empty platform with the reference bots loaded, and an empty broker."""
    import redis

    from webui.bots.reference import load_reference_bots

    truncate_tables()
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
