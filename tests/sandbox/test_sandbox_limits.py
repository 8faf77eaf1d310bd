"""rlimits hold inside: address space, CPU seconds, file size, open files, no core dumps."""

from __future__ import annotations

import json

import pytest

from arena.sandbox import Limits
from arena.sandbox.config import GiB, MiB

MODES = ["bwrap", "none"]

READ_LIMITS = """
    import json
    limits = {}
    for line in open("/proc/self/limits").readlines()[1:]:
        name, soft, hard = line[:26].strip(), line[26:47].strip(), line[47:68].strip()
        limits[name] = [soft, hard]
    print(json.dumps(limits))
"""


@pytest.mark.parametrize("mode", MODES)
def test_configured_rlimits_apply_to_the_bot(bots, mode):
    limits = Limits(address_space=768 * MiB, cpu_seconds=42, file_size=3 * MiB, open_files=99)
    got = json.loads(bots.run(READ_LIMITS, mode=mode, limits=limits).stdout_text())
    assert got["Max address space"] == [str(768 * MiB)] * 2
    assert got["Max cpu time"] == ["42", "43"]
    assert got["Max file size"] == [str(3 * MiB)] * 2
    assert got["Max open files"] == ["99", "99"]
    assert got["Max core file size"] == ["0", "0"]


@pytest.mark.parametrize("mode", MODES)
def test_infinite_loop_is_killed_by_the_cpu_limit(bots, mode):
    bot = bots.run("while True:\n    pass\n", mode=mode, limits=Limits(cpu_seconds=1))
    assert bot.exit_reason() == "killed by SIGXCPU (CPU time limit)"


def test_default_limits_are_the_platform_policy():
    limits = Limits()
    assert (limits.address_space, limits.file_size, limits.pids) == (1 * GiB, 16 * MiB, 64)


@pytest.mark.parametrize("mode", MODES)
def test_memory_bomb_hits_memory_error_at_the_address_space_limit(bots, mode):
    bomb = """
        hoard = []
        while True:
            hoard.append(bytearray(16 * 1024 * 1024))
    """
    bot = bots.run(bomb, mode=mode, limits=Limits(address_space=256 * MiB))
    assert "MemoryError" in bot.stderr_text()
    assert bot.exit_reason() == "memory limit (MemoryError, exit 1)"


def test_writing_past_the_file_size_limit_fails(bots):
    writer = """
        import errno
        chunk = b"x" * (1024 * 1024)
        with open("/tmp/big", "wb", buffering=0) as f:
            try:
                for _ in range(8):
                    f.write(chunk)
            except OSError as exc:
                print(errno.errorcode[exc.errno], f.tell())
    """
    bot = bots.run(writer, limits=Limits(file_size=4 * MiB))
    assert bot.stdout_text().split() == ["EFBIG", str(4 * MiB)]


def test_too_many_open_files_fail(bots):
    opener = """
        files = []
        try:
            while True:
                files.append(open("/dev/null"))
        except OSError as exc:
            print(exc.strerror, len(files))
    """
    bot = bots.run(opener, limits=Limits(open_files=32))
    reason, opened = bot.stdout_text().rsplit(maxsplit=1)
    assert reason == "Too many open files"
    assert int(opened) < 32
