"""The bubblewrap command line: what a bot can see, and who it runs as.

Inside, the bot is uid/gid 65534 in its own user namespace with no capabilities, no
network (only a loopback that is down), its own PID, IPC and UTS namespaces, and a root
that is an empty read-only tmpfs holding:

- /usr and the merged-/usr symlinks (/bin, /lib ...), read-only;
- a handful of files from /etc (dynamic linker cache, time zone) and nothing else of it;
- a fresh /proc for its PID namespace, with /proc/sys and the other kernel knobs in it
  covered read-only;
- a minimal /dev, read-only, and /dev/shm: a private tmpfs capped in bytes and files;
- /tmp: a private tmpfs capped in bytes and files, its cwd and HOME (both made just before
  bwrap by launch.py: bwrap's own `--size` caps bytes, not files);
- over the /proc files that show the host (its boot command line, disks, modules): empty;
- the Python runtime, the bot's files and the referee's socket directory, read-only and
  at their host paths (see runtime.py for why);
- a seccomp filter (seccomp.py), loaded by bwrap right before it execs the bot.

Who the bot is on the host is decided before bwrap starts (identity.py): never root.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

SANDBOX_UID = 65534
SANDBOX_GID = 65534
HOSTNAME = "arena-bot"
WORK_DIR = "/tmp"

#: Top-level system directories: bound read-only, or recreated as symlinks on merged-/usr.
SYSTEM_TREE: tuple[str, ...] = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")

#: Kernel knobs in /proc, covered read-only whoever starts bwrap (bwrap skips its own
#: cover of a path its write test fails on). The host's view of each is bound: the same
#: kernel, and nothing the bot's own /proc would not show.
PROC_READ_ONLY: tuple[str, ...] = ("/proc/sys", "/proc/sysrq-trigger", "/proc/irq", "/proc/bus")

#: The only parts of /etc a Python bot needs; no account, host or network configuration.
ETC_FILES: tuple[str, ...] = (
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/localtime",
)

NAMESPACE_ARGS: tuple[str, ...] = (
    "--unshare-user",
    "--uid",
    str(SANDBOX_UID),
    "--gid",
    str(SANDBOX_GID),
    "--unshare-pid",
    "--unshare-net",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    "--hostname",
    HOSTNAME,
    # No nested user namespaces: they would hand the bot capabilities over its own mounts
    # and open a large kernel surface.
    "--disable-userns",
    "--cap-drop",
    "ALL",
    "--die-with-parent",
    # A fresh session: the bot cannot push input into a terminal (TIOCSTI).
    "--new-session",
)


#: The files of a sandbox's `mounts` folder (launch.py): two mount points and an empty file.
TMP, SHM, EMPTY = "tmp", "shm", "empty"

#: /proc files showing the host rather than the bot (the kernel's boot command line with
#: its root device, the host's disks, swap and loaded modules), each covered by an empty
#: file. What programs read (meminfo, cpuinfo, stat, self/) stays.
PROC_HIDDEN: tuple[str, ...] = (
    "/proc/cmdline",
    "/proc/partitions",
    "/proc/diskstats",
    "/proc/swaps",
    "/proc/modules",
    "/proc/devices",
    "/proc/cgroups",
)


def bwrap_argv(
    bwrap: str,
    command: Sequence[str],
    *,
    ro_binds: Sequence[str] = (),
    tmpfs_size: int,
    shm_size: int,
    mounts: str | None = None,
    seccomp_fd: int | None = None,
) -> list[str]:
    """Full argv running `command` under bubblewrap, with `ro_binds` at their host paths.

    `mounts`: a folder whose `tmp` and `shm` are tmpfs mounted for this sandbox (with
    their byte and file caps, launch.py), bound as /tmp and /dev/shm; without it bwrap
    makes both, capped in bytes (`tmpfs_size`, `shm_size`) only.
    `seccomp_fd`: an inheritable fd holding a compiled filter at offset 0 (seccomp.py);
    the caller passes it to the process (`pass_fds`) and closes its own copy after.
    """
    argv = [bwrap, *NAMESPACE_ARGS]
    argv += _system_args()
    for path in ETC_FILES:
        argv += ["--ro-bind-try", path, path]
    argv += ["--proc", "/proc"]
    for path in PROC_READ_ONLY:
        argv += ["--ro-bind-try", path, path]
    if mounts is not None:
        for path in PROC_HIDDEN:
            if os.path.exists(path):
                argv += ["--ro-bind", os.path.join(mounts, EMPTY), path]
    # /dev's tmpfs has no size of its own: read-only, and shared memory gets a capped one.
    argv += ["--dev", "/dev"]
    if mounts is not None:
        argv += ["--bind", os.path.join(mounts, SHM), "/dev/shm"]
    else:
        argv += ["--size", str(shm_size), "--tmpfs", "/dev/shm"]
    argv += ["--remount-ro", "/dev"]
    if mounts is not None:
        argv += ["--bind", os.path.join(mounts, TMP), WORK_DIR]
    else:
        argv += ["--size", str(tmpfs_size), "--tmpfs", WORK_DIR]
    # After the tmpfs, so that binds below /tmp (a test's tmp_path) land on top of it.
    for path in ro_binds:
        argv += ["--ro-bind", path, path]
    if seccomp_fd is not None:
        argv += ["--seccomp", str(seccomp_fd)]
    argv += ["--remount-ro", "/", "--chdir", WORK_DIR, "--", *command]
    return argv


def _system_args() -> list[str]:
    args: list[str] = []
    for path in SYSTEM_TREE:
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            args += ["--ro-bind", path, path]
    return args
