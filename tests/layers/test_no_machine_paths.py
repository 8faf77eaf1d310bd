"""Nothing in the repository points outside it: no tracked file names an absolute path on a
developer's machine (the folder the checkout sits in, a home folder). Whatever a test, the
code or the docs need lives in the repository and is named relative to it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Absolute paths that only exist on some machine: beside this checkout, or in a home folder.
MACHINE = re.compile(
    "|".join(
        [
            re.escape(str(ROOT.parent).rstrip("/") + "/"),
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
    assert MACHINE.search(f"spec: {ROOT.parent}/shared/rules/game.md")
    assert MACHINE.search("see /home/someone/notes.md")
    assert not MACHINE.search("bwrap --ro-bind /usr /usr; docs/games/wiz-war-rules.md")
