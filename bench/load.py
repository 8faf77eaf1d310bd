"""The public pages under a crowd: requests per second and percentiles per page.

    python bench/load.py [--matches 100000] [--users 50] [--seconds 60] [--workers 4]
                         [--page-cache 30]

Fills a throw-away PostgreSQL database as bench/web.py does, starts the production server
(`arena web`: gunicorn with its access log and metrics, Redis as Django's cache, public
pages kept `--page-cache` seconds, 0 for none), and runs locust headless against it:
`--users` visitors (not signed in), each asking for the next page as soon as it has the last,
across the home page, each ladder, the matches list, a match page and its frames, and a bot
page. A match finishes every few seconds
meanwhile (as on a live site), so cached pages keep being drawn afresh. Prints locust's
figures per page; asserts nothing. The machine's load average is printed with them: on a
shared machine the figures are only as quiet as it is.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from datetime import timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from site_db import create_database, drop_database, setup_django  # noqa: E402

LOCUSTFILE = """
import os
import random

from locust import FastHttpUser, task

BOTS = [int(b) for b in os.environ["BENCH_BOTS"].split(",")]
MATCHES = [int(m) for m in os.environ["BENCH_MATCHES"].split(",")]
GAMES = os.environ["BENCH_GAMES"].split(",")


class Visitor(FastHttpUser):
    @task(3)
    def home(self):
        self.client.get("/", name="home")

    @task(3)
    def ladder(self):
        game = random.choice(GAMES)
        self.client.get(f"/ladder/{game}/", name=f"ladder {game}")

    @task(2)
    def matches(self):
        self.client.get("/matches/", name="matches list")

    @task(2)
    def match(self):
        match = random.choice(MATCHES)
        self.client.get(f"/matches/{match}/", name="match page")
        self.client.get(
            f"/matches/{match}/frames.json",
            headers={"Accept-Encoding": "gzip"},
            name="match frames",
        )

    @task(2)
    def bot(self):
        self.client.get(f"/bots/{random.choice(BOTS)}/", name="bot page")
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the server did not listen on {port}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
    parser.add_argument("--page-cache", type=int, default=30, help="ARENA_PAGE_CACHE seconds")
    args = parser.parse_args()
    database = create_database()
    os.environ.setdefault("ARENA_CACHE_URL", "redis://127.0.0.1:6379/13")
    os.environ["ARENA_PAGE_CACHE"] = str(args.page_cache)
    try:
        with tempfile.TemporaryDirectory(prefix="arena-bench-load-") as data:
            setup_django(database, Path(data), hosts="127.0.0.1")
            run(args, Path(data))
    finally:
        drop_database(database)
    return 0


def run(args: argparse.Namespace, data: Path) -> None:
    from django.utils import timezone
    from web import add_matches, create_bots, play_real_match

    import arena.games
    from webui.matches.models import Match

    rng = random.Random(7)
    active = create_bots(rng)
    played = [play_real_match(active[10 * k : 10 * k + 2 + k % 5], seed=k) for k in range(8)]
    filled = time.perf_counter()
    add_matches(args.matches, active, timezone.now() - timedelta(minutes=args.matches + 10_000))
    print(f"{args.matches:,} matches: filled in {time.perf_counter() - filled:.1f} s")
    from webui.pagecache import pages_changed

    pages_changed()  # pages kept by an earlier run on the same cache are stale
    port = free_port()
    env = dict(os.environ)
    server = subprocess.Popen(
        [
            str(REPO / ".venv" / "bin" / "arena"), "web", "--bind", f"127.0.0.1:{port}",
            "--workers", str(args.workers),
        ],
        cwd=REPO, env=env, stdout=subprocess.DEVNULL,  # the access log: a line per request
    )  # fmt: skip
    stop = threading.Event()
    try:
        wait_for(port)
        bots = sorted({v.bot_id for v in active})[:20]
        # The steady state of a site that has been up a while: every page drawn once.
        every = ["/", "/matches/", *(f"/ladder/{game}/" for game in arena.games.names())]
        every += [f"/matches/{match}/" for match in played] + [f"/bots/{bot}/" for bot in bots]
        warm = warm_up(port, every)
        print(f"warm-up: {len(every)} pages drawn; the last GET of the slowest took {warm}")
        locustfile = data / "locustfile.py"
        locustfile.write_text(LOCUSTFILE)
        finisher = threading.Thread(target=finish_matches, args=(active, stop), daemon=True)
        finisher.start()
        load = os.getloadavg()[0]
        stats = data / "stats"
        subprocess.run(
            [
                str(REPO / ".venv" / "bin" / "locust"), "-f", str(locustfile), "--headless",
                "--users", str(args.users), "--spawn-rate", str(args.users),
                "--run-time", f"{args.seconds}s", "--host", f"http://127.0.0.1:{port}",
                "--csv", str(stats), "--only-summary", "--loglevel", "WARNING",
            ],
            env={
                **env,
                "BENCH_BOTS": ",".join(map(str, bots)),
                "BENCH_MATCHES": ",".join(map(str, played)),
                "BENCH_GAMES": ",".join(arena.games.names()),
            },
            check=False,
            capture_output=True,
        )  # fmt: skip
        after = os.getloadavg()[0]
        stop.set()
        finisher.join()
        finished = Match.objects.filter(status=Match.Status.FINISHED).count()
        print_stats(stats, args, load, after, finished)
    finally:
        stop.set()
        server.terminate()
        server.wait(timeout=30)


def warm_up(port: int, paths: list[str]) -> str:
    """Every worker started and every page drawn; the slowest page's last request."""
    from urllib.request import urlopen

    took = []
    for path in paths:
        for _ in range(3):
            started = time.perf_counter()
            with urlopen(f"http://127.0.0.1:{port}{path}", timeout=60) as response:
                response.read()
        took.append((1000 * (time.perf_counter() - started), path))
    slowest, path = max(took)
    return f"{slowest:.1f} ms ({path})"


def finish_matches(active: list, stop: threading.Event) -> None:
    """A match played to the end every 3 seconds, as the workers would (so pages go stale)."""
    from django.db import connection

    k = 100
    while not stop.wait(3):
        from web import play_real_match

        play_real_match(active[k % 90 : k % 90 + 2], seed=k)
        k += 1
    connection.close()


def print_stats(stats: Path, args: argparse.Namespace, load: float, after: float, n: int) -> None:
    with open(f"{stats}_stats.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    print(
        f"\n{args.users} users for {args.seconds} s, gunicorn x{args.workers}, page cache "
        f"{args.page_cache} s, {n:,} finished matches; load average {load:.1f} before, "
        f"{after:.1f} after"
    )
    print(f"{'page':20} {'requests':>9} {'fails':>6} {'req/s':>8} {'p50':>7} {'p95':>7} {'p99':>7}")
    for row in rows:
        print(
            f"{row['Name']:20} {int(row['Request Count']):9d} {int(row['Failure Count']):6d} "
            f"{float(row['Requests/s']):8.1f} {row['50%']:>5}ms {row['95%']:>5}ms {row['99%']:>5}ms"
        )


if __name__ == "__main__":
    sys.exit(main())
