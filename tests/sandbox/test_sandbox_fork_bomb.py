"""A fork bomb is contained by the bot's pids cgroup, which also holds for root."""

from __future__ import annotations

import subprocess
import time

import pytest

from arena.sandbox import Limits

BOMB = """
    import os, time
    print("armed", flush=True)
    while True:
        try:
            os.fork()
        except OSError:
            time.sleep(0.01)
"""


@pytest.mark.parametrize("mode", ["bwrap", "none"])
def test_fork_bomb_is_capped_by_pids_max_and_gone_after_close(bots, mode):
    limits = Limits(pids=32)
    bot = bots.start(BOMB, mode=mode, limits=limits, cgroup=True)
    cgroup = bot.cgroup
    assert cgroup is not None
    assert bots.wait_until(lambda: cgroup.limit_hits() > 0), bot.stderr_text()

    assert cgroup.current() <= limits.pids
    assert len(bots.host_processes(bot)) <= limits.pids
    # The host still starts processes while the bomb runs.
    started = time.perf_counter()
    subprocess.run(["/bin/true"], check=True, timeout=5)
    print(f"host spawned /bin/true in {1000 * (time.perf_counter() - started):.1f} ms")

    bot.close()
    assert bots.host_processes(bot) == []
    assert not cgroup.path.exists()
    assert bot.exit_reason() == "killed by referee"
