"""Where a referee plays: on its hosted seats' event loop, or on one of its own."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import threading
import time
from typing import Any

import pytest

from arena.match.agents import InProcessAgent
from arena.match.loop import call, shared_loop
from arena.match.referee import run_match
from arena_sdk import Bot

GAME = "wandering_towers"


class FirstLegal(Bot):
    def __init__(self) -> None:
        self.threads: set[str] = set()

    def act(self, view, legal):
        self.threads.add(threading.current_thread().name)
        return legal[0].code


class OnLoop(InProcessAgent):
    """An in-process bot that claims a loop, as hosted seats do."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(FirstLegal())
        self.loop = loop


def test_a_match_with_a_seat_on_the_shared_loop_is_played_on_that_loop() -> None:
    hosted, local = OnLoop(shared_loop()), FirstLegal()
    record = run_match(GAME, [hosted, InProcessAgent(local)], seed=3)
    assert record.outcome
    assert hosted.bot.threads == local.threads == {"arena-grpc"}


def test_a_match_of_in_process_seats_is_played_in_the_callers_thread() -> None:
    bots = [FirstLegal(), FirstLegal()]
    run_match(GAME, [InProcessAgent(b) for b in bots], seed=3)
    assert {name for b in bots for name in b.threads} == {threading.current_thread().name}


def test_seats_on_two_different_loops_cannot_share_a_match() -> None:
    other = asyncio.new_event_loop()
    try:
        with pytest.raises(ValueError, match="one event loop"):
            run_match(GAME, [OnLoop(shared_loop()), OnLoop(other)], seed=3)
    finally:
        other.close()


def test_a_caller_already_running_a_loop_still_gets_its_match() -> None:
    async def inside_a_loop() -> list[str]:
        return run_match(GAME, [InProcessAgent(FirstLegal()) for _ in range(2)], seed=3).actions

    assert (
        asyncio.run(inside_a_loop())
        == run_match(GAME, [InProcessAgent(FirstLegal()) for _ in range(2)], seed=3).actions
    )


def test_waiting_on_the_loop_from_the_loop_is_refused_instead_of_hanging() -> None:
    async def nothing() -> None:
        return None

    async def from_the_loop() -> None:
        call(shared_loop(), nothing())

    with pytest.raises(RuntimeError, match="its own loop"):
        call(shared_loop(), from_the_loop())


INTERRUPTED = """
import asyncio
from arena.match.loop import call, shared_loop

async def long_match():
    try:
        print("started", flush=True)
        await asyncio.sleep(60)
    finally:
        await asyncio.sleep(0.05)  # cleanup that awaits, as closing agents does
        print("cleaned up", flush=True)

try:
    call(shared_loop(), long_match())
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def test_ctrl_c_cancels_the_match_on_the_loop_and_waits_for_its_cleanup() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "started"
    process.send_signal(signal.SIGINT)
    rest, _ = process.communicate(timeout=20)
    assert rest.split() == ["cleaned", "up", "interrupted"]


def test_an_interrupt_the_instant_the_match_reaches_the_loop_still_waits_for_its_cleanup() -> None:
    """The Ctrl-C lands right after the match is handed to the loop, before anything waits
    for it: the match either never starts or is cancelled and cleans up."""
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    started, cleaned = threading.Event(), threading.Event()

    async def long_match() -> None:
        started.set()
        try:
            await asyncio.sleep(60)
        finally:
            await asyncio.sleep(0.05)
            cleaned.set()

    handing_over = loop.call_soon_threadsafe

    def interrupted_after(*args: Any, **kwargs: Any) -> Any:
        loop.call_soon_threadsafe = handing_over  # type: ignore[method-assign]
        handing_over(*args, **kwargs)
        raise KeyboardInterrupt

    loop.call_soon_threadsafe = interrupted_after  # type: ignore[method-assign]
    with pytest.raises(KeyboardInterrupt):
        call(loop, long_match())
    time.sleep(0.3)  # had the match been left running, it would have started by now
    assert started.is_set() == cleaned.is_set(), "a started match was left running"
    loop.call_soon_threadsafe(loop.stop)
