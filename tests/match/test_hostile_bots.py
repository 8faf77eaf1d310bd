"""Hostile bots, each a real sandboxed process: every one ends as a recorded strike or
disqualification, the match still finishes, and the other bots are unaffected."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from arena import replay
from arena.games.wandering_towers.bots import RandomBot
from arena.match.agents import Agent, InProcessAgent
from arena.match.hosted import SandboxedAgent
from arena.match.record import MatchRecord
from arena.match.referee import TimeControl, run_match
from arena.sandbox import check_sandbox

BOTS = Path(__file__).parent.parent / "bots"
FAST = TimeControl(per_decision=0.5, bank=1.0, max_strikes=3)


@pytest.fixture(autouse=True)
def sandbox_required() -> None:
    status = check_sandbox()
    if not status:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the sandbox must work under CI=true: {status.detail}")
        pytest.skip(f"sandbox unavailable: {status.detail}")


def copy_bot(name: str, into: Path, **constants: object) -> Path:
    """A copy of a test bot with module constants (PORT, TARGET) set for this test."""
    into.mkdir(parents=True, exist_ok=True)
    text = (BOTS / f"{name}.py").read_text()
    for key, value in constants.items():
        text = text.replace(f"{key} = ", f"{key} = {value!r}  # was: ", 1)
    path = into / f"{name}.py"
    path.write_text(text)
    if (BOTS / "_raw_client.py").exists():
        shutil.copy(BOTS / "_raw_client.py", into / "_raw_client.py")
    return path


def play(hostile: Path, seed: int = 5, time_control: TimeControl = FAST) -> MatchRecord:
    """The hostile bot in seat 0, a polite sandboxed bot in seat 1, a trusted random bot."""
    game = "wandering_towers"
    agents: list[Agent] = [
        SandboxedAgent(hostile, game=game, seat=0),
        SandboxedAgent(BOTS / "polite.py", game=game, seat=1),
        InProcessAgent(RandomBot(seed=seed), name="random"),
    ]
    record = run_match(game, agents, seed=seed, time_control=time_control)
    replay.verify(record.replay())
    assert record.seats[1].strikes == [] and record.seats[2].strikes == []
    assert not record.seats[1].disqualified and not record.seats[2].disqualified
    return record


def reasons(record: MatchRecord, seat: int = 0) -> set[str]:
    return {strike.reason for strike in record.seats[seat].strikes}


def test_an_infinite_loop_times_out_and_is_disqualified() -> None:
    record = play(BOTS / "infinite_loop.py")
    assert reasons(record) == {"timeout"}
    assert record.seats[0].disqualified
    assert record.outcome[0]["rank"] == 2


def test_a_memory_bomb_hits_its_limit_and_is_struck() -> None:
    # Zero-filling a GiB can outlast FAST's half second on a busy machine: the time is
    # generous here so that what stops the bot is its memory limit, not the clock.
    roomy = TimeControl(per_decision=10.0, bank=10.0, max_strikes=3)
    record = play(BOTS / "memory_bomb.py", time_control=roomy)
    assert record.seats[0].disqualified
    assert [s.detail for s in record.seats[0].strikes] == ["bot error: MemoryError: "] * 3


def test_a_bot_that_never_reads_its_stream_cannot_stall_the_referee() -> None:
    # Many quick turns: far more than the stream's flow-control window holds unread.
    patient = TimeControl(per_decision=0.05, bank=0.0, max_strikes=10_000)
    record = play(BOTS / "deaf.py", time_control=patient)
    assert reasons(record) == {"timeout"}
    assert len(record.seats[0].strikes) > 60


def test_forked_helpers_over_the_trees_memory_limit_disqualify_the_bot() -> None:
    roomy = TimeControl(per_decision=10.0, bank=10.0, max_strikes=3)
    record = play(BOTS / "tree_hoarder.py", time_control=roomy)
    assert reasons(record) == {"memory"}
    assert record.seats[0].disqualified


def test_a_fork_bomb_is_contained_and_disqualified() -> None:
    record = play(BOTS / "fork_bomb.py")
    assert "processes" in reasons(record)
    assert record.seats[0].disqualified


def test_a_tcp_connection_to_a_local_server_fails(tmp_path) -> None:
    accepted: list[bytes] = []
    with socket.create_server(("127.0.0.1", 0)) as server:
        server.settimeout(0.2)
        stop = threading.Event()

        def accept() -> None:
            while not stop.is_set():
                try:
                    conn, _ = server.accept()
                except TimeoutError:
                    continue
                accepted.append(conn.recv(100))
                conn.close()

        watcher = threading.Thread(target=accept, daemon=True)
        watcher.start()
        port = server.getsockname()[1]
        record = play(copy_bot("network_probe", tmp_path, PORT=port))
        stop.set()
        watcher.join()
    assert accepted == []
    assert reasons(record) == {"error"}
    assert "Connection refused" in record.seats[0].strikes[0].detail


@pytest.mark.parametrize("where", ["bot_dir", "etc"])
def test_writing_outside_its_temp_dir_fails(tmp_path, where) -> None:
    bot_dir = tmp_path / "bot"
    target = bot_dir / "pwned.txt" if where == "bot_dir" else Path("/etc/arena-pwned")
    record = play(copy_bot("file_writer", bot_dir, TARGET=str(target)))
    assert not target.exists()
    assert reasons(record) == {"error"}
    assert record.seats[0].disqualified


def test_a_100_mb_flood_on_stdout_and_stderr_is_capped() -> None:
    started = time.perf_counter()
    record = play(BOTS / "output_flood.py")
    elapsed = time.perf_counter() - started
    assert reasons(record) == {"output"}
    assert not record.seats[0].disqualified  # one strike, then it plays on
    assert "bytes dropped" in record.seats[0].strikes[0].detail
    assert len(record.seats[0].stderr) < 80_000
    print(f"match with a 200 MB flood took {elapsed:.2f}s")


def test_garbage_on_the_stream_is_a_protocol_strike() -> None:
    record = play(BOTS / "garbage.py")
    assert reasons(record) == {"protocol"}
    assert record.seats[0].disqualified


def test_disconnecting_mid_match_is_a_crash() -> None:
    record = play(BOTS / "disconnects.py")
    seat = record.seats[0]
    assert reasons(record) == {"crash"} and seat.disqualified
    assert seat.decisions == 3


def test_answering_a_stale_request_is_struck() -> None:
    record = play(BOTS / "stale.py")
    assert reasons(record) == {"stale"}
    assert record.seats[0].disqualified


def test_a_bot_that_crashes_at_import_is_disqualified_with_its_error() -> None:
    record = play(BOTS / "crashes_at_import.py")
    seat = record.seats[0]
    assert seat.disqualified and reasons(record) == {"crash"}
    assert "cannot even be imported" in seat.disqualified_reason
    assert "cannot even be imported" in seat.stderr
