"""Run untrusted bot code as a real process under bubblewrap.

    from arena.sandbox import SandboxConfig, SandboxedProcess, python_argv
    from arena.sandbox.uids import lease
    from arena.sandbox.workspace import copy_code, private_dir

    seat = lease(SandboxConfig())                    # a host uid of its own (uids.py)
    config = seat.config
    home = private_dir(config)                       # only the bot's uid may enter it
    main = copy_code("mybot/main.py", home / "code", config.limits)
    with SandboxedProcess.start(
        python_argv(str(main)),
        bot_dir=home / "code",
        socket_dir=socket_dir,                       # handed over to the bot's uid too
        env={"ARENA_SERVER": f"unix:{socket_dir}/referee.sock", "ARENA_TOKEN": token},
        config=config,
    ) as bot:
        ...
        bot.wait(timeout=1)
    bot.exit_reason(), bot.stderr_text()
    seat.release()

`ARENA_SANDBOX=bwrap` (the default) refuses to start anything where bubblewrap, the seccomp
filter, the bot runtime or the pids and memory cgroups cannot work; a root referee drops
each sandbox to a uid of its own from ARENA_SANDBOX_UIDS before bwrap, so that no bot ever
runs as host root or shares a per-user kernel quota with another bot.
`ARENA_SANDBOX=none` runs bots with the same limits, environment and cleanup but without
isolation and as the referee's own user, for local development only.
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
