"""A cgroup per bot: caps that hold for the whole process tree, and a complete kill list.

* pids (required): RLIMIT_NPROC is not enforced for root (even inside `--unshare-user`),
  so a fork bomb is contained by `pids.max` instead.
* memory (required for bubblewrap sandboxes, optional for unsandboxed runs): RLIMIT_AS
  holds per process, so without it a bot could fork its way to `pids` times the
  address-space limit, and it is the only bound on kernel memory a bot makes the kernel
  allocate for it: memfd and pipe buffers, sockets, and the inodes of its tmpfs up to
  their file caps (all charged to the cgroup). The kernel stops the tree at its limit by
  killing a process inside it, which `memory_kills` reports.
* cpu (when the controller is there): a quota of CPUs for the tree, so that a bot's
  threads or children cannot take the cores the other bots' clocks are running on.

The cgroup also knows every process the bot ever started, whatever session, process
group or PID namespace it moved to, which makes cleanup exact. cgroup v1 (a hierarchy per
controller) and v2 (one unified hierarchy) are both handled; bot cgroups are created below
the referee's own, in `arena-sandbox/`.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import signal
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

log = logging.getLogger(__name__)

PARENT_NAME = "arena-sandbox"
#: cgroup v2 lets no cgroup but the root hold processes and give its children controllers
#: at once. A worker alone in its cgroup (a container's, a systemd unit's delegated one)
#: therefore first moves its processes into this leaf of that cgroup; the bots' cgroups are
#: then made beside the leaf, in PARENT_NAME. Docker-in-Docker images do the same.
WORKER_LEAF = "arena-worker"
#: cpu.cfs_period_us / the period of cpu.max, in microseconds.
CPU_PERIOD_US = 100_000


class CgroupUnavailable(OSError):
    """No cgroup of a required controller that we may create children in."""


@dataclass(frozen=True)
class Hierarchy:
    """Where this process sits in one controller's hierarchy."""

    own_dir: Path
    version: int


@cache
def find_hierarchy(controller: str = "pids") -> Hierarchy | None:
    """The hierarchy of `controller` this process belongs to, preferring a v1 mount."""
    try:
        mounts = Path("/proc/self/mountinfo").read_text().splitlines()
        memberships = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    own: dict[str, str] = {}  # controller ("" for v2) -> path
    for line in memberships:
        _, controllers, path = line.split(":", 2)
        for name in controllers.split(",") if controllers else [""]:
            own[name] = path
    v1 = v2 = None
    for line in mounts:
        fields, _, tail = line.partition(" - ")
        parts = tail.split(" ")
        if len(parts) < 3:
            continue
        fstype, super_opts = parts[0], parts[2]
        root, mount_point = fields.split(" ")[3:5]
        if fstype == "cgroup" and controller in super_opts.split(",") and controller in own:
            v1 = Hierarchy(_join(mount_point, root, own[controller]), 1)
        elif fstype == "cgroup2" and "" in own:
            path = _join(mount_point, root, own[""])
            if path.name == WORKER_LEAF:  # nested already (by this process or its parent)
                path = path.parent
            candidate = Hierarchy(path, 2)
            if controller in _read(candidate.own_dir / "cgroup.controllers").split():
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


class BotCgroup:
    """One bot's cgroups. Create them, let the launcher join them, then `kill_all`, `remove`."""

    def __init__(self) -> None:
        #: Controller -> the bot's directory in its hierarchy (one directory under v2).
        self.dirs: dict[str, Path] = {}
        #: Controller -> its cgroup version (hybrid hosts mix them).
        self.versions: dict[str, int] = {}
        #: Event files kept open: the referee reads them after every decision, and
        #: reading an open cgroup file again from offset 0 costs one system call.
        self._open: dict[Path, int] = {}
        self._removed = False

    @classmethod
    def create(
        cls,
        max_pids: int,
        *,
        memory_bytes: int | None = None,
        cpus: float | None = None,
        label: str = "bot",
        require_memory: bool = False,
    ) -> BotCgroup:
        """Fresh cgroups allowing at most `max_pids` tasks (threads count too), and, where
        the controllers can be used, `memory_bytes` of memory and `cpus` CPUs for the whole
        tree. The pids cap is required, and with `require_memory` the memory cap too:
        without them, CgroupUnavailable."""
        pids = find_hierarchy("pids")
        if pids is None:
            raise CgroupUnavailable("no cgroup hierarchy with the pids controller is mounted")
        name = f"{label}-{os.getpid()}-{uuid.uuid4().hex[:12]}"
        cgroup = cls()
        try:
            cgroup._join("pids", pids, name)
            cgroup._write("pids", "pids.max", str(max_pids))
        except OSError as exc:
            cgroup.remove()
            raise CgroupUnavailable(f"cannot set up the bot's pids cgroup: {exc}") from exc
        if memory_bytes is not None and require_memory:
            memory = find_hierarchy("memory")
            try:
                if memory is None:
                    raise CgroupUnavailable("no cgroup hierarchy with the memory controller")
                cgroup._join("memory", memory, name)
                cgroup._set_memory(memory_bytes)
            except OSError as exc:
                cgroup.remove()
                raise CgroupUnavailable(f"cannot cap the bot's memory: {exc}") from exc
        elif memory_bytes is not None:
            cgroup._optional("memory", name, lambda: cgroup._set_memory(memory_bytes))
        if cpus is not None:
            cgroup._optional("cpu", name, lambda: cgroup._set_cpus(cpus))
        return cgroup

    @property
    def path(self) -> Path:
        """The bot's pids cgroup, which holds every one of its processes."""
        return self.dirs["pids"]

    @property
    def procs_files(self) -> list[str]:
        """Writing a pid into each moves that process (and its future children) in."""
        return sorted({str(path / "cgroup.procs") for path in self.dirs.values()})

    @property
    def controllers(self) -> list[str]:
        return sorted(self.dirs)

    def pids(self) -> list[int]:
        """Host pids of every live process in the cgroup."""
        return [int(pid) for pid in _read(self.path / "cgroup.procs").split()]

    def current(self) -> int:
        """Tasks (processes and threads) charged to the cgroup now."""
        value = _read(self.path / "pids.current").strip()
        return int(value) if value else 0

    def limit_hits(self) -> int:
        """How many forks were refused because of pids.max."""
        return self._counter(self._pids_events, "max")

    def memory_kills(self) -> int:
        """How many processes the kernel killed for the tree's memory limit."""
        if self._memory_events is None:
            return 0
        return self._counter(self._memory_events, "oom_kill")

    # The referee reads both counters at every decision: their paths are made once.
    @cached_property
    def _pids_events(self) -> Path:
        return self.path / "pids.events"

    @cached_property
    def _memory_events(self) -> Path | None:
        memory = self.dirs.get("memory")
        if memory is None:
            return None
        return memory / ("memory.oom_control" if self.versions["memory"] == 1 else "memory.events")

    def throttled(self) -> int:
        """How many scheduler periods the tree spent held back at its CPU quota."""
        cpu = self.dirs.get("cpu")
        return _counter(cpu / "cpu.stat", "nr_throttled") if cpu is not None else 0

    def kill_all(self, timeout: float = 5.0) -> bool:
        """SIGKILL everything inside; True once the cgroup is empty.

        pids.max drops to 0 first, so a fork bomb cannot refill the cgroup while it is
        being emptied.
        """
        with contextlib.suppress(OSError):
            (self.path / "pids.max").write_text("0")
        if self.versions["pids"] == 2 and (self.path / "cgroup.kill").exists():
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

    def _counter(self, path: Path, key: str) -> int:
        """`_counter` of a file kept open; 0 while it cannot be read."""
        if self._removed:
            return _counter(path, key)
        try:
            fd = self._open.get(path)
            if fd is None:
                fd = self._open[path] = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
            text = os.pread(fd, 4096, 0).decode(errors="replace")
        except OSError:
            return 0
        return _value(text, key)

    def remove(self, timeout: float = 5.0) -> bool:
        """Remove the (emptied) cgroups, waiting for dying tasks to leave them."""
        self._removed = True
        for fd in self._open.values():
            os.close(fd)
        self._open.clear()
        return all([_remove(path, timeout) for path in set(self.dirs.values())])

    def _join(self, controller: str, hierarchy: Hierarchy, name: str) -> None:
        """Make (or, under v2, share) the bot's directory for `controller`."""
        parent = hierarchy.own_dir / PARENT_NAME
        if hierarchy.version == 2:
            _enable_beside_processes(hierarchy.own_dir, controller)
        parent.mkdir(exist_ok=True)
        if hierarchy.version == 2:
            _enable(parent, controller)
        path = parent / name
        path.mkdir(exist_ok=hierarchy.version == 2)
        self.dirs[controller] = path
        self.versions[controller] = hierarchy.version

    def _optional(self, controller: str, name: str, configure: Callable[[], None]) -> None:
        """Add `controller` if it can be used here; otherwise its cap stays per process."""
        hierarchy = find_hierarchy(controller)
        if hierarchy is None:
            _per_process_only(controller, "not mounted")
            return
        try:
            self._join(controller, hierarchy, name)
            configure()
        except OSError as exc:
            _per_process_only(controller, str(exc))
            path = self.dirs.pop(controller, None)
            self.versions.pop(controller, None)
            if path is not None and path not in self.dirs.values():
                _remove(path, timeout=1.0)

    def _write(self, controller: str, name: str, value: str) -> None:
        (self.dirs[controller] / name).write_text(value)

    def _set_memory(self, limit: int) -> None:
        if self.versions["memory"] == 2:
            self._write("memory", "memory.max", str(limit))
            with contextlib.suppress(OSError):  # no swap here: then there is no such file
                self._write("memory", "memory.swap.max", "0")
            return
        self._write("memory", "memory.limit_in_bytes", str(limit))
        with contextlib.suppress(OSError):  # swap accounting may be off
            self._write("memory", "memory.memsw.limit_in_bytes", str(limit))

    def _set_cpus(self, cpus: float) -> None:
        quota = max(1000, round(cpus * CPU_PERIOD_US))
        if self.versions["cpu"] == 2:
            self._write("cpu", "cpu.max", f"{quota} {CPU_PERIOD_US}")
            return
        self._write("cpu", "cpu.cfs_period_us", str(CPU_PERIOD_US))
        self._write("cpu", "cpu.cfs_quota_us", str(quota))

    def __repr__(self) -> str:
        return f"BotCgroup({str(self.path)!r}, {self.versions})"


def _enable(directory: Path, controller: str) -> None:
    """cgroup v2: children of `directory` get `controller`."""
    if controller not in _read(directory / "cgroup.subtree_control").split():
        (directory / "cgroup.subtree_control").write_text(f"+{controller}")


def _enable_beside_processes(directory: Path, controller: str) -> None:
    """cgroup v2: `_enable`, first moving the processes of `directory` into its WORKER_LEAF
    if the kernel refuses controllers to a cgroup that holds processes (EBUSY)."""
    try:
        _enable(directory, controller)
    except OSError as exc:
        if exc.errno != errno.EBUSY:
            raise
        _nest_processes(directory)
        _enable(directory, controller)


def _nest_processes(directory: Path) -> None:
    leaf = directory / WORKER_LEAF
    leaf.mkdir(exist_ok=True)
    for _ in range(5):  # a process may fork while the others are moved
        pids = _read(directory / "cgroup.procs").split()
        if not pids:
            return
        for pid in pids:
            try:
                (leaf / "cgroup.procs").write_text(pid)
            except ProcessLookupError:  # it ended meanwhile
                continue
    log.warning("processes keep appearing in %s; bots' cgroups may be refused", directory)


@cache
def _per_process_only(controller: str, why: str) -> None:
    """Say once per process that a tree cap is missing (the per-process rlimit still holds)."""
    log.warning("no %s cgroup for bots (%s): that cap holds per process only", controller, why)


def _counter(path: Path, key: str) -> int:
    """The value of `key` in a "key value" per line file (0 if absent)."""
    return _value(_read(path), key)


def _value(text: str, key: str) -> int:
    for line in text.splitlines():
        name, _, value = line.partition(" ")
        if name == key:
            return int(value)
    return 0


def _remove(path: Path, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while True:
        try:
            path.rmdir()
            return True
        except FileNotFoundError:
            return True
        except OSError as exc:
            if time.monotonic() > deadline:
                log.warning("could not remove cgroup %s: %s", path, exc)
                return False
            time.sleep(0.01)
