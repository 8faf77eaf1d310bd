"""The process's one event loop for gRPC: every RefereeServer serves on it, and a referee
with hosted seats plays its match on it.

A referee on the same loop as its bots' streams reads a reply the moment gRPC hands it
over and writes the next turn without waking another thread: each crossing between a
referee thread and the loop cost ~50-100 µs per decision (MEASURED.md), the largest part
of the protocol's overhead after the view conversions themselves.
"""

from __future__ import annotations

import asyncio
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
    """
    if on_loop(loop):
        coroutine.close()
        raise RuntimeError("call() would wait for its own loop: await the coroutine instead")
    finished = threading.Event()

    async def tracked() -> T:
        try:
            return await coroutine
        finally:
            finished.set()

    future = asyncio.run_coroutine_threadsafe(tracked(), loop)
    try:
        return future.result()
    except BaseException:
        future.cancel()
        finished.wait(10)
        raise
