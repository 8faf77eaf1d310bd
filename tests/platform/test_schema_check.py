"""Start-up checks cover the schema: on a database whose migrations are not applied, the
worker, the scheduler, the sweeper, the web server and the gateway refuse to start (exit
status 2, a line naming `arena migrate`), and `arena worker --check` says the same, instead
of saying "ready" and failing everything they take."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator

import pytest
from platform_support import PG, REPO
from remote_support import free_port

#: A refusal comes within seconds; a process that started serves until it is stopped.
SECONDS = 60


@pytest.fixture
def empty_database(platform_env: dict[str, str]) -> Iterator[str]:
    """A PostgreSQL database nothing was migrated in; its URL."""
    import psycopg

    name = f"arena_unmigrated_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    yield f"postgresql://{PG['user']}@{PG['host']}:{PG['port']}/{name}"
    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def run(env: dict[str, str], database: str, *argv: str) -> subprocess.CompletedProcess[str]:
    """`python -m ARGV` against `database`; a process still running after SECONDS started
    for real, and is stopped and reported."""
    process = subprocess.Popen(
        [sys.executable, "-m", *argv],
        cwd=REPO,
        env={**env, "ARENA_DATABASE_URL": database, "ARENA_DATA_DIR": env["ARENA_DATA_DIR"]},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        out, err = process.communicate()
        pytest.fail(f"{' '.join(argv)} started on an unmigrated database:\n{err[-3000:]}")
    return subprocess.CompletedProcess(argv, process.returncode, out, err)


def refused(done: subprocess.CompletedProcess[str]) -> str:
    output = done.stdout + done.stderr
    assert done.returncode == 2, output[-3000:]
    assert "`arena migrate`" in output, output[-3000:]
    assert "migration(s) not applied" in output, output[-3000:]
    return output


@pytest.mark.parametrize(
    "command",
    [
        ["worker", "--check"],
        ["worker", "--name", "unmigrated", "--concurrency", "1"],
        ["beat"],
        ["sweeper"],
        ["web", "--bind", "127.0.0.1:{port}"],
        ["gateway", "--listen", "127.0.0.1:{port}"],
    ],
    ids=lambda argv: " ".join(argv[:2]),
)
def test_each_part_refuses_an_unmigrated_database(
    platform_env: dict[str, str], empty_database: str, command: list[str]
) -> None:
    port = str(free_port())
    argv = [part.replace("{port}", port) for part in command]
    output = refused(run(platform_env, empty_database, "arena_platform", *argv))
    assert f"arena {argv[0]}" in output or "refusing to start" in output
    assert "ready." not in output  # Celery's word once it consumes: it never did


@pytest.mark.parametrize("part", ["worker", "beat"])
def test_celery_started_directly_refuses_an_unmigrated_database(
    platform_env: dict[str, str], empty_database: str, part: str, tmp_path
) -> None:
    argv = ["celery", "-A", "workers.app", part, "-l", "INFO"]
    if part == "worker":
        argv += ["-n", f"direct-{uuid.uuid4().hex[:6]}@%h", "--concurrency", "1"]
    else:
        argv += ["-s", str(tmp_path / "celerybeat-schedule")]
    output = refused(run(platform_env, empty_database, *argv))
    assert "ready." not in output


def test_one_missing_migration_is_named(platform_env: dict[str, str], empty_database: str) -> None:
    """A database one release behind: the check names what is missing."""
    import psycopg

    migrated = run(platform_env, empty_database, "arena_platform", "manage", "migrate", "-v0")
    assert migrated.returncode == 0, migrated.stderr[-3000:]
    name = empty_database.rsplit("/", 1)[1]
    with psycopg.connect(dbname=name, autocommit=True, **PG) as connection:
        row = connection.execute(
            "DELETE FROM django_migrations WHERE id = (SELECT max(id) FROM django_migrations "
            "WHERE app = 'matches') RETURNING app, name"
        ).fetchone()
    output = refused(run(platform_env, empty_database, "arena_platform", "worker", "--check"))
    assert f"1 migration(s) not applied: {row[0]}.{row[1]}" in output
    assert "NOT ready" in output
