"""The bots in sdk/README.md load and play a whole match as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arena.bots import RandomBot
from arena.match.agents import InProcessAgent
from arena.match.referee import run_match
from arena_sdk.loader import load_bot

README = Path(__file__).resolve().parents[2] / "sdk" / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(), re.DOTALL)
BOT_BLOCKS = [block for block in BLOCKS if "(Bot):" in block]


def test_the_readme_has_bot_examples() -> None:
    assert len(BOT_BLOCKS) >= 2


@pytest.mark.parametrize("index", range(len(BOT_BLOCKS)))
def test_a_readme_bot_plays_a_match_without_strikes(tmp_path: Path, index: int) -> None:
    path = tmp_path / f"readme_bot_{index}.py"
    path.write_text(BOT_BLOCKS[index])
    bot = load_bot(path, seed=1)
    record = run_match("wandering_towers", [InProcessAgent(bot), InProcessAgent(RandomBot(2))], 3)
    assert record.seats[0].strikes == []
    assert len(record.actions) > 10
