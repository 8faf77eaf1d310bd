"""The re-dealing bot (tests/bots/redealer.py) armed with the public engine, and its report.

Kept apart from conftest.py so that the match tests and the platform tests share it.
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import shutil
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import arena.games

REPO = Path(__file__).resolve().parent.parent
BOT = Path(__file__).resolve().parent / "bots" / "redealer.py"
GAME = "wandering_towers"


def engine_zip() -> bytes:
    """The public rules of the game as a zip a bot can import from: arena/games and no more."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("arena/__init__.py", "")
        for path in [
            *sorted((REPO / "arena/games").glob("*.py")),  # the registry and what engines share
            *sorted((REPO / "arena/games" / GAME).rglob("*.py")),
        ]:
            archive.write(path, str(path.relative_to(REPO)))
    return buffer.getvalue()


def redealer_source() -> str:
    """The bot's code with the engine bundled in it: one self-contained file."""
    text = BOT.read_text()
    engine = base64.b64encode(engine_zip()).decode()
    return text.replace('ENGINE = ""', f"ENGINE = {engine!r}", 1)


def write_redealer(into: Path) -> Path:
    """The bot file in `into`, readable by the sandbox's unprivileged uid."""
    into.mkdir(parents=True, exist_ok=True)
    into.chmod(0o755)
    path = into / "redealer.py"
    path.write_text(redealer_source())
    path.chmod(0o644)
    return path


@contextlib.contextmanager
def open_folder() -> Iterator[Path]:
    """A fresh folder the sandbox's uid can enter (pytest's tmp_path is private to us)."""
    folder = Path(tempfile.mkdtemp(prefix="arena-test-bot-"))
    try:
        folder.chmod(0o755)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def report_of(stderr: str) -> dict[str, Any]:
    """The bot's `REDEAL {...}` line."""
    for line in stderr.splitlines():
        if line.startswith("REDEAL "):
            return json.loads(line.removeprefix("REDEAL "))
    raise AssertionError(f"the bot made no report; its stderr:\n{stderr[-3000:]}")


def hidden_deal(players: int, seed: int, options: dict[str, Any], seat: int) -> dict[str, Any]:
    """The prediction the bot would make had it re-dealt the game exactly."""
    state = arena.games.get(GAME).new_state(players, seed, options)
    return {
        "hands": {str(s): sorted(h) for s, h in enumerate(state.hands) if s != seat},
        "draw_top": list(state.draw_pile[-5:]),
    }
