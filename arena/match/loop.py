"""The process's one event loop for gRPC: every RefereeServer serves on it, and a referee
with hosted seats plays its match on it.

A referee on the same loop as its bots' streams reads a reply the moment gRPC hands it
over and writes the next turn without waking another thread: each crossing between a
referee thread and the loop cost ~50-100 µs per decision (MEASURED.md), the largest part
of the protocol's overhead after the view conversions themselves.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_owner_pid = 0


def shared_loop() -> asyncio.AbstractEventLoop:
    """The loop, started on a daemon thread the first time (again in a forked child)."""
    global _loop, _owner_pid
    with _lock:
        if _loop is None or _owner_pid != os.getpid():
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, name="arena-grpc", daemon=True)
            thread.start()
            _loop, _owner_pid = loop, os.getpid()
        return _loop


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The loop running the caller, if any."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def on_loop(loop: asyncio.AbstractEventLoop | None) -> bool:
    """True when the caller runs on `loop`'s thread, inside it."""
    return loop is not None and running_loop() is loop


def call(loop: asyncio.AbstractEventLoop, coroutine: Coroutine[Any, Any, T]) -> T:
    """Run `coroutine` on `loop` from another thread and wait for its result.

    If the caller is interrupted (Ctrl-C), the coroutine is cancelled and given a moment
    to run its cleanup (closing agents kills their processes) before the error goes on.
    The interrupt may land at any instant, even while the coroutine is being handed to
    the loop: the loop itself decides, in order, whether it started, so it is never left
    running unwatched.
    """
    if on_loop(loop):
        coroutine.close()
        raise RuntimeError("call() would wait for its own loop: await the coroutine instead")
    outcome: concurrent.futures.Future[T] = concurrent.futures.Future()
    finished = threading.Event()
    state: dict[str, Any] = {"task": None, "running": False, "abandoned": False}

    async def tracked() -> None:
        state["running"] = True
        try:
            if state["abandoned"]:
                coroutine.close()
                return
            outcome.set_result(await coroutine)
        except BaseException as exc:
            outcome.set_exception(exc)
            if not isinstance(exc, Exception):
                raise
        finally:
            finished.set()

    def begin() -> None:  # on the loop
        if state["abandoned"]:
            coroutine.close()
            finished.set()
        else:
            state["task"] = loop.create_task(tracked())

    def abandon() -> None:  # on the loop, after begin() if begin() was handed over at all
        state["abandoned"] = True
        if state["task"] is None:
            coroutine.close()
            finished.set()
        elif state["running"]:
            state["task"].cancel()

    try:
        loop.call_soon_threadsafe(begin)
        return outcome.result()
    except BaseException:
        if not outcome.done():  # interrupted, not the coroutine's own error
            loop.call_soon_threadsafe(abandon)
            finished.wait(10)
        raise
