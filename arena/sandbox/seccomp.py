"""The seccomp filter every hosted bot runs under: which system calls the kernel runs for it.

bubblewrap loads the filter (`bwrap --seccomp FD`, with no_new_privs set) in the sandbox's
init and right before it execs the bot, so it binds the bot and everything the bot starts.
Filters only ever stack and the strictest answer wins: nothing a bot loads later undoes it.

The policy is an allowlist, compiled by libseccomp (through `pyseccomp`) for the native
architecture only:

- the calls an ordinary Python program makes (files, memory, threads, signals, time,
  polling, Unix sockets, child processes) run;
- a named set of calls that open a large kernel surface or reach outside the sandbox
  (`DENIED`) fail with EPERM, which is what a locked-down kernel answers for them;
- `socket()` and `socketpair()` of any family but AF_UNIX fail with EAFNOSUPPORT, the
  answer of a kernel built without that family, which libraries treat as "no network";
- `clone()` with a CLONE_NEW* flag fails with EPERM; `clone3()`, whose flags sit in a
  struct a filter cannot read, fails with ENOSYS so that glibc falls back to `clone()`;
- every other call, including any added to the kernel after this list was written, fails
  with ENOSYS: "not implemented here", the answer that makes libc and libraries fall back
  as they do on an older kernel, instead of crashing;
- a call made under another architecture's convention (i386 `int 0x80`, x32 numbers)
  kills the process: the filter's numbers would mean different calls there.

See docs/decisions/sandbox-seccomp-allowlist.md for why, and what remains reachable.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import threading
from types import ModuleType
from typing import Any

from arena.sandbox.config import SandboxUnavailable

#: Calls that run as the kernel defines them. Grouped by what a program uses them for.
ALLOWED: tuple[str, ...] = (
    # Files and descriptors (the sandbox's mounts and the kernel's permission checks bound
    # what they reach; the temp dir is a size-capped tmpfs).
    "read",
    "write",
    "readv",
    "writev",
    "pread64",
    "pwrite64",
    "preadv",
    "pwritev",
    "preadv2",
    "pwritev2",
    "open",
    "openat",
    "openat2",
    "creat",
    "close",
    "close_range",
    "lseek",
    "stat",
    "fstat",
    "lstat",
    "newfstatat",
    "statx",
    "statfs",
    "fstatfs",
    "access",
    "faccessat",
    "faccessat2",
    "readlink",
    "readlinkat",
    "getdents",
    "getdents64",
    "getcwd",
    "chdir",
    "fchdir",
    "mkdir",
    "mkdirat",
    "rmdir",
    "rename",
    "renameat",
    "renameat2",
    "link",
    "linkat",
    "unlink",
    "unlinkat",
    "symlink",
    "symlinkat",
    "mknod",
    "mknodat",
    "chmod",
    "fchmod",
    "fchmodat",
    "fchmodat2",
    "chown",
    "fchown",
    "lchown",
    "fchownat",
    "umask",
    "utime",
    "utimes",
    "utimensat",
    "futimesat",
    "truncate",
    "ftruncate",
    "fallocate",
    "fsync",
    "fdatasync",
    "sync_file_range",
    "flock",
    "fcntl",
    "ioctl",
    "dup",
    "dup2",
    "dup3",
    "pipe",
    "pipe2",
    "sendfile",
    "splice",
    "tee",
    "vmsplice",
    "copy_file_range",
    "readahead",
    "fadvise64",
    "memfd_create",
    "getxattr",
    "lgetxattr",
    "fgetxattr",
    "listxattr",
    "llistxattr",
    "flistxattr",
    "setxattr",
    "lsetxattr",
    "fsetxattr",
    "removexattr",
    "lremovexattr",
    "fremovexattr",
    "inotify_init",
    "inotify_init1",
    "inotify_add_watch",
    "inotify_rm_watch",
    # Memory of the process itself (RLIMIT_AS and the memory cgroup bound it).
    "brk",
    "mmap",
    "munmap",
    "mremap",
    "mprotect",
    "madvise",
    "msync",
    "mincore",
    "mlock",
    "mlock2",
    "munlock",
    "munlockall",
    "membarrier",
    "get_mempolicy",
    "pkey_alloc",
    "pkey_free",
    "pkey_mprotect",
    "map_shadow_stack",
    # Processes and threads (clone and clone3 are ruled below; the pids cgroup caps them).
    "fork",
    "vfork",
    "execve",
    "execveat",
    "exit",
    "exit_group",
    "wait4",
    "waitid",
    "kill",
    "tkill",
    "tgkill",
    "pidfd_open",
    "pidfd_send_signal",
    "getpid",
    "getppid",
    "gettid",
    "getpgrp",
    "getpgid",
    "setpgid",
    "getsid",
    "setsid",
    "set_tid_address",
    "set_robust_list",
    "get_robust_list",
    "rseq",
    "futex",
    "futex_waitv",
    "futex_wake",
    "futex_wait",
    "futex_requeue",
    "arch_prctl",
    "prctl",
    # Adding a filter only ever narrows what the bot may do.
    "seccomp",
    "restart_syscall",
    # Signals.
    "rt_sigaction",
    "rt_sigprocmask",
    "rt_sigreturn",
    "rt_sigpending",
    "rt_sigtimedwait",
    "rt_sigsuspend",
    "rt_sigqueueinfo",
    "rt_tgsigqueueinfo",
    "sigaltstack",
    "signalfd",
    "signalfd4",
    "pause",
    "alarm",
    "getitimer",
    "setitimer",
    # Time (reading clocks and sleeping; setting them is denied).
    "time",
    "gettimeofday",
    "clock_gettime",
    "clock_getres",
    "clock_nanosleep",
    "nanosleep",
    "times",
    "timer_create",
    "timer_settime",
    "timer_gettime",
    "timer_getoverrun",
    "timer_delete",
    "timerfd_create",
    "timerfd_settime",
    "timerfd_gettime",
    # Waiting on descriptors.
    "select",
    "pselect6",
    "poll",
    "ppoll",
    "epoll_create",
    "epoll_create1",
    "epoll_ctl",
    "epoll_wait",
    "epoll_pwait",
    "epoll_pwait2",
    "eventfd",
    "eventfd2",
    # Sockets (which families may be created is ruled below).
    "connect",
    "accept",
    "accept4",
    "bind",
    "listen",
    "shutdown",
    "sendto",
    "recvfrom",
    "sendmsg",
    "recvmsg",
    "sendmmsg",
    "recvmmsg",
    "getsockname",
    "getpeername",
    "getsockopt",
    "setsockopt",
    # Identity, limits and scheduling of its own processes. The bot has no capabilities in
    # its user namespace, so the kernel refuses anything beyond what any user may do.
    "uname",
    "sysinfo",
    "getrandom",
    "getuid",
    "geteuid",
    "getgid",
    "getegid",
    "getresuid",
    "getresgid",
    "getgroups",
    "setuid",
    "setgid",
    "setreuid",
    "setregid",
    "setresuid",
    "setresgid",
    "setfsuid",
    "setfsgid",
    "setgroups",
    "capget",
    "capset",
    "getrlimit",
    "setrlimit",
    "prlimit64",
    "getrusage",
    "getpriority",
    "setpriority",
    "ioprio_get",
    "ioprio_set",
    "getcpu",
    "sched_yield",
    "sched_getaffinity",
    "sched_setaffinity",
    "sched_getparam",
    "sched_setparam",
    "sched_getscheduler",
    "sched_setscheduler",
    "sched_getattr",
    "sched_setattr",
    "sched_get_priority_max",
    "sched_get_priority_min",
    "sched_rr_get_interval",
)

#: Calls refused with EPERM: kernel surfaces with a long record of privilege escalations,
#: other processes' memory, mounts and namespaces, and the machine itself. (Without this
#: list they would get ENOSYS like any unlisted call; naming them makes the refusal
#: explicit and keeps them refused if someone widens the default.)
DENIED: tuple[str, ...] = (
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "add_key",
    "request_key",
    "keyctl",
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "process_madvise",
    "pidfd_getfd",
    "kcmp",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "move_mount",
    "open_tree",
    "fsopen",
    "fsconfig",
    "fsmount",
    "fspick",
    "mount_setattr",
    "unshare",
    "setns",
    "open_by_handle_at",
    "name_to_handle_at",
    "fanotify_init",
    "fanotify_mark",
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "reboot",
    "swapon",
    "swapoff",
    "acct",
    "quotactl",
    "quotactl_fd",
    "syslog",
    "settimeofday",
    "clock_settime",
    "clock_adjtime",
    "adjtimex",
    "sethostname",
    "setdomainname",
    "iopl",
    "ioperm",
    "modify_ldt",
    "vhangup",
    # Memory outside RLIMIT_AS (System V shared memory, as /dev/shm was), and queues: no
    # bot needs them, and multiprocessing uses neither.
    "shmget",
    "shmat",
    "shmdt",
    "shmctl",
    "semget",
    "semop",
    "semtimedop",
    "semctl",
    "msgget",
    "msgsnd",
    "msgrcv",
    "msgctl",
    "mq_open",
    "mq_unlink",
    "mq_timedsend",
    "mq_timedreceive",
    "mq_notify",
    "mq_getsetattr",
)

#: clone() flags that would make new namespaces (CLONE_NEWTIME only exists for clone3).
CLONE_NEW_FLAGS: tuple[int, ...] = (
    0x00020000,  # CLONE_NEWNS
    0x02000000,  # CLONE_NEWCGROUP
    0x04000000,  # CLONE_NEWUTS
    0x08000000,  # CLONE_NEWIPC
    0x10000000,  # CLONE_NEWUSER
    0x20000000,  # CLONE_NEWPID
    0x40000000,  # CLONE_NEWNET
)
CLONE_NEW_ANY = sum(CLONE_NEW_FLAGS)

#: personality() arguments that read or keep the default; anything else (turning off
#: address-space randomisation, READ_IMPLIES_EXEC ...) gets ENOSYS.
PERSONALITY_ALLOWED: tuple[int, ...] = (0x0, 0xFFFFFFFF)

#: What libseccomp answers for a name it does not know (__NR_SCMP_ERROR).
NR_UNKNOWN = -1

#: The only socket family a bot may create: the referee is a Unix socket.
AF_UNIX = 1

_compiled: bytes | None = None
_lock = threading.Lock()


def open_filter() -> int:
    """A new inheritable fd holding the compiled filter at offset 0, for `bwrap --seccomp`.

    The caller passes it to bwrap (`Popen(pass_fds=...)`) and closes it after the Popen.
    Raises SandboxUnavailable when the filter cannot be built here.
    """
    program = compiled_program()
    fd = os.memfd_create("arena-seccomp", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
    try:
        view = memoryview(program)
        while view:
            view = view[os.write(fd, view) :]
        # Sealed: nothing can change the program between here and bwrap reading it.
        seals = fcntl.F_SEAL_SEAL | fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_WRITE
        fcntl.fcntl(fd, fcntl.F_ADD_SEALS, seals)
        os.lseek(fd, 0, os.SEEK_SET)
        os.set_inheritable(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def compiled_program() -> bytes:
    """The classic-BPF program (an array of struct sock_filter), compiled once per process."""
    global _compiled
    with _lock:
        if _compiled is None:
            _compiled = _compile(_library())
        return _compiled


def describe() -> str:
    """The policy in libseccomp's readable pseudo-code, for review and debugging."""
    seccomp = _library()
    fd = os.memfd_create("arena-seccomp-pfc", os.MFD_CLOEXEC)
    with os.fdopen(fd, "w+b") as out:
        _policy(seccomp).export_pfc(out)
        out.seek(0)
        return out.read().decode()


def _compile(seccomp: ModuleType) -> bytes:
    try:
        policy = _policy(seccomp)
        fd = os.memfd_create("arena-seccomp-bpf", os.MFD_CLOEXEC)
        with os.fdopen(fd, "w+b") as out:
            policy.export_bpf(out)
            out.seek(0)
            program = out.read()
    except (OSError, ValueError) as exc:
        raise SandboxUnavailable(f"cannot build the bots' seccomp filter: {exc}") from exc
    if not program or len(program) % 8:
        raise SandboxUnavailable("libseccomp produced no usable seccomp filter for bots")
    return program


def _library() -> ModuleType:
    """The pyseccomp module, or a clear refusal when it or libseccomp is missing."""
    try:
        import pyseccomp
    except ImportError as exc:
        raise SandboxUnavailable(
            "the pyseccomp package is missing (pip install pyseccomp); "
            "bots are not started without their seccomp filter"
        ) from exc
    except (OSError, RuntimeError) as exc:  # pyseccomp raises RuntimeError without libseccomp
        raise SandboxUnavailable(
            f"libseccomp cannot be loaded ({exc}); install libseccomp2 "
            "(scripts/install-system-deps.sh does); "
            "bots are not started without their seccomp filter"
        ) from exc
    return pyseccomp


def _known(seccomp: Any, names: tuple[str, ...]) -> list[str]:
    """The names libseccomp can resolve for this machine's architecture."""
    return [n for n in names if seccomp.resolve_syscall(seccomp.Arch.NATIVE, n) != NR_UNKNOWN]


def _policy(seccomp: Any) -> Any:
    """The filter as a libseccomp context (native architecture only)."""
    policy = seccomp.SyscallFilter(seccomp.ERRNO(errno.ENOSYS))
    policy.set_attr(seccomp.Attr.ACT_BADARCH, seccomp.KILL_PROCESS)
    # A binary search over call numbers instead of a linear scan, where libseccomp has it
    # (2.5 and later); the linear program decides the same.
    with contextlib.suppress(OSError):
        policy.set_attr(seccomp.Attr.CTL_OPTIMIZE, 2)
    allow, deny = seccomp.ALLOW, seccomp.ERRNO(errno.EPERM)
    # A name an older libseccomp does not know is left to the default (ENOSYS): refused,
    # never allowed. tests/sandbox/test_seccomp.py checks every name resolves here.
    for name in _known(seccomp, ALLOWED):
        policy.add_rule(allow, name)
    for name in _known(seccomp, DENIED):
        policy.add_rule(deny, name)

    # clone: threads and forks run; new namespaces do not. The rules are disjoint.
    policy.add_rule(allow, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, CLONE_NEW_ANY, 0))
    for flag in CLONE_NEW_FLAGS:
        policy.add_rule(deny, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag))
    # clone3 is left to the default, ENOSYS (libseccomp refuses a rule that repeats it).

    for persona in PERSONALITY_ALLOWED:
        policy.add_rule(allow, "personality", seccomp.Arg(0, seccomp.EQ, persona))

    no_family = seccomp.ERRNO(errno.EAFNOSUPPORT)
    for name in ("socket", "socketpair"):
        policy.add_rule(allow, name, seccomp.Arg(0, seccomp.EQ, AF_UNIX))
        policy.add_rule(no_family, name, seccomp.Arg(0, seccomp.NE, AF_UNIX))
    return policy
