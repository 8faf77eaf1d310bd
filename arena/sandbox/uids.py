"""One host uid per sandbox, leased from a configured range by a lock file per uid.

Some kernel quotas count per user, not per process: inotify instances and watches, pipe
buffer pages, pending signals, POSIX message queue bytes, the processes of RLIMIT_NPROC.
Bots sharing one host uid could starve each other through them (one bot holding all 128
inotify instances made every other bot's `inotify_init` fail) and read each other's counts
(a covert channel). So a root referee runs each sandbox (a seat, a standby, the start-up
probe) as a uid of `SandboxConfig.uids` that no other sandbox on the host uses meanwhile,
and the same number as its gid.

A uid is in use while its lock file (`SandboxConfig.leases`/<uid>) is locked with
flock(2): every referee on the host (worker processes, `arena play`, several workers) takes
them from the same folder, and a referee that dies releases its locks with its last file
descriptor, so no lease outlives its holder. The holder releases a lease only after every
process of its sandbox is gone (the bot's cgroup is empty), and nothing the bot made
outlives it (its /tmp and /dev/shm, its folders), so the next holder of the uid finds
nothing of it. A forked child closes its copies of its parent's lock descriptors at once,
so a pool child does not keep its parent's leases alive.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import random
import threading
import weakref
from dataclasses import replace
from pathlib import Path
from types import TracebackType

from arena.sandbox.config import UIDS_ENV, SandboxConfig, SandboxUnavailable

#: Leases held by this process, by lock descriptor: closed in a forked child.
_held: weakref.WeakSet[Lease] = weakref.WeakSet()
_held_lock = threading.Lock()


class Lease:
    """One sandbox's host uid and gid (`config` carries them) until `release()`."""

    def __init__(self, config: SandboxConfig, fd: int | None) -> None:
        #: The configuration pinned to this lease's uid and gid.
        self.config = config
        self._fd = fd
        if fd is not None:
            with _held_lock:
                _held.add(self)

    @property
    def uid(self) -> int:
        return self.config.host_ids()[0]

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Give the uid back (only once nothing of the sandbox runs any more)."""
        fd, self._fd = self._fd, None
        if fd is not None:
            with _held_lock:
                _held.discard(self)
            os.close(fd)  # the last descriptor of the lock: flock releases it

    def __enter__(self) -> Lease:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()

    def __del__(self) -> None:
        self.release()

    def __repr__(self) -> str:
        return f"<Lease uid={self.config.uid} {'held' if self.held else 'released'}>"


def lease(config: SandboxConfig) -> Lease:
    """A uid of `config.uids` that no other sandbox on this host holds, as a `Lease`
    whose `config` is `config` pinned to it. A configuration that needs none (a referee
    that is not root, or one pinned already) gets a lease holding nothing.

    Raises SandboxUnavailable when every uid of the range is in use.
    """
    if not config.needs_lease:
        return Lease(config, None)
    folder = Path(config.leases)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise SandboxUnavailable(f"cannot make the uid lease folder {folder}: {exc}") from exc
    ids = config.uids
    start = random.randrange(len(ids))  # several referees rarely try the same uid first
    for offset in range(len(ids)):
        uid = ids.first + (start + offset) % len(ids)
        fd = _try_lock(folder / str(uid))
        if fd is not None:
            return Lease(replace(config, uid=uid, gid=uid), fd)
    raise SandboxUnavailable(
        f"all {len(ids)} sandbox uids ({UIDS_ENV}={ids}) are in use on this host: widen the "
        "range (see 'Sandbox uids' in docs/operating.md)"
    )


def in_use(config: SandboxConfig) -> list[int]:
    """The uids of `config.uids` that some sandbox on this host holds now."""
    folder = Path(config.leases)
    taken = []
    for uid in range(config.uids.first, config.uids.last + 1):
        path = folder / str(uid)
        if not path.exists():
            continue
        fd = _try_lock(path)
        if fd is None:
            taken.append(uid)
        else:
            os.close(fd)
    return taken


def _try_lock(path: Path) -> int | None:
    """A descriptor holding an exclusive flock on `path`, or None if another holds it."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
    except OSError as exc:
        raise SandboxUnavailable(f"cannot open the sandbox uid lock {path}: {exc}") from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
            return None
        raise SandboxUnavailable(f"cannot lock the sandbox uid lock {path}: {exc}") from exc
    return fd


def _forget_in_child() -> None:
    """After fork: close this child's copies of the lock descriptors (never LOCK_UN, which
    would release the parent's lock) and forget the leases, which stay the parent's."""
    for held in list(_held):
        fd, held._fd = held._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)
    _held.clear()


os.register_at_fork(after_in_child=_forget_in_child)
