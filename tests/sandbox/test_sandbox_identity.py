"""Inside the sandbox the bot is nobody: uid 65534, no capabilities, its own PID space."""

from __future__ import annotations

import json

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
