"""Platform throughput: matches per minute end to end (PostgreSQL + Redis + Celery workers)
with one and with two worker processes, next to the engine alone playing the same matches;
the no-op deliveries (a task that found its match running or done) of each run; the ladder's
rate while a big tournament waits in its own queue; and how long a match whose worker was
`kill -9`'d takes to be played again (production lease and sweep timings).

Needs the local PostgreSQL (127.0.0.1:5432, user postgres) and Redis (127.0.0.1:6379); uses
a throwaway database and Redis db 14. Prints a table; asserts nothing. The workers and the
referee-alone row keep the standby sandboxes the settings ask for (ARENA_STANDBY_SANDBOXES,
default 2); `ARENA_STANDBY_SANDBOXES=0` measures every bot started with its match.

    python bench/throughput.py [--matches 100]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GAME = "wandering_towers"
RANDOM_BOT = b"""
from arena_sdk import Bot

class RandomBot(Bot):
    def act(self, view, legal):
        return legal[self.random.randrange(len(legal))].code
"""


def configure(database: str, data: Path) -> dict[str, str]:
    env = {
        "ARENA_DATABASE_URL": f"postgresql://postgres@127.0.0.1:5432/{database}",
        "ARENA_BROKER_URL": "redis://127.0.0.1:6379/14",
        "ARENA_DATA_DIR": str(data),
        "ARENA_SECRET_KEY": "bench",
        "ARENA_LADDER_DEPTH": "0",
        "DJANGO_SETTINGS_MODULE": "webui.settings",
    }
    os.environ.update(env)
    sys.path.insert(0, str(REPO))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    full = dict(os.environ)
    full["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), full.get("PYTHONPATH", "")) if p)
    return full


def lineup() -> tuple[list[int], str]:
    """Two random-bot versions: sandboxed uploads if the sandboxed agent exists."""
    import hashlib

    from django.contrib.auth import get_user_model
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    from webui.bots.models import Bot, BotVersion

    owner, _ = get_user_model().objects.get_or_create(username="bench")
    hosted = importlib.util.find_spec("arena.match.hosted") is not None
    ids = []
    for name in ("random-a", "random-b"):
        bot = Bot.objects.create(owner=owner, name=name, game=GAME)
        if hosted:
            digest = hashlib.sha256(RANDOM_BOT).hexdigest()
            stored = default_storage.save(f"bots/{digest}.py", ContentFile(RANDOM_BOT))
            version = BotVersion.objects.create(bot=bot, number=1, file=stored, sha256=digest)
        else:
            digest = hashlib.sha256(name.encode()).hexdigest()
            version = BotVersion.objects.create(bot=bot, number=1, builtin="random", sha256=digest)
        version.activate()
        ids.append(version.pk)
    kind = "sandboxed random bots" if hosted else "in-process reference random bots"
    return ids, kind


def create_matches(versions: list[int], count: int) -> list[int]:
    from webui.matches.models import Match, MatchSeat

    ids = []
    for seed in range(count):
        match = Match.objects.create(game=GAME, seed=seed, options={}, kind=Match.Kind.LADDER)
        order = versions if seed % 2 == 0 else versions[::-1]
        MatchSeat.objects.bulk_create(
            MatchSeat(match=match, seat=i, version_id=v) for i, v in enumerate(order)
        )
        ids.append(match.pk)
    return ids


def tournament_matches(versions: list[int], count: int) -> list[int]:
    """One round of a round robin between the two versions, `count` games (rounded up to
    even: both seatings), as the platform stores a tournament's round."""
    from arena.tournament import next_round
    from webui.bots.models import BotVersion
    from webui.tournaments.progress import add_round, create

    field = list(BotVersion.objects.filter(pk__in=versions).select_related("bot"))
    tournament = create(
        name="bench", game=GAME, format="round-robin", versions=field, rounds=1,
        table_size=2, games_per_pairing=max(1, (count + 1) // 2),
    )  # fmt: skip
    return add_round(tournament, next_round(tournament.settings(), tournament.history()))


def reset() -> None:
    import redis
    from django.db import connection

    with connection.cursor() as cursor:
        tables = (
            "ladder_ratinghistory, ladder_rating, matches_matchseat, matches_match, "
            "tournaments_tournament"
        )
        cursor.execute(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
    redis.Redis("127.0.0.1", 6379, db=14).flushdb()


def engine_only(versions: list[int], count: int) -> float:
    """Seconds for the referee alone to play the same matches in this process."""
    from arena.match.referee import TimeControl, run_match
    from arena.match.seeds import bot_seed, new_key
    from webui.bots.models import BotVersion
    from workers.agents import agent_for_version

    key = new_key()
    objs = [BotVersion.objects.select_related("bot__owner").get(pk=v) for v in versions]
    t0 = time.perf_counter()
    for seed in range(count):
        order = objs if seed % 2 == 0 else objs[::-1]
        agents = [agent_for_version(v, i, bot_seed(key, str(seed), i)) for i, v in enumerate(order)]
        run_match(GAME, agents, seed, {}, TimeControl())
    return time.perf_counter() - t0


def engine_alone(count: int) -> float:
    """Seconds for the engine alone to play the same games at random: no bots, no referee."""
    import random

    import arena.games

    game = arena.games.get(GAME)
    t0 = time.perf_counter()
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new_state(2, seed)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return time.perf_counter() - t0


def start_workers(env: dict[str, str], count: int, logs: Path) -> list[subprocess.Popen]:
    workers = []
    for index in range(count):
        log = logs / f"worker{index}.log"
        argv = [sys.executable, "-m", "celery", "-A", "workers.app", "worker"]
        argv += ["-n", f"bench{index}@%h", "--concurrency", "1", "-l", "INFO"]
        argv += ["--without-mingle", "--without-gossip", "--without-heartbeat"]
        argv += ["-Q", "arena.matches,arena.tournaments,arena.control"]
        with open(log, "wb") as handle:
            workers.append(
                subprocess.Popen(
                    argv,
                    cwd=REPO,
                    env=env,
                    stdout=handle,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )
    time.sleep(3)  # started with --without-mingle etc.: ready well within this
    return workers


def start_beat(env: dict[str, str], logs: Path) -> subprocess.Popen:
    argv = [sys.executable, "-m", "celery", "-A", "workers.app", "beat", "-l", "WARNING"]
    argv += ["-s", str(logs / "celerybeat-schedule")]
    with open(logs / "beat.log", "wb") as handle:
        return subprocess.Popen(
            argv, cwd=REPO, env=env, stdout=handle, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip


def no_op_deliveries(logs: Path) -> int:
    """Tasks that found their match already running elsewhere or done."""
    return sum(
        log.read_text(errors="replace").count("nothing to do") for log in logs.glob("worker*.log")
    )


def stop(workers: list[subprocess.Popen]) -> None:
    for worker in workers:
        os.killpg(worker.pid, signal.SIGTERM)
    for worker in workers:
        try:
            worker.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)


def end_to_end(
    env, versions: list[int], count: int, processes: int, logs: Path
) -> tuple[float, int]:
    """(seconds from sending `count` matches to the last one recorded, no-op deliveries),
    with N workers."""
    from webui import queue
    from webui.matches.models import Match

    reset()
    for old in logs.glob("worker*.log"):
        old.unlink()
    ids = create_matches(versions, count)
    workers = start_workers(env, processes, logs)
    try:
        t0 = time.perf_counter()
        queue.run_matches(ids)
        done = Match.objects.filter(status__in=[Match.Status.FINISHED, Match.Status.FAILED])
        while done.count() < count:
            time.sleep(0.05)
            if time.perf_counter() - t0 > 600:
                raise SystemExit("matches did not finish within 10 minutes; see worker logs")
        elapsed = time.perf_counter() - t0
    finally:
        stop(workers)
    failed = Match.objects.filter(status=Match.Status.FAILED).count()
    if failed:
        print(f"warning: {failed} matches failed (see {logs})")
    return elapsed, no_op_deliveries(logs)


def ladder_beside_a_tournament(
    env, versions: list[int], count: int, tournament: int, logs: Path
) -> float:
    """Seconds for `count` ladder matches to be played by two workers while `tournament`
    tournament matches, queued before them, wait in their own queue."""
    from webui import queue
    from webui.matches.models import Match

    reset()
    queue.run_matches(tournament_matches(versions, tournament))
    ladder = create_matches(versions, count)
    workers = start_workers(env, 2, logs)
    try:
        t0 = time.perf_counter()
        queue.run_matches(ladder)
        done = Match.objects.filter(pk__in=ladder, status=Match.Status.FINISHED)
        while done.count() < count:
            time.sleep(0.05)
            if time.perf_counter() - t0 > 900:
                raise SystemExit("the ladder matches did not finish within 15 minutes")
        return time.perf_counter() - t0
    finally:
        stop(workers)


def recovery_after_a_kill(env, versions: list[int], logs: Path) -> float:
    """Seconds from `kill -9` of a worker mid-match until another worker plays that match,
    with the production lease (ARENA_LEASE_SECONDS) and sweep (ARENA_SWEEP_SECONDS)."""
    from webui import queue
    from webui.matches.models import Match

    reset()
    ids = create_matches(versions, 40)
    workers = start_workers(env, 2, logs)
    beat = start_beat(env, logs)
    try:
        queue.run_matches(ids)
        victim = Match.objects.filter(
            status=Match.Status.RUNNING, lease_owner__startswith="bench0@"
        )
        deadline = time.perf_counter() + 120
        while not victim.exists():
            if time.perf_counter() > deadline:
                raise SystemExit("worker 0 never played a match")
            time.sleep(0.01)
        orphan = victim.values_list("pk", flat=True).first()
        os.killpg(workers[0].pid, signal.SIGKILL)
        killed = time.perf_counter()
        again = Match.objects.filter(pk=orphan).exclude(lease_owner__startswith="bench0@")
        again = again.exclude(status=Match.Status.QUEUED)
        while not again.exists():
            if time.perf_counter() - killed > 300:
                raise SystemExit("the killed worker's match was never played again")
            time.sleep(0.05)
        return time.perf_counter() - killed
    finally:
        workers[0].wait()
        stop([*workers[1:], beat])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument(
        "--tournament", type=int, default=1000, help="tournament matches queued first"
    )
    args = parser.parse_args()
    import psycopg

    name = f"arena_bench_{os.getpid()}"
    admin = psycopg.connect(host="127.0.0.1", user="postgres", dbname="postgres", autocommit=True)
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        with tempfile.TemporaryDirectory() as tmp:
            env = configure(name, Path(tmp))
            versions, kind = lineup()
            rows = []
            engine = engine_alone(args.matches)
            rows.append(("engine alone, random play, one process", "-", engine, "-"))
            referee = engine_only(versions, args.matches)
            rows.append(("referee with the same bots, one process", "-", referee, "-"))
            for processes in (1, 2):
                seconds, noops = end_to_end(env, versions, args.matches, processes, Path(tmp))
                rows.append(("end to end, PG + Redis", str(processes), seconds, str(noops)))
            alone = rows[-1][2]
            beside = ladder_beside_a_tournament(
                env, versions, args.matches, args.tournament, Path(tmp)
            )
            how = f"ladder, {args.tournament} tournament matches queued first"
            rows.append((how, "2", beside, "-"))
            recovery = recovery_after_a_kill(env, versions, Path(tmp))
            from django.db import connections

            connections.close_all()
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{args.matches} {GAME} matches, 2 seats, {kind}")
    columns = ("how", "workers", "seconds", "matches/min", "vs referee alone", "no-op deliveries")
    for column in columns:
        table.add_column(column, justify="left" if column == "how" else "right")
    for how, processes, seconds, noops in rows:
        table.add_row(
            how,
            processes,
            f"{seconds:.2f}",
            f"{args.matches / seconds * 60:,.0f}",
            f"{referee / seconds:.0%}",
            noops,
        )
    Console(width=None if sys.stdout.isatty() else 140).print(table)
    print(f"ladder rate beside the tournament: {alone / beside:.0%} of its rate alone")
    print(f"a killed worker's match played again after {recovery:.1f} s")
    print(f"cores: {os.cpu_count()}")


if __name__ == "__main__":
    main()
