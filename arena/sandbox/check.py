"""Can the sandbox actually run here? Probed once per process (per configuration).

Having `bwrap` installed is not enough: user namespaces may be disabled, the host may deny
the pids cgroup, the bot runtime may be missing or unreadable by the sandbox uid, libseccomp
may be absent. So the probe runs the real launch chain bots get (rlimits, the drop to a
sandbox uid leased from the range when the referee is root, the capped /tmp and /dev/shm,
bubblewrap with the bots' flags and seccomp filter) around the bot runtime importing grpc
and arena_sdk, checks from the host which uid that sandbox runs as, and creates and
removes a cgroup (pids and, for bubblewrap, memory: the only bound on the kernel memory a
bot's memfd and pipes take).

A working verdict is kept for the process; a refusal is probed again after a few seconds,
so a worker started before the operator fixed the machine does not refuse bots forever.
"""

from __future__ import annotations

import logging
import os
import select
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass

from arena.sandbox import seccomp
from arena.sandbox.cgroup import BotCgroup, CgroupUnavailable
from arena.sandbox.config import MODE_ENV, SandboxConfig, SandboxUnavailable
from arena.sandbox.identity import blocked_at
from arena.sandbox.launch import launch_argv, make_mounts
from arena.sandbox.runtime import INSTALL_HINT, PythonRuntime, bot_runtime_dir
from arena.sandbox.uids import lease

log = logging.getLogger(__name__)

DEV_HINT = (
    f"Fix it (scripts/install-system-deps.sh installs bubblewrap), or, on a development "
    f"machine only, set {MODE_ENV}=none to run bots without isolation."
)
CGROUP_HINT = (
    "The worker needs pids and memory cgroups it may create child cgroups in: run it as "
    "root, or delegate its cgroup to its user (see 'cgroups' in docs/operating.md)."
)
#: Seconds a refusal is kept before the next start probes again.
RETRY_SECONDS = 10.0
#: What the probe runs in the sandbox: the imports every Python bot makes, then it waits
#: (on stdin) while the host looks at which uid it runs as.
PROBE_CODE = "import sys, grpc, arena_sdk; print('ready', flush=True); sys.stdin.read()"
PROBE_TIMEOUT = 30.0


@dataclass(frozen=True)
class SandboxStatus:
    """The probe's verdict; truthy when bots may be started in this mode."""

    mode: str
    available: bool
    detail: str
    pids_cgroup: bool

    def __bool__(self) -> bool:
        return self.available


_cache: dict[tuple[object, ...], tuple[SandboxStatus, float]] = {}
_lock = threading.Lock()


def check_sandbox(config: SandboxConfig | None = None, *, refresh: bool = False) -> SandboxStatus:
    """Probe (once, then cached) whether bots can be started with `config`."""
    config = config or SandboxConfig()
    runtime = config.runtime.interpreter if config.runtime else ("default", bot_runtime_dir())
    key = (
        config.mode,
        config.bwrap,
        config.prlimit,
        config.setpriv,
        config.unshare,
        config.mount,
        config.drops_privileges,
        config.uids,  # not the uid leased for one sandbox: a verdict holds for the range
        config.leases,
        config.limits,
        runtime,
    )
    with _lock:
        cached = _cache.get(key)
        now = time.monotonic()
        if refresh or cached is None or (not cached[0] and now - cached[1] > RETRY_SECONDS):
            cached = _cache[key] = (_probe(config), now)
            if cached[0].available and config.mode == "none":
                log.warning("ARENA_SANDBOX=none: bots run WITHOUT isolation (development only)")
        return cached[0]


def _probe(config: SandboxConfig) -> SandboxStatus:
    def verdict(available: bool, detail: str, cgroup: bool = False) -> SandboxStatus:
        return SandboxStatus(config.mode, available, detail, cgroup)

    if not shutil.which(config.prlimit):
        return verdict(False, f"prlimit not found ({config.prlimit!r}); install util-linux.")
    try:
        runtime = config.python()
    except SandboxUnavailable as exc:
        return verdict(False, f"cannot start bots: {exc}")
    if config.mode == "bwrap":
        bwrap_problem = _probe_bwrap(config, runtime)
        if bwrap_problem:
            return verdict(False, bwrap_problem)
    cgroup_problem = _probe_cgroup(config)
    if config.mode == "none":
        note = f"; no process cap: {cgroup_problem}" if cgroup_problem else ""
        return verdict(True, f"unsandboxed ({MODE_ENV}=none){note}", cgroup_problem is None)
    if cgroup_problem:
        return verdict(False, f"cannot cap a bot's processes: {cgroup_problem}. {CGROUP_HINT}")
    if config.drops_privileges:
        who = f"one uid of {config.uids} per bot"
    else:
        who = "uid {}:{}".format(*config.host_ids())
    return verdict(True, f"bubblewrap {shutil.which(config.bwrap)}, bots as {who}", True)


def _probe_bwrap(config: SandboxConfig, runtime: PythonRuntime) -> str | None:
    """What stops the real launch chain from running a bot here, or None."""
    if not shutil.which(config.bwrap):
        return f"bubblewrap not found ({config.bwrap!r}). {DEV_HINT}"
    for tool in (config.unshare, config.mount):
        if not shutil.which(tool):
            return f"{tool} not found: it mounts each bot's capped /tmp; install util-linux"
    try:
        with lease(config) as probe_lease:
            return _probe_as(probe_lease.config, runtime)
    except SandboxUnavailable as exc:
        return str(exc)


def _probe_as(config: SandboxConfig, runtime: PythonRuntime) -> str | None:
    uid, gid = config.host_ids()
    if config.drops_privileges:
        if not shutil.which(config.setpriv):
            return (
                f"setpriv not found ({config.setpriv!r}): a root referee cannot drop to the "
                "sandbox uid without it; install util-linux"
            )
        for root in runtime.roots:
            blocked = blocked_at(root, uid, gid)
            if blocked is not None:
                return (
                    f"the bot runtime's {root} cannot be read by the sandbox uid {uid} "
                    f"(it cannot pass {blocked}); {INSTALL_HINT}"
                )
    try:
        seccomp_fd = seccomp.open_filter()
    except SandboxUnavailable as exc:
        return str(exc)
    mounts = make_mounts(config.limits)
    try:
        argv = launch_argv(
            config,
            runtime.argv("-c", PROBE_CODE),
            binds=runtime.roots,
            seccomp_fd=seccomp_fd,
            mounts=mounts,
        )
        return _run_probe(argv, seccomp_fd, uid)
    finally:
        os.close(seccomp_fd)
        shutil.rmtree(mounts, ignore_errors=True)


def _run_probe(argv: list[str], seccomp_fd: int, uid: int) -> str | None:
    try:
        probe = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
            cwd="/",
            pass_fds=(seccomp_fd,),
            start_new_session=True,
        )
    except OSError as exc:
        return f"bubblewrap failed to start: {exc}. {DEV_HINT}"
    assert probe.stdin is not None and probe.stdout is not None
    try:
        ready, _, _ = select.select([probe.stdout], [], [], PROBE_TIMEOUT)
        line = probe.stdout.readline() if ready else b""
        # The process the sandbox runs in, seen from the host: bwrap, which execs nothing
        # after the chain, so its uid is the bot's.
        host_uids = _host_uids(probe.pid) if line.strip() == b"ready" else None
        _, stderr = probe.communicate(b"", timeout=PROBE_TIMEOUT)  # EOF: the probe ends
    except subprocess.TimeoutExpired:
        probe.kill()
        probe.communicate()
        return f"the sandbox probe did not end within {PROBE_TIMEOUT:.0f}s. {DEV_HINT}"
    if host_uids is None or probe.returncode != 0:
        why = stderr.decode(errors="replace").strip()[-500:] or f"exit {probe.returncode}"
        if line.strip() == b"ready" or why.startswith("bwrap:") or not stderr.strip():
            return f"bubblewrap cannot run here: {why}. {DEV_HINT}"
        return f"the bot runtime cannot start in the sandbox: {why}; {INSTALL_HINT}"
    if 0 in host_uids or set(host_uids) != {uid}:
        return f"the sandbox runs as host uids {host_uids}, not {uid}: refusing to start bots"
    return None


def _host_uids(pid: int) -> list[int] | None:
    """Real, effective, saved and filesystem uid of a host process."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("Uid:"):
                    return [int(field) for field in line.split()[1:]]
    except OSError:
        pass
    return None


def _probe_cgroup(config: SandboxConfig) -> str | None:
    """What stops a bot's cgroups from being made here: pids, and, for bubblewrap, memory."""
    required = config.mode == "bwrap"
    try:
        BotCgroup.create(
            1,
            memory_bytes=config.limits.memory if required else None,
            label="probe",
            require_memory=required,
        ).remove()
    except CgroupUnavailable as exc:
        return str(exc)
    return None
