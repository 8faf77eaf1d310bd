"""Bot submission: check an upload, store it, and queue its validation.

An upload is one `.py` file, or a `.zip` / `.tar.gz` whose root holds `bot.py` (a single
top-level folder is looked through, as GitHub's archives have one). Anything that could
escape the folder it is unpacked into is refused with a reason a person can act on:
absolute paths, `..`, links, devices, too many or too large files. The code is then only
*compiled* here, never run: importing it and playing a validation match happen in the
sandbox (`workers.tasks.validate_version`).
"""

from __future__ import annotations

import hashlib
import io
import re
import stat
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction

import arena.games
from webui import queue
from webui.bots import limits
from webui.bots.models import Bot, BotVersion

ENTRY = "bot.py"
MAX_FILES = 200
MAX_UNPACKED = 8 << 20
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


class SubmissionError(ValueError):
    """The upload is refused; the message says why, for the person who uploaded it."""


@dataclass(frozen=True)
class Upload:
    kind: str  # "py", "zip" or "tar.gz"
    #: Relative POSIX path -> contents, with any single top-level folder removed.
    files: dict[str, bytes]
    entry: str


def kind_of(filename: str) -> str:
    lower = filename.lower()
    for suffix, kind in ((".tar.gz", "tar.gz"), (".tgz", "tar.gz"), (".zip", "zip"), (".py", "py")):
        if lower.endswith(suffix):
            return kind
    raise SubmissionError(
        f"{filename!r}: upload a single .py file, or a .zip or .tar.gz archive with {ENTRY} "
        "at its root"
    )


def check_upload(filename: str, data: bytes, max_bytes: int | None = None) -> Upload:
    """Everything that can be checked without running the code; SubmissionError if bad."""
    limit = settings.ARENA_UPLOAD_MAX_BYTES if max_bytes is None else max_bytes
    kind = kind_of(filename)
    if not data:
        raise SubmissionError(f"{filename!r} is empty")
    if len(data) > limit:
        raise SubmissionError(f"{filename!r} is {len(data):,} bytes; the limit is {limit:,} bytes")
    if kind == "py":
        name = PurePosixPath(filename.replace("\\", "/")).name
        files = {name: data}
        entry = name
    else:
        files = _read_zip(data) if kind == "zip" else _read_tar(data)
        files = _strip_top_folder(files)
        if ENTRY not in files:
            shown = ", ".join(sorted(files)[:10]) or "nothing"
            raise SubmissionError(
                f"the archive has no {ENTRY} at its root (it holds: {shown}); {ENTRY} must "
                "define your Bot subclass"
            )
        entry = ENTRY
    for path, content in files.items():
        if path.endswith(".py"):
            _compile(path, content)
    return Upload(kind, files, entry)


def _compile(path: str, content: bytes) -> None:
    """Compile without running: a syntax error is reported here, with its line."""
    try:
        source = content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SubmissionError(
            f"{path} is not UTF-8 text: {exc.reason} at byte {exc.start}"
        ) from None
    try:
        compile(source, path, "exec", dont_inherit=True)
    except SyntaxError as exc:
        raise SubmissionError(f"{path}, line {exc.lineno}: syntax error: {exc.msg}") from None
    except ValueError as exc:  # null bytes
        raise SubmissionError(f"{path}: {exc}") from None


def _safe_path(name: str) -> str:
    """The member's relative POSIX path, or SubmissionError if it could escape its folder."""
    if "\x00" in name:
        raise SubmissionError(f"archive member {name!r} has a NUL byte in its name")
    posix = name.replace("\\", "/")
    if posix.startswith("/") or re.match(r"^[A-Za-z]:", posix):
        raise SubmissionError(
            f"archive member {name!r} has an absolute path; paths must be relative"
        )
    parts = [p for p in posix.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise SubmissionError(
            f"archive member {name!r} contains '..'; paths must stay inside the archive"
        )
    if not parts:
        raise SubmissionError(f"archive member {name!r} has an empty path")
    return "/".join(parts)


def _add(files: dict[str, bytes], path: str, content: bytes, total: list[int]) -> None:
    if path in files:
        raise SubmissionError(f"archive member {path!r} appears twice")
    if len(files) >= MAX_FILES:
        raise SubmissionError(f"the archive has more than {MAX_FILES} files")
    total[0] += len(content)
    if total[0] > MAX_UNPACKED:
        raise SubmissionError(f"the archive unpacks to more than {MAX_UNPACKED:,} bytes")
    files[path] = content


def _read_zip(data: bytes) -> dict[str, bytes]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as exc:
        raise SubmissionError(f"not a valid .zip archive: {exc}") from None
    files: dict[str, bytes] = {}
    total = [0]
    with archive:
        infos = archive.infolist()
        if sum(i.file_size for i in infos) > MAX_UNPACKED:
            raise SubmissionError(f"the archive unpacks to more than {MAX_UNPACKED:,} bytes")
        for info in infos:
            path = _safe_path(info.filename)
            mode = info.external_attr >> 16
            if stat.S_ISLNK(mode):
                raise SubmissionError(
                    f"archive member {info.filename!r} is a symbolic link; links are refused"
                )
            if mode and (
                stat.S_ISCHR(mode)
                or stat.S_ISBLK(mode)
                or stat.S_ISFIFO(mode)
                or stat.S_ISSOCK(mode)
            ):
                raise SubmissionError(
                    f"archive member {info.filename!r} is a device, pipe or socket; "
                    "only regular files are accepted"
                )
            if info.flag_bits & 0x1:
                raise SubmissionError(f"archive member {info.filename!r} is encrypted")
            if info.is_dir():
                continue
            try:
                with archive.open(info) as member:
                    content = member.read(MAX_UNPACKED + 1)
            except (zipfile.BadZipFile, OSError, NotImplementedError, EOFError) as exc:
                raise SubmissionError(
                    f"cannot read archive member {info.filename!r}: {exc}"
                ) from None
            _add(files, path, content, total)
    return files


def _read_tar(data: bytes) -> dict[str, bytes]:
    if not data.startswith(b"\x1f\x8b"):
        raise SubmissionError("not a valid .tar.gz archive: it is not gzip-compressed")
    files: dict[str, bytes] = {}
    total = [0]
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            for member in archive:
                path = _safe_path(member.name)
                if member.issym() or member.islnk():
                    raise SubmissionError(
                        f"archive member {member.name!r} is a link; links are refused"
                    )
                if member.ischr() or member.isblk() or member.isfifo():
                    raise SubmissionError(
                        f"archive member {member.name!r} is a device or pipe; "
                        "only regular files are accepted"
                    )
                if member.isdir():
                    continue
                if not member.isfile():
                    raise SubmissionError(f"archive member {member.name!r} is not a regular file")
                if total[0] + member.size > MAX_UNPACKED:
                    raise SubmissionError(
                        f"the archive unpacks to more than {MAX_UNPACKED:,} bytes"
                    )
                extracted = archive.extractfile(member)
                assert extracted is not None
                _add(files, path, extracted.read(), total)
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise SubmissionError(f"not a valid .tar.gz archive: {exc}") from None
    return files


def _strip_top_folder(files: dict[str, bytes]) -> dict[str, bytes]:
    tops = {path.split("/", 1)[0] for path in files}
    if len(tops) == 1 and all("/" in path for path in files) and ENTRY not in files:
        return {path.split("/", 1)[1]: content for path, content in files.items()}
    return files


def unpack(filename: str, data: bytes, dest: Path) -> Path:
    """Write a stored upload's files under `dest` (re-checked); return the entry file."""
    upload = check_upload(filename, data, max_bytes=len(data))
    for path, content in upload.files.items():
        target = dest.joinpath(*path.split("/"))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
    return dest / upload.entry


def submit(
    owner: AbstractBaseUser,
    game: str,
    name: str,
    filename: str,
    data: bytes,
    *,
    rate_limited: bool = False,
) -> BotVersion:
    """Store a new version of `owner`'s bot `name` for `game` and queue its validation.

    `rate_limited` (the upload page and the API) refuses it with `limits.RateLimited` when
    the owner has used up the submissions allowed per hour; operators' commands are not.
    """
    if rate_limited:
        limits.check(owner)  # early, before storing anything; checked again under a lock
    try:
        arena.games.get(game)
    except KeyError as exc:
        raise SubmissionError(str(exc.args[0])) from None
    if not NAME_RE.match(name):
        raise SubmissionError(
            f"bot name {name!r}: use 1-64 letters, digits, '_', '-' or '.', starting with a "
            "letter or digit"
        )
    upload = check_upload(filename, data)
    digest = hashlib.sha256(data).hexdigest()
    suffix = {"py": ".py", "zip": ".zip", "tar.gz": ".tar.gz"}[upload.kind]
    # Content-addressed, written before the transaction: no file I/O while rows are locked.
    stored = f"bots/{digest[:2]}/{digest}{suffix}"
    if not default_storage.exists(stored):
        stored = default_storage.save(stored, ContentFile(data))
    with transaction.atomic():
        if rate_limited:
            limits.lock_and_check(owner)
        bot, _ = Bot.objects.get_or_create(owner=owner, name=name, game=game)
        Bot.objects.select_for_update().filter(pk=bot.pk).first()
        last = bot.versions.order_by("-number").values_list("number", flat=True).first() or 0
        version = BotVersion.objects.create(bot=bot, number=last + 1, file=stored, sha256=digest)
        transaction.on_commit(lambda: queue.validate(version.pk))
    return version
