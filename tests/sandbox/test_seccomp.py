"""The seccomp filter: hostile programs, in real bubblewrap, try what it denies and fail.

Each denied class is tried by one hostile program that makes the raw system calls through
libc's `syscall()` (so no Python wrapper stands between it and the kernel). The program runs
twice, in the same sandbox with and without the filter: every call must fail with the
filter's errno, and in each class the kernel alone must answer at least one call otherwise,
so that each test fails if the filter is missing. Arguments are chosen so that a call the
kernel does run either fails harmlessly (an unreadable address, a bad descriptor) or
changes only the throwaway sandbox.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from example_bots import example_bots

from arena.sandbox import Limits, SandboxConfig, SandboxUnavailable, check_sandbox, seccomp
from arena.sandbox.bwrap import bwrap_argv

EPERM, ENOSYS, EAFNOSUPPORT = "EPERM", "ENOSYS", "EAFNOSUPPORT"

#: What every hostile program starts with: raw system calls, answers as errno names.
PRELUDE = """
import ctypes, errno, json, os, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
BAD = 1  # an address the kernel cannot read: a call it runs fails with EFAULT

def call(nr, *args):
    cargs = [ctypes.c_long(a) if isinstance(a, int) else a for a in args]
    ctypes.set_errno(0)
    result = libc.syscall(ctypes.c_long(nr), *cargs)
    if result == -1:
        return errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno()))
    return "OK"
"""

#: One program trying every denied class. Effects are read back where a call could have one.
HOSTILE = """
import mmap, socket, time

def fds():
    return sorted(os.listdir("/proc/self/fd"))

def state():
    return {
        "mounts": open("/proc/self/mountinfo").read(),
        "namespaces": {n: os.readlink(f"/proc/self/ns/{n}") for n in os.listdir("/proc/self/ns")},
        "personality": open("/proc/self/personality").read().strip(),
        "root": os.stat("/").st_ino,
    }

def clone(flags):
    result = call(56, flags | 17, 0, 0, 0, 0)  # 17: SIGCHLD
    if result == "OK" and libc.getpid() != PID:  # a child the kernel made: leave at once
        os._exit(0)
    return result

PID = os.getpid()
before = state()
fds_before = fds()
secret = ctypes.create_string_buffer(b"secret")
target = ctypes.create_string_buffer(b"intact")
iov_secret = (ctypes.c_void_p * 2)(ctypes.addressof(secret), 6)
iov_target = (ctypes.c_void_p * 2)(ctypes.addressof(target), 6)
child = os.fork()
if child == 0:
    time.sleep(30)
    os._exit(0)

calls = {
    "io_uring": {
        "io_uring_setup": call(425, 8, BAD),
        "io_uring_enter": call(426, 1000, 0, 0, 0, 0, 0),
        "io_uring_register": call(427, 1000, 0, 0, 0),
    },
    "bpf_and_perf": {
        "bpf": call(321, 0, BAD, 128),
        "perf_event_open": call(298, BAD, 0, -1, -1, 0),
        "userfaultfd": call(323, 0),
    },
    "keys": {
        "add_key": call(248, BAD, BAD, 0, 0, -2),
        "request_key": call(249, BAD, BAD, 0, 0),
        "keyctl": call(250, 0, -3, 0),  # KEYCTL_GET_KEYRING_ID of the session keyring
    },
    "other_processes": {
        "ptrace_attach": call(101, 16, child, 0, 0),
        "process_vm_readv": call(310, PID, iov_target, 1, iov_secret, 1, 0),
        "process_vm_writev": call(311, PID, iov_secret, 1, iov_target, 1, 0),
        "kcmp": call(312, PID, PID, 0, 0, 0),
    },
    "mounts": {
        "mount": call(165, BAD, BAD, BAD, 0, 0),
        "umount2": call(166, BAD, 0),
        "pivot_root": call(155, BAD, BAD),
        "chroot": call(161, BAD),
        "open_tree": call(428, -100, BAD, 0),
        "move_mount": call(429, -100, BAD, -100, BAD, 0),
        "fsopen": call(430, BAD, 0),
        "fsconfig": call(431, 1000, 0, 0, 0, 0),
        "fsmount": call(432, 1000, 0, 0),
        "fspick": call(433, -100, BAD, 0),
        "mount_setattr": call(442, -100, BAD, 0xFFFFFFFF, BAD, 32),
        "open_by_handle_at": call(304, 1000, BAD, 0),
        "name_to_handle_at": call(303, -100, BAD, BAD, BAD, 0),
        "fanotify_init": call(300, 0x200, 0),  # FAN_REPORT_FID: allowed unprivileged
    },
    "namespaces": {
        "unshare": call(272, 0x10000000),
        "unshare_files": call(272, 0x400),
        "setns": call(308, 1000, 0),
        **{
            f"clone_{name}": clone(flag | 0x10000000)  # with NEWUSER: ENOSPC from the kernel
            for name, flag in [
                ("newns", 0x20000), ("newcgroup", 0x2000000), ("newuts", 0x4000000),
                ("newipc", 0x8000000), ("newpid", 0x20000000), ("newnet", 0x40000000),
            ]
        },
        "clone_newuser": clone(0x10000000),
    },
    "machine": {
        "kexec_load": call(246, 0, 1000, BAD, 0),
        "kexec_file_load": call(320, 1000, 1000, 0, BAD, 0),
        "init_module": call(175, BAD, 16, BAD),
        "finit_module": call(313, 1000, BAD, 0),
        "delete_module": call(176, BAD, 0),
        "reboot": call(169, 0, 0, 0, 0),
        "swapon": call(167, BAD, 0xFFFFFFFF),
        "swapoff": call(168, BAD),
        "acct": call(163, BAD),
        "quotactl": call(179, 0, BAD, 0, 0),
        "syslog": call(103, 10, 0, 0),
        "iopl": call(172, 3),
        "modify_ldt": call(154, 0, BAD, 16),
    },
    "clocks": {
        "settimeofday": call(164, BAD, 0),
        "clock_settime": call(227, 0, BAD),
        "adjtimex": call(159, BAD),
        "clock_adjtime": call(305, 0, BAD),
    },
    "sysv_ipc": {
        "shmget": call(29, 0, 4096, 0o1600),
        "semget": call(64, 0, 1, 0o1600),
        "msgget": call(68, 0, 0o1600),
        "mq_open": call(240, BAD, 0, 0, 0),
    },
}
# Allowed only to read (0xffffffff) or keep (0) the default: no turning off ASLR.
calls["personality"] = {
    "personality_no_randomize": call(135, 0x0040000),
    "personality_read_implies_exec": call(135, 0x0400000),
}
calls["unlisted"] = {
    "sysfs": call(139, 3),
    "mseal": call(462, 0, 0, 0),  # newer than the filter's list: the default answers
    "clone3": call(435, BAD, 88),
}
os.kill(child, 9)
os.waitpid(child, 0)
after = state()
print(json.dumps({
    "calls": calls,
    "changed": sorted(key for key in before if before[key] != after[key]),
    "new_fds": sorted(set(fds()) - set(fds_before)),
    "target": target.value.decode(),
    "personality_read": call(135, 0xFFFFFFFF),
}))
"""

#: Each class and the errno the filter answers its calls with.
DENIED_CLASSES: dict[str, str] = {
    "io_uring": EPERM,
    "bpf_and_perf": EPERM,
    "keys": EPERM,
    "other_processes": EPERM,
    "mounts": EPERM,
    "namespaces": EPERM,
    "machine": EPERM,
    "clocks": EPERM,
    "sysv_ipc": EPERM,
    "personality": ENOSYS,
    "unlisted": ENOSYS,
}

#: Families a bot tries. The kernel here lacks some (EAFNOSUPPORT either way); for those
#: the filter's rule, "anything but AF_UNIX", is shown by the families the kernel has.
FAMILIES: dict[str, int] = {
    "AF_INET": 2,
    "AF_INET6": 10,
    "AF_NETLINK": 16,
    "AF_PACKET": 17,
    "AF_VSOCK": 40,
    "AF_XDP": 44,
    "AF_BLUETOOTH": 31,
    "AF_ALG": 38,
    "AF_KEY": 15,
    "AF_TIPC": 30,
    "AF_RDS": 21,
    "AF_CAN": 29,
    "AF_QIPCRTR": 42,
    # AF_UNIX with a high bit set: the kernel reads an int and would make a Unix socket;
    # the filter compares all 64 bits and refuses.
    "AF_UNIX_high_bits": 0x1_0000_0001,
}

SOCKETS = """
import socket
out = {}
for name, family in FAMILIES.items():
    for kind in (1, 2, 3):  # stream, datagram, raw
        out[f"socket_{name}_{kind}"] = call(41, family, kind, 0)
pair = (ctypes.c_int * 2)()
out["socketpair_AF_INET"] = call(53, 2, 1, 0, pair)
try:
    socket.create_connection(("127.0.0.1", 9), timeout=2)
    out["python_connect"] = "OK"
except OSError as exc:
    out["python_connect"] = errno.errorcode.get(exc.errno, str(exc))
print(json.dumps(out))
"""

UNIX_SOCKETS = """
import socket, tempfile, threading
path = os.path.join(tempfile.mkdtemp(), "s")
server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
server.bind(path)
server.listen()
client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
client.connect(path)
peer, _ = server.accept()
client.sendall(b"stream")
got = [peer.recv(6)]
for kind in (socket.SOCK_DGRAM, socket.SOCK_SEQPACKET):
    a, b = socket.socketpair(socket.AF_UNIX, kind)
    a.send(b"pair")
    got.append(b.recv(4))
with socket.socket(socket.AF_UNIX) as host:
    host.connect(os.environ["HOST_SOCKET"])
    host.sendall(b"hello host")
    got.append(host.recv(2))
print(json.dumps([g.decode() for g in got]))
"""

#: What ordinary Python does, all of which must keep working under the filter.
ORDINARY = """
import asyncio, concurrent.futures, mmap, multiprocessing, selectors, shutil, signal, socket
import sqlite3, subprocess, tempfile, threading, time, uuid

def square(x):
    return x * x

def pool(method):
    with multiprocessing.get_context(method).Pool(2) as workers:
        assert workers.map(square, range(5)) == [0, 1, 4, 9, 16]

def files():
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "a")
    with open(path, "w") as f:
        f.write("x" * 1000)
    shutil.copy2(path, path + "2")
    shutil.copytree(folder, folder + "x")
    os.rename(path + "2", path + "3")
    os.symlink(path, path + "l")
    os.mkfifo(path + "f")
    with open(path, "r+b") as f, mmap.mmap(f.fileno(), 10) as mapped:
        mapped[0:1] = b"y"
        os.fsync(f.fileno())
    shutil.rmtree(folder)

async def coroutines():
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", "pass")
    await process.wait()
    await asyncio.get_running_loop().run_in_executor(None, square, 3)

def alarm():
    signal.signal(signal.SIGALRM, lambda *args: None)
    signal.setitimer(signal.ITIMER_REAL, 0.01)
    time.sleep(0.05)

checks = {
    "threads": lambda: list(concurrent.futures.ThreadPoolExecutor(4).map(square, range(9))),
    "subprocess": lambda: subprocess.run([sys.executable, "-c", "pass"], check=True),
    "shell": lambda: subprocess.run("echo hi | cat", shell=True, check=True, capture_output=True),
    "fork": lambda: pool("fork"),
    "spawn": lambda: pool("spawn"),
    "forkserver": lambda: pool("forkserver"),
    "asyncio": lambda: asyncio.run(coroutines()),
    "files": files,
    "sqlite": lambda: sqlite3.connect(tempfile.mktemp()).execute("create table t (x)"),
    "randomness": lambda: (os.urandom(16), uuid.uuid4()),
    "cpus": lambda: (os.cpu_count(), os.sched_getaffinity(0)),
    "signals": alarm,
    "selectors": lambda: selectors.DefaultSelector().select(0),
    "socketpair": lambda: socket.socketpair(),
    "personality_read": lambda: call(135, 0xFFFFFFFF) == "OK" or 1 / 0,
}
results = {}
for name, check in checks.items():
    try:
        check()
        results[name] = "ok"
    except Exception as exc:
        results[name] = f"{type(exc).__name__}: {exc}"
print(json.dumps(results))
"""


class Sandbox:
    """Runs a hostile program in real bubblewrap, with or without the seccomp filter."""

    def __init__(self, root: Path) -> None:
        self.root = root
        config = SandboxConfig(mode="bwrap")
        try:
            status = check_sandbox(config)
            problem = None if status else status.detail
            self.runtime = config.python()
            seccomp.compiled_program()
        except SandboxUnavailable as exc:
            problem = str(exc)
        if problem is not None:
            if os.environ.get("CI") == "true":
                pytest.fail(f"sandbox unavailable under CI=true: {problem}")
            pytest.skip(f"sandbox unavailable: {problem}")
        self.bwrap = shutil.which(config.bwrap) or config.bwrap

    def run(
        self,
        code: str,
        *,
        filtered: bool = True,
        binds: tuple[str, ...] = (),
        env: dict[str, str] | None = None,
        timeout: float = 60,
    ) -> subprocess.CompletedProcess[str]:
        folder = self.root / f"bot-{uuid.uuid4().hex[:8]}"
        folder.mkdir()
        (folder / "main.py").write_text(PRELUDE + textwrap.dedent(code))
        fds = [seccomp.open_filter()] if filtered else []
        argv = bwrap_argv(
            self.bwrap,
            self.runtime.argv(str(folder / "main.py")),
            ro_binds=[*self.runtime.roots, str(folder), *binds],
            tmpfs_size=Limits().tmpfs_size,
            shm_size=Limits().shm_size,
            seccomp_fd=fds[0] if fds else None,
        )
        try:
            return subprocess.run(
                argv,
                pass_fds=fds,
                capture_output=True,
                text=True,
                timeout=timeout,
                env={"PATH": "/usr/bin:/bin", "HOME": "/tmp", "TMPDIR": "/tmp", **(env or {})},
            )
        finally:
            for fd in fds:
                os.close(fd)

    @staticmethod
    def wait_for(condition: Callable[[], object], timeout: float = 10) -> bool:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)
        return True

    def json(self, code: str, **kwargs: object) -> object:
        run = self.run(code, **kwargs)  # type: ignore[arg-type]
        assert run.returncode == 0, run.stderr
        return json.loads(run.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    return Sandbox(tmp_path_factory.mktemp("seccomp"))


@pytest.fixture(scope="module")
def hostile(sandbox: Sandbox) -> dict[str, dict]:
    """The hostile program's answers with the filter and, for contrast, without it."""
    return {
        "filtered": sandbox.json(HOSTILE),
        "kernel": sandbox.json(HOSTILE, filtered=False),
    }


@pytest.mark.parametrize("denied_class", DENIED_CLASSES)
def test_every_call_of_a_denied_class_fails_with_the_filters_errno(
    hostile: dict[str, dict], denied_class: str
) -> None:
    expected = DENIED_CLASSES[denied_class]
    filtered = hostile["filtered"]["calls"][denied_class]
    kernel = hostile["kernel"]["calls"][denied_class]
    assert filtered == dict.fromkeys(filtered, expected)
    # The kernel alone answers otherwise for some call of the class: the filter did this.
    assert any(answer != expected for answer in kernel.values()), kernel


def test_denied_calls_had_no_effect(hostile: dict[str, dict]) -> None:
    filtered, kernel = hostile["filtered"], hostile["kernel"]
    assert filtered["changed"] == [] and filtered["new_fds"] == []
    assert filtered["target"] == "intact" and filtered["personality_read"] == "OK"
    # Without the filter, the same program overwrote memory through process_vm_writev and
    # turned off address randomisation.
    assert kernel["target"] == "secret" and "personality" in kernel["changed"]


def test_sockets_of_every_family_but_unix_fail_with_eafnosupport(sandbox: Sandbox) -> None:
    code = f"FAMILIES = {FAMILIES!r}\n{SOCKETS}"
    filtered = sandbox.json(code)
    assert filtered == dict.fromkeys(filtered, EAFNOSUPPORT)
    kernel = sandbox.json(code, filtered=False)
    # Without the filter the kernel makes INET, NETLINK and high-bit Unix sockets.
    made = {key for key, answer in kernel.items() if answer == "OK"}
    assert {"socket_AF_INET_1", "socket_AF_NETLINK_3"} <= made
    assert "socket_AF_UNIX_high_bits_1" in made


@pytest.fixture
def host_socket() -> Iterator[str]:
    """A Unix socket on the host, in a folder bound into the sandbox (as the referee's)."""
    folder = Path(f"/tmp/arena-seccomp-{uuid.uuid4().hex[:8]}")
    folder.mkdir()
    path = str(folder / "s")
    server = socket.socket(socket.AF_UNIX)
    server.bind(path)
    os.chmod(folder, 0o755)
    os.chmod(path, 0o777)
    server.listen()

    def answer() -> None:
        try:
            peer, _ = server.accept()
            with peer:
                peer.recv(64)
                peer.sendall(b"hi")
        except OSError:
            return

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    yield path
    server.close()
    thread.join(timeout=5)
    shutil.rmtree(folder, ignore_errors=True)


def test_unix_sockets_still_work_under_the_filter(sandbox: Sandbox, host_socket: str) -> None:
    got = sandbox.json(
        UNIX_SOCKETS,
        binds=(os.path.dirname(host_socket),),
        env={"HOST_SOCKET": host_socket},
    )
    assert got == ["stream", "pair", "pair", "hi"]


def test_ordinary_python_still_works_under_the_filter(sandbox: Sandbox) -> None:
    results = sandbox.json(ORDINARY, timeout=120)
    assert results == dict.fromkeys(results, "ok")


X32_GETPID = """
print("before", flush=True)
print("after", libc.syscall(ctypes.c_long(0x40000000 | 39)), flush=True)  # x32 getpid
"""

I386_GETPID = """
import mmap
code = bytes([0xB8, 20, 0, 0, 0, 0xCD, 0x80, 0xC3])  # mov eax, 20 (getpid); int 0x80; ret
page = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
page.write(code)
function = ctypes.CFUNCTYPE(ctypes.c_int)(ctypes.addressof(ctypes.c_char.from_buffer(page)))
print("before", flush=True)
print("after", function(), flush=True)
"""


@pytest.mark.parametrize("code", [X32_GETPID, I386_GETPID], ids=["x32", "i386"])
def test_a_call_under_another_architecture_kills_the_bot(sandbox: Sandbox, code: str) -> None:
    run = sandbox.run(code)
    # bubblewrap reports a child killed by signal N as exit 128+N.
    assert run.returncode == 128 + signal.SIGSYS, (run.returncode, run.stdout, run.stderr)
    assert run.stdout.split() == ["before"]
    unfiltered = sandbox.run(code, filtered=False)
    assert unfiltered.returncode != 128 + signal.SIGSYS


UNDO = """
import socket, struct
ALLOW_ALL = struct.pack("HBBI", 0x06, 0, 0, 0x7FFF0000)  # BPF_RET|BPF_K SECCOMP_RET_ALLOW
program = ctypes.create_string_buffer(ALLOW_ALL)
fprog = struct.pack("HxxxxxxQ", 1, ctypes.addressof(program))
fprog_buffer = ctypes.create_string_buffer(fprog)
out = {
    "prctl_filter": call(157, 22, 2, fprog_buffer, 0, 0),  # PR_SET_SECCOMP, FILTER
    "seccomp_filter": call(317, 1, 0, fprog_buffer),  # SECCOMP_SET_MODE_FILTER
    "seccomp_off": call(157, 22, 0, 0, 0, 0),  # PR_SET_SECCOMP, SECCOMP_MODE_DISABLED
    "no_new_privs_off": call(157, 38, 0, 0, 0, 0),  # PR_SET_NO_NEW_PRIVS 0
    "io_uring_setup": call(425, 8, BAD),
    "socket_inet": call(41, 2, 1, 0),
}
status = dict(line.split(":", 1) for line in open("/proc/self/status").read().splitlines())
out.update({key: status[key].strip() for key in ("NoNewPrivs", "Seccomp", "Seccomp_filters")})
print(json.dumps(out))
"""


def test_a_bot_cannot_remove_or_loosen_the_filter(sandbox: Sandbox) -> None:
    out = sandbox.json(UNDO)
    # Adding an allow-everything filter works, and changes nothing: filters stack and the
    # strictest answer wins. Turning seccomp or no_new_privs off is not a thing.
    assert out["prctl_filter"] == "OK" and out["seccomp_filter"] == "OK"
    assert out["seccomp_off"] == "EINVAL" and out["no_new_privs_off"] == "EINVAL"
    assert out["io_uring_setup"] == EPERM and out["socket_inet"] == EAFNOSUPPORT
    assert out["NoNewPrivs"] == "1" and out["Seccomp"] == "2"
    assert out["Seccomp_filters"] == "3"


def test_the_bot_does_not_inherit_the_filters_descriptor(sandbox: Sandbox) -> None:
    fds = sandbox.json("print(json.dumps(sorted(os.listdir('/proc/self/fd'))))")
    assert fds == ["0", "1", "2", "3"]  # stdio, and the listing's own descriptor


def test_open_filter_gives_a_new_sealed_descriptor_at_offset_zero() -> None:
    try:
        first, second = seccomp.open_filter(), seccomp.open_filter()
    except SandboxUnavailable as exc:
        pytest.skip(str(exc))
    try:
        assert first != second
        assert os.get_inheritable(first)
        assert os.lseek(first, 0, os.SEEK_CUR) == 0
        program = os.read(first, 1 << 20)
        assert program == seccomp.compiled_program() and len(program) % 8 == 0
        with pytest.raises(PermissionError):  # sealed: nobody can change it before bwrap
            os.pwrite(second, b"\0" * 8, 0)
    finally:
        os.close(first)
        os.close(second)


@pytest.mark.skipif(os.uname().machine != "x86_64", reason="the lists name x86-64 calls")
def test_every_name_in_the_policy_is_a_real_call_on_this_machine() -> None:
    try:
        pyseccomp = seccomp._library()
    except SandboxUnavailable as exc:
        pytest.skip(str(exc))
    names = (*seccomp.ALLOWED, *seccomp.DENIED)
    unknown = [n for n in names if pyseccomp.resolve_syscall(pyseccomp.Arch.NATIVE, n) < 0]
    assert unknown == [], "not system calls here (typo, or libseccomp too old)"
    assert not set(seccomp.ALLOWED) & set(seccomp.DENIED)


MISSING = """
import sys
{block}
from arena.sandbox import SandboxUnavailable, seccomp
try:
    seccomp.open_filter()
except SandboxUnavailable as exc:
    print("refused:", exc)
"""


def test_without_pyseccomp_bots_are_refused_with_a_clear_message() -> None:
    code = MISSING.format(block="sys.modules['pyseccomp'] = None  # as if not installed")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.stdout.startswith("refused:"), run.stderr
    assert "pyseccomp" in run.stdout


def test_without_libseccomp_bots_are_refused_with_a_clear_message(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    found = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, text=True).stdout
    paths = {line.split(" => ")[-1] for line in found.splitlines() if "libseccomp.so" in line}
    assert paths, "libseccomp2 is not installed (scripts/install-system-deps.sh installs it)"
    repo = str(Path(__file__).resolve().parents[2])
    # A sandbox in which the library file reads as empty: dlopen fails as if it were gone.
    hide = [arg for path in sorted(paths) for arg in ("--ro-bind", "/dev/null", path)]
    argv = bwrap_argv(
        sandbox.bwrap,
        [sys.executable, "-c", MISSING.format(block="")],
        ro_binds=[*{*sandbox.runtime.roots, *_own_roots()}, repo],
        tmpfs_size=Limits().tmpfs_size,
        shm_size=Limits().shm_size,
    )
    argv[argv.index("--") : argv.index("--")] = hide
    run = subprocess.run(argv, capture_output=True, text=True, timeout=60, env={"PATH": "/bin"})
    assert run.stdout.startswith("refused:"), run.stderr
    assert "libseccomp" in run.stdout and "install-system-deps" in run.stdout


def _own_roots() -> tuple[str, ...]:
    """The folders this test's own interpreter and packages live in."""
    from arena.sandbox.runtime import PythonRuntime

    return PythonRuntime.current().roots


EXAMPLES = example_bots()


def _seccomp_modes(pids: list[int]) -> dict[int, str]:
    """`Seccomp:` of each host pid that runs Python (the bot), read from the host's /proc."""
    modes = {}
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if fields["Name"].strip().startswith("python"):
            modes[pid] = fields["Seccomp"].strip()
    return modes


@pytest.mark.parametrize(("name", "path"), EXAMPLES, ids=lambda p: str(p).rsplit("examples/")[-1])
def test_every_example_bot_plays_a_match_under_the_filter_without_strikes(
    sandbox: Sandbox, name: str, path: Path
) -> None:
    import arena.games
    from arena.match.hosted import SandboxedAgent
    from arena.match.lineup import builtin_agent
    from arena.match.referee import run_match

    game = arena.games.get(name)
    bot = SandboxedAgent(path, game=game.name, seat=0)
    agents = [bot, *(builtin_agent(game, "random", seat) for seat in range(1, game.min_players))]
    if len(agents) < 2:
        agents.append(builtin_agent(game, "random", 1))
    try:
        # The platform's own launch path: the bot's processes, seen from the host, are under
        # a seccomp filter before the match begins.
        assert Sandbox.wait_for(lambda: _seccomp_modes(bot.process.pids()))
        assert set(_seccomp_modes(bot.process.pids()).values()) == {"2"}
        record = run_match(game.name, agents, seed=3)
    finally:
        for agent in agents:
            agent.close()
    assert record.seats[0].strikes == [], record.seats[0].stderr
    assert not record.seats[0].disqualified


PLATFORM_PROBE = """
out = {
    "io_uring_setup": call(425, 8, BAD),
    "socket_inet": call(41, 2, 1, 0),
    "clone_newuser": call(56, 0x10000000 | 17, 0, 0, 0, 0),
    "fanotify_init": call(300, 0x200, 0),
}
print(json.dumps(out))
"""


def test_every_bot_the_platform_starts_is_under_the_filter(sandbox: Sandbox) -> None:
    from arena.sandbox import SandboxedProcess
    from arena.sandbox.uids import lease
    from arena.sandbox.workspace import private_dir

    seat = lease(SandboxConfig(mode="bwrap"))
    config = seat.config
    folder = private_dir(config)
    try:
        (folder / "main.py").write_text(PRELUDE + textwrap.dedent(PLATFORM_PROBE))
        with SandboxedProcess.start(
            config.python().argv(str(folder / "main.py")), bot_dir=folder, config=config
        ) as bot:
            assert bot.wait(30) is not None
        assert bot.returncode == 0, bot.stderr_text()
        assert json.loads(bot.stdout_text()) == {
            "io_uring_setup": EPERM,
            "socket_inet": EAFNOSUPPORT,
            "clone_newuser": EPERM,
            "fanotify_init": EPERM,
        }
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        seat.release()
