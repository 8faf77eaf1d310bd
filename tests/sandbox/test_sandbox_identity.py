"""Inside the sandbox the bot is nobody: uid 65534, no capabilities, its own PID space.
On the host it is never root: a root referee drops to a uid of ARENA_SANDBOX_UIDS first."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from arena.sandbox import SandboxConfig
from arena.sandbox.config import DEFAULT_UIDS, IdRange
from arena.sandbox.identity import setpriv_argv

STATUS = """
    import ctypes, json, os
    status = dict(line.split(":", 1) for line in open("/proc/self/status"))
    libc = ctypes.CDLL(None, use_errno=True)
    CLONE_NEWUSER = 0x10000000
    print(json.dumps({
        "uid": os.getuid(), "gid": os.getgid(), "euid": os.geteuid(),
        "status": {k: v.strip() for k, v in status.items()},
        "visible_pids": [p for p in os.listdir("/proc") if p.isdigit()],
        "unshare_user": libc.unshare(CLONE_NEWUSER),
        "hostname": os.uname().nodename,
    }))
"""


def test_bot_runs_as_uid_65534_with_no_capabilities(bots):
    info = json.loads(bots.run(STATUS).stdout_text())
    assert (info["uid"], info["gid"], info["euid"]) == (65534, 65534, 65534)
    for field in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"):
        assert int(info["status"][field], 16) == 0, field
    assert info["status"]["NoNewPrivs"] == "1"


def test_bot_has_its_own_pid_namespace_and_hostname(bots):
    info = json.loads(bots.run(STATUS).stdout_text())
    # bubblewrap's init and the bot itself; none of the host's processes.
    assert len(info["visible_pids"]) <= 3, info["visible_pids"]
    assert info["hostname"] == "arena-bot"


def test_bot_cannot_create_a_nested_user_namespace(bots):
    info = json.loads(bots.run(STATUS).stdout_text())
    assert info["unshare_user"] == -1


WAITS = """
    import time
    print("ready", flush=True)
    time.sleep(60)
"""


def host_ids(pid: int) -> tuple[list[int], list[int]]:
    """Real, effective, saved and filesystem uids and gids of a process, seen from the host."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return [int(v) for v in fields["Uid"].split()], [int(v) for v in fields["Gid"].split()]


@pytest.mark.parametrize("configured", [None, "64123-64125"])
def test_no_process_of_a_running_bot_is_host_root(bots, monkeypatch, configured):
    if configured is not None:
        monkeypatch.setenv("ARENA_SANDBOX_UIDS", configured)
    ids = IdRange.parse(configured or DEFAULT_UIDS)
    bot = bots.start(WAITS, cgroup=True)
    assert bots.wait_until(lambda: "ready" in bot.stdout_text()), bot.stderr_text()
    # Every process of the bot, found through its cgroup: bwrap, its init, the bot itself.
    pids = bot.pids()
    assert len(pids) >= 2, pids
    # A referee that is not root cannot change uid: its bots run as its own.
    expected = bots.config().host_ids()[0]
    assert expected in ids if os.geteuid() == 0 else expected == os.getuid()
    for pid in pids:
        uids, gids = host_ids(pid)
        assert 0 not in uids and 0 not in gids, (pid, uids, gids)
        assert set(uids) == {expected}, (pid, uids)
        if os.geteuid() == 0:
            assert set(gids) == {expected}, (pid, gids)


def test_a_root_referee_never_accepts_root_as_the_sandbox_uid(monkeypatch):
    for value in ("0", "0-10", "-1", "4294967295", "nobody", "10-5"):
        monkeypatch.setenv("ARENA_SANDBOX_UIDS", value)
        with pytest.raises(ValueError):
            SandboxConfig()
    monkeypatch.delenv("ARENA_SANDBOX_UIDS")
    # The one uid shared by every bot of old is refused, not silently ignored.
    monkeypatch.setenv("ARENA_SANDBOX_UID", "65534")
    with pytest.raises(ValueError, match="ARENA_SANDBOX_UIDS"):
        SandboxConfig()
    monkeypatch.delenv("ARENA_SANDBOX_UID")
    with pytest.raises(ValueError, match="uid"):
        SandboxConfig(uid=0)
    with pytest.raises(ValueError, match="gid"):
        SandboxConfig(gid=0)
    with pytest.raises(ValueError, match="never run as root"):
        setpriv_argv("setpriv", 0, 65534)
