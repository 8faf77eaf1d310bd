"""Uploads: every bad kind is refused with its reason; good ones are validated, then play."""

from __future__ import annotations

import io
import tarfile
import zipfile

import pytest
from platform_support import GAME

GOOD = b"""
from arena_sdk import Bot

class First(Bot):
    def act(self, view, legal):
        return legal[0].code
"""
CRASHES = b"""
import sys
from arena_sdk import Bot

class Crashes(Bot):
    def act(self, view, legal):
        print("thinking hard", file=sys.stderr)
        raise RuntimeError("my bug")
"""


def zip_of(entries: dict[str, bytes], symlink: str | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in entries.items():
            archive.writestr(name, content)
        if symlink:
            info = zipfile.ZipInfo(symlink)
            info.external_attr = 0o120777 << 16
            archive.writestr(info, "/etc/passwd")
    return buffer.getvalue()


def tar_of(*members: tuple[str, bytes | None, bytes]) -> bytes:
    """Members as (name, content or None, tar type)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, content, kind in members:
            info = tarfile.TarInfo(name)
            info.type = kind
            if kind in (tarfile.SYMTYPE, tarfile.LNKTYPE):
                info.linkname = "/etc/passwd"
            info.size = len(content or b"")
            archive.addfile(info, io.BytesIO(content or b"") if content else None)
    return buffer.getvalue()


BAD = {
    "wrong extension": ("bot.exe", GOOD, "upload a single .py file"),
    "empty file": ("bot.py", b"", "is empty"),
    "too large": ("bot.py", b"#" * (1024 * 1024 + 1), "the limit is 1,048,576 bytes"),
    "syntax error": ("bot.py", b"def act(:\n", "bot.py, line 1: syntax error"),
    "not utf-8": ("bot.py", b"x = '\xff'\n", "is not UTF-8"),
    "not a zip": ("bot.zip", b"PK nonsense", "not a valid .zip archive"),
    "not gzip": ("bot.tar.gz", b"plain", "not a valid .tar.gz archive"),
    "zip without bot.py": ("bot.zip", zip_of({"main.py": GOOD}), "has no bot.py at its root"),
    "zip absolute path": ("bot.zip", zip_of({"/etc/bot.py": GOOD}), "absolute path"),
    "zip dot-dot": ("bot.zip", zip_of({"../bot.py": GOOD}), "contains '..'"),
    "zip symlink": ("bot.zip", zip_of({"bot.py": GOOD}, symlink="link"), "symbolic link"),
    "zip bomb": (
        "bot.zip",
        zip_of({"bot.py": GOOD, "big.txt": b"0" * (9 << 20)}),
        "unpacks to more than",
    ),
    "tar absolute path": ("bot.tar.gz", tar_of(("/bot.py", GOOD, tarfile.REGTYPE)), "absolute"),
    "tar dot-dot": ("bot.tar.gz", tar_of(("a/../../bot.py", GOOD, tarfile.REGTYPE)), "'..'"),
    "tar symlink": (
        "bot.tar.gz",
        tar_of(("bot.py", GOOD, tarfile.REGTYPE), ("x", None, tarfile.SYMTYPE)),
        "is a link",
    ),
    "tar hard link": (
        "bot.tar.gz",
        tar_of(("bot.py", GOOD, tarfile.REGTYPE), ("x", None, tarfile.LNKTYPE)),
        "is a link",
    ),
    "tar device": (
        "bot.tar.gz",
        tar_of(("bot.py", GOOD, tarfile.REGTYPE), ("dev", None, tarfile.CHRTYPE)),
        "device",
    ),
    "tar fifo": (
        "bot.tar.gz",
        tar_of(("bot.py", GOOD, tarfile.REGTYPE), ("pipe", None, tarfile.FIFOTYPE)),
        "device or pipe",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_upload_is_refused_with_its_reason(db, case):
    from django.contrib.auth import get_user_model

    from webui.bots.models import BotVersion
    from webui.bots.submission import SubmissionError, submit

    filename, data, reason = BAD[case]
    owner = get_user_model().objects.create(username="author")
    with pytest.raises(SubmissionError, match=None) as refused:
        submit(owner, GAME, "mybot", filename, data)
    assert reason in str(refused.value)
    assert not BotVersion.objects.filter(bot__owner=owner).exists()


def test_an_unknown_game_or_bad_name_is_refused(db):
    from django.contrib.auth import get_user_model

    from webui.bots.submission import SubmissionError, submit

    owner = get_user_model().objects.create(username="author")
    with pytest.raises(SubmissionError, match="unknown game"):
        submit(owner, "chess", "mybot", "bot.py", GOOD)
    with pytest.raises(SubmissionError, match="bot name"):
        submit(owner, GAME, "../evil", "bot.py", GOOD)


@pytest.mark.parametrize(
    "filename, data",
    [
        ("first.py", GOOD),
        ("first.zip", zip_of({"bot.py": GOOD, "helpers/util.py": b"X = 1\n"})),
        ("first.zip", zip_of({"first-main/bot.py": GOOD, "first-main/README": b"hi"})),
        ("first.tar.gz", tar_of(("bot.py", GOOD, tarfile.REGTYPE))),
        (
            "first.tar.gz",
            tar_of(
                ("./", None, tarfile.DIRTYPE),
                ("./first-main/", None, tarfile.DIRTYPE),
                ("./first-main/bot.py", GOOD, tarfile.REGTYPE),
                ("./first-main/lib/", None, tarfile.DIRTYPE),
                ("./first-main/lib/util.py", b"X = 1\n", tarfile.REGTYPE),
            ),
        ),
    ],
)
def test_a_good_upload_is_stored_pending_and_unpacks_for_the_worker(db, filename, data):
    import hashlib

    from django.contrib.auth import get_user_model

    from webui.bots.models import BotVersion
    from webui.bots.submission import submit
    from workers.agents import bot_path

    owner = get_user_model().objects.create(username="author")
    version = submit(owner, GAME, "first", filename, data)
    version.refresh_from_db()
    assert version.status == BotVersion.Status.PENDING
    assert version.sha256 == hashlib.sha256(data).hexdigest()
    assert version.file.read() == data
    entry = bot_path(version)
    assert entry.read_bytes() == GOOD


def test_a_version_that_plays_cleanly_becomes_active_and_retires_the_previous(db):
    from django.contrib.auth import get_user_model

    from webui.bots.models import BotVersion
    from webui.bots.submission import submit
    from webui.ladder.models import Rating
    from workers.tasks import validate

    owner = get_user_model().objects.create(username="author")
    first = submit(owner, GAME, "first", "first.py", GOOD)
    assert validate(first.pk) == "active"
    second = submit(owner, GAME, "first", "first.py", GOOD + b"\n# v2\n")
    assert second.number == 2
    first.refresh_from_db()
    assert first.status == BotVersion.Status.ACTIVE, "still on the ladder until v2 is valid"
    assert validate(second.pk) == "active"
    first.refresh_from_db()
    assert first.status == BotVersion.Status.RETIRED
    assert Rating.objects.filter(version=first).exists(), "history stays"
    assert validate(second.pk) == "not pending: nothing to do"


def test_a_version_that_crashes_is_rejected_with_the_error(db):
    from django.contrib.auth import get_user_model

    from webui.bots.models import BotVersion
    from webui.bots.submission import submit
    from workers.tasks import validate

    owner = get_user_model().objects.create(username="author")
    version = submit(owner, GAME, "crashes", "crashes.py", CRASHES)
    assert validate(version.pk).startswith("rejected")
    version.refresh_from_db()
    assert version.status == BotVersion.Status.REJECTED
    assert "bot error" in version.rejection_reason  # public: the bot's words are not
    assert "my bug" not in version.rejection_reason
    assert "RuntimeError: my bug" in version.validation_stderr


def test_a_version_is_immutable(db):
    from webui.bots.models import BotVersion

    version = BotVersion.objects.filter(builtin="random").first()
    version.sha256 = "0" * 64
    with pytest.raises(ValueError, match="immutable"):
        version.save()


def test_a_stored_upload_the_rules_now_refuse_is_rejected_once_not_retried(db):
    """An upload accepted under older rules (here: a file and a folder of one name, which
    the old check let through and the unpacking then failed on) ends its validation with
    the reason, instead of going back to pending for ever."""
    import hashlib

    from django.contrib.auth import get_user_model
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    from webui.bots.models import Bot, BotVersion
    from workers.tasks import validate

    data = tar_of(
        ("bot.py", GOOD, tarfile.REGTYPE),
        ("helpers", b"X = 1\n", tarfile.REGTYPE),
        ("helpers/util.py", b"X = 1\n", tarfile.REGTYPE),
    )
    digest = hashlib.sha256(data).hexdigest()
    stored = default_storage.save(f"bots/{digest[:2]}/{digest}.tar.gz", ContentFile(data))
    owner = get_user_model().objects.create(username="author")
    bot = Bot.objects.create(owner=owner, name="old", game=GAME)
    version = BotVersion.objects.create(bot=bot, number=1, file=stored, sha256=digest)
    assert validate(version.pk) == "rejected"
    version.refresh_from_db()
    assert version.status == BotVersion.Status.REJECTED
    assert "'helpers' is both a file and a folder" in version.rejection_reason
    assert validate(version.pk) == "not pending: nothing to do"
