"""`arena worker | beat | sweeper | web | gateway | migrate | manage | ratings`: run the
platform's parts.

Django and Celery are imported inside the commands, so the rest of `arena` (`arena play`)
never loads them. `arena demo` (arena_platform/demo.py) runs them all on one machine.

Every long-running part checks its database before it starts, and refuses (exit status 2,
one line naming what to do) a database it cannot reach or whose migrations are not applied
(`webui.schema`): it would otherwise say it is ready and fail everything it took.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from webui import queues

SETTINGS = "webui.settings"
WORKER_FLAGS = ("--without-mingle", "--without-gossip", "--without-heartbeat")


def register(commands: argparse._SubParsersAction) -> None:
    worker = commands.add_parser("worker", help="run a Celery worker that plays matches")
    worker.add_argument("--name", default="worker", help="node name (unique per host)")
    worker.add_argument("--concurrency", type=int, help="processes (default: CPU count)")
    worker.add_argument("--loglevel", default="INFO")
    worker.add_argument(
        "--queues",
        default=",".join(queues.ALL),
        help="comma-separated queues to take work from (default: all); a worker kept for "
        "people's tables takes arena.people,arena.control",
    )
    worker.add_argument(
        "--check",
        action="store_true",
        help="only run the start-up checks (database, sandbox) and exit: 0 ready, 2 not",
    )
    worker.add_argument(
        "--metrics-listen",
        help="[HOST:]PORT to serve Prometheus metrics on (default: ARENA_METRICS_LISTEN; none)",
    )
    worker.set_defaults(run=run_worker)

    beat = commands.add_parser("beat", help="run the scheduler (ladder, tournaments); one only")
    beat.add_argument("--loglevel", default="INFO")
    beat.add_argument(
        "--metrics-listen",
        help="[HOST:]PORT to serve Prometheus metrics on (default: ARENA_METRICS_LISTEN; none)",
    )
    beat.set_defaults(run=run_beat)

    sweeper = commands.add_parser(
        "sweeper",
        help="run the sweeper: gives back dead workers' matches, resends what the broker lost",
    )
    sweeper.add_argument("--loglevel", default="INFO")
    sweeper.add_argument(
        "--every", type=float, help="seconds between sweeps (default: ARENA_SWEEP_SECONDS)"
    )
    sweeper.add_argument(
        "--metrics-listen",
        help="[HOST:]PORT to serve Prometheus metrics on (default: ARENA_METRICS_LISTEN; none)",
    )
    sweeper.set_defaults(run=run_sweeper)

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
    gateway.add_argument(
        "--metrics-listen",
        help="[HOST:]PORT to serve Prometheus metrics on (default: ARENA_METRICS_LISTEN; none)",
    )
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


def database_refusal(command: str) -> int | None:
    """Check the database as every long-running part does before it starts: print why not
    and return 2 if it cannot be used, None if it can."""
    _django()
    from webui.schema import check_database

    database = check_database()
    if database.ok:
        return None
    for problem in database.problems:
        print(f"arena {command}: {problem}", file=sys.stderr)
    print(f"arena {command}: refusing to start", file=sys.stderr)
    return 2


def _metrics_listen(args: argparse.Namespace) -> None:
    """`--metrics-listen` wins over ARENA_METRICS_LISTEN (arena.telemetry.exposition)."""
    listen = getattr(args, "metrics_listen", None)
    if listen is not None:
        os.environ["ARENA_METRICS_LISTEN"] = listen


def _exec(argv: list[str]) -> int:
    """Replace this process, so signals (Ctrl-C, SIGTERM from Kubernetes) go straight in."""
    env = _project_env()
    sys.stdout.flush()
    os.execve(sys.executable, [sys.executable, *argv], env)
    return 0  # not reached


def worker_argv(
    name: str, concurrency: int | None, loglevel: str, serve: Sequence[str] = queues.ALL
) -> list[str]:
    unknown = set(serve) - set(queues.ALL)
    if unknown or not serve:
        raise SystemExit(f"arena worker: queues are {', '.join(queues.ALL)}, not {sorted(unknown)}")
    argv = ["-m", "celery", "-A", "workers.app", "worker", "-n", f"{name}@%h", *WORKER_FLAGS]
    argv += ["-Q", ",".join(serve), "-l", loglevel]
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
        # Metrics summed over the workers, JSON logs on request (webui/gunicorn_config.py).
        "--config",
        "python:webui.gunicorn_config",
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
    serve = [q.strip() for q in args.queues.split(",") if q.strip()]
    _metrics_listen(args)
    return _exec(worker_argv(args.name, args.concurrency, args.loglevel, serve))


def run_beat(args: argparse.Namespace) -> int:
    _metrics_listen(args)
    return database_refusal("beat") or _exec(beat_argv(args.loglevel))


def sweeper_argv(loglevel: str, every: float | None = None) -> list[str]:
    """`arena sweeper` as a child process (the demo's)."""
    argv = ["-m", "arena_platform", "sweeper", "--loglevel", loglevel]
    return argv + (["--every", str(every)] if every else [])


def run_sweeper(args: argparse.Namespace) -> int:
    from arena.telemetry import exposition

    exposition.single_process()  # before anything imports prometheus_client
    _metrics_listen(args)
    refused = database_refusal("sweeper")
    if refused:
        return refused
    import logging

    from django.conf import settings

    from workers import sweeper

    logging.getLogger("arena").setLevel(args.loglevel.upper())
    return sweeper.run(args.every or settings.ARENA_SWEEP_SECONDS)


def run_web(args: argparse.Namespace) -> int:
    return database_refusal("web") or _exec(web_argv(args.bind, args.workers, args.dev))


def run_gateway(args: argparse.Namespace) -> int:
    if bool(args.tls_cert) != bool(args.tls_key):
        raise SystemExit("arena gateway: give both --tls-cert and --tls-key, or neither")
    from arena.telemetry import exposition

    exposition.single_process()  # before anything imports prometheus_client
    _metrics_listen(args)
    refused = database_refusal("gateway")
    if refused:
        return refused
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
