"""Output is captured with a cap, and drained so that a flooding bot never blocks."""

from __future__ import annotations

import os
import time

from arena.sandbox.capture import Capture
from arena.sandbox.config import KiB, MiB

FLOOD = """
    import sys
    chunk = b"o" * (1024 * 1024)
    for _ in range(50):
        sys.stdout.buffer.write(chunk)
        sys.stderr.buffer.write(chunk.replace(b"o", b"e"))
    sys.stderr.buffer.write(b"\\nlast words\\n")
"""


def test_100_mb_of_output_is_capped_and_drained_without_blocking(bots):
    started = time.perf_counter()
    bot = bots.start(FLOOD)
    assert bot.wait(60) == 0, bot.stderr_text()[-2000:]
    elapsed = time.perf_counter() - started
    bot.close()
    print(f"bot wrote 100 MiB (stdout + stderr) in {elapsed:.2f} s including start-up")

    assert bot.stdout.total == 50 * MiB
    assert bot.stderr.total == 50 * MiB + len(b"\nlast words\n")
    assert bot.dropped_bytes == bot.stdout.total + bot.stderr.total - 2 * 64 * KiB
    assert len(bot.stdout.data()) < 65 * KiB
    assert bot.stderr_text().rstrip().endswith("last words")  # the tail is kept


def test_capture_keeps_head_and_tail_and_marks_the_gap():
    read_end, write_end = os.pipe()
    capture = Capture(os.fdopen(read_end, "rb"), cap=10, name="test-capture")
    os.write(write_end, b"HEAD-" + b"x" * 1000 + b"-TAIL")
    os.close(write_end)
    assert capture.join(timeout=5)

    assert capture.total == 1010
    assert capture.dropped == 1000
    assert capture.text() == "HEAD-\n[... 1000 bytes dropped ...]\n-TAIL"


def test_capture_under_the_cap_is_verbatim():
    read_end, write_end = os.pipe()
    capture = Capture(os.fdopen(read_end, "rb"), cap=64, name="test-capture")
    os.write(write_end, "héllo".encode())
    os.close(write_end)
    assert capture.join(timeout=5)
    assert (capture.text(), capture.dropped) == ("héllo", 0)
