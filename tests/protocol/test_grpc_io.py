"""Referees and bots run gRPC's direct endpoints (arena_sdk.grpc_io) unless the operator
chose otherwise: the choice is made before gRPC loads, or it would not take effect."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from arena_sdk import grpc_io

# A referee server and a client that connects to it, in a process of its own. gRPC's "tcp"
# trace names the source file of the endpoint that carries the bytes.
SERVE_AND_CONNECT = """
import {first}
import grpc
from arena.match.grpc_server import RefereeServer
with RefereeServer(tcp="127.0.0.1:0") as server:
    channel = grpc.insecure_channel(server.address)
    grpc.channel_ready_future(channel).result(timeout=10)
    channel.close()
"""
DIRECT, EVENT_ENGINE = "tcp_posix.cc", "posix_endpoint.cc"


def endpoints(first_import: str, **env: str) -> str:
    """The trace of a referee process whose first import is `first_import`."""
    environ = {k: v for k, v in os.environ.items() if k != grpc_io.VARIABLE}
    environ.update(GRPC_VERBOSITY="debug", GRPC_TRACE="tcp", **env)
    code = SERVE_AND_CONNECT.format(first=first_import)
    done = subprocess.run(
        [sys.executable, "-c", code], env=environ, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stderr


@pytest.mark.parametrize("first_import", ["arena", "arena_sdk", "gateway"])
def test_every_package_chooses_the_direct_endpoints_before_grpc_loads(first_import: str) -> None:
    trace = endpoints(first_import)
    assert DIRECT in trace
    assert EVENT_ENGINE not in trace


def test_an_operators_own_choice_is_kept() -> None:
    trace = endpoints("arena", GRPC_EXPERIMENTS="")  # empty: gRPC's own defaults
    assert EVENT_ENGINE in trace
    assert DIRECT not in trace


def test_grpc_imported_first_is_too_late_and_says_so() -> None:
    trace = endpoints("grpc")
    assert EVENT_ENGINE in trace
    environ: dict[str, str] = {}
    assert grpc_io.prefer_direct_io(environ) is ("grpc" not in sys.modules)
    assert environ == {grpc_io.VARIABLE: grpc_io.DIRECT_IO}
