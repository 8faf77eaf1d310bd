"""A worker's start-up checks: a clear refusal or a working sandbox, never a silent fallback.

A worker in a container usually runs as a non-root user (deploy/k8s) or as root with an
unprivileged bot uid (deploy/docker-compose.yml). Both are tried here for real: the checks
run as another host uid with and without a cgroup delegated to it, and a production worker
with something missing is started and must exit before it takes a task.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.sandbox.cgroup import find_hierarchy
from arena.sandbox.runtime import DEFAULT_BOT_RUNTIME

ROOT = Path(__file__).resolve().parents[2]
#: A host uid nothing on the machine runs as, standing for a container's worker user.
WORKER_UID = 4242
SYSTEM_PYTHON = Path("/usr/bin/python3.11")
#: The bot runtime scripts/install-bot-runtime.sh builds for root; any user can read it.
RUNTIME = os.environ.get("ARENA_BOT_RUNTIME") or DEFAULT_BOT_RUNTIME


def require_root_and_system_python() -> None:
    missing = []
    if os.geteuid() != 0:
        missing.append("root (to become another user)")
    if not SYSTEM_PYTHON.exists() or not Path(RUNTIME, "bin", "python").exists():
        missing.append(f"{SYSTEM_PYTHON} and the bot runtime (scripts/install-bot-runtime.sh)")
    if missing and os.environ.get("CI") == "true":
        pytest.fail(f"needs {', '.join(missing)}")
    if missing:
        pytest.skip(f"needs {', '.join(missing)}")


@pytest.fixture
def worker_home() -> Iterator[Path]:
    """A home the worker user owns, where that user can reach it (pytest's tmp_path sits in
    a folder only root may enter)."""
    home = Path(tempfile.mkdtemp(prefix="arena-worker-"))
    os.chown(home, WORKER_UID, WORKER_UID)
    yield home
    shutil.rmtree(home, ignore_errors=True)


@pytest.fixture
def delegated_cgroup() -> Iterator[list[Path]]:
    """pids and memory cgroups below this process's own (one folder under cgroup v2), owned
    by the worker user: what an operator delegates (systemd `Delegate=yes`, or a container
    runtime with a writable cgroup)."""
    name = f"delegated-{uuid.uuid4().hex[:8]}"
    folders: list[Path] = []
    for controller in ("pids", "memory"):
        hierarchy = find_hierarchy(controller)
        if hierarchy is None:
            pytest.fail(f"no {controller} cgroup hierarchy: the sandbox tests need one")
        folder = hierarchy.own_dir / name
        if folder in folders:
            continue
        folder.mkdir()
        folders.append(folder)
        for path in [folder, *folder.iterdir()]:
            os.chown(path, WORKER_UID, WORKER_UID)
    yield folders
    for folder in folders:
        for child in sorted(folder.rglob("*"), reverse=True):
            if child.is_dir():
                child.rmdir()
        folder.rmdir()


def as_worker_user(argv: list[str], home: Path, cgroup: list[Path] | None) -> tuple[int, str]:
    """Run `arena ARGV` as WORKER_UID on the system Python (the project's own interpreter
    may sit in a home folder that user cannot enter), inside `cgroup` when given."""
    site = sysconfig.get_paths()["purelib"]
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "TMPDIR": str(home),
        "ARENA_DATA_DIR": str(home / "data"),
        "ARENA_BOT_RUNTIME": RUNTIME,
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "sdk"), site]),
    }
    code = f"import sys; from arena_platform.cli import main; sys.exit(main({argv!r}))"
    drop = ["setpriv", f"--reuid={WORKER_UID}", f"--regid={WORKER_UID}", "--clear-groups"]
    command = [*drop, "env", "-i", *(f"{k}={v}" for k, v in env.items())]
    command += [str(SYSTEM_PYTHON), "-c", code]
    if cgroup is not None:  # join them as root, then become the worker user
        join = " && ".join(f'echo $$ > "{folder}/cgroup.procs"' for folder in cgroup)
        command = ["sh", "-c", f'{join} && exec "$@"', "sh", *command]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd="/")
    return done.returncode, done.stdout + done.stderr


def test_a_non_root_worker_without_a_cgroup_of_its_own_refuses_bots(worker_home: Path) -> None:
    require_root_and_system_python()
    status, output = as_worker_user(["worker", "--check"], worker_home, cgroup=None)
    assert status == 2, output
    assert "NOT ready" in output
    assert "pids cgroup" in output and "docs/operating.md" in output


def test_a_non_root_worker_with_a_delegated_cgroup_plays_sandboxed_bots(
    worker_home: Path, delegated_cgroup: list[Path]
) -> None:
    require_root_and_system_python()
    status, output = as_worker_user(["migrate"], worker_home, None)  # its own SQLite
    assert status == 0, output
    status, output = as_worker_user(["worker", "--check"], worker_home, delegated_cgroup)
    assert status == 0, output
    assert f"bots as uid {WORKER_UID}:{WORKER_UID}" in output
    bot = ROOT / "examples" / "wandering_towers" / "homeward.py"
    argv = ["play", "wandering_towers", str(bot), "random", "--seed", "3", "--quiet"]
    status, output = as_worker_user(argv, worker_home, delegated_cgroup)
    assert status == 0, output
    assert re.search(r"\d\. homeward .*│\s+0 │", output), output  # played, no strike


def start_worker(env: dict[str, str], **changes: str) -> subprocess.CompletedProcess[str]:
    arena = Path(sys.executable).with_name("arena")
    return subprocess.run(
        [str(arena), "worker", "--name", f"refused-{uuid.uuid4().hex[:6]}"],
        env={**os.environ, **env, **changes},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_production_worker_without_its_bot_runtime_does_not_start(
    django_env: dict[str, str], redis_url: str
) -> None:
    env = {**django_env, "ARENA_BROKER_URL": redis_url}
    done = start_worker(env, ARENA_BOT_RUNTIME="/nonexistent/runtime")
    assert done.returncode == 2, done.stderr[-2000:]
    assert "hosted bots cannot be sandboxed here" in done.stderr
    assert "/nonexistent/runtime" in done.stderr and "refusing to start" in done.stderr
    assert "ready." not in done.stderr  # Celery's word once it consumes: it never did


def test_a_production_worker_whose_database_is_down_does_not_start(
    django_env: dict[str, str], redis_url: str
) -> None:
    env = {**django_env, "ARENA_BROKER_URL": redis_url}
    done = start_worker(env, ARENA_DATABASE_URL="postgresql://arena@127.0.0.1:1/arena")
    assert done.returncode == 2, done.stderr[-2000:]
    assert "the database cannot be reached" in done.stderr
    assert "refusing to start" in done.stderr
