"""Whatever a bot sends, the referee's memory stays bounded and the other seats play on.

The referee runs in this process; each flood comes from tests/protocol/hostile_client.py in a
process of its own (so what the flooder holds is not counted here), while an honest bot plays
the other seat. The bounds are the ones in arena.match.limits; RSS_BOUND is what the referee
process may grow by during a flood (measured on a 2-core machine: under 1 MB for each;
without the bounds, the 500 MB of oversized messages alone stayed queued).
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from protocol_helpers import BOTS, spawn_bot

from arena.match.grpc_server import RefereeServer
from arena.match.referee import TimeControl, run_match

HOSTILE = Path(__file__).parent / "hostile_client.py"
GAME = "wandering_towers"
#: What the referee's resident memory may grow by while one flood runs.
RSS_BOUND = 48 << 20
TIME = TimeControl(per_decision=2.0, bank=5.0, max_strikes=3)


def rss() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


@contextmanager
def peak_growth() -> Iterator[dict[str, int]]:
    """Samples this process's RSS every 10 ms; yields a dict whose "growth" is set at exit."""
    seen = {"base": rss(), "peak": 0}
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(0.01):
            seen["peak"] = max(seen["peak"], rss())

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        yield seen
    finally:
        stop.set()
        sampler.join()
        seen["peak"] = max(seen["peak"], rss())
        seen["growth"] = seen["peak"] - seen["base"]


def hostile(mode: str, address: str, token: str, count: int) -> subprocess.Popen[str]:
    argv = [sys.executable, str(HOSTILE), mode, address, token, str(count)]
    return subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)


def report(process: subprocess.Popen[str], timeout: float = 60) -> dict:
    out, _ = process.communicate(timeout=timeout)
    assert process.returncode == 0, out
    return json.loads(out.strip().splitlines()[-1])


def warm_up(server: RefereeServer) -> None:
    """One honest match first, so the memory the first match costs (imports, caches) is
    not counted as the flood's."""
    match = server.open_match(GAME, 2)
    bots = [spawn_bot(BOTS / "wt_steady.py", server.address, t) for t in match.tokens.values()]
    assert match.wait_for_seats(20) == []
    run_match(GAME, match.agents, seed=1, time_control=TIME)
    match.close()
    for bot in bots:
        bot.finish()


@pytest.fixture
def referee(server: RefereeServer) -> RefereeServer:
    warm_up(server)
    return server


# mode, messages sent, the strike reasons the hostile seat gets, the in-band codes it may be
# told (a flooder may be cut off before it reads them: the record is what must hold).
FLOODS = [
    ("oversize", 5_000, {"oversize"}, {"ERROR_CODE_MESSAGE_TOO_LARGE"}),
    ("unsolicited", 200_000, {"error"}, {"ERROR_CODE_BOT_ERROR", "ERROR_CODE_ABORTED"}),
    ("stale", 200_000, {"stale", "protocol"}, {"ERROR_CODE_STALE_REPLY", "ERROR_CODE_PROTOCOL"}),
    ("burst", 200_000, {"stale", "flood"}, {"ERROR_CODE_STALE_REPLY", "ERROR_CODE_FLOOD"}),
    ("giant", 1, {"crash"}, set()),
]


@pytest.mark.parametrize(("mode", "count", "reasons", "told"), FLOODS, ids=[f[0] for f in FLOODS])
def test_a_flooding_seat_is_disqualified_and_the_referee_stays_small(
    referee: RefereeServer, mode: str, count: int, reasons: set[str], told: set[str]
) -> None:
    match = referee.open_match(GAME, 2)
    honest = spawn_bot(BOTS / "wt_steady.py", referee.address, match.tokens[0])
    with peak_growth() as memory:
        flooder = hostile(mode, referee.address, match.tokens[1], count)
        assert match.wait_for_seats(20) == []
        record = run_match(GAME, match.agents, seed=7, time_control=TIME)
        match.close()
        seen = report(flooder)
    honest_status, _, honest_err = honest.finish()

    flooding, playing = record.seats[1], record.seats[0]
    assert flooding.disqualified, flooding
    assert {s.reason for s in flooding.strikes} <= reasons, flooding.strikes
    assert playing.strikes == [] and not playing.disqualified, honest_err
    assert honest_status == 0, honest_err
    assert record.outcome[0]["rank"] == 0  # the honest seat played the match to its end
    unexpected = set(seen["codes"]) - told - {"ERROR_CODE_ABORTED", "ERROR_CODE_FLOOD"}
    assert not unexpected, seen
    assert memory["growth"] < RSS_BOUND, f"{mode}: the referee grew by {memory['growth']:,} B"


@pytest.mark.parametrize("mode", ["silent", "taken"])
def test_many_streams_cannot_hold_the_server_or_stop_a_match(
    referee: RefereeServer, mode: str
) -> None:
    """Thousands of streams that never say hello, or say it for a seat already taken: gRPC
    refuses those over MAX_STREAMS, the rest are closed, the match plays on."""
    match = referee.open_match(GAME, 2)
    bots = [spawn_bot(BOTS / "wt_steady.py", referee.address, t) for t in match.tokens.values()]
    assert match.wait_for_seats(20) == []
    with peak_growth() as memory:
        flooder = hostile(mode, referee.address, match.tokens[0], 3_000)
        started = time.monotonic()
        record = run_match(GAME, match.agents, seed=7, time_control=TIME)
        played = time.monotonic() - started
        seen = report(flooder, timeout=120)["streams"]
    match.close()
    for bot in bots:
        status, _, err = bot.finish()
        assert status == 0, err

    assert all(not seat.strikes for seat in record.seats), record.seats
    if mode == "silent":  # held open until their hello is late: thousands at once
        assert seen.get("RESOURCE_EXHAUSTED", 0) > 0, seen  # over the cap: refused by gRPC
        assert seen.get("ERROR_CODE_TIMEOUT", 0) > 0, seen  # no hello in time: closed
    else:
        # Each is told at once and closed, so how many are open together (over the cap or
        # not) depends on the two processes' speed; every one is refused, one way or another
        # (a stream gRPC resets while its refusal is under way ends CANCELLED).
        assert seen.get("ERROR_CODE_SEAT_TAKEN", 0) > 0, seen
        refusals = {
            "ERROR_CODE_SEAT_TAKEN", "RESOURCE_EXHAUSTED", "UNAVAILABLE", "INTERNAL", "CANCELLED"
        }  # fmt: skip
        assert set(seen) <= refusals, seen
    assert sum(seen.values()) == 3_000
    assert memory["growth"] < RSS_BOUND, f"{mode}: grew by {memory['growth']:,} B in {played:.1f}s"
