"""Which of gRPC's own I/O paths a bot and its referee use, chosen before gRPC loads.

A match is one stream of small messages, one at a time each way, so what a move costs is the
hand-offs between threads around each message. gRPC 1.85 runs every connection through its
EventEngine, whose thread pool reads and writes and then hands each message on; turning its
endpoint experiments off gives the older endpoints, where the thread polling gRPC's completion
queue does the I/O itself. Measured on 2 cores (bench/overhead.py): a raw echo round trip
0.21 -> 0.13 ms, a sandboxed bot's decision 0.48-0.53 -> 0.31-0.39 ms.

gRPC reads GRPC_EXPERIMENTS once, when it is first imported. Importing a package changes
nothing outside it, so the choice is made where a process starts, before anything imports
grpc: the `arena` command (`arena.cli.main`, which every platform process runs through, and
whose children inherit it) and the `arena-bot` command (`arena_sdk.cli.main`); hosted bots
are given the referee's value by the sandbox. A value the operator already set (even an
empty one, meaning gRPC's defaults) is kept. A gRPC release that no longer has these
experiments logs "Unknown experiment" once and runs its default.
"""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping

#: gRPC's configuration variable, and the value that turns its EventEngine endpoints off.
VARIABLE = "GRPC_EXPERIMENTS"
DIRECT_IO = "-event_engine_client,-event_engine_listener,-event_engine_for_all_other_endpoints"


def prefer_direct_io(environ: MutableMapping[str, str] = os.environ) -> bool:
    """Ask for the direct endpoints unless the operator chose; False if it is too late
    (grpc is already imported, so this process keeps what it started with)."""
    environ.setdefault(VARIABLE, DIRECT_IO)
    return "grpc" not in sys.modules


def chosen() -> str:
    """The value this process runs with, for the processes it starts (bots)."""
    return os.environ.get(VARIABLE, DIRECT_IO)
