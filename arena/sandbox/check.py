"""Can the sandbox actually run here? Probed once per process (per mode and binaries).

Having `bwrap` installed is not enough: user namespaces may be disabled, or the host may
deny the pids cgroup. So the probe runs a real sandbox, with the flags bots get, around
`/bin/true`, and creates and removes a cgroup.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import threading
from dataclasses import dataclass

from arena.sandbox.bwrap import bwrap_argv
from arena.sandbox.cgroup import BotCgroup, CgroupUnavailable
from arena.sandbox.config import MODE_ENV, SandboxConfig

log = logging.getLogger(__name__)

DEV_HINT = (
    f"Fix it (scripts/install-system-deps.sh installs bubblewrap), or, on a development "
    f"machine only, set {MODE_ENV}=none to run bots without isolation."
)


@dataclass(frozen=True)
class SandboxStatus:
    """The probe's verdict; truthy when bots may be started in this mode."""

    mode: str
    available: bool
    detail: str
    pids_cgroup: bool

    def __bool__(self) -> bool:
        return self.available


_cache: dict[tuple[str, str, str], SandboxStatus] = {}
_lock = threading.Lock()


def check_sandbox(config: SandboxConfig | None = None, *, refresh: bool = False) -> SandboxStatus:
    """Probe (once, then cached) whether bots can be started with `config`'s mode."""
    config = config or SandboxConfig()
    key = (config.mode, config.bwrap, config.prlimit)
    with _lock:
        if refresh or key not in _cache:
            _cache[key] = _probe(config)
            if _cache[key].available and config.mode == "none":
                log.warning("ARENA_SANDBOX=none: bots run WITHOUT isolation (development only)")
        return _cache[key]


def _probe(config: SandboxConfig) -> SandboxStatus:
    def verdict(available: bool, detail: str, cgroup: bool = False) -> SandboxStatus:
        return SandboxStatus(config.mode, available, detail, cgroup)

    if config.mode == "bwrap":
        bwrap_problem = _probe_bwrap(config)
        if bwrap_problem:
            return verdict(False, f"{bwrap_problem}. {DEV_HINT}")
    if not shutil.which(config.prlimit):
        return verdict(False, f"prlimit not found ({config.prlimit!r}); install util-linux.")
    cgroup_problem = _probe_cgroup()
    if config.mode == "none":
        note = f"; no process cap: {cgroup_problem}" if cgroup_problem else ""
        return verdict(True, f"unsandboxed ({MODE_ENV}=none){note}", cgroup_problem is None)
    if cgroup_problem:
        return verdict(False, f"cannot cap a bot's processes: {cgroup_problem}. {DEV_HINT}")
    return verdict(True, f"bubblewrap {shutil.which(config.bwrap)}", True)


def _probe_bwrap(config: SandboxConfig) -> str | None:
    bwrap = shutil.which(config.bwrap)
    if not bwrap:
        return f"bubblewrap not found ({config.bwrap!r})"
    argv = bwrap_argv(bwrap, ["/bin/true"], tmpfs_size=config.limits.tmpfs_size)
    try:
        run = subprocess.run(argv, capture_output=True, text=True, timeout=30, env={})
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bubblewrap failed to start: {exc}"
    if run.returncode != 0:
        return f"bubblewrap cannot run here: {run.stderr.strip() or f'exit {run.returncode}'}"
    return None


def _probe_cgroup() -> str | None:
    try:
        BotCgroup.create(1, label="probe").remove()
    except CgroupUnavailable as exc:
        return str(exc)
    return None
