"""`load_bot` finds the bot in a file the way `arena play` and `arena-bot run` both need."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_sdk import Bot
from arena_sdk.loader import BotLoadError, load_bot

SUBCLASS = """
from arena_sdk import Bot

class Mine(Bot):
    def act(self, view, legal):
        return legal[0].code
"""


def write(tmp_path: Path, text: str, name: str = "mybot.py") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_the_single_bot_subclass_is_instantiated_with_the_seed(tmp_path: Path) -> None:
    bot = load_bot(write(tmp_path, SUBCLASS), seed=3)
    assert type(bot).__name__ == "Mine" and isinstance(bot, Bot)
    assert bot.random.random() == Bot(seed=3).random.random()


def test_a_bot_attribute_wins_over_the_classes(tmp_path: Path) -> None:
    text = SUBCLASS + "\nclass Other(Mine):\n    pass\n\nbot = Other()\n"
    assert type(load_bot(write(tmp_path, text))).__name__ == "Other"


def test_a_class_named_bot_is_found(tmp_path: Path) -> None:
    text = "import arena_sdk\n\nclass Bot(arena_sdk.Bot):\n    def act(self, view, legal):\n"
    text += "        return 'x'\n"
    assert isinstance(load_bot(write(tmp_path, text)), Bot)


def test_a_bot_may_import_modules_next_to_it(tmp_path: Path) -> None:
    write(tmp_path, "CHOICE = -1\n", name="strategy_for_loader_test.py")
    text = SUBCLASS.replace("legal[0]", "legal[CHOICE]")
    text = "from strategy_for_loader_test import CHOICE\n" + text
    assert load_bot(write(tmp_path, text)) is not None


def test_init_without_a_seed_parameter_is_fine(tmp_path: Path) -> None:
    text = SUBCLASS + "\n    def __init__(self):\n        super().__init__(seed=1)\n"
    assert isinstance(load_bot(write(tmp_path, text), seed=5), Bot)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x = 1\n", "defines no subclass"),
        (SUBCLASS + "\nclass Second(Bot):\n    pass\n", "several Bot subclasses"),
        ("raise ImportError('no numpy here')\n", "no numpy here"),
    ],
    ids=["none", "several", "import-fails"],
)
def test_unclear_files_are_refused_with_a_reason(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(BotLoadError, match=message):
        load_bot(write(tmp_path, text))


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BotLoadError, match="no such file"):
        load_bot(tmp_path / "nope.py")
