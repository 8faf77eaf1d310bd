"""Reading uploaded archives: what real tools make is read exactly and unpacks; anything
truncated or corrupted is refused with a reason, never an unexpected error, and whatever
is accepted unpacks (the check and the unpacking are one code path)."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest
from hostile_archives import GOOD, gz, pax_member, tar_gz_by_tarfile, tar_member, zip_of

from webui.bots.archives import SubmissionError, UploadLimits, read_tar_gz, read_zip

LIMITS = UploadLimits()
LONG = "helpers/" + "a_deeper_folder_for_the_test/" * 3 + "a_long_module_name.py"  # 116 B
FILES = {
    "bot.py": GOOD,
    "helpers/__init__.py": b"",
    "helpers/util.py": b"X = 1\n",
    "donn\u00e9es/\u00e9t\u00e9.py": "V = '\u00e9t\u00e9'\n".encode(),
    LONG: b"Y = 2\n",
}


def bot_folder(root: Path, files: dict[str, bytes]) -> Path:
    folder = root / "mybot"
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    return folder


def run(*command: str, cwd: Path) -> None:
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)


def read(path: Path) -> dict[str, bytes]:
    data = path.read_bytes()
    return read_zip(data, LIMITS) if path.suffix == ".zip" else read_tar_gz(data, LIMITS)


@pytest.mark.parametrize("fmt", ["gnu", "pax", "ustar", "v7"])
def test_gnu_tar_archives_of_every_format_are_read_exactly(tmp_path, fmt):
    files = dict(FILES)
    if fmt == "v7":  # names of at most 99 bytes, ASCII
        files = {k: v for k, v in files.items() if k.isascii() and len(k) < 100}
    folder = bot_folder(tmp_path, files)
    archive = tmp_path / "bot.tar.gz"
    run("tar", f"--format={fmt}", "-czf", str(archive), "-C", str(folder), ".", cwd=tmp_path)
    assert read(archive) == files


def test_git_archive_with_its_global_header_and_top_folder_is_read_exactly(tmp_path):
    folder = bot_folder(tmp_path, FILES)
    run("git", "init", "-q", cwd=folder)
    run("git", "add", ".", cwd=folder)
    run("git", "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "bot", cwd=folder)
    for suffix in ("tar.gz", "zip"):
        archive = tmp_path / f"bot.{suffix}"
        run("git", "archive", "--prefix=mybot-main/", "-o", str(archive), "HEAD", cwd=folder)
        assert read(archive) == {f"mybot-main/{k}": v for k, v in FILES.items()}


def test_zip_and_shutil_archives_are_read_exactly(tmp_path):
    folder = bot_folder(tmp_path, FILES)
    run("zip", "-qr", str(tmp_path / "bot.zip"), ".", cwd=folder)
    assert read(tmp_path / "bot.zip") == FILES
    for fmt, suffix in (("zip", "zip"), ("gztar", "tar.gz")):
        made = shutil.make_archive(str(tmp_path / f"made-{fmt}"), fmt, folder)
        assert Path(made).name.endswith(suffix)
        assert read(Path(made)) == FILES


def test_pax_and_gnu_long_names_from_python_are_read_exactly():
    import tarfile

    files = {
        "a/" + "b" * 150 + ".py": b"B = 1\n",
        "\u00fcber/\u00e7a.py": b"C = 2\n",
        "bot.py": GOOD,
    }
    for fmt in (tarfile.PAX_FORMAT, tarfile.GNU_FORMAT):
        assert read_tar_gz(tar_gz_by_tarfile(files, fmt), LIMITS) == files
    records = gz(pax_member({b"path": "\u00e9.py".encode(), b"mtime": b"1.5"}))
    with_pax = records + gz(tar_member(b"ignored", b"E = 1\n") + bytes(1024))
    assert read_tar_gz(with_pax, LIMITS) == {"\u00e9.py": b"E = 1\n"}


def good_archives() -> list[tuple[str, bytes]]:
    payload = {"bot.py": GOOD, "lib/data.txt": bytes(range(256)) * 8, "lib/more.py": b"M = 3\n"}
    return [
        ("tar.gz", tar_gz_by_tarfile(payload)),
        ("zip", zip_of(list(payload.items()))),
    ]


def read_kind(kind: str, data: bytes) -> dict[str, bytes]:
    return read_zip(data, LIMITS) if kind == "zip" else read_tar_gz(data, LIMITS)


def accepted_or_refused(kind: str, data: bytes, tmp_path: Path) -> str:
    """Reading either refuses with SubmissionError or returns files that unpack as read."""
    try:
        files = read_kind(kind, data)
    except SubmissionError as exc:
        assert str(exc).encode("utf-8")  # the message is valid text
        return "refused"
    target = tmp_path / f"unpacked-{random.random()}"
    for name, content in files.items():  # as `unpack` writes them: parents, exclusive files
        path = target.joinpath(*name.split("/"))
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("xb") as handle:
            handle.write(content)
    return "accepted"


@pytest.mark.parametrize("kind, data", good_archives(), ids=["tar.gz", "zip"])
def test_every_truncation_is_refused_with_a_reason(kind, data, tmp_path):
    outcomes = {accepted_or_refused(kind, data[:end], tmp_path) for end in range(len(data))}
    assert outcomes == {"refused"}
    assert accepted_or_refused(kind, data, tmp_path) == "accepted"


@pytest.mark.parametrize("kind, data", good_archives(), ids=["tar.gz", "zip"])
def test_corrupted_bytes_are_refused_or_read_consistently_never_a_crash(kind, data, tmp_path):
    rng = random.Random(12)
    outcomes = []
    for _ in range(600):
        broken = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            broken[rng.randrange(len(broken))] = rng.randrange(256)
        outcomes.append(accepted_or_refused(kind, bytes(broken), tmp_path))
    assert "refused" in outcomes
