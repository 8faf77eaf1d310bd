"""Start one untrusted bot process, watch it, and remove every trace of it at the end.

The launch chain (launch.py) is `sh` (joins the bot's cgroups) -> `prlimit` (sets the
rlimits) -> `setpriv` (a root referee only: becomes the unprivileged sandbox uid) -> `bwrap`
(builds the sandbox, loads the seccomp filter) -> the bot. Every process of the chain and
every descendant of the bot is in the cgroups, so `close()` can kill them all, whatever
they did with sessions, process groups or double forks.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import select
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from types import TracebackType

from arena.sandbox import seccomp
from arena.sandbox.bwrap import WORK_DIR
from arena.sandbox.capture import Capture
from arena.sandbox.cgroup import BotCgroup, CgroupUnavailable
from arena.sandbox.check import check_sandbox
from arena.sandbox.config import Mode, SandboxConfig, SandboxUnavailable
from arena.sandbox.identity import blocked_at
from arena.sandbox.launch import launch_argv, make_mounts
from arena.sandbox.runtime import PythonRuntime
from arena.sandbox.uids import Lease, lease
from arena_sdk import grpc_io

log = logging.getLogger(__name__)
#: Leases of sandboxes whose processes could not all be killed: never given back.
_stuck_leases: list[Lease] = []

#: Signs in stderr that the bot died of the address-space limit.
MEMORY_MARKERS: tuple[str, ...] = ("MemoryError", "Cannot allocate memory", "std::bad_alloc")


def bot_environment(runtime: PythonRuntime, home: str, extra: Mapping[str, str]) -> dict[str, str]:
    """The whole environment of a bot: a fixed minimum plus what the caller passes.

    Nothing is inherited from the referee, whose environment holds database URLs and
    secrets. MALLOC_ARENA_MAX: glibc gives busy threads their own malloc arenas, each
    reserving up to 64 MiB of address space, which eats the RLIMIT_AS budget of a
    threaded gRPC client (16 threads: VmPeak 235 MB without it, 153 MB with it). gRPC's
    I/O path is the referee's own (arena_sdk.grpc_io), for bots that use gRPC without the SDK.
    """
    env = {
        "PATH": f"{runtime.bin_dir}:/usr/local/bin:/usr/bin:/bin",
        "HOME": home,
        "TMPDIR": home,
        "LANG": "C.UTF-8",
        "PYTHONUNBUFFERED": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
        "MALLOC_ARENA_MAX": "2",
        grpc_io.VARIABLE: grpc_io.chosen(),
    }
    env.update(extra)
    return env


class SandboxedProcess:
    """A running bot. Always `close()` it (or use `with`): that kills the whole tree."""

    def __init__(
        self,
        popen: subprocess.Popen[bytes],
        *,
        mode: Mode,
        config: SandboxConfig,
        cgroup: BotCgroup | None,
        workdir: str | None,
        name: str,
        own_lease: Lease | None = None,
    ) -> None:
        assert popen.stdout is not None and popen.stderr is not None
        self._popen = popen
        self.mode = mode
        self.cgroup = cgroup
        self._workdir = workdir
        self._lease = own_lease
        self._emptied = False
        self._killed = False
        self._closed = False
        self._pidfd = _pidfd_open(popen.pid)
        self.stdout = Capture(popen.stdout, config.stdout_cap, f"{name}-stdout")
        self.stderr = Capture(popen.stderr, config.stderr_cap, f"{name}-stderr")

    @classmethod
    def start(
        cls,
        argv: Sequence[str],
        *,
        bot_dir: str | os.PathLike[str] | None = None,
        socket_dir: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
        config: SandboxConfig | None = None,
        name: str = "bot",
        stdin: bool = False,
    ) -> SandboxedProcess:
        """Start `argv` in the sandbox.

        `bot_dir` (the bot's files) and `socket_dir` (holding the referee's Unix socket)
        are bound read-only at their host paths, so paths in `argv` and `env` need no
        translation; the host uid bots run as must be able to read them (a private folder
        of the bot's own: workspace.py). `env` is added to the minimal environment; nothing
        else is inherited. With `stdin`, the referee may `tell` the process one message on
        its standard input (else it reads an empty one). Raises SandboxUnavailable when
        the configured mode cannot run here.

        A root referee's bot runs as the uid `config` was leased (uids.py), or, for a
        configuration without one, as a uid leased now and given back by `close()`.
        """
        config = config or SandboxConfig()
        if not argv or not all(isinstance(arg, str) for arg in argv):
            raise ValueError("argv must be a non-empty sequence of strings")
        status = check_sandbox(config)
        if not status:
            raise SandboxUnavailable(status.detail)
        own_lease = lease(config) if config.needs_lease else None
        if own_lease is not None:
            config = own_lease.config
        label = re.sub(r"[^A-Za-z0-9_.-]", "_", name)[:40] or "bot"

        cgroup: BotCgroup | None = None
        workdir: str | None = None
        seccomp_fd: int | None = None
        try:
            runtime = config.python()
            shared = [_bindable(d, config) for d in (bot_dir, socket_dir) if d]
            binds = [*runtime.roots, *shared]
            if status.pids_cgroup:
                limits = config.limits
                cgroup = BotCgroup.create(
                    limits.pids,
                    memory_bytes=limits.memory,
                    cpus=limits.cpus,
                    label=label,
                    require_memory=config.mode == "bwrap",
                )
            mounts = None
            if config.mode == "bwrap":
                seccomp_fd = seccomp.open_filter()
                workdir = mounts = make_mounts(config.limits)
                home, cwd = WORK_DIR, "/"
            else:
                workdir = home = cwd = tempfile.mkdtemp(prefix=f"arena-{label}-")
            command = launch_argv(
                config,
                argv,
                binds=binds,
                cgroup_files=cgroup.procs_files if cgroup is not None else (),
                seccomp_fd=seccomp_fd,
                mounts=mounts,
            )
            popen = subprocess.Popen(
                command,
                stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=bot_environment(runtime, home, env or {}),
                cwd=cwd,
                close_fds=True,
                pass_fds=() if seccomp_fd is None else (seccomp_fd,),
                start_new_session=True,
            )
        except CgroupUnavailable as exc:
            _discard(cgroup, workdir, own_lease)
            raise SandboxUnavailable(f"cannot cap the bot's processes: {exc}") from exc
        except BaseException:
            _discard(cgroup, workdir, own_lease)
            raise
        finally:
            if seccomp_fd is not None:
                os.close(seccomp_fd)
        return cls(
            popen,
            mode=config.mode,
            config=config,
            cgroup=cgroup,
            workdir=workdir,
            name=label,
            own_lease=own_lease,
        )

    def tell(self, message: bytes) -> None:
        """Write `message` to the standard input (opened with `stdin`), then close it: a
        process is told once. A process that is gone meanwhile is told nothing."""
        pipe = self._popen.stdin
        if pipe is None or pipe.closed:
            raise RuntimeError("this process was told already, or started without stdin")
        try:
            pipe.write(message)
            pipe.close()
        except (BrokenPipeError, ValueError):
            with contextlib.suppress(OSError):
                pipe.close()

    # -- watching -----------------------------------------------------------------------

    @property
    def pid(self) -> int:
        """Host pid of the outermost process (bwrap's monitor, or the bot with `none`)."""
        return self._popen.pid

    @property
    def returncode(self) -> int | None:
        return self._popen.returncode

    def poll(self) -> int | None:
        """The exit status if the process ended, else None."""
        return self._popen.poll()

    def wait(self, timeout: float | None = None) -> int | None:
        """Wait for the exit status; None if still running after `timeout` seconds.

        With a timeout, Popen.wait polls with sleeps of up to 50 ms; a pidfd wakes us the
        moment the process exits.
        """
        if timeout is not None and self._pidfd is not None and self._popen.returncode is None:
            ready, _, _ = select.select([self._pidfd], [], [], max(timeout, 0))
            if not ready:
                return None
        try:
            return self._popen.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def pids(self) -> list[int]:
        """Host pids of every live process of this bot (just `pid` without a cgroup)."""
        if self.cgroup is not None:
            return self.cgroup.pids()
        return [self.pid] if self.poll() is None else []

    def stdout_text(self) -> str:
        return self.stdout.text()

    def stderr_text(self) -> str:
        return self.stderr.text()

    @property
    def dropped_bytes(self) -> int:
        """Output bytes (stdout plus stderr) that went past the caps and were not kept."""
        return self.stdout.dropped + self.stderr.dropped

    def exit_reason(self) -> str | None:
        """Why the bot ended, for match records: "exit 1", "killed by SIGXCPU (CPU time
        limit)", "memory limit (MemoryError, exit 1)", "killed by referee"... None while
        it runs.

        bwrap reports a bot killed by signal N as exit 128+N, which a bot could also fake
        with sys.exit; it only misleads the bot's own error report.
        """
        code = self.poll()
        if code is None:
            return None
        if self._killed:
            return "killed by referee"
        signum = -code if code < 0 else 0
        if self.mode == "bwrap" and 128 < code <= 128 + 64:
            signum = code - 128
        out_of_memory = any(marker in self.stderr_text() for marker in MEMORY_MARKERS) or bool(
            self.cgroup and self.cgroup.memory_kills()
        )
        if signum:
            name = _signal_name(signum)
            if signum == signal.SIGXCPU:
                return f"killed by {name} (CPU time limit)"
            if signum == signal.SIGXFSZ:
                return f"killed by {name} (file size limit)"
            if out_of_memory:
                return f"memory limit (killed by {name})"
            return f"killed by {name}"
        if code and out_of_memory:
            return f"memory limit (MemoryError, exit {code})"
        return f"exit {code}"

    # -- ending -------------------------------------------------------------------------

    def kill(self) -> None:
        """SIGKILL the bot and everything it started. Safe to call at any time."""
        if self._popen.poll() is None:
            self._killed = True
        if self.cgroup is not None and not self.cgroup.kill_all():
            log.warning("processes survived in %s", self.cgroup.path)
        if self.cgroup is None or self._popen.returncode is None:
            # Our child leads its own process group (start_new_session); with no cgroup
            # this is what reaches the bot's children in `none` mode.
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self._popen.pid, signal.SIGKILL)

    def close(self) -> None:
        """Kill the tree, reap it, finish reading its output and remove its cgroup."""
        if self._closed:
            return
        self._closed = True
        self.kill()
        if self._popen.stdin is not None:
            with contextlib.suppress(OSError):
                self._popen.stdin.close()
        try:
            self._popen.wait(timeout=5)
        except subprocess.TimeoutExpired:
            log.warning("sandboxed process %d did not die", self._popen.pid)
        for capture in (self.stdout, self.stderr):
            if not capture.join(timeout=2):
                log.warning("output of process %d still open after close", self._popen.pid)
        if self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None
        self._emptied = _discard(self.cgroup, self._workdir, self._lease)

    @property
    def emptied(self) -> bool:
        """True once `close()` left no process of the bot running: its uid may be given
        back (uids.py)."""
        return self._closed and self._emptied

    def __enter__(self) -> SandboxedProcess:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        state = self.exit_reason() or "running"
        return f"<SandboxedProcess pid={self.pid} mode={self.mode} {state}>"


def _bindable(path: str | os.PathLike[str], config: SandboxConfig) -> str:
    """An absolute directory other than / (which would expose the whole host) that the
    host uid of the bot can read: bwrap binds as that uid."""
    resolved = os.path.abspath(os.fspath(path))
    if resolved == "/" or not os.path.isdir(resolved):
        raise ValueError(f"not a directory that can be bound into the sandbox: {path!r}")
    if config.drops_privileges:
        uid, gid = config.host_ids()
        blocked = blocked_at(resolved, uid, gid)
        if blocked is not None:
            raise ValueError(
                f"{resolved} cannot be bound into the sandbox: the sandbox uid {uid} "
                f"cannot pass {blocked} (give the bot a private copy: arena.sandbox.workspace)"
            )
    return resolved


def _discard(cgroup: BotCgroup | None, workdir: str | None, own_lease: Lease | None) -> bool:
    """Empty and remove the cgroup and the folder; then, if nothing of the bot is left
    running (True), give its uid back."""
    emptied = True
    if cgroup is not None:
        emptied = cgroup.kill_all()
        cgroup.remove()
    if workdir is not None:
        shutil.rmtree(workdir, ignore_errors=True)
    if own_lease is not None:
        if emptied:
            own_lease.release()
        else:  # kept until this process exits: no other bot may share the uid meanwhile
            _stuck_leases.append(own_lease)
            log.warning("uid %s stays leased: processes of its bot survived", own_lease.uid)
    return emptied


def _pidfd_open(pid: int) -> int | None:
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):  # Linux < 5.3
        return None


def _signal_name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"
