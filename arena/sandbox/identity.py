"""Who a bot runs as on the host, and whether that user can reach a path.

bubblewrap started by root maps the bot's uid 65534 to host uid 0: the bot is then host
root for everything that checks the uid only, and bwrap leaves /proc/sys writable (a
`kernel.core_pattern` of the bot's choosing runs a program as host root). So a root
referee's launch chain becomes an unprivileged host uid and gid with util-linux `setpriv`
after joining the bot's cgroups (writing `cgroup.procs` needs root) and before bwrap. That
uid must be able to read what bwrap binds: the Python runtime, the bot's code, the folder
of the referee's socket.
"""

from __future__ import annotations

import os
import stat


def setpriv_argv(setpriv: str, uid: int, gid: int) -> list[str]:
    """`setpriv` options becoming `uid`/`gid` for good, with no groups and no capability
    left in any set; no_new_privs, so that no setuid program can give any back."""
    if uid == 0 or gid == 0:
        raise ValueError("bots never run as root: the sandbox uid and gid must not be 0")
    return [
        setpriv,
        f"--reuid={uid}",
        f"--regid={gid}",
        "--clear-groups",
        "--inh-caps=-all",
        "--ambient-caps=-all",
        "--bounding-set=-all",
        "--no-new-privs",
        "--",
    ]


def blocked_at(path: str | os.PathLike[str], uid: int, gid: int) -> str | None:
    """The first folder on the way to `path`, or `path` itself, that `uid` (with `gid` and
    no other group) cannot search or read; None when it can reach and read `path`.

    Mode bits only: an ACL that grants more is not seen (bwrap's own error then says).
    """
    target = os.path.realpath(path)
    parts = [p for p in target.split("/") if p]
    current = "/"
    for index in range(len(parts) + 1):
        if index:
            current = os.path.join(current, parts[index - 1])
        try:
            info = os.stat(current)
        except OSError:
            return current
        last = index == len(parts)
        wanted = 0o4 if last else 0o1  # read the target, search every folder above it
        if last and stat.S_ISDIR(info.st_mode):
            wanted |= 0o1
        if not _allows(info, uid, gid, wanted):
            return current
    return None


def _allows(info: os.stat_result, uid: int, gid: int, wanted: int) -> bool:
    if info.st_uid == uid:
        bits = info.st_mode >> 6
    elif info.st_gid == gid:
        bits = info.st_mode >> 3
    else:
        bits = info.st_mode
    return bits & wanted == wanted
