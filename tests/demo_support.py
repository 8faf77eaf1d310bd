"""Helpers for the tests that run the real `arena demo` process (tests/platform, tests/web).

Each demo gets a data folder of its own, a free site port and a free gateway port, and an
environment with no ARENA_* of the test session: it is the embedded default, as a newcomer
runs it.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from arena_env import REPO


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def embedded_env(data: Path, **extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("ARENA_") and k != "DJANGO_SETTINGS_MODULE"
    }
    env["ARENA_DATA_DIR"] = str(data)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
    env.update(extra)
    return env


def start_demo(
    tmp_path: Path, env: dict[str, str], *args: str, examples: Path | None = None
) -> subprocess.Popen[str]:
    """`arena demo` on free ports (unless `args` name them), reading no example bots unless
    told where they are."""
    command = ["demo", *args, "--examples", str(examples or tmp_path / "none")]
    if "--port" not in args:
        command += ["--port", str(free_port())]
    if "--gateway" not in args:
        command += ["--gateway", f"127.0.0.1:{free_port()}"]
    return subprocess.Popen(
        [sys.executable, "-m", "arena_platform", *command],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def processes_of(data: Path) -> list[int]:
    """Every process running with `data` as its ARENA_DATA_DIR: the demo's own children."""
    marker = f"ARENA_DATA_DIR={data}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if marker in (entry / "environ").read_bytes().split(b"\0"):
                    found.append(int(entry.name))
            except OSError:  # gone meanwhile, or not ours to read
                pass
    return found


def read_until(demo: subprocess.Popen[str], text: str, timeout: float) -> list[str]:
    """The demo's output lines up to the first holding `text` (or its end, or `timeout`)."""
    lines: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not any(text in line for line in lines):
        line = demo.stdout.readline()
        if not line:
            break
        lines.append(line)
    return lines


def site_of(lines: list[str]) -> str:
    """The site's address, as the demo prints it."""
    found = next(re.search(r"site: (http://\S+/)", line) for line in lines if "site:" in line)
    assert found, "".join(lines)
    return found.group(1).rstrip("/")


def connect_command(lines: list[str]) -> list[str]:
    """The command the demo prints for connecting its example remote bot, as words."""
    command = next((line.split() for line in lines if "arena-bot connect" in line), None)
    assert command, "".join(lines)
    return command


def still_running(data: Path, grace: float = 10.0) -> list[int]:
    """The demo's processes still running `grace` seconds after it exited, killed so that
    a failing test leaves none behind."""
    deadline = time.monotonic() + grace
    while processes_of(data) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = processes_of(data)
    for pid in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    return left


def stop(demo: subprocess.Popen[str], timeout: float = 40) -> str:
    """Ctrl-C, and the rest of what the demo prints; killed if it does not stop."""
    try:
        demo.send_signal(signal.SIGINT)
        rest, _ = demo.communicate(timeout=timeout)
    finally:
        if demo.poll() is None:
            demo.kill()
            rest, _ = demo.communicate()
    return rest
