"""Bounded capture of a bot's output stream, drained by a thread that never stops reading.

A bot that floods its output must neither block on a full pipe (it would stall, and look
like a timeout) nor grow the referee's memory. We keep the head and the tail of the stream
- the start shows what the bot was, the end shows how it died - and count what we dropped.
"""

from __future__ import annotations

import os
import threading
from typing import BinaryIO

CHUNK = 64 * 1024


class Capture:
    """Reads one pipe to EOF on a daemon thread, keeping at most `cap` bytes."""

    def __init__(self, stream: BinaryIO, cap: int, name: str) -> None:
        self._stream = stream
        self._head_cap = cap // 2
        self._tail_cap = cap - self._head_cap
        self._head = bytearray()
        self._tail = bytearray()
        self._total = 0
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._drain, name=name, daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        fd = self._stream.fileno()
        try:
            while chunk := os.read(fd, CHUNK):
                with self._lock:
                    self._add(chunk)
        except OSError:
            pass
        finally:
            self._stream.close()

    def _add(self, chunk: bytes) -> None:
        self._total += len(chunk)
        room = self._head_cap - len(self._head)
        if room > 0:
            self._head += chunk[:room]
            chunk = chunk[room:]
        if chunk and self._tail_cap:
            self._tail += chunk
            # Trim lazily, so each byte is moved a bounded number of times.
            if len(self._tail) > 2 * self._tail_cap:
                del self._tail[: -self._tail_cap]

    @property
    def total(self) -> int:
        """Bytes the bot wrote so far."""
        with self._lock:
            return self._total

    @property
    def dropped(self) -> int:
        """Bytes written but not kept."""
        with self._lock:
            return self._total - len(self._head) - min(len(self._tail), self._tail_cap)

    def data(self) -> bytes:
        """The kept bytes: head, a marker line where bytes were dropped, tail."""
        with self._lock:
            tail = bytes(self._tail[-self._tail_cap :]) if self._tail_cap else b""
            dropped = self._total - len(self._head) - len(tail)
            if not dropped:
                return bytes(self._head) + tail
            marker = f"\n[... {dropped} bytes dropped ...]\n".encode()
            return bytes(self._head) + marker + tail

    def text(self) -> str:
        """`data()` decoded as UTF-8, invalid bytes replaced."""
        return self.data().decode("utf-8", errors="replace")

    def join(self, timeout: float | None = None) -> bool:
        """Wait for end of stream; False if writers are still alive after `timeout`."""
        self._thread.join(timeout)
        return not self._thread.is_alive()
