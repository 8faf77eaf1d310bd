"""`arena demo`: every part of the platform on this machine, from one command, no service.

It starts, in order: a Redis server on a socket in the data directory (broker, relay for
people and remote bots, cache; arena_platform.embedded_redis), unless ARENA_BROKER_URL names
one; then the database (SQLite unless ARENA_DATABASE_URL) is migrated and loaded, and the
matches left waiting by the last run are queued again, oldest first; then the worker that
plays the ladder, the worker kept for people's tables (docs/decisions/people-first.md), the
scheduler, the sweeper, the web server and the gateway for remote bots. Ctrl-C stops them
all; a demo killed outright takes its children with it, and the next start clears what is
left.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import fcntl
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from arena_platform import embedded_redis
from arena_platform.commands import (
    _django,
    _project_env,
    beat_argv,
    sweeper_argv,
    web_argv,
    worker_argv,
)
from webui import queues

#: Ladder matches queued or running per game (ARENA_LADDER_DEPTH, unless set): a short queue,
#: so that a newcomer's remote bot, or one just uploaded, plays within a minute or two.
LADDER_DEPTH = 2
#: The example remote bot the demo creates, and the file that connects it.
REMOTE_EXAMPLE = ("wandering_towers", "homeward-remote", "wandering_towers/homeward.py")
PR_SET_PDEATHSIG = 1


def register(commands: argparse._SubParsersAction) -> None:
    demo = commands.add_parser(
        "demo",
        help="run the whole platform on this machine: site, workers, Redis, gateway (no service)",
    )
    demo.add_argument("--host", default="127.0.0.1")
    demo.add_argument("--port", type=int, default=8000)
    demo.add_argument(
        "--gateway", default="127.0.0.1:50051", help="host:port remote bots connect to"
    )
    demo.add_argument("--data-dir", type=Path, help="where everything is kept (default ./var)")
    demo.add_argument("--examples", type=Path, default=Path("examples"), help="example bots")
    demo.add_argument(
        "--concurrency",
        type=int,
        default=2,
        help="ladder matches run at once (one may be the search bot's showcase, which takes "
        "minutes)",
    )
    demo.add_argument(
        "--people-tables",
        type=int,
        default=2,
        help="tables kept free for people, whatever the ladder's backlog (0: none kept)",
    )
    demo.add_argument("--every", type=float, default=3.0, help="seconds between progress lines")
    demo.add_argument("--matches", type=int, default=0, help="stop after N finished matches")
    demo.set_defaults(run=run_demo)


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


class ChildDied(RuntimeError):
    pass


def run_demo(args: argparse.Namespace) -> int:
    data = (args.data_dir or Path(os.environ.get("ARENA_DATA_DIR") or "var")).resolve()
    os.environ["ARENA_DATA_DIR"] = str(data)
    os.environ.setdefault("ARENA_LADDER_DEPTH", str(LADDER_DEPTH))
    data.mkdir(parents=True, exist_ok=True)
    say = _say
    lock = _lock(data)
    if lock is None:
        say(f"another arena demo is running on {data}: stop it first, or give --data-dir")
        return 1
    logs = data / "logs"
    logs.mkdir(parents=True, exist_ok=True)
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
        say(f"data directory {data}")
        cleared = _clear_leftovers(data)
        if cleared:
            say(f"stopped {cleared} process group(s) left by a demo that was killed")

        def start(name: str, argv: list[str], *, python: bool = True) -> Child:
            child = _spawn(name, argv, logs / f"{name}.log", data, python=python)
            children.append(child)
            _remember(data, children)
            say(f"started {name} (pid {child.process.pid}, log {child.log})")
            if stopping:
                raise KeyboardInterrupt
            return child

        if not os.environ.get("ARENA_BROKER_URL"):
            _start_redis(data, start)
        _django()
        from django.conf import settings

        _describe(settings, say)
        _prepare(args, data, say)
        parts = [("worker", worker_argv("demo", args.concurrency, "WARNING"))]
        if args.people_tables > 0:
            people = worker_argv("people", args.people_tables, "WARNING", queues.KEPT_FOR_PEOPLE)
            parts.append(("people-worker", people))
        parts += [
            ("scheduler", beat_argv("WARNING")),
            ("sweeper", sweeper_argv("INFO")),
            ("web", web_argv(f"{args.host}:{args.port}", 2, dev=False)),
            ("gateway", ["-m", "arena_platform", "gateway", "--listen", args.gateway]),
        ]
        for name, argv in parts:
            start(name, argv)
        spawning = False
        if stopping:
            raise KeyboardInterrupt
        url = f"http://{args.host}:{args.port}/"
        if _wait_for(url + "healthz", children, timeout=30):
            say(f"site: {url}  (people play the bots at {url}play/)")
        _welcome(args, data, url, say)
        say("press Ctrl-C to stop everything")
        return _watch(children, args.every, args.matches)
    except KeyboardInterrupt:
        print()
        say("stopping ...")
        return 0
    except (ChildDied, embedded_redis.RedisUnavailable) as exc:
        say(str(exc))
        return 1
    finally:
        _stop_all(children)
        _remember(data, [])
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if children:
            say("stopped")
        lock.close()


def _say(message: str) -> None:
    print(f"{time.strftime('%H:%M:%S')}  {message}", flush=True)


def _lock(data: Path) -> IO[str] | None:
    """Hold the data directory for this demo (released when it exits, however it exits)."""
    handle = open(data / "demo.lock", "a+", encoding="utf-8")  # noqa: SIM115 - held open
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


def _start_redis(data: Path, start: Callable[..., Child]) -> None:
    socket = _redis_socket(data)
    embedded_redis.check_socket_path(socket)
    socket.parent.mkdir(parents=True, exist_ok=True)
    binary = embedded_redis.server_binary()
    log = data / "logs" / "redis.log"
    child = start("redis", embedded_redis.server_argv(binary, socket, log), python=False)
    embedded_redis.wait_until_up(socket, child.process)
    _say(f"redis ready on {socket} ({binary.name})")


def _redis_socket(data: Path) -> Path:
    from webui.config import embedded_redis_socket

    return embedded_redis_socket(data)


def _describe(settings: Any, say: Callable[[str], None]) -> None:
    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    broker = "the demo's Redis" if not os.environ.get("ARENA_BROKER_URL") else "your Redis"
    say(f"database: {engine}; broker, relay and cache: {broker}")


def _prepare(args: argparse.Namespace, data: Path, say: Callable[[str], None]) -> None:
    """Migrate, load the bots, queue again what the last run left waiting, fill the ladder."""
    from django.core.management import call_command

    from arena.sandbox import check_sandbox
    from webui.bots.reference import load_examples, load_reference_bots

    call_command("migrate", interactive=False, verbosity=0)
    say("database ready (migrations applied)")
    new = load_reference_bots()
    say(f"reference bots loaded ({len(new)} new)")
    recovered = _recover()
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


def _recover() -> int:
    """No worker runs before the demo starts one: hand back every lease, and send every
    waiting match and upload again (the database keeps their order; the broker may have
    lost them, or hold them twice, which is harmless)."""
    from webui import queue
    from webui.bots.models import BotVersion
    from webui.matches.models import Match

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


def _welcome(args: argparse.Namespace, data: Path, url: str, say: Callable[[str], None]) -> None:
    """Where people and remote bots come in, and the one command that connects a bot."""
    from webui.bots.reference import remote_example

    game, name, example = REMOTE_EXAMPLE
    secret = remote_example(data / "remote-example.token", game, name)
    source = args.examples / example
    if not source.is_file():
        source = Path(__file__).resolve().parents[1] / "examples" / example
    client = Path(sys.executable).parent / "arena-bot"
    say(f"gateway for remote bots: {args.gateway}")
    say(
        f"connect the example remote bot ({name}, {game}) from another terminal:\n"
        f"    {_shown(client)} connect {_shown(source)} --server {args.gateway} --token {secret}"
    )


def _shown(path: Path) -> str:
    """`path` as short as it can be written from here."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _spawn(name: str, argv: list[str], log: Path, data: Path, *, python: bool = True) -> Child:
    handle = open(log, "ab")  # noqa: SIM115 - the child keeps it open
    command = [sys.executable, *argv] if python else argv
    process = subprocess.Popen(
        command,
        env=_project_env({"ARENA_DATA_DIR": str(data)}),
        stdout=handle,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,  # Ctrl-C reaches only us; we stop the children in order
        preexec_fn=_die_with_parent,  # the demo starts its children from one thread
    )
    handle.close()
    return Child(name, process, log)


def _die_with_parent() -> None:
    """In the child, before exec: SIGTERM when the demo dies, even by `kill -9`."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)


def _children_file(data: Path) -> Path:
    return data / "demo-children.json"


def _remember(data: Path, children: list[Child]) -> None:
    """Which process groups this demo started, for the next start to clear if it is killed."""
    groups = [c.process.pid for c in children if c.process.poll() is None]
    _children_file(data).write_text(json.dumps({"groups": groups}), encoding="utf-8")


def _clear_leftovers(data: Path, grace: float = 10.0) -> int:
    """Kill the process groups a killed demo left (a worker finishing its match, a server
    shutting down): theirs is this data directory, and only one demo may use it."""
    try:
        groups = json.loads(_children_file(data).read_text(encoding="utf-8"))["groups"]
    except (OSError, ValueError, KeyError, TypeError):
        return 0
    marker = f"ARENA_DATA_DIR={data}".encode()
    cleared = [g for g in groups if isinstance(g, int) and _group_is_ours(g, marker)]
    for group in cleared:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(group, signal.SIGKILL)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and any(_group_alive(g) for g in cleared):
        time.sleep(0.1)
    return len(cleared)


def _group_is_ours(group: int, marker: bytes) -> bool:
    """The group's leader is still running with this data directory (not a reused id)."""
    try:
        environ = Path(f"/proc/{group}/environ").read_bytes().split(b"\0")
    except OSError:
        return False
    return marker in environ


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


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
    """Last started first: the gateway, web and scheduler, then the workers (each finishes
    the match in hand); the Redis they all use after them."""
    servers = [c for c in children if c.name == "redis"]
    _stop([c for c in children if c.name != "redis"], grace)
    _stop(servers, grace)


def _stop(children: list[Child], grace: float) -> None:
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
