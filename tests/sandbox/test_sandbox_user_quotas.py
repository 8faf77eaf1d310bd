"""Per-user kernel quotas belong to one sandbox: bots of two sandboxes (two uids) cannot
starve each other through them; bots made to share a uid can (the contrast that shows the
hog is real)."""

from __future__ import annotations

import json
import os

import pytest

HOG = """
    import ctypes, os, time
    libc = ctypes.CDLL(None, use_errno=True)
    held = []
    while (fd := libc.inotify_init1(os.O_CLOEXEC)) >= 0:
        held.append(fd)
    print("holds", len(held), flush=True)
    time.sleep(120)
"""

VICTIM = """
    import ctypes, json, os
    libc = ctypes.CDLL(None, use_errno=True)
    made = []
    while len(made) < 4096 and (fd := libc.inotify_init1(os.O_CLOEXEC)) >= 0:
        made.append(fd)
    print(json.dumps({"made": len(made), "uid": os.getuid()}))
"""


def quota() -> int:
    with open("/proc/sys/fs/inotify/max_user_instances") as limit:
        return int(limit.read())


def test_a_bot_holding_a_whole_per_user_quota_starves_only_its_own_uid(bots) -> None:
    if os.geteuid() != 0:
        pytest.skip("a referee that is not root runs every bot as its own uid")
    hog = bots.start(HOG)
    assert bots.wait_until(lambda: "holds" in hog.stdout_text()), hog.stderr_text()
    assert hog.stdout_text().split() == ["holds", str(quota())]
    # Another sandbox (another leased uid) has its whole quota.
    other = type(bots)()
    try:
        victim = json.loads(other.run(VICTIM).stdout_text())
        assert victim["made"] == quota(), victim
        assert other.config().uid != bots.config().uid
    finally:
        other.close()
    # The same uid, shared: starved (what every bot got when all were uid 65534).
    shared = json.loads(bots.run(VICTIM).stdout_text())
    assert shared["made"] == 0, shared
    assert hog.poll() is None
