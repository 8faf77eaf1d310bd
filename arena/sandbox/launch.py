"""The launch chain, from the referee to the bot; each step sets one thing up, then execs:

    sh       joins the bot's cgroups (needs the referee's rights over them)
    prlimit  sets the rlimits
    setpriv  a root referee only: becomes the sandbox's own uid/gid (uids.py), with no
             capability left
    unshare  a user and mount namespace of that uid's, where `sh` and `mount` mount the
             bot's /tmp and /dev/shm: tmpfs capped in bytes *and* files (nr_inodes; both
             from one fstab, one process), which bwrap 0.8
             cannot make (its `--size` caps bytes only; each empty file costs ~1 KB of
             kernel memory that no byte cap counts)
    bwrap    namespaces, mounts, the seccomp filter
    the bot

`prlimit` and `setpriv` in front of the command instead of `preexec_fn`: the referee runs
gRPC threads, and Python code between fork and exec in a threaded process can deadlock.
The tmpfs live in the namespace of `unshare`: they go away with the sandbox's last
process, and nothing is mounted on the host.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence

from arena.sandbox.bwrap import EMPTY, SHM, TMP, bwrap_argv
from arena.sandbox.config import Limits, SandboxConfig
from arena.sandbox.identity import setpriv_argv
from arena.sandbox.limits import prlimit_argv

# The arguments are the cgroups' procs files, "--", then the command: the shell moves itself
# into every cgroup, then becomes the command.
JOIN_CGROUPS = 'until [ "$1" = -- ]; do echo $$ > "$1" || exit; shift; done; shift; exec "$@"'
# The arguments are mount(8), the fstab listing both tmpfs, then the command. `-n`: no
# /run/mount/utab to lock and write.
MOUNT_TMPFS = 'm=$1; "$m" -n -a -T "$2" && shift 2 && exec "$@"'
FSTAB = "fstab"


def make_mounts(limits: Limits) -> str:
    """A new folder for one sandbox's `mounts` (bwrap.py): the empty mount points of its
    /tmp and /dev/shm, the fstab mounting them with `limits`, and an empty file; any uid
    may read it (nothing is in it until the sandbox mounts its tmpfs there, in its own
    namespace). Remove it after."""
    path = tempfile.mkdtemp(prefix="arena-mnt-")
    for name in (TMP, SHM):
        os.mkdir(os.path.join(path, name), 0o755)
    tmp = tmpfs_options(limits.tmpfs_size, limits.tmpfs_files)
    shm = tmpfs_options(limits.shm_size, limits.shm_files)
    with open(os.path.join(path, FSTAB), "x") as fstab:
        fstab.write(f"arena-tmp {path}/{TMP} tmpfs {tmp} 0 0\n")
        fstab.write(f"arena-shm {path}/{SHM} tmpfs {shm} 0 0\n")
    with open(os.path.join(path, EMPTY), "x"):
        pass
    for name in (EMPTY, FSTAB, TMP, SHM, ""):
        os.chmod(os.path.join(path, name), 0o755 if name in (TMP, SHM, "") else 0o444)
    return path


def tmpfs_options(size: int, files: int) -> str:
    return f"size={size},nr_inodes={files},mode=0755,nosuid,nodev"


def tmpfs_argv(config: SandboxConfig, mounts: str) -> list[str]:
    """The chain's step mounting the bot's capped /tmp and /dev/shm on `mounts`."""
    return [
        shutil.which(config.unshare) or config.unshare,
        "--user",
        "--map-root-user",
        "--mount",
        "--propagation",
        "private",
        "--",
        "/bin/sh",
        "-c",
        MOUNT_TMPFS,
        "sh",
        shutil.which(config.mount) or config.mount,
        os.path.join(mounts, FSTAB),
    ]


def launch_argv(
    config: SandboxConfig,
    command: Sequence[str],
    *,
    binds: Sequence[str] = (),
    cgroup_files: Sequence[str] = (),
    seccomp_fd: int | None = None,
    mounts: str | None = None,
) -> list[str]:
    """The whole chain running `command` in `config`'s mode; `mounts` (bwrap mode: from
    `make_mounts(config.limits)`) is where its /tmp and /dev/shm are mounted.

    Raises ValueError for a root referee asked to start a bot as root, or without a uid
    leased for it (uids.py), and for bwrap mode without `mounts`.
    """
    argv = list(command)
    if config.mode == "bwrap":
        if mounts is None:
            raise ValueError("a sandbox needs its mounts folder (launch.make_mounts)")
        bwrap = shutil.which(config.bwrap) or config.bwrap
        limits = config.limits
        argv = bwrap_argv(
            bwrap,
            argv,
            ro_binds=binds,
            tmpfs_size=limits.tmpfs_size,
            shm_size=limits.shm_size,
            mounts=mounts,
            seccomp_fd=seccomp_fd,
        )
        argv = tmpfs_argv(config, mounts) + argv
        if config.drops_privileges:
            setpriv = shutil.which(config.setpriv) or config.setpriv
            uid, gid = config.host_ids()
            argv = setpriv_argv(setpriv, uid, gid) + argv
    prlimit = shutil.which(config.prlimit) or config.prlimit
    argv = prlimit_argv(prlimit, config.limits) + argv
    if cgroup_files:
        argv = ["/bin/sh", "-c", JOIN_CGROUPS, "sh", *cgroup_files, "--", *argv]
    return argv
