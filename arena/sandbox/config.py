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
#: The host uids a root referee runs its bots as, one per sandbox ("FIRST-LAST"); each
#: sandbox's gid is the same number as its uid (arena/sandbox/uids.py).
UIDS_ENV = "ARENA_SANDBOX_UIDS"
#: Where the lock file of each uid in use lives: shared by every referee on the host.
LEASES_ENV = "ARENA_SANDBOX_LEASES"
DEFAULT_UIDS = "60100-61099"
DEFAULT_LEASES = "/run/arena/sandbox-uids"
#: Replaced by UIDS_ENV: one uid shared by every bot let them starve and watch each other.
OLD_ENVS = ("ARENA_SANDBOX_UID", "ARENA_SANDBOX_GID")
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


@dataclass(frozen=True)
class IdRange:
    """Host uids `first` to `last` (both included), one per sandbox running at a time."""

    first: int
    last: int

    def __post_init__(self) -> None:
        check_id("the first sandbox uid", self.first)
        check_id("the last sandbox uid", self.last)
        if self.last < self.first:
            raise ValueError(f"the sandbox uid range {self} is empty")

    @classmethod
    def parse(cls, text: str, what: str = UIDS_ENV) -> IdRange:
        """Text like "60100-61099" (or one number: a range of one uid)."""
        first, _, last = text.strip().partition("-")
        try:
            return cls(int(first, 10), int(last or first, 10))
        except ValueError as exc:
            raise ValueError(
                f"{what}={text!r}: {exc} (expected FIRST-LAST, e.g. {DEFAULT_UIDS})"
            ) from None

    def __len__(self) -> int:
        return self.last - self.first + 1

    def __contains__(self, uid: object) -> bool:
        return isinstance(uid, int) and self.first <= uid <= self.last

    def __str__(self) -> str:
        return f"{self.first}-{self.last}"


def uids_from_env() -> IdRange:
    """`ARENA_SANDBOX_UIDS`, the default range when unset. The single shared uid of old
    (`ARENA_SANDBOX_UID`) is refused rather than ignored."""
    for old in OLD_ENVS:
        if os.environ.get(old, "").strip():
            raise ValueError(
                f"{old} is replaced by {UIDS_ENV}: a range of host uids, one per sandbox "
                "(see 'Sandbox uids' in docs/operating.md)"
            )
    return IdRange.parse(os.environ.get(UIDS_ENV, "").strip() or DEFAULT_UIDS)


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
    #: Files and folders /tmp may hold: each costs about 1 KB of kernel memory that its
    #: size cap does not count.
    tmpfs_files: int = 10_000
    #: /dev/shm, a tmpfs of its own (POSIX shared memory, multiprocessing's semaphores).
    shm_size: int = 16 * MiB
    shm_files: int = 1_000
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
    unshare: str = "unshare"
    mount: str = "mount"
    #: Host uids a root referee drops its bots to before bwrap, one per sandbox, leased
    #: through lock files in `leases` (arena/sandbox/uids.py). A referee that is not root
    #: cannot change its uid: its bots run as its own (unprivileged) uid.
    uids: IdRange = field(default_factory=uids_from_env)
    leases: str = field(default_factory=lambda: os.environ.get(LEASES_ENV) or DEFAULT_LEASES)
    #: The leased uid and gid of one sandbox (`uids.lease(config).config`); None in a
    #: configuration shared by many sandboxes.
    uid: int | None = None
    gid: int | None = None
    #: Bytes kept of each stream; the rest is counted and dropped.
    stdout_cap: int = 64 * KiB
    stderr_cap: int = 64 * KiB
    #: The interpreter bound into the sandbox; None means `runtime.default_runtime()`: the
    #: bot runtime when the referee is root or ARENA_BOT_RUNTIME is set, else its own.
    runtime: PythonRuntime | None = None

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"sandbox mode {self.mode!r} is not one of {', '.join(MODES)}")
        if self.uid is not None:
            check_id("the sandbox uid", self.uid)
        if self.gid is not None:
            check_id("the sandbox gid", self.gid)

    @property
    def drops_privileges(self) -> bool:
        """True when the launch chain must become `uid`/`gid` before bwrap: the referee is
        root, and bubblewrap started by root would map the bot to host root."""
        return self.mode == "bwrap" and os.geteuid() == 0

    @property
    def needs_lease(self) -> bool:
        """True when bots must be given a uid of the range before anything is made for
        them (their folders are handed over to it)."""
        return self.drops_privileges and (self.uid is None or self.gid is None)

    def host_ids(self) -> tuple[int, int]:
        """The host uid and gid the bot's processes run as. ValueError for a root
        referee's configuration that has no leased uid yet."""
        if not self.drops_privileges:
            return os.geteuid(), os.getegid()
        if self.uid is None or self.gid is None:
            raise ValueError(
                "this sandbox has no uid of its own yet: lease one (arena.sandbox.uids.lease)"
            )
        return self.uid, self.gid

    def python(self) -> PythonRuntime:
        """The runtime to bind. SandboxUnavailable when the bot runtime is missing."""
        from arena.sandbox.runtime import default_runtime

        return self.runtime or default_runtime()
