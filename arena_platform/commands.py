"""`arena demo | worker | beat | web | gateway | migrate | manage | ratings`: run the platform.

Django and Celery are imported inside the commands, so the rest of `arena` (`arena play`)
never loads them.
The demo is the embedded default: SQLite and the filesystem broker under ARENA_DATA_DIR
(./var), one worker, the scheduler and the web server, all stopped by one Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SETTINGS = "webui.settings"
WORKER_FLAGS = ("--without-mingle", "--without-gossip", "--without-heartbeat")


def register(commands: argparse._SubParsersAction) -> None:
    demo = commands.add_parser(
        "demo", help="run the whole platform on this machine (SQLite, local worker, web)"
    )
    demo.add_argument("--host", default="127.0.0.1")
    demo.add_argument("--port", type=int, default=8000)
    demo.add_argument("--data-dir", type=Path, help="where everything is kept (default ./var)")
    demo.add_argument("--examples", type=Path, default=Path("examples"), help="example bots")
    demo.add_argument(
        "--concurrency",
        type=int,
        default=2,
        help="matches run at once (one may be the search bot's showcase, which takes minutes)",
    )
    demo.add_argument("--every", type=float, default=3.0, help="seconds between progress lines")
    demo.add_argument("--matches", type=int, default=0, help="stop after N finished matches")
    demo.set_defaults(run=run_demo)

    worker = commands.add_parser("worker", help="run a Celery worker that plays matches")
    worker.add_argument("--name", default="worker", help="node name (unique per host)")
    worker.add_argument("--concurrency", type=int, help="processes (default: CPU count)")
    worker.add_argument("--loglevel", default="INFO")
    worker.add_argument(
        "--check",
        action="store_true",
        help="only run the start-up checks (database, sandbox) and exit: 0 ready, 2 not",
    )
    worker.set_defaults(run=run_worker)

    beat = commands.add_parser("beat", help="run the scheduler (ladder and sweeper); one only")
    beat.add_argument("--loglevel", default="INFO")
    beat.set_defaults(run=run_beat)

    web = commands.add_parser("web", help="serve the web site (gunicorn)")
    web.add_argument("--bind", default="127.0.0.1:8000")
    web.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    web.add_argument("--dev", action="store_true", help="Django's runserver instead of gunicorn")
    web.set_defaults(run=run_web)

    gateway = commands.add_parser(
        "gateway", help="serve remote bots: they connect here with their bot tokens"
    )
    gateway.add_argument("--listen", default="0.0.0.0:50051", help="host:port to serve on")
    gateway.add_argument("--tls-cert", type=Path, help="PEM certificate chain: serve TLS")
    gateway.add_argument("--tls-key", type=Path, help="PEM private key of --tls-cert")
    gateway.add_argument("--name", help="this gateway's id (default: host name + random)")
    gateway.set_defaults(run=run_gateway)

    migrate = commands.add_parser(
        "migrate", help="create or update the database and load the reference bots"
    )
    migrate.set_defaults(run=run_migrate)

    manage = commands.add_parser("manage", help="run a Django management command")
    manage.add_argument("args", nargs=argparse.REMAINDER)
    manage.set_defaults(run=run_manage)

    ratings = commands.add_parser("ratings", help="check the ladder's ratings")
    sub = ratings.add_subparsers(dest="ratings_command", required=True, metavar="ACTION")
    recompute = sub.add_parser(
        "recompute", help="recompute every rating from the match history and compare"
    )
    recompute.add_argument("--fix", action="store_true", help="store the recomputed ratings")
    recompute.set_defaults(run=run_recompute)


# --- shared helpers ----------------------------------------------------------------------


def _project_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for platform processes: settings module, and our code importable."""
    env = dict(os.environ)
    env.setdefault("DJANGO_SETTINGS_MODULE", SETTINGS)
    root = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    env.update(extra or {})
    return env


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", SETTINGS)
    root = str(Path(__file__).resolve().parents[1])
    if root not in sys.path:
        sys.path.append(root)
    import django

    django.setup()


def _exec(argv: list[str]) -> int:
    """Replace this process, so signals (Ctrl-C, SIGTERM from Kubernetes) go straight in."""
    env = _project_env()
    sys.stdout.flush()
    os.execve(sys.executable, [sys.executable, *argv], env)
    return 0  # not reached


def worker_argv(name: str, concurrency: int | None, loglevel: str) -> list[str]:
    argv = ["-m", "celery", "-A", "workers.app", "worker", "-n", f"{name}@%h", *WORKER_FLAGS]
    argv += ["-Q", "arena.matches,arena.tournaments,arena.control", "-l", loglevel]
    if concurrency:
        argv += ["--concurrency", str(concurrency)]
    return argv


def beat_argv(loglevel: str) -> list[str]:
    _django()
    from django.conf import settings

    schedule = settings.CELERY_BEAT_SCHEDULE_FILENAME
    return ["-m", "celery", "-A", "workers.app", "beat", "-s", schedule, "-l", loglevel]


def web_argv(bind: str, workers: int, dev: bool) -> list[str]:
    if dev:
        return ["-m", "django", "runserver", "--noreload", bind]
    return [
        "-m",
        "gunicorn",
        "webui.wsgi:application",
        "--bind",
        bind,
        "--workers",
        str(workers),
        "--access-logfile",
        "-",
        "--graceful-timeout",
        "10",
    ]


# --- the commands ------------------------------------------------------------------------


def run_worker(args: argparse.Namespace) -> int:
    if args.check:
        _django()
        from workers.startup import check_worker

        readiness = check_worker()
        for problem in readiness.problems:
            print(f"arena worker: {problem}", file=sys.stderr)
        print(f"arena worker: {'ready' if readiness.ready else 'NOT ready'}; {readiness.sandbox}")
        return 0 if readiness.ready else 2
    return _exec(worker_argv(args.name, args.concurrency, args.loglevel))


def run_beat(args: argparse.Namespace) -> int:
    return _exec(beat_argv(args.loglevel))


def run_web(args: argparse.Namespace) -> int:
    return _exec(web_argv(args.bind, args.workers, args.dev))


def run_gateway(args: argparse.Namespace) -> int:
    if bool(args.tls_cert) != bool(args.tls_key):
        raise SystemExit("arena gateway: give both --tls-cert and --tls-key, or neither")
    _django()
    from django.conf import settings

    from gateway.server import run

    if not settings.ARENA_RELAY_URL:
        raise SystemExit("arena gateway: needs Redis (ARENA_RELAY_URL or a redis:// broker)")
    return run(
        args.listen,
        settings.ARENA_RELAY_URL,
        cert=args.tls_cert,
        key=args.tls_key,
        name=args.name,
        grace_seconds=settings.ARENA_REMOTE_GRACE_SECONDS,
        rate=(settings.ARENA_GATEWAY_MESSAGES_PER_SECOND, settings.ARENA_GATEWAY_MESSAGE_BURST),
    )


def run_migrate(args: argparse.Namespace) -> int:
    _django()
    from django.core.management import call_command

    from webui.bots.reference import load_reference_bots

    call_command("migrate", interactive=False, verbosity=1)
    created = load_reference_bots()
    print(f"reference bots: {len(created)} new version(s)")
    return 0


def run_manage(args: argparse.Namespace) -> int:
    _django()
    from django.core.management import execute_from_command_line

    execute_from_command_line(["arena manage", *args.args])
    return 0


def run_recompute(args: argparse.Namespace) -> int:
    _django()
    from webui.ladder.recompute import recompute

    report = recompute(fix=args.fix)
    for mismatch in report.mismatches[:50]:
        print(f"mismatch: {mismatch}")
    if report.agrees:
        print(f"{report.ratings} ratings recomputed from {report.matches} matches: all agree")
        return 0
    action = "fixed" if args.fix else "stored ratings are wrong"
    print(f"{len(report.mismatches)} of {report.ratings} ratings disagree: {action}")
    return 0 if args.fix else 1


# --- the demo ----------------------------------------------------------------------------


@dataclass
class Child:
    name: str
    process: subprocess.Popen
    log: Path

    def tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def run_demo(args: argparse.Namespace) -> int:
    if args.data_dir is not None:
        os.environ["ARENA_DATA_DIR"] = str(args.data_dir.resolve())
    _django()
    from django.conf import settings
    from django.core.management import call_command

    from arena.sandbox import check_sandbox
    from webui.bots.reference import load_examples, load_reference_bots

    data = Path(settings.ARENA_DATA_DIR)
    database = settings.DATABASES["default"]
    embedded = database["ENGINE"].endswith("sqlite3") and settings.CELERY_BROKER_URL.startswith(
        "filesystem"
    )
    say = _say
    say(f"data directory {data}")
    if embedded:
        say("embedded mode: SQLite database and filesystem broker, no services needed")
    else:
        engine = database["ENGINE"].rsplit(".", 1)[-1]
        say(f"using {engine} and {settings.CELERY_BROKER_URL.split(':')[0]}")
    call_command("migrate", interactive=False, verbosity=0)
    say("database ready (migrations applied)")
    new = load_reference_bots()
    say(f"reference bots loaded ({len(new)} new)")
    if embedded:  # before anything new is queued: recovery empties the broker's inbox
        recovered = _recover_embedded(data)
        if recovered:
            say(f"{recovered} match(es) and upload(s) left over from the last run queued again")
    sandbox = check_sandbox()
    if not sandbox:
        say(
            "uploaded and example bots cannot be validated here, and stay pending: "
            f"{sandbox.detail} (as root, `make demo` installs what they need; "
            "the reference bots play meanwhile)"
        )
    examples = load_examples(args.examples.resolve())
    if examples:
        say(f"{len(examples)} example bot(s) submitted; they become active once validated")
    say(f"{_kick_ladders()} ladder match(es) queued")
    logs = data / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    bind = f"{args.host}:{args.port}"
    children: list[Child] = []
    stopping = False
    spawning = True

    def stop(signum: int, frame: Any) -> None:
        """Ctrl-C or SIGTERM: stop now, or once the child being started is on the list of
        those to stop (an interrupt in between would leave it running, orphaned)."""
        nonlocal stopping
        if stopping:
            return
        stopping = True
        if not spawning:
            raise KeyboardInterrupt

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        for name, argv in (
            ("worker", worker_argv("demo", args.concurrency, "WARNING")),
            ("scheduler", beat_argv("WARNING")),
            ("web", web_argv(bind, 2, dev=False)),
        ):
            children.append(_spawn(name, argv, logs / f"{name}.log"))
            say(f"started {name} (pid {children[-1].process.pid}, log {logs / (name + '.log')})")
        spawning = False
        if stopping:
            raise KeyboardInterrupt
        url = f"http://{bind}/"
        if _wait_for(url + "healthz", children, timeout=20):
            say(f"web server: {url}  (admin: `arena manage createsuperuser`, then {url}admin/)")
        say("press Ctrl-C to stop everything")
        return _watch(children, args.every, args.matches)
    except KeyboardInterrupt:
        print()
        say("stopping ...")
        return 0
    except ChildDied as exc:
        say(str(exc))
        return 1
    finally:
        _stop_all(children)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if children:
            say("stopped")


def _say(message: str) -> None:
    print(f"{time.strftime('%H:%M:%S')}  {message}", flush=True)


def _recover_embedded(data: Path) -> int:
    """No worker runs before the demo starts one: hand back every lease, resend the queue."""
    from webui import queue
    from webui.bots.models import BotVersion
    from webui.matches.models import Match

    for message in (data / "broker" / "in").glob("*"):
        message.unlink(missing_ok=True)  # resent below; a stale copy would only be a no-op
    Match.release_all_leases()
    queued = Match.queued_ids()
    queue.run_matches(queued)
    pending = BotVersion.restart_validations()
    for version_id in pending:
        queue.validate(version_id)
    return len(queued) + len(pending)


def _kick_ladders() -> int:
    """Queue the first matches now rather than at the scheduler's first beat: first one with the
    search bot seated (a competitive game's, if one has a search bot), so the first match a
    newcomer opens shows strong play, live; the others keep the ladders moving beside it."""
    import arena.games
    from webui import queue
    from webui.ladder.matchmaking import fill_queue, games_with_ladders
    from webui.ladder.showcase import showcase_match

    games = games_with_ladders()
    ordered = sorted(games, key=lambda name: arena.games.get(name).cooperative)
    showcase = next((pk for pk in map(showcase_match, ordered) if pk is not None), None)
    first = queue.run_matches([showcase]) if showcase is not None else 0
    return first + sum(queue.run_matches(fill_queue(g)) for g in games)


def _spawn(name: str, argv: list[str], log: Path) -> Child:
    handle = open(log, "ab")  # noqa: SIM115 - the child keeps it open
    process = subprocess.Popen(
        [sys.executable, *argv],
        env=_project_env(),
        stdout=handle,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,  # Ctrl-C reaches only us; we stop the children in order
    )
    handle.close()
    return Child(name, process, log)


def _wait_for(url: str, children: list[Child], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        _check_alive(children)
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return True
        except OSError:
            time.sleep(0.2)
    _say(f"the web server did not answer {url} within {timeout:.0f}s; see its log")
    return False


class ChildDied(RuntimeError):
    pass


def _check_alive(children: list[Child]) -> None:
    for child in children:
        code = child.process.poll()
        if code is not None:
            raise ChildDied(f"{child.name} exited with code {code}; its log ends:\n{child.tail()}")


def _watch(children: list[Child], every: float, stop_after: int) -> int:
    """Print progress until Ctrl-C (or `stop_after` finished matches)."""
    from webui.matches.models import Match

    last = Match.objects.filter(status=Match.Status.FINISHED).count()
    start = last
    while True:
        time.sleep(every)
        try:
            _check_alive(children)
        except ChildDied as exc:
            _say(str(exc))
            return 1
        counts = _counts()
        done = counts["finished"]
        _say(
            f"matches finished {done} (+{done - last}), running {counts['running']}, "
            f"queued {counts['queued']}, failed {counts['failed']} | {_leaders()}"
        )
        last = done
        if stop_after and done - start >= stop_after:
            _say(f"{done - start} matches finished: stopping as asked")
            return 0


def _counts() -> dict[str, int]:
    from django.db.models import Count

    from webui.matches.models import Match

    counts = {status: 0 for status in Match.Status.values}
    for row in Match.objects.values("status").annotate(n=Count("id")):
        counts[row["status"]] = row["n"]
    return counts


def _leaders(top: int = 3) -> str:
    import arena.games
    from webui.bots.models import BotVersion
    from webui.ladder.models import Rating

    parts = []
    for game in arena.games.names():
        rows = (
            Rating.objects.filter(game=game, version__status=BotVersion.Status.ACTIVE, games__gt=0)
            .select_related("version__bot__owner")
            .order_by("-display")[:top]
        )
        leaders = ", ".join(f"{r.version.bot.name} {r.display:.1f}" for r in rows)
        parts.append(f"{game}: {leaders or 'no games yet'}")
    return "; ".join(parts)


def _stop_all(children: list[Child], grace: float = 15.0) -> None:
    """Web and scheduler first, then the worker (it finishes the match in hand)."""
    for child in reversed(children):
        if child.process.poll() is None:
            child.process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + grace
    for child in reversed(children):
        try:
            child.process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            _say(f"{child.name} did not stop in {grace:.0f}s: killing it")
            os.killpg(child.process.pid, signal.SIGKILL)
            child.process.wait()
