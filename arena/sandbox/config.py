"""What a sandbox run may use: the mode, the resource limits and the capture caps."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from typing import Literal

from arena.sandbox.runtime import PythonRuntime

Mode = Literal["bwrap", "none"]
MODES: tuple[Mode, ...] = ("bwrap", "none")
MODE_ENV = "ARENA_SANDBOX"

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
class Limits:
    """Per-process rlimits, caps for the bot's whole process tree, and its temp dir's size.

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
    #: Bytes kept of each stream; the rest is counted and dropped.
    stdout_cap: int = 64 * KiB
    stderr_cap: int = 64 * KiB
    #: The interpreter bound into the sandbox; None means the one running the referee.
    runtime: PythonRuntime | None = None

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"sandbox mode {self.mode!r} is not one of {', '.join(MODES)}")

    def python(self) -> PythonRuntime:
        """The runtime to bind, resolved once per config."""
        return self.runtime or PythonRuntime.current()
