"""The whole platform from `arena demo`: its own Redis, the gateway, a remote bot connected with
the command it prints, and a demo killed with `kill -9` that loses nothing.

Each test runs the real demo process on a data folder of its own, as a newcomer runs it.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

from demo_support import (
    connect_command,
    embedded_env,
    processes_of,
    read_until,
    start_demo,
    still_running,
    stop,
)
from platform_support import wait_until

READY = "press Ctrl-C"


def rows(data: Path, sql: str, *params: object) -> list[tuple]:
    with sqlite3.connect(data / "arena.sqlite3", timeout=20) as db:
        return db.execute(sql, params).fetchall()


def alive(pid: int) -> bool:
    """Running, not a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def statuses(data: Path) -> dict[int, str]:
    return dict(rows(data, "SELECT id, status FROM matches_match"))


def remote_matches_finished(data: Path, bot: str) -> int:
    (count,) = rows(
        data,
        "SELECT count(*) FROM matches_match m JOIN matches_matchseat s ON s.match_id = m.id "
        "JOIN bots_botversion v ON s.version_id = v.id JOIN bots_bot b ON v.bot_id = b.id "
        "WHERE b.name = ? AND m.status = 'finished'",
        bot,
    )[0]
    return count


def test_the_printed_command_puts_the_example_remote_bot_on_the_ladder(tmp_path: Path):
    data = tmp_path / "var"
    began = time.monotonic()
    demo = start_demo(tmp_path, embedded_env(data))
    bot = None
    try:
        lines = read_until(demo, READY, timeout=90)
        output = "".join(lines)
        assert READY in output, output
        assert "redis ready on" in output and "gateway for remote bots: 127.0.0.1:" in output
        words = connect_command(lines)
        assert words[0].endswith("/bin/arena-bot") and words[1] == "connect", words
        bot = subprocess.Popen(
            words,
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        wait_until(
            lambda: remote_matches_finished(data, "homeward-remote") >= 1 or bot.poll() is not None,
            # About 50 s on a quiet machine; a loaded one plays the queue ahead of it slower.
            300,
            "a ladder match of the remote bot to finish",
            every=1,
        )
        assert bot.poll() is None, bot.communicate()[0]
        print(
            f"from `arena demo` to a remote bot's finished match: {time.monotonic() - began:.0f}s"
        )
        # Ctrl-C twice: the first would finish the matches under way, the second leaves now.
        bot.send_signal(signal.SIGINT)
        time.sleep(1)
        bot.send_signal(signal.SIGINT)
        said, _ = bot.communicate(timeout=30)
        assert "Traceback" not in said, said
    finally:
        if bot is not None and bot.poll() is None:
            bot.kill()
        output = stop(demo)
    assert not still_running(data), output


def test_a_demo_killed_outright_and_started_again_keeps_every_match(tmp_path: Path):
    data = tmp_path / "var"
    env = embedded_env(data, ARENA_REFERENCE_BOTS="random,greedy")  # quick matches
    demo = start_demo(tmp_path, env, "--every", "1")
    try:
        assert READY in "".join(read_until(demo, READY, timeout=90))
        wait_until(
            lambda: list(statuses(data).values()).count("finished") >= 3,
            120,
            "3 finished matches",
        )
        orphans = processes_of(data)
        os.kill(demo.pid, signal.SIGKILL)
        demo.wait()
        before = statuses(data)
    finally:
        if demo.poll() is None:
            demo.kill()
    again = start_demo(tmp_path, env, "--every", "1")
    try:
        lines = read_until(again, READY, timeout=90)
        assert READY in "".join(lines), "".join(lines)
        # What the killed demo left running (a worker finishing its match) is gone.
        assert not [pid for pid in orphans if alive(pid)]
        finished = {pk for pk, status in before.items() if status == "finished"}
        waiting = {pk for pk, status in before.items() if status in ("queued", "running")}
        wait_until(
            lambda: (
                len([s for s in statuses(data).values() if s == "finished"]) >= len(finished) + 3
            ),
            180,
            "3 more finished matches",
        )
        after = statuses(data)
    finally:
        output = "".join(lines) + stop(again)
    assert not still_running(data), output
    assert all(after[pk] == "finished" for pk in finished), "a finished match changed"
    assert waiting <= after.keys(), "a waiting match was lost"
    assert "failed" not in after.values(), after
    assert "left over from the last run queued again" in output, output
