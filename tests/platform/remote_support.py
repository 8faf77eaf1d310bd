"""Helpers for the remote-bot tests: gateways and connected bots as real processes."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from platform_support import REPO, wait_until

#: Short enough for a test to watch a seat wait and give up; long enough for a rejoin.
REMOTE_TIMINGS = {"ARENA_REMOTE_JOIN_SECONDS": "20", "ARENA_REMOTE_GRACE_SECONDS": "6"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Launched:
    """One process in its own process group, its output in a log file."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str], logs: Path) -> None:
        self.name = name
        self.log_path = logs / f"{name}.log"
        with open(self.log_path, "ab") as handle:
            self.process = subprocess.Popen(
                argv,
                cwd=REPO,
                env=env,
                stdout=handle,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-6000:]

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL the whole group: no goodbye to anyone."""
        if self.alive():
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.alive():
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


class Remote:
    """Gateways and connected bots of one test."""

    def __init__(self, env: dict[str, str], logs: Path) -> None:
        self.env = {**env, **REMOTE_TIMINGS}
        self.logs = logs
        self.launched: list[Launched] = []

    def gateway(self, name: str, extra: list[str] = ()) -> str:
        """Start `arena gateway` on a free port; return its address once it serves."""
        port = free_port()
        argv = [sys.executable, "-m", "arena_platform.cli", "gateway", "--name", name]
        argv += ["--listen", f"127.0.0.1:{port}", *extra]
        started = Launched(name, argv, self.env, self.logs)
        self.launched.append(started)
        wait_until(
            lambda: "serving on" in started.log() or not started.alive(), 30, f"{name} to serve"
        )
        assert started.alive(), started.log()
        return f"127.0.0.1:{port}"

    def python_bot(self, name: str, bot: str, server: str, token: str, *more: str) -> Launched:
        argv = [sys.executable, "-m", "arena_sdk.cli", "connect", bot, "--server", server]
        started = Launched(name, [*argv, *more], {**self.env, "ARENA_TOKEN": token}, self.logs)
        self.launched.append(started)
        return started

    def node_bot(self, name: str, server: str, token: str, *more: str) -> Launched:
        script = REPO / "examples" / "node" / "bot.js"
        env = {**self.env, "ARENA_TOKEN": token, "ARENA_SERVER": server}
        started = Launched(name, ["node", str(script), *more], env, self.logs)
        self.launched.append(started)
        return started

    def by_name(self, name: str) -> Launched:
        return next(p for p in self.launched if p.name == name)

    def stop_all(self) -> None:
        for process in reversed(self.launched):
            process.stop()
