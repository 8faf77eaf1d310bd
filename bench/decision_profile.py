"""Where a remote decision's CPU goes, on both sides: the referee and the bot, by part.

Plays Wandering Towers matches against a bot process over TCP (the SDK's `arena-bot run`,
the code a sandboxed bot runs; py-spy cannot follow a bot through bubblewrap's namespaces)
under py-spy, sampling both processes without stopping them, and sorts the busy samples of
each side into parts. Prints a table; asserts nothing. Under the sampler a decision is
slower than in bench/overhead.py: read the shares, not the times.

    python bench/decision_profile.py [--seconds 15]

Measured on 2 cores, gRPC's direct endpoints (arena_sdk.grpc_io) against its defaults
(`GRPC_EXPERIMENTS=`), two runs each: the shares barely move (referee: engine 28 %, view
message 20-24 %, gRPC's write and read 20-22 %, referee 12 %, asyncio 11 %; bot: gRPC 36-47 %,
SDK conversion 9-13 %, imports 12-20 %, asyncio 7-8 %, the bot's own act under 1 %). The
direct endpoints save waiting between threads, not CPU.
"""

from __future__ import annotations

import argparse
import collections
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

#: A leaf frame where a thread waits rather than works.
IDLE = re.compile(
    r"^(EpollSelector\.select|Condition\.wait|Event\.wait|Thread\.run|Thread\.join|"
    r"_wait_for_tstate_lock|Popen\.wait|Popen\._wait|select|poll)\b"
)
#: Parts, first match wins: (name, a pattern on the whole stack or None, on the leaf or None).
PARTS: list[tuple[str, re.Pattern[str] | None, re.Pattern[str] | None]] = [
    ("engine: legal actions, apply, observe, labels", re.compile(r"arena/games/"), None),
    ("view message built from the view dict", re.compile(r"turn_message"), None),
    ("SDK conversion: View, legal, reply", re.compile(r"arena_sdk/(views|wire)\.py"), None),
    ("the bot's act", re.compile(r"polite\.py"), None),
    (
        "gRPC write and read, serialisation included",
        None,
        re.compile(r"(grpc_server\.py|client\.py):\d+\)$|grpc/aio|cygrpc"),
    ),
    ("referee and SDK logic", None, re.compile(r"arena/match/|arena_sdk/")),
    ("asyncio loop", None, re.compile(r"asyncio/")),
    ("process start: imports", re.compile(r"_find_and_load"), None),
]


def part_of(frames: list[str]) -> str | None:
    """The part a sample belongs to; None when the thread was waiting."""
    if not frames or IDLE.match(frames[-1]):
        return None
    stack = ";".join(frames)
    for name, whole, leaf in PARTS:
        if (whole is not None and whole.search(stack)) or (leaf and leaf.search(frames[-1])):
            return name
    return "other"


def shares(raw: Path) -> dict[str, collections.Counter[str]]:
    """Busy samples per side and part, from py-spy's raw (collapsed) output."""
    sides: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for line in raw.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")
        processes = [f for f in frames if f.startswith("process ")]
        side = "bot" if processes and "arena-bot" in processes[-1] else "referee"
        part = part_of([f for f in frames if not f.startswith("process ")])
        if part is not None:
            sides[side][part] += int(count)
    return sides


def play(seconds: float) -> None:
    from overhead import remote_tcp

    started, decisions, seed = time.monotonic(), 0, 0
    while time.monotonic() - started < seconds:
        decisions += len(remote_tcp(seed))
        seed += 1
    print(f"{seed} matches, {decisions} decisions of the remote seat", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.seconds)
        return
    spy = Path(sys.executable).with_name("py-spy")
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp, "samples.txt")
        subprocess.run(
            [
                str(spy), "record", "--nonblocking", "--subprocesses", "--rate", "250",
                "--format", "raw", "--output", str(raw), "--",
                sys.executable, __file__, "--play", "--seconds", str(args.seconds),
            ],
            check=True,
        )  # fmt: skip
        sides = shares(raw)
    table = Table(title="Busy CPU samples of remote decisions, by side and part")
    for column in ("side", "part", "share"):
        table.add_column(column, justify="right" if column == "share" else "left")
    for side in ("referee", "bot"):
        total = sum(sides[side].values()) or 1
        for part, count in sides[side].most_common():
            table.add_row(side, part, f"{100 * count / total:.1f} %")
    Console(width=None if sys.stdout.isatty() else 120).print(table)


if __name__ == "__main__":
    main()
