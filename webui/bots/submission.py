"""Bot submission: check an upload, store it, and queue its validation.

An upload is one `.py` file, or a `.zip` / `.tar.gz` whose root holds `bot.py` (a single
top-level folder is looked through, as GitHub's archives have one). Archives are read by
`webui.bots.archives`, which bounds every cost before paying it (`UploadLimits`) and refuses,
with a reason a person can act on, anything that could escape the folder it is unpacked into
or could not be written there. The Python files are then only *compiled*, never run, and in
a throw-away process with capped memory and CPU (`compile_sources.py`): importing the code
and playing a validation match happen in the sandbox (`workers.tasks.validate_version`).

`unpack` (the workers' side) reads a stored upload through the same checks, so a version
that was accepted unpacks; if the rules were tightened since, it is refused with the reason,
never retried.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import subprocess
import sys
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
from webui.bots.archives import (
    SubmissionError,
    UploadLimits,
    checked_path,
    read_tar_gz,
    read_zip,
    shown,
)
from webui.bots.models import Bot, BotVersion

__all__ = ["SubmissionError", "Upload", "check_upload", "submit", "unpack", "upload_limits"]

ENTRY = "bot.py"
#: A bot's name (the API's schema shows the same pattern). `\Z`, not `$`: no newline after it.
NAME_PATTERN = "[A-Za-z0-9][A-Za-z0-9_.-]{0,63}"
NAME_RE = re.compile(rf"^{NAME_PATTERN}\Z")
COMPILER = Path(__file__).with_name("compile_sources.py")


@dataclass(frozen=True)
class Upload:
    kind: str  # "py", "zip" or "tar.gz"
    #: Relative POSIX path -> contents, with any single top-level folder removed.
    files: dict[str, bytes]
    entry: str


def upload_limits() -> UploadLimits:
    """The limits in force: the defaults of `UploadLimits`, and the site's upload size."""
    return UploadLimits(upload_bytes=settings.ARENA_UPLOAD_MAX_BYTES)


def kind_of(filename: str) -> str:
    lower = filename.lower()
    for suffix, kind in ((".tar.gz", "tar.gz"), (".tgz", "tar.gz"), (".zip", "zip"), (".py", "py")):
        if lower.endswith(suffix):
            return kind
    raise SubmissionError(
        f"{shown(filename)}: upload a single .py file, or a .zip or .tar.gz archive with "
        f"{ENTRY} at its root"
    )


def check_upload(filename: str, data: bytes, bounds: UploadLimits | None = None) -> Upload:
    """Everything that can be checked without running the code; SubmissionError if bad."""
    bounds = bounds or upload_limits()
    upload = read_upload_files(filename, data, bounds)
    sources = {path: _source(path, content) for path, content in upload.files.items()}
    _compile({path: text for path, text in sources.items() if text is not None}, bounds)
    return upload


def read_upload_files(filename: str, data: bytes, bounds: UploadLimits) -> Upload:
    """The upload's files, every rule on archives checked; nothing compiled."""
    kind = kind_of(filename)
    if not data:
        raise SubmissionError(f"{shown(filename)} is empty")
    if len(data) > bounds.upload_bytes:
        raise SubmissionError(
            f"{shown(filename)} is {len(data):,} bytes; the limit is {bounds.upload_bytes:,} bytes"
        )
    if kind == "py":
        name = checked_path(PurePosixPath(filename.replace("\\", "/")).name, bounds)
        return Upload(kind, {name: data}, name)
    files = read_zip(data, bounds) if kind == "zip" else read_tar_gz(data, bounds)
    files = _strip_top_folder(files)
    if ENTRY not in files:
        shown_names = ", ".join(shown(path, 60) for path in sorted(files)[:10]) or "nothing"
        raise SubmissionError(
            f"the archive has no {ENTRY} at its root (it holds: {shown_names}); {ENTRY} must "
            "define your Bot subclass"
        )
    return Upload(kind, files, ENTRY)


def _source(path: str, content: bytes) -> str | None:
    """A Python file's text (None for other files); refused unless UTF-8 without NUL."""
    if not path.endswith(".py"):
        return None
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SubmissionError(
            f"{path} is not UTF-8 text: {exc.reason} at byte {exc.start}"
        ) from None
    if "\x00" in text:
        raise SubmissionError(
            f"{path} has a NUL byte at byte {content.index(0)}; Python source cannot hold one"
        )
    return text.removeprefix("\ufeff")  # a byte-order mark, as some editors write


def _compile(sources: dict[str, str], bounds: UploadLimits) -> None:
    """Compile without running, in a capped process: a syntax error is reported with its
    line, code too large or too nested to compile within the caps is refused."""
    if not sources:
        return
    over = (
        f"the Python files could not be compiled within {bounds.compile_memory >> 20} MiB and "
        f"{bounds.compile_seconds} s of CPU; make them smaller"
    )
    command = [
        sys.executable,
        "-I",
        "-S",
        str(COMPILER),
        str(bounds.compile_memory),
        str(bounds.compile_seconds),
    ]
    try:
        done = subprocess.run(
            command,
            input=json.dumps(sources, ensure_ascii=False).encode("utf-8"),
            capture_output=True,
            timeout=bounds.compile_seconds * 4 + 10,
            env={},
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise SubmissionError(over) from None
    try:
        result = json.loads(done.stdout) if done.returncode == 0 else None
    except ValueError:
        result = None
    if not isinstance(result, dict):
        raise SubmissionError(over)
    if result:
        path, line, error = result.get("path"), result.get("line"), result.get("error")
        where = f"{path}, line {line}" if line else f"{path}"
        raise SubmissionError(f"{where}: {error}")


def _strip_top_folder(files: dict[str, bytes]) -> dict[str, bytes]:
    tops = {path.split("/", 1)[0] for path in files}
    if len(tops) == 1 and all("/" in path for path in files) and ENTRY not in files:
        return {path.split("/", 1)[1]: content for path, content in files.items()}
    return files


def unpack(filename: str, data: bytes, dest: Path) -> Path:
    """Write a stored upload's files under `dest` (read through the same checks as at
    submission; an upload larger than today's size limit was accepted under an older one);
    return the entry file. SubmissionError if the rules refuse it now."""
    bounds = upload_limits()
    bounds = dataclasses.replace(bounds, upload_bytes=max(bounds.upload_bytes, len(data)))
    upload = read_upload_files(filename, data, bounds)
    for path, content in upload.files.items():
        target = dest.joinpath(*path.split("/"))
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("xb") as handle:
            handle.write(content)
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
        if bot.remote:
            raise SubmissionError(f"{name!r} is a remote bot: it takes no uploaded code")
        last = bot.versions.order_by("-number").values_list("number", flat=True).first() or 0
        version = BotVersion.objects.create(bot=bot, number=last + 1, file=stored, sha256=digest)
        transaction.on_commit(lambda: queue.validate(version.pk))
    return version
