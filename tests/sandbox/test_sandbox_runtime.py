"""What bots run on: a root referee uses the bot runtime, readable by the sandbox uid, and
refuses bots with a clear message when that runtime is missing or unusable; never a silent
fall back to its own interpreter."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.match.hosted import SandboxedAgent
from arena.sandbox import (
    PythonRuntime,
    SandboxConfig,
    SandboxedProcess,
    SandboxUnavailable,
    check_sandbox,
)
from arena.sandbox.runtime import (
    DEFAULT_BOT_RUNTIME,
    RUNTIME_ENV,
    bot_runtime_dir,
    default_runtime,
)

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "install-bot-runtime.sh"
POLITE = ROOT / "tests" / "bots" / "polite.py"
SYSTEM_PYTHON = "/usr/bin/python3.11"
root_only = pytest.mark.skipif(os.geteuid() != 0, reason="only a root referee drops its uid")


def refused(config: SandboxConfig) -> str:
    """The probe's refusal; also checks that starting a bot is refused with it."""
    status = check_sandbox(config)
    assert not status, status.detail
    with pytest.raises(SandboxUnavailable) as raised:
        SandboxedProcess.start(["/bin/true"], config=config)
    assert str(raised.value) == status.detail
    return status.detail


@pytest.fixture
def readable_dir() -> Iterator[Path]:
    """A folder the sandbox uid can read (pytest's tmp_path is root's, mode 0700)."""
    path = Path(tempfile.mkdtemp(prefix="arena-runtime-test-"))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def make_venv(folder: Path) -> Path:
    """A venv of the system's Python with nothing installed (neither grpc nor the SDK)."""
    if not os.access(SYSTEM_PYTHON, os.X_OK):
        pytest.skip(f"{SYSTEM_PYTHON} is not installed")
    venv = folder / "venv"
    subprocess.run(
        [SYSTEM_PYTHON, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60
    )
    return venv


def test_a_root_referee_runs_bots_on_the_bot_runtime_and_others_on_their_own(monkeypatch):
    monkeypatch.delenv(RUNTIME_ENV, raising=False)
    if os.geteuid() != 0:
        assert bot_runtime_dir() is None
        assert default_runtime() == PythonRuntime.current()
        return
    assert bot_runtime_dir() == DEFAULT_BOT_RUNTIME
    try:
        runtime = default_runtime()
    except SandboxUnavailable as exc:  # not built here: that is the refusal, checked below
        assert "install-bot-runtime.sh" in str(exc)
        return
    assert runtime.interpreter == f"{DEFAULT_BOT_RUNTIME}/bin/python"
    assert not any(root.startswith(sys.prefix) for root in runtime.roots)


def test_a_missing_bot_runtime_refuses_bots_naming_the_install_script(monkeypatch, tmp_path):
    monkeypatch.setenv(RUNTIME_ENV, str(tmp_path / "no-runtime-here"))
    detail = refused(SandboxConfig(mode="bwrap"))
    assert "no bot runtime at" in detail and "scripts/install-bot-runtime.sh" in detail
    with pytest.raises(SandboxUnavailable, match=r"install-bot-runtime\.sh"):
        SandboxedAgent(POLITE, game="wandering_towers", seat=0)


def test_a_relative_bot_runtime_path_is_refused(monkeypatch):
    monkeypatch.setenv(RUNTIME_ENV, "bot-runtime")
    assert "must be an absolute path" in refused(SandboxConfig(mode="bwrap"))


def test_a_runtime_that_cannot_import_grpc_and_the_sdk_is_refused(monkeypatch, readable_dir):
    monkeypatch.setenv(RUNTIME_ENV, str(make_venv(readable_dir)))
    detail = refused(SandboxConfig(mode="bwrap"))
    assert "No module named" in detail, detail
    assert "install-bot-runtime.sh" in detail


@root_only
def test_a_runtime_the_sandbox_uid_cannot_read_is_refused(monkeypatch, tmp_path):
    # As pyenv installs for root: under a home folder of mode 0700.
    home = tmp_path / "home"
    home.mkdir(mode=0o700)
    monkeypatch.setenv(RUNTIME_ENV, str(make_venv(home)))
    detail = refused(SandboxConfig(mode="bwrap"))
    assert "cannot be read by the sandbox uid" in detail, detail
    assert str(home) in detail and "install-bot-runtime.sh" in detail


def test_the_install_script_is_quick_when_the_runtime_is_up_to_date():
    if os.geteuid() != 0 and not os.environ.get(RUNTIME_ENV):
        pytest.skip("not root: the script has nothing to do")
    subprocess.run([str(SCRIPT)], check=True, capture_output=True, timeout=600)
    started = time.perf_counter()
    again = subprocess.run([str(SCRIPT)], check=True, capture_output=True, text=True, timeout=60)
    assert time.perf_counter() - started < 2
    assert again.stdout == again.stderr == ""


def test_the_install_script_does_nothing_for_a_developer_who_is_not_root(readable_dir):
    env = {k: v for k, v in os.environ.items() if k != RUNTIME_ENV}
    script = readable_dir / SCRIPT.name  # where the checkout may be out of that uid's reach
    shutil.copy(SCRIPT, script)
    argv = [str(script)]
    if os.geteuid() == 0:
        argv = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *argv]
    run = subprocess.run(argv, capture_output=True, text=True, timeout=60, env=env, cwd="/")
    assert run.returncode == 0, run.stderr
    assert "nothing to do" in run.stdout
