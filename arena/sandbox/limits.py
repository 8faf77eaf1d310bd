"""Resource limits applied with util-linux `prlimit`, which sets them and then execs.

`prlimit` in front of the command instead of `preexec_fn`: the referee runs gRPC threads,
and Python code between fork and exec in a threaded process can deadlock.
"""

from __future__ import annotations

from arena.sandbox.config import Limits


def prlimit_argv(prlimit: str, limits: Limits) -> list[str]:
    """`prlimit` options for the sandboxed process (inherited by bwrap and the bot).

    The CPU hard limit is one second above the soft one: at the soft limit the kernel sends
    SIGXCPU (a clean, recognisable death), at the hard one SIGKILL if that was ignored.
    """
    cpu = limits.cpu_seconds
    return [
        prlimit,
        f"--as={limits.address_space}",
        f"--cpu={cpu}:{cpu + 1}",
        f"--fsize={limits.file_size}",
        f"--nofile={limits.open_files}",
        "--core=0",
        "--",
    ]
