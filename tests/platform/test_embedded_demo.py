"""The embedded default: `arena demo` with no services (SQLite, and a Redis of its own)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from demo_support import embedded_env, free_port, read_until, start_demo, still_running


def test_demo_runs_matches_without_services_and_ctrl_c_stops_everything(tmp_path: Path):
    port = free_port()
    env = embedded_env(tmp_path / "var")
    demo = start_demo(tmp_path, env, "--port", str(port), "--every", "1")
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 90
        finished = 0
        while finished < 5 and time.monotonic() < deadline:
            line = demo.stdout.readline()
            if not line:
                break
            lines.append(line)
            found = re.search(r"matches finished (\d+)", line)
            finished = int(found.group(1)) if found else finished
        output = "".join(lines)
        assert finished >= 5, output
        assert "broker, relay and cache: the demo's Redis" in output
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
            assert "ladder" in page.read().decode()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as health:
            assert health.status == 200
        demo.send_signal(signal.SIGINT)
        rest, _ = demo.communicate(timeout=40)
    finally:
        if demo.poll() is None:
            demo.kill()
    output += rest
    assert demo.returncode == 0, output
    assert "stopped" in output
    for pid in map(int, re.findall(r"\(pid (\d+),", output)):
        assert not Path(f"/proc/{pid}").exists(), f"process {pid} still running:\n{output}"

    check = subprocess.run(
        [sys.executable, "-m", "arena_platform", "ratings", "recompute"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    assert "all agree" in check.stdout


def test_the_demo_says_at_once_when_uploaded_bots_cannot_be_validated(tmp_path: Path):
    """Where the sandbox cannot run (here: no bot runtime), the demo still plays the
    reference bots, and says first thing why uploads will stay pending."""
    env = {**embedded_env(tmp_path / "var"), "ARENA_BOT_RUNTIME": str(tmp_path / "no-runtime")}
    demo = start_demo(tmp_path, env, "--port", str(free_port()))
    lines: list[str] = []
    try:
        lines = read_until(demo, "queued", timeout=60)
        demo.send_signal(signal.SIGINT)
        demo.communicate(timeout=40)
    finally:
        if demo.poll() is None:
            demo.kill()
    output = "".join(lines)
    assert not still_running(tmp_path / "var"), output
    warning = next((line for line in lines if "cannot be validated here" in line), "")
    assert warning, output
    assert str(tmp_path / "no-runtime") in warning and "make demo" in warning


def test_ctrl_c_while_the_demo_starts_its_children_leaves_none_running(tmp_path: Path):
    """Ctrl-C pressed again and again while the scheduler and the web server are being
    started: each child started is stopped, none is left orphaned."""
    data = tmp_path / "var"
    demo = start_demo(tmp_path, embedded_env(data), "--port", str(free_port()))
    lines: list[str] = []
    try:
        lines = read_until(demo, "started worker", timeout=60)
        assert any("started worker" in x for x in lines), "".join(lines)
        deadline = time.monotonic() + 60
        while demo.poll() is None and time.monotonic() < deadline:
            demo.send_signal(signal.SIGINT)
            time.sleep(0.005)
        rest, _ = demo.communicate(timeout=40)
    finally:
        if demo.poll() is None:
            demo.kill()
    output = "".join(lines) + rest
    left = still_running(data)
    assert not left, f"left running: {left}\n{output}"
    # 0 once it stopped; killed by a Ctrl-C that came after it had put its handlers back.
    assert demo.returncode in (0, -signal.SIGINT), output
