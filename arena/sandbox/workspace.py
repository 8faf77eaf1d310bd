"""A hosted bot's private folder on the host: a copy of its own code, and its socket folder.

The sandbox shows a bot only what is bound in. Binding the folder around a bot file would
show it its neighbours (another entrant's code, a checkout's `var/secret_key`), and the
sandbox uid of a root referee may not even be able to enter a user's folder. So each bot
gets a fresh folder that only the uid it runs as (and root) can enter, holding a copy of
exactly its own code (the file, or the package folder it names) and the folder where the
referee's Unix socket lives. Both are bound read-only.

The copy keeps no owner or permission of the original (everything is readable, nothing
writable by the bot), copies symbolic links as links (inside the sandbox they reach only
what is bound there, never the original's neighbours), refuses devices, pipes and sockets,
and stops with a clear error past `Limits.code_size` bytes or `Limits.code_files` entries.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from arena.sandbox.config import Limits, SandboxConfig

#: The file a package bot (a folder) starts from, as in an uploaded archive.
PACKAGE_ENTRY = "bot.py"
#: Folders that are never a bot's code: version control and bytecode caches.
SKIPPED: frozenset[str] = frozenset({".git", ".hg", ".svn", "__pycache__"})
CHUNK = 1 << 20


class CodeCopyError(ValueError):
    """The bot's code cannot be copied: too large, too many files, or not plain files."""


def locate_bot(path: str | os.PathLike[str]) -> tuple[Path, Path | None]:
    """(entry file, package folder or None) for a bot file or a package bot's folder."""
    path = Path(path).resolve()
    if path.is_dir():
        entry = path / PACKAGE_ENTRY
        if not entry.is_file():
            raise ValueError(
                f"bot folder {path} has no {PACKAGE_ENTRY}: a package bot starts there"
            )
        return entry, path
    if not path.is_file():
        raise ValueError(f"bot file {path} does not exist")
    return path, None


def private_dir(config: SandboxConfig, prefix: str = "arena-bot-") -> Path:
    """A new folder (mode 0700, short path: socket paths are limited to 107 bytes) that
    the bot's host uid can enter and nobody else but root. A root referee's `config` must
    carry the sandbox's leased uid (`arena.sandbox.uids.lease(config).config`)."""
    config.host_ids()  # ValueError before anything is made, for a config with no uid
    path = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        hand_over(path, config)
    except BaseException:
        path.rmdir()
        raise
    return path


def hand_over(path: str | os.PathLike[str], config: SandboxConfig) -> None:
    """Make `path` the bot's: owned by the uid and gid it runs as (a root referee only;
    otherwise the bot runs as the referee's own uid, which owns it already)."""
    if config.drops_privileges:
        uid, gid = config.host_ids()
        os.chown(path, uid, gid, follow_symlinks=False)


def copy_code(source: str | os.PathLike[str], dest: str | os.PathLike[str], limits: Limits) -> Path:
    """Copy a bot file into the new folder `dest`, or a package folder's contents as `dest`.

    Returns the copied file (for a file) or `dest` (for a folder). Raises CodeCopyError.
    """
    source, dest = Path(source).resolve(), Path(dest)
    budget = _Budget(limits)
    if source.is_dir():
        _copy_tree(source, dest, budget)
        return dest
    dest.mkdir(mode=0o755)
    budget.take(source, 0)
    target = dest / source.name
    _copy_file(source, target, budget)
    return target


class _Budget:
    def __init__(self, limits: Limits) -> None:
        self.bytes_left = limits.code_size
        self.entries_left = limits.code_files
        self.limits = limits

    def take(self, path: Path, size: int) -> None:
        self.entries_left -= 1
        if self.entries_left < 0:
            raise CodeCopyError(
                f"the bot's code holds more than {self.limits.code_files} files and folders "
                f"(at {path}); a bot is its .py file, or a folder holding only its code"
            )
        self.spend(path, size)

    def spend(self, path: Path, size: int) -> None:
        self.bytes_left -= size
        if self.bytes_left < 0:
            raise CodeCopyError(
                f"the bot's code is larger than {self.limits.code_size:,} bytes (at {path}); "
                "a bot is its .py file, or a folder holding only its code"
            )


def _copy_tree(root: Path, dest: Path, budget: _Budget) -> None:
    """Depth-first without recursion: a deep tree cannot exhaust Python's stack."""
    dest.mkdir(mode=0o755)
    pending = [(root, dest)]
    while pending:
        folder, target = pending.pop()
        with os.scandir(folder) as entries:
            children = sorted(entries, key=lambda entry: entry.name)
        for entry in children:
            if entry.name in SKIPPED:
                continue
            path, copy = Path(entry.path), target / entry.name
            budget.take(path, 0)
            if entry.is_symlink():
                os.symlink(os.readlink(path), copy)
            elif entry.is_dir(follow_symlinks=False):
                copy.mkdir(mode=0o755)
                pending.append((path, copy))
            elif entry.is_file(follow_symlinks=False):
                _copy_file(path, copy, budget)
            else:
                raise CodeCopyError(f"{path} is not a file, a folder or a link: not bot code")


def _copy_file(source: Path, target: Path, budget: _Budget) -> None:
    """Copy one regular file, counting its bytes as they are read (it may grow meanwhile)."""
    try:
        # O_NONBLOCK: a file swapped for a pipe meanwhile must not hang the referee.
        fd = os.open(source, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise CodeCopyError(f"cannot read {source}: {exc.strerror}") from exc
    with os.fdopen(fd, "rb") as src:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise CodeCopyError(f"{source} is not a regular file: not bot code")
        mode = 0o755 if info.st_mode & 0o111 else 0o644
        with open(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode), "wb") as dst:
            while chunk := src.read(CHUNK):
                budget.spend(source, len(chunk))
                dst.write(chunk)
    os.chmod(target, mode)  # whatever the umask
