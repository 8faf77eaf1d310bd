"""Memory and CPU are capped for a bot's whole process tree, not per process: forking does
not multiply what a bot may take."""

from __future__ import annotations

import os
import time
from pathlib import Path

from arena.sandbox import Limits
from arena.sandbox.config import MiB

# Four children of 150 MiB each: every one is far under the per-process address-space
# limit, together they are over the tree's 256 MiB.
HOARDERS = """
    import os, time
    children = []
    for _ in range(4):
        pid = os.fork()
        if pid == 0:
            hoard = bytearray(150 * 1024 * 1024)
            for i in range(0, len(hoard), 4096):
                hoard[i] = 1
            time.sleep(60)
            os._exit(0)
        children.append(pid)
    print("forked", flush=True)
    for pid in children:
        os.waitpid(pid, 0)
"""

# Two processes spinning as fast as they can.
SPINNERS = """
    import os
    os.fork()
    print("spinning", flush=True)
    while True:
        pass
"""


def test_a_tree_of_processes_is_held_to_its_memory_limit(bots):
    limits = Limits(memory=256 * MiB)
    bot = bots.start(HOARDERS, limits=limits, cgroup=True)
    cgroup = bot.cgroup
    assert cgroup is not None and "memory" in cgroup.controllers
    assert bots.wait_until(lambda: cgroup.memory_kills() > 0, timeout=20), bot.stderr_text()
    if cgroup.versions["memory"] == 1:
        peak = int((cgroup.dirs["memory"] / "memory.max_usage_in_bytes").read_text())
        assert peak <= limits.memory
    bot.close()
    assert bots.host_processes(bot) == []
    assert not cgroup.dirs["memory"].exists()


def test_a_tree_of_processes_shares_its_cpu_quota(bots):
    limits = Limits(cpus=0.5)
    bot = bots.start(SPINNERS, limits=limits, cgroup=True)
    cgroup = bot.cgroup
    assert cgroup is not None and "cpu" in cgroup.controllers
    assert bots.wait_until(lambda: len(cgroup.pids()) >= 2, timeout=10)
    started, used_before = time.monotonic(), cpu_seconds(cgroup.pids())
    time.sleep(2.0)
    wall, used = time.monotonic() - started, cpu_seconds(cgroup.pids()) - used_before
    print(f"two spinners used {used:.2f} CPU-seconds in {wall:.2f} s")
    assert cgroup.throttled() > 0
    assert used <= wall * limits.cpus * 1.25  # unthrottled, two spinners take up to 2x wall
    bot.close()


def cpu_seconds(pids: list[int]) -> float:
    """User plus system time of live processes, from /proc."""
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")
