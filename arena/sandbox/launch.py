"""The launch chain, from the referee to the bot; each step sets one thing up, then execs:

    sh       joins the bot's cgroups (needs the referee's rights over them)
    prlimit  sets the rlimits
    setpriv  a root referee only: becomes the sandbox uid/gid, with no capability left
    bwrap    namespaces, mounts, the seccomp filter
    the bot

`prlimit` and `setpriv` in front of the command instead of `preexec_fn`: the referee runs
gRPC threads, and Python code between fork and exec in a threaded process can deadlock.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence

from arena.sandbox.bwrap import bwrap_argv
from arena.sandbox.config import SandboxConfig
from arena.sandbox.identity import setpriv_argv
from arena.sandbox.limits import prlimit_argv

# The arguments are the cgroups' procs files, "--", then the command: the shell moves itself
# into every cgroup, then becomes the command.
JOIN_CGROUPS = 'until [ "$1" = -- ]; do echo $$ > "$1" || exit; shift; done; shift; exec "$@"'


def launch_argv(
    config: SandboxConfig,
    command: Sequence[str],
    *,
    binds: Sequence[str] = (),
    cgroup_files: Sequence[str] = (),
    seccomp_fd: int | None = None,
) -> list[str]:
    """The whole chain running `command` in `config`'s mode.

    Raises ValueError for a root referee asked to start a bot as root (never possible
    with a valid config).
    """
    argv = list(command)
    if config.mode == "bwrap":
        bwrap = shutil.which(config.bwrap) or config.bwrap
        limits = config.limits
        argv = bwrap_argv(
            bwrap,
            argv,
            ro_binds=binds,
            tmpfs_size=limits.tmpfs_size,
            shm_size=limits.shm_size,
            seccomp_fd=seccomp_fd,
        )
        if config.drops_privileges:
            setpriv = shutil.which(config.setpriv) or config.setpriv
            argv = setpriv_argv(setpriv, config.uid, config.gid) + argv
    prlimit = shutil.which(config.prlimit) or config.prlimit
    argv = prlimit_argv(prlimit, config.limits) + argv
    if cgroup_files:
        argv = ["/bin/sh", "-c", JOIN_CGROUPS, "sh", *cgroup_files, "--", *argv]
    return argv
