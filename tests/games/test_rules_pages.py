"""Each game's rules live in the repository (docs/games/<game>-rules.md), and every section
the code, the tests and the game's page cite (§6.2, Castle Panic's A-numbers) is there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import arena.games

ROOT = Path(__file__).resolve().parents[2]
SECTION = re.compile(r"§\s?(\d+(?:\.\d+)*[a-z]?)")
HEADING = re.compile(r"^#{2,5} (\d+(?:\.\d+)*[a-z]?)[.\s]", re.MULTILINE)
ASSUMPTION_CITED = re.compile(r"\bA(\d{1,2})\b")
ASSUMPTION_LISTED = re.compile(r"^\* A(\d{1,2}) –", re.MULTILINE)


def page(game: str) -> str:
    return (ROOT / "docs" / "games" / f"{game.replace('_', '-')}-rules.md").read_text()


def citing(game: str) -> list[Path]:
    """The code, the reference bots, the tests and the page of `game`."""
    folders = [ROOT / "arena" / "games" / game, ROOT / "arena" / "bots" / game]
    folders.append(ROOT / "tests" / "games" / game)
    files = [path for folder in folders for path in sorted(folder.rglob("*.py"))]
    return [*files, ROOT / "docs" / "games" / f"{game.replace('_', '-')}.md"]


@pytest.mark.parametrize("game", arena.games.names())
def test_every_cited_section_is_in_the_rules_page(game: str) -> None:
    sections = set(HEADING.findall(page(game)))
    missing = sorted(
        {
            f"§{number} ({path.relative_to(ROOT)})"
            for path in citing(game)
            for number in SECTION.findall(path.read_text())
            if number not in sections
        }
    )
    assert not missing, missing


def test_every_cited_castle_panic_assumption_is_listed() -> None:
    listed = set(ASSUMPTION_LISTED.findall(page("castle_panic")))
    cited = {
        number
        for path in citing("castle_panic")
        if path.suffix == ".py" or path.name == "castle-panic.md"
        for number in ASSUMPTION_CITED.findall(path.read_text())
    }
    assert cited and cited <= listed, sorted(cited - listed)


@pytest.mark.parametrize("game", arena.games.names())
def test_the_rules_page_says_where_its_facts_come_from(game: str) -> None:
    text = page(game)
    assert "## 0." in text and "[assumed]" in text
