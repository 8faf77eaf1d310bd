"""Helpers for the platform tests: services, subprocess workers, invariants.

(Kept apart from conftest.py: test modules import these by a name no other folder uses.)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from arena_env import (  # noqa: F401  (re-exported for the platform tests)
    PG,
    REDIS_DB,
    REDIS_HOST,
    REDIS_PORT,
    REPO,
    TABLES,
    TIMINGS,
    missing,
    redis_up,
)

HERE = Path(__file__).resolve().parent
REDIS_START = [
    "redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port", "6379",
    "--save", "", "--appendonly", "no", "--dir", "/var/lib/redis",
    "--logfile", "/var/log/redis/ci.log",
]  # fmt: skip
GAME = "wandering_towers"


def wait_until(predicate: Callable[[], object], timeout: float, what: str, every=0.2) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}")


def start_redis() -> None:
    if redis_up():
        return
    Path("/var/lib/redis").mkdir(parents=True, exist_ok=True)
    Path("/var/log/redis").mkdir(parents=True, exist_ok=True)
    subprocess.run(REDIS_START, check=True, capture_output=True)
    wait_until(redis_up, 10, "redis to start")


def stop_redis() -> None:
    subprocess.run(
        ["redis-cli", "-h", REDIS_HOST, "-p", str(REDIS_PORT), "shutdown", "nosave"],
        capture_output=True,
    )
    wait_until(lambda: not redis_up(), 10, "redis to stop")


def add_builtin(username: str, name: str, builtin: str, game: str = GAME):
    """Another active version playing a built-in bot, to widen the ladder's pool."""
    import hashlib

    from django.contrib.auth import get_user_model

    from webui.bots.models import Bot, BotVersion
    from webui.ladder.models import Rating

    owner, _ = get_user_model().objects.get_or_create(username=username)
    bot = Bot.objects.create(owner=owner, name=name, game=game)
    digest = hashlib.sha256(f"{username}/{name}/{builtin}".encode()).hexdigest()
    version = BotVersion.objects.create(bot=bot, number=1, builtin=builtin, sha256=digest)
    version.activate()
    Rating.for_version(version.pk, game)
    return version


class Processes:
    """Celery workers, beat and the sweeper as real subprocesses, each in its own process
    group."""

    def __init__(self, env: dict[str, str], logs: Path) -> None:
        self.env = env
        self.logs = logs
        self.running: dict[str, subprocess.Popen] = {}

    def _start(
        self, name: str, argv: list[str], ready: str | None, module: str = "celery"
    ) -> subprocess.Popen:
        log = self.logs / f"{name}.log"
        with open(log, "ab") as handle:
            process = subprocess.Popen(
                [sys.executable, "-m", module, *argv],
                cwd=REPO,
                env=self.env,
                stdout=handle,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        self.running[name] = process
        if ready:
            wait_until(
                lambda: ready in log.read_text(errors="replace") or process.poll() is not None,
                30,
                f"{name} to start",
            )
            assert process.poll() is None, f"{name} died:\n{self.log(name)}"
        return process

    def worker(
        self,
        name: str,
        app: str = "workers.app",
        queues: str = "arena.people,arena.matches,arena.tournaments,arena.control",
    ) -> subprocess.Popen:
        argv = ["-A", app, "worker", "-n", f"{name}@%h", "--concurrency", "1"]
        argv += ["--without-mingle", "--without-gossip", "--without-heartbeat"]
        argv += ["-Q", queues, "-l", "INFO"]
        return self._start(name, argv, ready="ready.")

    def beat(self, app: str = "workers.app") -> subprocess.Popen:
        schedule = self.logs / "celerybeat-schedule"
        return self._start("beat", ["-A", app, "beat", "-s", str(schedule), "-l", "INFO"], None)

    def sweeper(self) -> subprocess.Popen:
        """`arena sweeper`: gives back dead workers' matches, resends what the broker lost."""
        return self._start("sweeper", ["sweeper"], ready="sweeper running", module="arena_platform")

    def scheduler(self, app: str = "workers.app") -> None:
        """What production runs beside the workers: beat and the sweeper."""
        self.beat(app)
        self.sweeper()

    def kill(self, name: str) -> None:
        """kill -9 the whole worker: the main process and its pool child."""
        process = self.running.pop(name)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()

    def log(self, name: str) -> str:
        path = self.logs / f"{name}.log"
        return path.read_text(errors="replace")[-5000:] if path.exists() else ""

    def stop_all(self) -> None:
        for process in self.running.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for name, process in list(self.running.items()):
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            self.running.pop(name)


def settled_invariants() -> None:
    """Every finished ladder match is recorded exactly once, and ratings replay exactly."""
    from django.db.models import Count

    from webui.ladder.models import Rating, RatingHistory
    from webui.ladder.recompute import recompute
    from webui.matches.models import Match, MatchSeat

    finished = Match.objects.filter(status=Match.Status.FINISHED)
    seats = MatchSeat.objects.filter(match__in=finished)
    assert not seats.filter(rank__isnull=True).exists(), (
        "a finished match has seats without results"
    )
    assert RatingHistory.objects.count() == seats.count(), "rating history is not one row per seat"
    per_match = RatingHistory.objects.values("match").annotate(n=Count("id"))
    sizes = dict(finished.annotate(n=Count("seats")).values_list("pk", "n"))
    assert {row["match"]: row["n"] for row in per_match} == sizes
    for rating in Rating.objects.all():
        assert rating.games == seats.filter(version_id=rating.version_id).count()
    report = recompute()
    assert report.agrees, "\n".join(str(m) for m in report.mismatches)
