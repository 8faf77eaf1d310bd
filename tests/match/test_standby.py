"""Sandboxes started before their match (arena.match.standby): a seated standby plays
exactly as a sandbox started with its match, serves one seat once, and shows its bot
nothing of the standbys around it."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from arena.match.hosted import SandboxedAgent
from arena.match.record import MatchRecord
from arena.match.referee import TimeControl, run_match
from arena.match.standby import Standby, StandbyPool

GAME = "wandering_towers"
TC = TimeControl(per_decision=5.0, bank=30.0, max_strikes=3)

RANDOM = """
from arena_sdk import Bot

class Seeded(Bot):
    def act(self, view, legal):
        return legal[self.random.randrange(len(legal))].code
"""

PEEK = """
import os
from arena_sdk import Bot

OTHERS = []  # the test's: folders of the standbys beside this one


class Peek(Bot):
    def act(self, view, legal):
        seen = {}
        for folder in OTHERS:
            try:
                seen[folder] = os.listdir(folder)
            except OSError:
                pass
        raise RuntimeError("PEEK " + repr(seen))
"""


pytestmark = pytest.mark.usefixtures("sandbox_required")


def bot(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(text)
    return path


def play(agents: list[SandboxedAgent], seed: int = 3) -> MatchRecord:
    return run_match(GAME, agents, seed=seed, time_control=TC)


def until(condition: Callable[[], bool], seconds: float = 20) -> bool:
    """Whether `condition` holds within `seconds` (polled)."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)
    return condition()


def gone(pid: int) -> bool:
    return not os.path.exists(f"/proc/{pid}")


def test_a_bot_seated_in_a_standby_plays_move_for_move_as_one_started_with_its_match(
    tmp_path,
) -> None:
    path = bot(tmp_path, "seeded", RANDOM)
    cold = play([SandboxedAgent(path, game=GAME, seat=i, seed=40 + i) for i in range(2)])
    standbys = [Standby(), Standby()]
    time.sleep(0.5)  # waited: the imports are done before the match exists
    seated = [
        SandboxedAgent(path, game=GAME, seat=i, seed=40 + i, standby=standby)
        for i, standby in enumerate(standbys)
    ]
    warm = play(seated)
    assert [s.strikes for s in warm.seats] == [[], []]
    assert warm.replay()["actions"] == cold.replay()["actions"]
    for standby in standbys:
        assert standby.process is not None and standby.process.poll() is not None
        assert not standby.dir.exists(), "a seated standby leaves nothing behind"


def test_a_pool_hands_each_standby_out_once_and_refills_while_the_match_plays(tmp_path) -> None:
    pool = StandbyPool(2)
    try:
        pool.fill()
        assert until(lambda: pool.waiting() == 2)
        first, second = pool.take(), pool.take()
        assert first.dir != second.dir and first.process.pid != second.process.pid
        assert list(first.code_dir.iterdir()) == [], "no bot code before it is seated"
        path = bot(tmp_path, "seeded", RANDOM)
        seated = [
            SandboxedAgent(path, game=GAME, seat=i, seed=i, standby=standby)
            for i, standby in enumerate([first, second])
        ]
        record = play(seated)
        assert all(not seat.strikes for seat in record.seats)
        assert until(lambda: pool.waiting() == 2), "two more started for the next match"
        third = pool.take()
        assert third.dir not in (first.dir, second.dir) and gone(first.process.pid)
        third.close()
    finally:
        waiting = list(pool._idle)
        pool.close()
    for standby in waiting:
        assert gone(standby.process.pid) and not standby.dir.exists()


def test_a_bot_in_a_standby_sees_none_of_the_standbys_beside_it(tmp_path) -> None:
    others = [Standby(), Standby()]
    folders = [str(p) for s in others for p in (s.dir, s.code_dir, s.socket_dir)]
    peek = bot(tmp_path, "peek", PEEK.replace("OTHERS = []", f"OTHERS = {folders!r}"))
    try:
        seated = SandboxedAgent(peek, game=GAME, seat=0, standby=Standby())
        record = play([seated, SandboxedAgent(bot(tmp_path, "seeded", RANDOM), game=GAME, seat=1)])
    finally:
        for standby in others:
            standby.close()
    assert record.seats[0].strikes
    assert "PEEK {}" in record.seats[0].stderr, record.seats[0].stderr


def test_a_standby_never_seated_ends_quietly_and_a_garbled_seating_is_refused() -> None:
    idle, garbled = Standby(), Standby()
    try:
        assert idle.process is not None and garbled.process is not None
        idle.process.tell(b"")
        garbled.process.tell(b"not json\n")
        assert idle.process.wait(20) == 0
        assert garbled.process.wait(20) == 1
        assert "not a match to play" in garbled.process.stderr_text()
        assert idle.process.stdout_text() == "" and idle.process.stderr_text() == ""
    finally:
        idle.close()
        garbled.close()


def test_seating_tells_the_bot_its_seat_by_stdin_not_by_its_command_line(tmp_path) -> None:
    """The token never appears where other processes could list it."""
    standby = Standby()
    agent = SandboxedAgent(bot(tmp_path, "seeded", RANDOM), game=GAME, seat=0, standby=standby)
    try:
        token = agent._match.tokens[0]
        assert until(lambda: agent.remote.joined), "the bot said hello with the token it was told"
        pids = agent.process.pids()
        assert pids
        for pid in pids:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                assert token.encode() not in handle.read()
    finally:
        agent.close()


def test_a_forked_child_closing_the_pool_leaves_its_parents_standbys_running() -> None:
    """A worker's pool is its own: a child forked from it (whose exit runs the inherited
    atexit hooks) must not kill the standbys the parent will seat."""
    pool = StandbyPool(1)
    try:
        pool.fill()
        assert until(lambda: pool.waiting() == 1)
        child = os.fork()
        if child == 0:  # pragma: no cover - the child
            pool.close()
            os._exit(0)
        exits: list[int] = []

        def reaped() -> bool:
            if not exits:
                pid, status = os.waitpid(child, os.WNOHANG)
                if pid:
                    exits.append(status)
            return bool(exits)

        if not until(reaped):
            os.kill(child, 9)
            os.waitpid(child, 0)
            raise AssertionError("the child hung closing its parent's pool")
        assert os.waitstatus_to_exitcode(exits[0]) == 0
        assert pool.waiting() == 1, "the child's close() reached the parent's standby"
    finally:
        pool.close()
