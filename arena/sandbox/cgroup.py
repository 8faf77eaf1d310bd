"""A pids cgroup per bot: the process cap that holds for root, and a complete kill list.

RLIMIT_NPROC is not enforced for root (even inside `--unshare-user`), so a fork bomb is
contained by `pids.max` instead. The cgroup also knows every process the bot ever started,
whatever session, process group or PID namespace it moved to, which makes cleanup exact.

cgroup v1 (a `pids` hierarchy) and v2 (a unified hierarchy with the `pids` controller) are
both handled. Bot cgroups are created below the referee's own cgroup, in `arena-sandbox/`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import time
import uuid
from dataclasses import dataclass
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)

PARENT_NAME = "arena-sandbox"


class CgroupUnavailable(OSError):
    """No pids cgroup we may create children in."""


@dataclass(frozen=True)
class Hierarchy:
    """Where this process sits in the pids controller's hierarchy."""

    own_dir: Path
    version: int


@cache
def find_hierarchy() -> Hierarchy | None:
    """The pids hierarchy this process belongs to, preferring a v1 `pids` mount."""
    try:
        mounts = Path("/proc/self/mountinfo").read_text().splitlines()
        memberships = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    own: dict[str, str] = {}  # controller ("" for v2) -> path
    for line in memberships:
        _, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if controllers else [""]:
            own[controller] = path
    v1 = v2 = None
    for line in mounts:
        fields, _, tail = line.partition(" - ")
        parts = tail.split(" ")
        if len(parts) < 3:
            continue
        fstype, super_opts = parts[0], parts[2]
        root, mount_point = fields.split(" ")[3:5]
        if fstype == "cgroup" and "pids" in super_opts.split(",") and "pids" in own:
            v1 = Hierarchy(_join(mount_point, root, own["pids"]), 1)
        elif fstype == "cgroup2" and "" in own:
            candidate = Hierarchy(_join(mount_point, root, own[""]), 2)
            if "pids" in _read(candidate.own_dir / "cgroup.controllers").split():
                v2 = candidate
    return v1 or v2


def _join(mount_point: str, mount_root: str, path: str) -> Path:
    if mount_root != "/" and (path == mount_root or path.startswith(mount_root + "/")):
        path = path[len(mount_root) :]
    return Path(mount_point) / path.lstrip("/")


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


class PidsCgroup:
    """One bot's cgroup. Create it, let the launcher join it, then `kill_all` and `remove`."""

    def __init__(self, path: Path, version: int) -> None:
        self.path = path
        self.version = version

    @classmethod
    def create(cls, max_pids: int, label: str = "bot") -> PidsCgroup:
        """A fresh cgroup allowing at most `max_pids` tasks (threads count too)."""
        hierarchy = find_hierarchy()
        if hierarchy is None:
            raise CgroupUnavailable("no cgroup hierarchy with the pids controller is mounted")
        parent = hierarchy.own_dir / PARENT_NAME
        try:
            if hierarchy.version == 2:
                _enable_pids(hierarchy.own_dir)
            parent.mkdir(exist_ok=True)
            if hierarchy.version == 2:
                _enable_pids(parent)
            path = parent / f"{label}-{os.getpid()}-{uuid.uuid4().hex[:12]}"
            path.mkdir()
        except OSError as exc:
            raise CgroupUnavailable(f"cannot create a pids cgroup under {parent}: {exc}") from exc
        cgroup = cls(path, hierarchy.version)
        try:
            (path / "pids.max").write_text(str(max_pids))
        except OSError as exc:
            cgroup.remove()
            raise CgroupUnavailable(f"cannot set pids.max in {path}: {exc}") from exc
        return cgroup

    @property
    def procs_file(self) -> str:
        """Writing a pid here moves that process (and its future children) into the cgroup."""
        return str(self.path / "cgroup.procs")

    def pids(self) -> list[int]:
        """Host pids of every live process in the cgroup."""
        return [int(pid) for pid in _read(self.path / "cgroup.procs").split()]

    def current(self) -> int:
        """Tasks (processes and threads) charged to the cgroup now."""
        value = _read(self.path / "pids.current").strip()
        return int(value) if value else 0

    def limit_hits(self) -> int:
        """How many forks were refused because of pids.max."""
        for line in _read(self.path / "pids.events").splitlines():
            key, _, value = line.partition(" ")
            if key == "max":
                return int(value)
        return 0

    def kill_all(self, timeout: float = 5.0) -> bool:
        """SIGKILL everything inside; True once the cgroup is empty.

        pids.max drops to 0 first, so a fork bomb cannot refill the cgroup while it is
        being emptied.
        """
        with contextlib.suppress(OSError):
            (self.path / "pids.max").write_text("0")
        if self.version == 2 and (self.path / "cgroup.kill").exists():
            with contextlib.suppress(OSError):
                (self.path / "cgroup.kill").write_text("1")
        deadline = time.monotonic() + timeout
        while True:
            pids = self.pids()
            if not pids:
                return True
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)

    def remove(self, timeout: float = 5.0) -> bool:
        """Remove the (emptied) cgroup, waiting for dying tasks to leave it."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.path.rmdir()
                return True
            except FileNotFoundError:
                return True
            except OSError as exc:
                if time.monotonic() > deadline:
                    log.warning("could not remove cgroup %s: %s", self.path, exc)
                    return False
                time.sleep(0.01)

    def __repr__(self) -> str:
        return f"PidsCgroup({str(self.path)!r}, v{self.version})"


def _enable_pids(directory: Path) -> None:
    """cgroup v2: children of `directory` get the pids controller."""
    if "pids" not in _read(directory / "cgroup.subtree_control").split():
        (directory / "cgroup.subtree_control").write_text("+pids")
