"""The kernel's knobs in /proc and the device folder are read-only inside the sandbox, and
/dev/shm is a small tmpfs of the bot's own: whoever starts the referee."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.sandbox import Limits, SandboxConfig, check_sandbox
from arena.sandbox.bwrap import bwrap_argv
from arena.sandbox.runtime import default_runtime

CORE_PATTERN = Path("/proc/sys/kernel/core_pattern")
#: What an attacker writes: the kernel would run this program, as host root, on a crash.
EVIL_PATTERN = "|/tmp/arena-pwned %p"

KNOBS = """
    import errno, json, os
    results = {}
    for path, value in [
        ("/proc/sys/kernel/core_pattern", "|/tmp/arena-pwned %p"),
        ("/proc/sys/kernel/hostname", "pwned"),
        ("/proc/sys/vm/drop_caches", "3"),
        ("/proc/sysrq-trigger", "h"),  # help: harmless even if it went through
    ]:
        try:
            with open(path, "w") as f:
                f.write(value)
            results[path] = "written"
        except OSError as exc:
            results[path] = errno.errorcode[exc.errno]
    print(json.dumps(results))
"""

DEV = """
    import errno, json, os
    results = {}
    for path in ["/dev/pwned", "/dev/pts/pwned"]:
        try:
            open(path, "w").close()
            results[path] = "created"
        except OSError as exc:
            results[path] = errno.errorcode[exc.errno]
    # Many files of 1 MiB each: the per-file size rlimit is not what must stop this.
    written, error, chunk = 0, None, b"x" * (1 << 20)
    try:
        while written < 1 << 30:
            with open(f"/dev/shm/hoard-{written}", "wb", buffering=0) as f:
                written += f.write(chunk)
    except OSError as exc:
        error = errno.errorcode[exc.errno]
    results["shm_written"] = written
    results["shm_error"] = error
    results["shm_size"] = sum(e.stat().st_size for e in os.scandir("/dev/shm"))
    print(json.dumps(results))
"""


@pytest.fixture
def core_pattern() -> Iterator[str]:
    """The host's core_pattern before the test; put back if a bot ever changed it."""
    before = CORE_PATTERN.read_text()
    yield before
    if CORE_PATTERN.read_text() != before and os.geteuid() == 0:
        CORE_PATTERN.write_text(before)


def test_a_bot_cannot_write_kernel_settings_and_the_hosts_stay_unchanged(bots, core_pattern):
    bot = bots.run(KNOBS)
    results = json.loads(bot.stdout_text())
    assert CORE_PATTERN.read_text() == core_pattern
    for path, outcome in results.items():
        # EROFS: covered read-only; ENOENT: not there at all (a kernel without sysrq).
        assert outcome in ("EROFS", "ENOENT"), (path, outcome)
    assert results["/proc/sys/kernel/core_pattern"] == "EROFS"


def test_proc_sys_is_read_only_even_in_a_bubblewrap_started_by_root(core_pattern):
    """The cover does not depend on the uid drop: bwrap started as root (no setpriv) is
    exactly the case in which bubblewrap skips its own cover of /proc/sys."""
    config = SandboxConfig(mode="bwrap")
    if not check_sandbox(config):
        pytest.skip(check_sandbox(config).detail)
    bwrap = shutil.which(config.bwrap)
    assert bwrap
    runtime = default_runtime()
    argv = bwrap_argv(
        bwrap,
        ["/bin/sh", "-c", f"echo '{EVIL_PATTERN}' > {CORE_PATTERN}"],
        ro_binds=runtime.roots,
        tmpfs_size=Limits().tmpfs_size,
        shm_size=Limits().shm_size,
    )
    run = subprocess.run(argv, capture_output=True, text=True, timeout=30, env={})
    assert run.returncode != 0
    assert "Read-only file system" in run.stderr
    assert CORE_PATTERN.read_text() == core_pattern


def test_dev_is_read_only_and_dev_shm_is_capped(bots):
    limits = Limits()
    bot = bots.run(DEV, limits=limits)
    results = json.loads(bot.stdout_text())
    assert results["/dev/pwned"] == "EROFS"
    assert not Path("/dev/pwned").exists()
    assert results["shm_error"] == errno.errorcode[errno.ENOSPC]
    assert results["shm_written"] <= limits.shm_size
    assert results["shm_size"] <= limits.shm_size


def test_the_dev_shm_cap_is_the_configured_one(bots):
    small = Limits(shm_size=2 << 20)
    results = json.loads(bots.run(DEV, limits=small).stdout_text())
    assert results["shm_error"] == "ENOSPC"
    assert small.shm_size - (1 << 20) <= results["shm_size"] <= small.shm_size


HOST_FILES = """
    import json
    seen = {}
    for path in ["/proc/cmdline", "/proc/partitions", "/proc/modules", "/proc/diskstats"]:
        try:
            seen[path] = open(path).read()
        except OSError as exc:
            seen[path] = f"error {exc.errno}"
    print(json.dumps(seen))
"""


def test_proc_shows_nothing_of_the_hosts_boot_line_disks_or_modules(bots):
    bot = bots.run(HOST_FILES)
    seen = json.loads(bot.stdout_text() or "null")
    assert seen, bot.stderr_text()
    for path, text in seen.items():
        if Path(path).exists():
            assert text == "", (path, text[:100])
