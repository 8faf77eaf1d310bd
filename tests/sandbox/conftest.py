"""Fixtures that start real bots in the real sandbox; no mocks.

When the sandbox cannot run here, its tests skip with the probe's reason, except under
`CI=true`, where a sandbox that does not work is a failure.
"""

from __future__ import annotations

import os
import shutil
import textwrap
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from arena.sandbox import (
    Limits,
    SandboxConfig,
    SandboxedProcess,
    check_sandbox,
    python_argv,
)
from arena.sandbox.uids import Lease, lease
from arena.sandbox.workspace import private_dir


def require(config: SandboxConfig, *, cgroup: bool = False) -> None:
    """Skip (fail under CI) unless bots can be started with `config` here."""
    status = check_sandbox(config)
    problem = None if status else status.detail
    if problem is None and cgroup and not status.pids_cgroup:
        problem = f"no pids cgroup: {status.detail}"
    if problem is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"sandbox unavailable under CI=true: {problem}")
    pytest.skip(f"sandbox unavailable: {problem}")


class Bots:
    """Writes a bot's code to a private folder of its own (as hosted bots get one, readable
    by the uid bots run as), starts it, and closes it after the test. The bots of one test
    share one leased sandbox uid (`config()`), so that its folders can be handed over."""

    def __init__(self) -> None:
        self.started: list[SandboxedProcess] = []
        self.dirs: dict[int, Path] = {}
        self.homes: list[Path] = []
        self._lease: Lease | None = None

    def config(self, mode: str = "bwrap", limits: Limits | None = None) -> SandboxConfig:
        """A configuration pinned to this test's sandbox uid."""
        config = SandboxConfig(mode=mode, limits=limits or Limits())  # type: ignore[arg-type]
        if self._lease is None:
            self._lease = lease(SandboxConfig(mode="bwrap"))
        if not config.needs_lease:
            return config
        return replace(config, uid=self._lease.config.uid, gid=self._lease.config.gid)

    def start(
        self,
        code: str,
        *,
        mode: str = "bwrap",
        limits: Limits | None = None,
        env: dict[str, str] | None = None,
        socket_dir: str | None = None,
        cgroup: bool = False,
    ) -> SandboxedProcess:
        config = self.config(mode, limits)
        require(config, cgroup=cgroup)
        home = private_dir(config)
        self.homes.append(home)
        bot_dir = home / f"bot-{uuid.uuid4().hex[:10]}"
        bot_dir.mkdir()
        (bot_dir / "main.py").write_text(textwrap.dedent(code))
        proc = SandboxedProcess.start(
            python_argv(str(bot_dir / "main.py")),
            bot_dir=bot_dir,
            socket_dir=socket_dir,
            env=env,
            config=config,
        )
        self.started.append(proc)
        self.dirs[proc.pid] = bot_dir
        return proc

    def run(self, code: str, *, timeout: float = 20, **kwargs: object) -> SandboxedProcess:
        """Start a bot and wait for it to end on its own."""
        proc = self.start(code, **kwargs)  # type: ignore[arg-type]
        assert proc.wait(timeout) is not None, f"bot still running after {timeout}s"
        proc.close()
        return proc

    @staticmethod
    def require(config: SandboxConfig, *, cgroup: bool = False) -> None:
        require(config, cgroup=cgroup)

    def dir_of(self, proc: SandboxedProcess) -> Path:
        return self.dirs[proc.pid]

    def host_processes(self, proc: SandboxedProcess) -> list[int]:
        """Host pids whose command line names this bot's folder (forks keep their parent's)."""
        fragment = str(self.dir_of(proc)).encode()
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            if fragment in cmdline:
                found.append(int(entry))
        return found

    @staticmethod
    def wait_until(condition: Callable[[], bool], timeout: float = 10) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return True
            time.sleep(0.02)
        return condition()

    def close(self) -> None:
        for proc in self.started:
            proc.close()
        for home in self.homes:
            shutil.rmtree(home, ignore_errors=True)
        if self._lease is not None:
            self._lease.release()


@pytest.fixture
def bots() -> Iterator[Bots]:
    started = Bots()
    yield started
    started.close()


@pytest.fixture
def socket_dir(bots: Bots) -> Iterator[str]:
    """A short path under /tmp (Unix socket paths are limited to 107 bytes) that the uid
    the test's bots run as may enter, as the referee's socket folder is; sockets made in it
    must be handed over too (`hand_over(path, bots.config())`)."""
    path = private_dir(bots.config(), prefix="arena-sock-")
    yield str(path)
    shutil.rmtree(path, ignore_errors=True)
