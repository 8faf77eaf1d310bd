"""Referees and bots run gRPC's direct endpoints (arena_sdk.grpc_io) unless the operator
chose otherwise: the choice is made where a process starts (the `arena` and `arena-bot`
commands), before gRPC loads, or it would not take effect. Importing a package changes
nothing outside it: the environment is left as it was."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from arena_sdk import grpc_io

# A referee server and a client that connects to it, in a process of its own. gRPC's "tcp"
# trace names the source file of the endpoint that carries the bytes.
SERVE_AND_CONNECT = """
{start}
import grpc
from arena.match.grpc_server import RefereeServer
with RefereeServer(tcp="127.0.0.1:0") as server:
    channel = grpc.insecure_channel(server.address)
    grpc.channel_ready_future(channel).result(timeout=10)
    channel.close()
"""
DIRECT, EVENT_ENGINE = "tcp_posix.cc", "posix_endpoint.cc"
#: How each kind of process starts: its command's main, before anything imports grpc.
STARTS = {
    "arena": "from arena.cli import main\nmain(['games'])",
    "arena-bot": "from arena_sdk.cli import main\ntry:\n    main(['--version'])\n"
    "except SystemExit:\n    pass",
}
#: Importing any of these leaves the process environment as it was.
PACKAGES = (
    "arena",
    "arena_sdk",
    "arena.games",
    "arena.bots",
    "arena.match.grpc_server",
    "gateway",
)


def environ_without_choice(**env: str) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if k != grpc_io.VARIABLE}
    environ.update(env)
    return environ


def endpoints(start: str, **env: str) -> str:
    """The trace of a referee process that begins with the statements `start`."""
    environ = environ_without_choice(GRPC_VERBOSITY="debug", GRPC_TRACE="tcp", **env)
    code = SERVE_AND_CONNECT.format(start=start)
    done = subprocess.run(
        [sys.executable, "-c", code], env=environ, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stderr


@pytest.mark.parametrize("command", sorted(STARTS))
def test_every_command_chooses_the_direct_endpoints_before_grpc_loads(command: str) -> None:
    trace = endpoints(STARTS[command])
    assert DIRECT in trace
    assert EVENT_ENGINE not in trace


def test_importing_a_package_leaves_the_environment_unchanged() -> None:
    code = (
        "import os, sys\nbefore = dict(os.environ)\n"
        + "".join(f"import {name}\n" for name in PACKAGES)
        + "sys.exit(0 if dict(os.environ) == before else 1)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=environ_without_choice(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_an_operators_own_choice_is_kept() -> None:
    trace = endpoints(STARTS["arena"], GRPC_EXPERIMENTS="")  # empty: gRPC's own defaults
    assert EVENT_ENGINE in trace
    assert DIRECT not in trace


def test_grpc_imported_first_is_too_late_and_says_so() -> None:
    trace = endpoints("import grpc")
    assert EVENT_ENGINE in trace
    environ: dict[str, str] = {}
    assert grpc_io.prefer_direct_io(environ) is ("grpc" not in sys.modules)
    assert environ == {grpc_io.VARIABLE: grpc_io.DIRECT_IO}
