"""What a sandbox run may use: the mode, who bots run as, the limits and the capture caps."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from arena.sandbox.runtime import PythonRuntime

Mode = Literal["bwrap", "none"]
MODES: tuple[Mode, ...] = ("bwrap", "none")
MODE_ENV = "ARENA_SANDBOX"
#: The host uid and gid bots run as when the referee is root (`nobody` by default).
UID_ENV = "ARENA_SANDBOX_UID"
GID_ENV = "ARENA_SANDBOX_GID"
NOBODY = 65534
#: Largest valid id: (uid_t)-1 means "no change" to setresuid.
MAX_ID = 2**32 - 2

KiB = 1024
MiB = 1024 * KiB
GiB = 1024 * MiB


class SandboxUnavailable(RuntimeError):
    """The sandbox cannot run here, so untrusted code must not be started at all."""


def mode_from_env() -> Mode:
    """`ARENA_SANDBOX` (bwrap|none), bwrap when unset: unsandboxed runs are always opt-in."""
    value = os.environ.get(MODE_ENV, "").strip().lower() or "bwrap"
    if value not in MODES:
        raise ValueError(f"{MODE_ENV}={value!r} is not one of {', '.join(MODES)}")
    return value  # type: ignore[return-value]


def id_from_env(name: str) -> int:
    """`ARENA_SANDBOX_UID` / `_GID`: a number, never 0 (root), `nobody` when unset."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return NOBODY
    try:
        value = int(raw, 10)
    except ValueError:
        raise ValueError(f"{name}={raw!r} is not a number") from None
    check_id(name, value)
    return value


def check_id(what: str, value: int) -> None:
    """Refuse root and out-of-range ids: a bot must never run as host root."""
    if not 0 < value <= MAX_ID:
        raise ValueError(f"{what} must be an unprivileged id (1 to {MAX_ID}), not {value}")


@dataclass(frozen=True)
class Limits:
    """Per-process rlimits, caps for the bot's whole process tree, the sizes of its two
    writable tmpfs (/tmp and /dev/shm), and how much code its private copy may hold.

    RLIMIT_AS and RLIMIT_CPU hold per process; `pids`, `memory` and `cpus` hold for the
    tree (cgroups; `memory` and `cpus` where the controllers exist). The CPU-seconds limit
    is a backstop against runaway code; move deadlines are the referee's job.
    """

    address_space: int = 1 * GiB
    cpu_seconds: int = 300
    file_size: int = 16 * MiB
    open_files: int = 256
    pids: int = 64
    #: Memory of the whole tree (its temp dir included): over it, the kernel kills in it.
    memory: int = 1 * GiB
    #: CPUs the whole tree may use at once, so that no bot takes the others' cores.
    cpus: float = 1.0
    tmpfs_size: int = 64 * MiB
    #: /dev/shm, a tmpfs of its own (POSIX shared memory, multiprocessing's semaphores).
    shm_size: int = 16 * MiB
    #: The private copy of the bot's code: bytes and entries (files, folders, links).
    code_size: int = 64 * MiB
    code_files: int = 2000

    def __post_init__(self) -> None:
        for limit in fields(self):
            if getattr(self, limit.name) <= 0:
                raise ValueError(f"Limits.{limit.name} must be positive")


@dataclass(frozen=True)
class SandboxConfig:
    """How bots are started; the defaults are what the platform runs in production."""

    mode: Mode = field(default_factory=mode_from_env)
    limits: Limits = field(default_factory=Limits)
    #: Executables, by name on PATH or by absolute path.
    bwrap: str = "bwrap"
    prlimit: str = "prlimit"
    setpriv: str = "setpriv"
    #: Host uid and gid a root referee drops to before bwrap (never 0). A referee that is
    #: not root cannot change its uid: its bots run as its own (unprivileged) uid.
    uid: int = field(default_factory=lambda: id_from_env(UID_ENV))
    gid: int = field(default_factory=lambda: id_from_env(GID_ENV))
    #: Bytes kept of each stream; the rest is counted and dropped.
    stdout_cap: int = 64 * KiB
    stderr_cap: int = 64 * KiB
    #: The interpreter bound into the sandbox; None means `runtime.default_runtime()`: the
    #: bot runtime when the referee is root or ARENA_BOT_RUNTIME is set, else its own.
    runtime: PythonRuntime | None = None

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"sandbox mode {self.mode!r} is not one of {', '.join(MODES)}")
        check_id("the sandbox uid", self.uid)
        check_id("the sandbox gid", self.gid)

    @property
    def drops_privileges(self) -> bool:
        """True when the launch chain must become `uid`/`gid` before bwrap: the referee is
        root, and bubblewrap started by root would map the bot to host root."""
        return self.mode == "bwrap" and os.geteuid() == 0

    def host_ids(self) -> tuple[int, int]:
        """The host uid and gid the bot's processes run as."""
        if self.drops_privileges:
            return self.uid, self.gid
        return os.geteuid(), os.getegid()

    def python(self) -> PythonRuntime:
        """The runtime to bind. SandboxUnavailable when the bot runtime is missing."""
        from arena.sandbox.runtime import default_runtime

        return self.runtime or default_runtime()
