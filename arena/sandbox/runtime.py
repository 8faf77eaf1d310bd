"""The Python a bot runs on, and the host directories that must be visible for it to start.

The interpreter and its packages are bound into the sandbox read-only *at their host paths*:
pyenv builds carry an absolute RUNPATH to libpython, a venv's `pyvenv.cfg` names its base
interpreter by absolute path, and an editable install of the SDK maps `arena_sdk` to its
source folder by absolute path. Keeping the paths means none of that needs rewriting, and
the argv and socket paths a caller builds are the same with and without bubblewrap.

A root referee drops to an unprivileged uid before bubblewrap, and that uid must be able to
read the interpreter: pyenv's, under root's 0700 home, it cannot. So a root referee runs
bots on the *bot runtime*, a venv of the system's Python holding only the SDK and its
dependencies (`scripts/install-bot-runtime.sh` builds it), found at ARENA_BOT_RUNTIME or
DEFAULT_BOT_RUNTIME. It never falls back to its own interpreter: without the runtime, bots
are refused.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from arena.sandbox.config import SandboxUnavailable

#: Packages a bot must be able to import besides the standard library and site-packages:
#: the SDK, and `arena` for its game engines (`arena.games`), which search bots resample
#: states with. Bound read-only; the package holds code, never settings or secrets.
BOT_PACKAGES: tuple[str, ...] = ("arena_sdk", "arena")

#: Host directories the sandbox always binds read-only; roots below them need no own bind.
SYSTEM_DIRS: tuple[str, ...] = ("/usr",)

RUNTIME_ENV = "ARENA_BOT_RUNTIME"
#: Where `scripts/install-bot-runtime.sh` puts the bot runtime when run as root.
DEFAULT_BOT_RUNTIME = "/var/lib/arena/bot-runtime"
INSTALL_HINT = (
    "build it with scripts/install-bot-runtime.sh (`make install` runs it), or point "
    f"{RUNTIME_ENV} at a venv that holds arena-sdk and that the sandbox uid can read"
)

_DESCRIBE = """
import importlib.util, json, sys
dirs = []
for name in sys.argv[1:]:
    spec = importlib.util.find_spec(name)
    if spec is not None:
        dirs += list(spec.submodule_search_locations or [])
print(json.dumps({"executable": sys.executable, "prefix": sys.prefix,
                  "base_prefix": sys.base_prefix, "package_dirs": dirs}))
"""


@dataclass(frozen=True)
class PythonRuntime:
    """An interpreter (absolute path) and the host directories it needs, all read-only."""

    interpreter: str
    roots: tuple[str, ...]

    @classmethod
    def current(cls) -> PythonRuntime:
        """The interpreter running this process, wherever its venv lives."""
        return _current()

    @classmethod
    def for_interpreter(cls, python: str, packages: Sequence[str] = BOT_PACKAGES) -> PythonRuntime:
        """Describe another interpreter, e.g. a lean venv holding only the SDK for bots."""
        out = subprocess.run(
            [python, "-c", _DESCRIBE, *packages],
            check=True,
            capture_output=True,
            text=True,
            env={"PATH": "/usr/bin:/bin"},
            timeout=30,
        ).stdout
        info = json.loads(out)
        return _from_description(
            info["executable"], info["prefix"], info["base_prefix"], info["package_dirs"]
        )

    def argv(self, script: str, *args: str) -> list[str]:
        """Run `script` (or `-m`, `-c` ...) with this interpreter, by absolute path."""
        return [self.interpreter, script, *args]

    @property
    def bin_dir(self) -> str:
        """Where `python` lives, first on the bot's PATH."""
        return os.path.dirname(self.interpreter)


def python_argv(script: str, *args: str, runtime: PythonRuntime | None = None) -> list[str]:
    """The argv that runs a Python script (or `-m module`) with the sandbox's interpreter."""
    return (runtime or default_runtime()).argv(script, *args)


def bot_runtime_dir() -> str | None:
    """The bot runtime's folder: ARENA_BOT_RUNTIME, else DEFAULT_BOT_RUNTIME for a root
    referee; None means bots may run on the referee's own interpreter."""
    configured = os.environ.get(RUNTIME_ENV, "").strip()
    if configured:
        return configured
    return DEFAULT_BOT_RUNTIME if os.geteuid() == 0 else None


def default_runtime() -> PythonRuntime:
    """The bot runtime where one is required or configured, else the current interpreter.

    SandboxUnavailable (naming the install script) when the bot runtime is required but
    missing or broken: a root referee never runs bots on its own interpreter instead.
    """
    folder = bot_runtime_dir()
    return PythonRuntime.current() if folder is None else bot_runtime(folder)


_runtimes: dict[str, PythonRuntime] = {}
_runtimes_lock = threading.Lock()


def bot_runtime(folder: str) -> PythonRuntime:
    """The venv at `folder`, described once per process (only a working one is kept)."""
    if not os.path.isabs(folder):
        raise SandboxUnavailable(f"{RUNTIME_ENV}={folder!r} must be an absolute path")
    with _runtimes_lock:
        if folder in _runtimes:
            return _runtimes[folder]
    python = os.path.join(folder, "bin", "python")
    if not os.path.isfile(python):
        raise SandboxUnavailable(
            f"no bot runtime at {folder} ({python} is missing); {INSTALL_HINT}"
        )
    try:
        runtime = PythonRuntime.for_interpreter(python)
    except (OSError, subprocess.SubprocessError, ValueError, RuntimeError) as exc:
        raise SandboxUnavailable(
            f"the bot runtime at {folder} does not work ({exc}); {INSTALL_HINT}"
        ) from exc
    with _runtimes_lock:
        _runtimes[folder] = runtime
    return runtime


@cache
def _current() -> PythonRuntime:
    dirs: list[str] = []
    for name in BOT_PACKAGES:
        spec = importlib.util.find_spec(name)
        if spec is not None:
            dirs += list(spec.submodule_search_locations or [])
    return _from_description(sys.executable, sys.prefix, sys.base_prefix, dirs)


def _from_description(
    executable: str, prefix: str, base_prefix: str, package_dirs: Iterable[str]
) -> PythonRuntime:
    if not executable or not os.path.isabs(executable):
        raise RuntimeError(f"cannot locate the Python interpreter (got {executable!r})")
    real_bin = os.path.dirname(os.path.realpath(executable))
    wanted = [base_prefix, prefix, real_bin, *package_dirs]
    return PythonRuntime(interpreter=executable, roots=minimal_roots(wanted))


def minimal_roots(paths: Iterable[str]) -> tuple[str, ...]:
    """Absolute, deduplicated paths, dropping any inside another one or inside /usr."""
    result: list[str] = []
    for path in sorted({os.path.normpath(p) for p in paths if p}):
        if not os.path.isabs(path):
            raise ValueError(f"runtime path must be absolute: {path!r}")
        covered = (*SYSTEM_DIRS, *result)
        if not any(path == root or path.startswith(root + "/") for root in covered):
            result.append(path)
    return tuple(result)
