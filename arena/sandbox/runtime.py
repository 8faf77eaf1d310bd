"""The Python a bot runs on, and the host directories that must be visible for it to start.

The interpreter and its packages are bound into the sandbox read-only *at their host paths*:
pyenv builds carry an absolute RUNPATH to libpython, a venv's `pyvenv.cfg` names its base
interpreter by absolute path, and an editable install of the SDK maps `arena_sdk` to its
source folder by absolute path. Keeping the paths means none of that needs rewriting, and
the argv and socket paths a caller builds are the same with and without bubblewrap.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

#: Packages a bot must be able to import besides the standard library and site-packages.
BOT_PACKAGES: tuple[str, ...] = ("arena_sdk",)

#: Host directories the sandbox always binds read-only; roots below them need no own bind.
SYSTEM_DIRS: tuple[str, ...] = ("/usr",)

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
    return (runtime or PythonRuntime.current()).argv(script, *args)


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
