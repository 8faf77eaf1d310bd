"""Recovery whatever the fleet is doing: four workers with a backlog of matches that each last
longer than a periodic message lives (6 s), three of them `kill -9`'d one after another and
never started again, Redis restarted empty in the middle. Each dead worker's match is played
again within 20 s of its kill, before any match of the backlog that waited since it was given
back; nothing is lost, nothing is recorded twice, and no file is left that no match points at.

The three kills are the three cases of recovery: every slot busy (the sweeper once ran only
in a free slot), Redis just restarted with a backlog to resend, and the last but one worker
gone for good. The workers run with the production redispatch window (120 s), so only the
sweeper's reading of the broker brings back what Redis lost in time. Redis here is a server
of the test's own (on its own port), since the test restarts it.
"""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest
from platform_support import GAME, Processes, add_builtin, settled_invariants, wait_until
from remote_support import free_port

MATCHES = 30
#: Seconds each match waits before its first move: longer than a periodic task's message
#: lives (5 s), so that every slot stays busy for longer than that.
PAUSE = "6"
#: Issue 37: a dead worker's match is played again within this long of the kill.
WITHIN = 20
#: A match that waited while Redis was down starts within this long of Redis coming back.
RESUME_SECONDS = 15


class OwnRedis:
    """A Redis (Valkey) server on a free TCP port, restarted empty at will."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        from arena_platform import embedded_redis

        argv = [str(embedded_redis.server_binary()), "--port", str(self.port)]
        argv += ["--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        argv += ["--dir", str(self.folder), "--logfile", str(self.folder / "redis.log")]
        self.process = subprocess.Popen(argv, stdin=subprocess.DEVNULL)
        wait_until(self.up, 10, "the test's Redis to answer", every=0.05)

    def up(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(port=self.port, socket_timeout=0.5).ping())
        except redis.RedisError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()  # nothing kept: it comes back empty
            self.process.wait()


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[OwnRedis]:
    server = OwnRedis(tmp_path / "redis")
    server.start()
    yield server
    server.stop()


@dataclass
class Recovery:
    case: str
    worker: str
    match: int
    #: Seconds from the kill until another worker started the match again.
    seconds: float
    #: When the sweeper gave it back and when it started again (the database's clock).
    given_back: object
    started: object


def kill_and_watch(processes: Processes, name: str, case: str, ids: list[int]) -> Recovery:
    """kill -9 worker `name` mid-match; return how long its match took to start again."""
    from webui.matches.models import Match

    held = Match.objects.filter(pk__in=ids, status="running", lease_owner__startswith=f"{name}@")
    wait_until(held.exists, 60, f"{name} to be playing a match", every=0.05)
    ((orphan, attempts),) = held.values_list("pk", "attempts")
    processes.kill(name)
    killed = time.monotonic()
    again = Match.objects.filter(
        pk=orphan, status__in=("running", "finished"), attempts__gt=attempts
    )
    wait_until(again.exists, 90, f"{case}: match {orphan} to start again", every=0.1)
    seconds = time.monotonic() - killed
    given_back, started = again.values_list("dispatched", "started").get()
    return Recovery(case, name, orphan, seconds, given_back, started)


def all_slots_busy(ids: list[int], slots: int) -> bool:
    from webui.matches.models import Match

    mine = Match.objects.filter(pk__in=ids)
    return mine.filter(status="running").count() == slots and mine.filter(status="queued").exists()


def jumped_the_queue(recovery: Recovery, ids: list[int]) -> list[int]:
    """First attempts that started after the match was given back and before it started
    again. Half a second each side allows for claims at the same moment: one already under
    way when it was given back, and another worker's claiming the next in line while the
    given-back match was being claimed."""
    from webui.matches.models import Match

    return list(
        Match.objects.filter(
            pk__in=ids,
            attempts=1,
            started__gt=recovery.given_back + timedelta(seconds=0.5),
            started__lt=recovery.started - timedelta(seconds=0.5),
        ).values_list("pk", flat=True)
    )


def timeline(ids: list[int]) -> str:
    from webui.matches.models import Match

    rows = Match.objects.filter(pk__in=ids).order_by("started")
    return "\n".join(
        f"{pk}: started {started:%H:%M:%S.%f} sent {sent:%H:%M:%S.%f} attempts {n} by {by}"
        for pk, started, sent, n, by in rows.values_list(
            "pk", "started", "dispatched", "attempts", "played_by"
        )
    )


def orphan_files(ids: list[int]) -> list[str]:
    """Stored records and replays that no match points at."""
    from django.core.files.storage import default_storage

    from webui.matches import files
    from webui.matches.models import Match

    pointed = set()
    for record, replay in Match.objects.filter(pk__in=ids).values_list("record", "replay"):
        pointed |= {record, replay}
    stored = set()
    for folder in {files.folder(pk) for pk in ids}:
        _, names = default_storage.listdir(folder)
        stored |= {f"{folder}/{name}" for name in names}
    return sorted(stored - pointed)


@pytest.mark.slow
def test_a_dead_worker_s_match_is_played_again_within_20_s_whatever_the_fleet_is_doing(
    own_redis: OwnRedis, processes: Processes
) -> None:
    from django.utils import timezone

    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match

    add_builtin("tester", "random-b", "random")
    ids: list[int] = []
    while len(ids) < MATCHES:
        ids += fill_queue(GAME, depth=MATCHES - len(ids))
    # Never sent: the sweeper sends them at its first round, as it would after a crash.
    Match.objects.filter(pk__in=ids).update(created=timezone.now() - timedelta(minutes=1))
    processes.env = {
        **processes.env,
        "ARENA_BROKER_URL": own_redis.url,
        "ARENA_REDISPATCH_SECONDS": "120",
        "ARENA_TEST_PAUSE": PAUSE,
    }
    workers = ["w1", "w2", "w3", "w4"]
    for name in workers:
        processes.worker(name, app="slow_app")
    processes.scheduler(app="slow_app")
    recoveries = []

    # 1. Every slot busy, a backlog waiting.
    wait_until(lambda: all_slots_busy(ids, 4), 60, "every slot to be busy", every=0.1)
    recoveries.append(kill_and_watch(processes, "w1", "every slot busy", ids))

    # 2. Redis restarted empty while a backlog waits, a worker killed meanwhile.
    held = Match.objects.filter(status="running", lease_owner__startswith="w2@")
    wait_until(held.exists, 60, "w2 to be playing a match", every=0.05)
    waiting = list(Match.objects.filter(pk__in=ids, status="queued").values_list("pk", flat=True))
    assert waiting, "no backlog when Redis went down; nothing was tested"
    came_back: list[float] = []

    def restart_redis() -> None:
        time.sleep(1)
        own_redis.start()
        came_back.append(time.monotonic())

    own_redis.stop()
    restarter = threading.Thread(target=restart_redis)
    restarter.start()
    try:
        recoveries.append(kill_and_watch(processes, "w2", "Redis restarted with a backlog", ids))
    finally:
        restarter.join()
    resumed = Match.objects.filter(pk__in=waiting, status__in=("running", "finished"))
    wait_until(resumed.exists, RESUME_SECONDS, "a waiting match to start after Redis")
    resumed_after = time.monotonic() - came_back[0]

    # 3. The last but one worker killed, never back: one worker plays on alone.
    wait_until(lambda: all_slots_busy(ids, 2), 60, "both slots busy", every=0.1)
    recoveries.append(kill_and_watch(processes, "w3", "the killed worker never back", ids))

    for recovery in recoveries:
        print(f"{recovery.case}: match {recovery.match} started again {recovery.seconds:.1f}s "
              "after its worker's kill")  # fmt: skip
    # The rest of the backlog, quickly: new workers (none of the killed ones).
    processes.env = {**processes.env, "ARENA_TEST_PAUSE": "0.3"}
    processes.worker("drain1", app="slow_app")
    processes.worker("drain2", app="slow_app")
    finished = Match.objects.filter(pk__in=ids, status="finished")
    wait_until(lambda: finished.count() == MATCHES, 240, "every match to finish", every=0.5)

    for recovery in recoveries:
        assert recovery.seconds < WITHIN, recovery
        assert jumped_the_queue(recovery, ids) == [], (recovery, timeline(ids))
    assert resumed_after < RESUME_SECONDS
    for recovery in recoveries:
        match = Match.objects.get(pk=recovery.match)
        assert match.attempts >= 2
        assert not match.played_by.startswith(f"{recovery.worker}@"), recovery
    assert not Match.objects.filter(pk__in=ids).exclude(status="finished").exists()
    settled_invariants()  # each finished match recorded once: seats, history, ratings
    assert orphan_files(ids) == []
    for name in ("w4", "drain1", "drain2", "sweeper"):
        assert processes.running[name].poll() is None, processes.log(name)
