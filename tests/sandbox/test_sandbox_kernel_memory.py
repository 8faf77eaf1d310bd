"""What a bot makes the kernel allocate for it is bounded: the files of its /tmp and
/dev/shm are capped in number (each costs ~1 KB of kernel memory that no byte cap counts),
and memfd and pipe buffers, which no tmpfs cap sees, are charged to its memory cgroup.
Real bots in the real sandbox; figures read from the bot's own cgroup."""

from __future__ import annotations

import json
from pathlib import Path

from arena.sandbox import Limits, SandboxedProcess
from arena.sandbox.config import MiB

FILES = """
    import errno, json, os, sys
    made, error = 0, None
    try:
        while made < 1_000_000:
            os.close(os.open(f"{sys.argv[1]}/f{made}", os.O_CREAT | os.O_WRONLY, 0o600))
            made += 1
    except OSError as exc:
        error = errno.errorcode[exc.errno]
    print(json.dumps({"made": made, "error": error}), flush=True)
    sys.stdin.read()
"""

MEMFD = """
    import errno, json, os, sys
    chunk, written, error, held = b"m" * (1 << 20), 0, None, []
    try:
        while written < 4 << 30:
            fd = os.memfd_create("hoard")
            held.append(fd)
            for _ in range(8):  # 8 MiB a file: under the file-size rlimit
                written += os.write(fd, chunk)
                print(written, flush=True)
    except OSError as exc:
        error = errno.errorcode[exc.errno]
    print(json.dumps({"written": written, "error": error}), flush=True)
"""

PIPES = """
    import errno, fcntl, json, os, sys
    stored, pipes, error = 0, [], None
    chunk = b"p" * 65536
    try:
        while len(pipes) < 120:
            r, w = os.pipe()
            pipes.append((r, w))
            try:
                fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, 1 << 20)
            except OSError:
                pass
            os.set_blocking(w, False)
            while True:
                try:
                    stored += os.write(w, chunk)
                except BlockingIOError:
                    break
            print(stored, flush=True)
    except OSError as exc:
        error = errno.errorcode[exc.errno]
    print(json.dumps({"stored": stored, "pipes": len(pipes), "error": error}), flush=True)
"""


def memory_dir(bot: SandboxedProcess) -> Path:
    assert bot.cgroup is not None and "memory" in bot.cgroup.dirs, "no memory cgroup"
    return bot.cgroup.dirs["memory"]


def peak(bot: SandboxedProcess) -> int:
    """The most memory (user and kernel) the bot's tree ever had charged."""
    folder = memory_dir(bot)
    for name in ("memory.max_usage_in_bytes", "memory.peak"):
        if (folder / name).exists():
            return int((folder / name).read_text())
    raise AssertionError(f"no peak usage in {folder}")


def fill(bots, where: str, limits: Limits) -> tuple[dict, int]:
    bot = bots.start(FILES.replace("sys.argv[1]", repr(where)), limits=limits, cgroup=True)
    assert bots.wait_until(lambda: "made" in bot.stdout_text(), 120), bot.stderr_text()
    result = json.loads(bot.stdout_text())
    usage = peak(bot)
    bot.close()
    return result, usage


def test_the_files_of_tmp_are_capped_and_so_is_their_kernel_memory(bots):
    limits = Limits(tmpfs_files=5000)
    result, usage = fill(bots, "/tmp", limits)
    assert result["error"] == "ENOSPC"
    # The tmpfs root counts as one of its inodes.
    assert limits.tmpfs_files - 10 <= result["made"] < limits.tmpfs_files, result
    # A Python bot and 5,000 inodes and dentries; uncapped, a bot made 300,000 files for
    # 288 MB of kernel memory, beyond its 64 MiB /tmp.
    assert usage < 40 * MiB, usage


def test_the_default_file_caps_hold_on_tmp_and_dev_shm(bots):
    limits = Limits()
    tmp, _ = fill(bots, "/tmp", limits)
    shm, _ = fill(bots, "/dev/shm", limits)
    assert tmp["error"] == shm["error"] == "ENOSPC"
    assert tmp["made"] < limits.tmpfs_files and shm["made"] < limits.shm_files


def test_memfd_is_charged_to_the_bots_memory_limit(bots):
    limits = Limits(memory=96 * MiB)
    bot = bots.start(MEMFD, limits=limits, cgroup=True)
    assert bot.wait(120) is not None, "the memfd hoarder was never stopped"
    lines = bot.stdout_text().split()
    written = int(lines[-1]) if lines and lines[-1].isdigit() else json.loads(lines[-1])["written"]
    assert written < limits.memory, written
    assert peak(bot) <= limits.memory
    # Stopped by its cgroup: killed there, or refused memory.
    assert bot.cgroup is not None
    assert bot.cgroup.memory_kills() or '"error": "ENOMEM"' in bot.stdout_text(), (
        bot.exit_reason(),
        bot.stdout_text()[-200:],
    )
    bot.close()


def test_pipe_buffers_are_charged_to_the_bots_memory_limit(bots):
    limits = Limits(memory=48 * MiB)
    bot = bots.start(PIPES, limits=limits, cgroup=True)
    assert bot.wait(120) is not None, "the pipe stuffer was never stopped"
    stored = [int(line) for line in bot.stdout_text().split() if line.isdigit()]
    assert stored and max(stored) < limits.memory, stored[-3:]
    assert peak(bot) <= limits.memory
    bot.close()
