"""Nothing in the repository points outside it: no tracked file names an absolute path on a
developer's machine (the folder the checkout sits in, a home folder). Whatever a test, the
code or the docs need lives in the repository and is named relative to it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Folders every system has: a checkout inside one of these says nothing about the machine.
SYSTEM = {"/", "/tmp", "/var", "/var/tmp", "/usr", "/opt", "/srv", "/mnt", "/run"}
#: Absolute paths that only exist on some machine: this checkout, the folder it sits in (unless
#: a system folder), or a home folder.
MACHINE = re.compile(
    "|".join(
        [
            re.escape(str(ROOT)),
            *([re.escape(f"{ROOT.parent}/")] if str(ROOT.parent) not in SYSTEM else []),
            r"(?<![\w.~-])/(?:home|Users)/[\w.-]+/",
            r"\b[A-Z]:\\\\Users\\\\",
        ]
    )
)


def tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
    ).stdout.decode()
    return [ROOT / name for name in listed.split("\0") if name]


def test_no_tracked_file_names_a_path_outside_the_repository() -> None:
    found = []
    for path in tracked_files():
        if path == Path(__file__).resolve() or not path.is_file():
            continue
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue  # images, archives
        for number, line in enumerate(text.splitlines(), 1):
            if MACHINE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:120]}")
    assert not found, "\n".join(found)


def test_the_check_sees_a_machine_path() -> None:
    assert MACHINE.search(f"spec: {ROOT}/docs/games/wiz-war-rules.md")
    assert MACHINE.search("see /home/someone/notes.md")
    assert not MACHINE.search("bwrap --ro-bind /usr /usr; /tmp/build; docs/games/wiz-war-rules.md")
