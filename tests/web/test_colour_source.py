"""Seat and piece colours have one source, webui/colours.py: the stylesheet is written from it
and the viewer is handed it, so no other file spells a colour of a seat or a piece."""

from __future__ import annotations

import re
from pathlib import Path

from webui import colours

STATIC = Path(colours.__file__).resolve().parent / "static"
TEMPLATES = Path(colours.__file__).resolve().parent / "templates"


def test_the_stylesheet_is_written_from_the_python_colours() -> None:
    assert colours.STYLESHEET.read_text() == colours.stylesheet(), "run: python -m webui.colours"


def test_no_other_stylesheet_or_script_defines_a_seat_or_piece_colour() -> None:
    values = {c.lower() for c in (*colours.SEAT_COLOURS, *colours.PIECE_COLOURS.values())}
    names = "|".join(colours.PIECE_COLOURS)
    rule = re.compile(rf"--s\d\s*:|\.s\d\s*\{{|\.c-(?:{names})\s*\{{")
    for path in [*STATIC.rglob("*.css"), *STATIC.rglob("*.js")]:
        if path == colours.STYLESHEET or "/vendor/" in str(path) or "/admin/" in str(path):
            continue
        text = path.read_text()
        assert not rule.search(text), path
        if "/viewer/" in str(path):  # other pages may share a hue for other purposes
            assert not values & set(re.findall(r"#[0-9a-f]{6}", text.lower())), path


def test_every_page_loads_the_colours_after_its_own_stylesheet() -> None:
    base = (TEMPLATES / "base.html").read_text()
    assert base.index("arena/site.css") < base.index("arena/colours.css")


def test_every_piece_colour_a_game_names_has_a_value() -> None:
    from arena.games.wiz_war.board import COLOURS

    assert set(COLOURS) == set(colours.PIECE_COLOURS)
