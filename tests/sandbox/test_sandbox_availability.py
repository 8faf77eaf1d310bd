"""Untrusted code never runs unsandboxed by accident: no bwrap means no start, unless
the operator chose ARENA_SANDBOX=none."""

from __future__ import annotations

import subprocess
import sys

import pytest

from arena.sandbox import (
    PythonRuntime,
    SandboxConfig,
    SandboxedProcess,
    SandboxUnavailable,
    check_sandbox,
    python_argv,
)
from arena.sandbox.runtime import default_runtime

MISSING_BWRAP = "/nonexistent/bin/bwrap"


def test_refuses_to_start_a_bot_when_bwrap_is_unavailable():
    config = SandboxConfig(mode="bwrap", bwrap=MISSING_BWRAP)
    status = check_sandbox(config)
    assert not status
    assert "ARENA_SANDBOX=none" in status.detail
    with pytest.raises(SandboxUnavailable, match="ARENA_SANDBOX=none"):
        SandboxedProcess.start(python_argv("-c", "print('escaped')"), config=config)


def test_refuses_to_start_when_bwrap_is_installed_but_cannot_run():
    config = SandboxConfig(mode="bwrap", bwrap="/bin/false")  # like userns disabled
    status = check_sandbox(config)
    assert not status
    assert "bubblewrap cannot run here" in status.detail
    with pytest.raises(SandboxUnavailable, match="ARENA_SANDBOX=none"):
        SandboxedProcess.start(python_argv("-c", "print('escaped')"), config=config)


def test_mode_none_starts_without_bwrap(bots):
    config = SandboxConfig(mode="none", bwrap=MISSING_BWRAP)
    bots.require(config)
    with SandboxedProcess.start(python_argv("-c", "print('hi')"), config=config) as bot:
        assert bot.wait(20) == 0
    assert bot.stdout_text() == "hi\n"


@pytest.mark.parametrize(
    ("value", "mode"), [(None, "bwrap"), ("", "bwrap"), ("none", "none"), (" BWRAP ", "bwrap")]
)
def test_mode_comes_from_arena_sandbox_and_defaults_to_bwrap(monkeypatch, value, mode):
    if value is None:
        monkeypatch.delenv("ARENA_SANDBOX", raising=False)
    else:
        monkeypatch.setenv("ARENA_SANDBOX", value)
    assert SandboxConfig().mode == mode


def test_unknown_mode_is_an_error_not_a_fallback(monkeypatch):
    monkeypatch.setenv("ARENA_SANDBOX", "off")
    with pytest.raises(ValueError, match="ARENA_SANDBOX"):
        SandboxConfig()


def test_runtime_described_by_another_interpreter_matches_the_current_one():
    current = PythonRuntime.current()
    assert PythonRuntime.for_interpreter(current.interpreter) == current


def test_python_argv_runs_the_runtime_bots_get():
    runtime = default_runtime()
    assert python_argv("bot.py", "--seat", "1") == [runtime.interpreter, "bot.py", "--seat", "1"]


WITHOUT_SECCOMP = """
import sys
sys.modules["pyseccomp"] = None  # as if the package were not installed
from arena.sandbox import SandboxConfig, check_sandbox
status = check_sandbox(SandboxConfig(mode="bwrap"))
print(status.available, status.detail)
"""


def test_without_a_seccomp_filter_no_bot_is_started():
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_SECCOMP], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("False "), run.stdout
    assert "seccomp" in run.stdout
