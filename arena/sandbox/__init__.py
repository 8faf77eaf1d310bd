"""Run untrusted bot code as a real process under bubblewrap.

    from arena.sandbox import SandboxedProcess, python_argv

    with SandboxedProcess.start(
        python_argv(f"{bot_dir}/main.py"),
        bot_dir=bot_dir,
        socket_dir=socket_dir,
        env={"ARENA_SOCKET": f"{socket_dir}/referee.sock", "ARENA_TOKEN": token},
    ) as bot:
        ...
        bot.wait(timeout=1)
    bot.exit_reason(), bot.stderr_text()

`ARENA_SANDBOX=bwrap` (the default) refuses to start anything where bubblewrap or the pids
cgroup cannot work; `ARENA_SANDBOX=none` runs bots with the same limits, environment and
cleanup but without isolation, for local development only.
"""

from arena.sandbox.check import SandboxStatus, check_sandbox
from arena.sandbox.config import Limits, SandboxConfig, SandboxUnavailable, mode_from_env
from arena.sandbox.process import SandboxedProcess
from arena.sandbox.runtime import PythonRuntime, python_argv

__all__ = [
    "Limits",
    "PythonRuntime",
    "SandboxConfig",
    "SandboxStatus",
    "SandboxUnavailable",
    "SandboxedProcess",
    "check_sandbox",
    "mode_from_env",
    "python_argv",
]
