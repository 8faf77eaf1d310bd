"""Hostile bots, each a real sandboxed process: every one ends as a recorded strike or
disqualification, the match still finishes, and the other bots are unaffected."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from arena import replay
from arena.bots import RandomBot
from arena.match.agents import Agent, InProcessAgent
from arena.match.hosted import SandboxedAgent, sandboxed_agent
from arena.match.record import MatchRecord
from arena.match.referee import TimeControl, run_match
from arena.sandbox import Limits, SandboxConfig
from arena.sandbox.workspace import CodeCopyError

BOTS = Path(__file__).parent.parent / "bots"
FAST = TimeControl(per_decision=0.5, bank=1.0, max_strikes=3)


pytestmark = pytest.mark.usefixtures("sandbox_required")


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


def play(
    hostile: Path,
    seed: int = 5,
    time_control: TimeControl = FAST,
    code_dir: Path | None = None,
    late_share: float = 0.0,
) -> MatchRecord:
    """The hostile bot in seat 0, a polite sandboxed bot in seat 1, a trusted random bot.

    `code_dir`: the folder holding the hostile file that is its code (default: the file).
    `late_share`: the share of the polite seats' decisions that may time out (only under a
    clock of a few milliseconds, which a busy machine can miss now and then)."""
    game = "wandering_towers"
    agents: list[Agent] = [
        SandboxedAgent(hostile, game=game, seat=0, code_dir=code_dir),
        SandboxedAgent(BOTS / "polite.py", game=game, seat=1),
        InProcessAgent(RandomBot(seed=seed), name="random"),
    ]
    record = run_match(game, agents, seed=seed, time_control=time_control)
    replay.verify(record.replay())
    for seat in record.seats[1:]:
        assert {strike.reason for strike in seat.strikes} <= ({"timeout"} if late_share else set())
        assert len(seat.strikes) <= late_share * seat.decisions, seat.strikes
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
    assert [s.detail for s in record.seats[0].strikes] == [
        "bot error (BOT_ERROR); its message is in its stderr"
    ] * 3
    assert "MemoryError" in record.seats[0].stderr


def test_a_bot_that_never_reads_its_stream_cannot_stall_the_referee() -> None:
    # Many quick turns: far more than the stream's flow-control window holds unread. The
    # fallback's moves come from the OS, so a match's length varies (most give the deaf seat
    # about 200 turns, a few under 60): play until one is long enough to prove it.
    patient = TimeControl(per_decision=0.05, bank=0.0, max_strikes=10_000)
    for seed in range(5, 9):
        # A stalled referee would make the polite seats late on most turns, not on a few.
        record = play(BOTS / "deaf.py", seed=seed, time_control=patient, late_share=0.05)
        assert reasons(record) == {"timeout"}
        if len(record.seats[0].strikes) > 60:
            return
    pytest.fail("no match gave the deaf seat more than 60 turns")


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
    # The seccomp filter refuses the socket itself (no network namespace needed for that).
    assert "Address family not supported" in record.seats[0].stderr


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


def test_garbage_on_the_stream_is_a_protocol_strike(tmp_path) -> None:
    record = play(copy_bot("garbage", tmp_path), code_dir=tmp_path)  # with _raw_client.py
    assert reasons(record) == {"protocol"}
    assert record.seats[0].disqualified


def test_disconnecting_mid_match_is_a_crash() -> None:
    record = play(BOTS / "disconnects.py")
    seat = record.seats[0]
    assert reasons(record) == {"crash"} and seat.disqualified
    assert seat.decisions == 3


def test_answering_a_stale_request_is_struck(tmp_path) -> None:
    record = play(copy_bot("stale", tmp_path), code_dir=tmp_path)  # with _raw_client.py
    assert reasons(record) == {"stale"}
    assert record.seats[0].disqualified


def test_a_bot_that_crashes_at_import_is_disqualified_with_its_error_in_its_stderr() -> None:
    record = play(BOTS / "crashes_at_import.py")
    seat = record.seats[0]
    assert seat.disqualified and reasons(record) == {"crash"}
    # The reason is public; what the bot wrote is its owner's (stderr).
    assert "exit" in seat.disqualified_reason and "its stderr" in seat.disqualified_reason
    assert "cannot even be imported" not in seat.disqualified_reason
    assert "cannot even be imported" in seat.stderr


# --- Each bot sees a private copy of its own code, never the folder around it -------------

ARENA = str(Path(sys.executable).with_name("arena"))
SPY_REPORT = re.compile(r"SPY found=(\[.*?\]) own=(\[.*?\])")


def spy(into: Path, name: str, secrets: list[Path], own: list[str] | None = None) -> Path:
    """A copy of the spy bot as `into/name.py`, looking for `secrets`."""
    into.mkdir(parents=True, exist_ok=True)
    text = (BOTS / "spy.py").read_text()
    text = text.replace("SECRETS = []", f"SECRETS = {[str(p) for p in secrets]!r}", 1)
    text = text.replace('OWN = ["spy.py"]', f"OWN = {own or [f'{name}.py']!r}", 1)
    path = into / f"{name}.py"
    path.write_text(text)
    return path


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A checkout as a bot author has one: two bots side by side in bots/, the site's secret
    key in var/, each spy looking for the other's code and the key."""
    secret = tmp_path / "var" / "secret_key"
    secret.parent.mkdir()
    secret.write_text("not for bots")
    bots = tmp_path / "bots"
    spy(bots, "spy_a", [bots / "spy_b.py", secret])
    spy(bots, "spy_b", [bots / "spy_a.py", secret])
    return tmp_path


def spy_report(text: str) -> tuple[list[str], list[str]]:
    found = SPY_REPORT.search(text)
    assert found, text
    return json.loads(found[1]), json.loads(found[2])


def arena(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [ARENA, *args], capture_output=True, text=True, timeout=300, cwd=cwd,
        env={**os.environ, "COLUMNS": "400"},
    )  # fmt: skip


def test_a_bot_file_reads_neither_its_neighbour_nor_the_checkouts_secret(checkout) -> None:
    record = play(checkout / "bots" / "spy_a.py")
    seat = record.seats[0]
    assert [s.reason for s in seat.strikes] == ["error"] and not seat.disqualified
    assert spy_report(seat.stderr) == ([], ["spy_a.py"])


def test_arena_play_gives_the_bot_a_copy_of_only_its_own_file(checkout) -> None:
    played = arena("play", "wandering_towers", "bots/spy_a.py", "random", "--quiet", cwd=checkout)
    assert played.returncode == 0, played.stderr
    assert spy_report(played.stdout) == ([], ["spy_a.py"])
    # The same spy loaded in-process (trusted code) finds both: it really looks.
    trusted = arena(
        "play", "wandering_towers", "bots/spy_a.py", "random", "--quiet", "--no-sandbox",
        cwd=checkout,
    )  # fmt: skip
    assert trusted.returncode == 0, trusted.stderr
    found, own = spy_report(trusted.stdout)
    assert {Path(p).name for p in found} >= {"spy_b.py", "secret_key"}
    assert own == ["spy_a.py", "spy_b.py"]


def tournament_spies_disqualified(checkout: Path, *extra: str) -> set[str]:
    """Plays spy_a, spy_b and two random bots at one table; the spies disqualified."""
    replays = checkout / "replays"
    played = arena(
        "tournament", "wandering_towers", "bots/spy_a.py", "bots/spy_b.py", "random", "random",
        "--format", "swiss", "--rounds", "1", "--table-size", "4", "--replays", str(replays),
        *extra, cwd=checkout,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    docs = [json.loads(path.read_text()) for path in sorted(replays.glob("*.json"))]
    assert docs and all({"spy_a", "spy_b"} <= set(doc["players"]) for doc in docs)
    return {doc["players"][seat] for doc in docs for seat in doc["disqualified"]}


def test_tournament_entrants_in_one_folder_cannot_read_each_other(checkout) -> None:
    assert tournament_spies_disqualified(checkout) == set()
    shutil.rmtree(checkout / "replays")
    # Control: loaded in-process, each spy reads the other and is disqualified for it.
    assert tournament_spies_disqualified(checkout, "--no-sandbox") == {"spy_a", "spy_b"}


PACKAGE_BOT = """
from arena_sdk import Bot
from tactics import choose
from helpers.order import first


class Package(Bot):
    def act(self, view, legal):
        return choose(first(legal)).code
"""


def package(root: Path) -> Path:
    """A package bot: bot.py importing a module and a subpackage kept beside it."""
    root.mkdir(parents=True)
    (root / "bot.py").write_text(PACKAGE_BOT)
    (root / "tactics.py").write_text("def choose(action):\n    return action\n")
    (root / "helpers").mkdir()
    (root / "helpers" / "__init__.py").write_text("")
    (root / "helpers" / "order.py").write_text("def first(legal):\n    return legal[0]\n")
    return root


def test_a_package_bot_finds_its_own_modules(tmp_path) -> None:
    record = play(package(tmp_path / "pkg"))
    assert record.seats[0].strikes == [], record.seats[0].stderr


def test_an_uploaded_version_gets_its_whole_unpacked_folder(tmp_path) -> None:
    """As a worker seats a version: its entry file in the folder its upload unpacked to."""
    entry = package(tmp_path / "sha256" / "code") / "bot.py"
    agents: list[Agent] = [
        sandboxed_agent(entry, "pkg", game="wandering_towers", seat=0),
        InProcessAgent(RandomBot(seed=1), name="random"),
    ]
    record = run_match("wandering_towers", agents, seed=3, time_control=FAST)
    assert record.seats[0].strikes == [], record.seats[0].stderr


def test_arena_play_runs_a_package_folder_from_its_bot_py(tmp_path) -> None:
    package(tmp_path / "bots" / "pkg")
    played = arena("play", "wandering_towers", "bots/pkg/", "random", "--quiet", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "strike:" not in played.stdout and "disqualified:" not in played.stdout
    assert "1. pkg" in played.stdout or "2. pkg" in played.stdout


def test_a_link_out_of_a_package_leads_nowhere_in_the_sandbox(checkout) -> None:
    folder = checkout / "bots" / "linked"
    spy(folder, "bot", [], own=["bot.py", "leak"])
    (folder / "leak").symlink_to(checkout / "var" / "secret_key")
    record = play(folder)
    assert spy_report(record.seats[0].stderr) == ([], ["bot.py", "leak"])
    assert not record.seats[0].disqualified


def test_a_folder_with_too_many_files_is_a_clear_error(tmp_path) -> None:
    root = package(tmp_path / "big")
    for index in range(Limits().code_files):
        (root / f"data{index}.txt").write_text("x")
    with pytest.raises(CodeCopyError, match="more than 2000 files"):
        SandboxedAgent(root, game="wandering_towers", seat=0)
    played = arena("play", "wandering_towers", "big/", "random", "--quiet", cwd=tmp_path)
    assert played.returncode == 2
    assert played.stderr.startswith("arena: error:") and "more than 2000 files" in played.stderr
    assert len(played.stderr.strip().splitlines()) == 1


def test_a_folder_over_the_size_cap_or_with_a_pipe_is_refused(tmp_path, monkeypatch) -> None:
    private = tmp_path / "tmp"  # where the bots' private folders go, to see none is left
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    root = package(tmp_path / "heavy")
    (root / "weights.bin").write_bytes(b"\0" * (2 << 20))
    config = SandboxConfig(limits=Limits(code_size=1 << 20))
    with pytest.raises(CodeCopyError, match="larger than 1,048,576 bytes"):
        SandboxedAgent(root, game="wandering_towers", seat=0, config=config)
    (root / "weights.bin").unlink()
    os.mkfifo(root / "pipe")  # would hang a copy that opened it to read
    with pytest.raises(CodeCopyError, match="not a file, a folder or a link"):
        SandboxedAgent(root, game="wandering_towers", seat=0)
    assert list(private.iterdir()) == []
