"""The colours seats and pieces are drawn in: this is their one source.

Pages and the viewer take them from here: the stylesheet `arena/colours.css` is written from
these values (`python -m webui.colours`; a test checks that the file agrees), and the viewer
receives them in its configuration (presentation.viewer_config). No import of Django here:
the command runs without settings.
"""

from __future__ import annotations

import sys
from pathlib import Path

#: A seat's colour where its game does not fix one: `.s<seat>` on pages, `ctx.colors` in the
#: viewer.
SEAT_COLOURS = ("#e0523f", "#3a78d6", "#2e9e5b", "#e2a521", "#8b57c9", "#1aa5a5")
#: Colours of pieces a game's rules fix, by the name the game gives them (Wiz-War's wizards,
#: arena.games.wiz_war.board.COLOURS): `.c-<name>` on pages, `ctx.pieceColors` in the viewer.
PIECE_COLOURS = {"blue": "#3b6fd4", "red": "#d0443e", "green": "#3f9b4f", "yellow": "#e0b52c"}

STYLESHEET = Path(__file__).resolve().parent / "static" / "arena" / "colours.css"


def stylesheet() -> str:
    """The text of arena/colours.css: custom properties and the dot classes."""
    seats = [f"--s{seat}: {colour};" for seat, colour in enumerate(SEAT_COLOURS)]
    pieces = [f"--c-{name}: {colour};" for name, colour in PIECE_COLOURS.items()]
    lines = [
        "/* Written by `python -m webui.colours` from webui/colours.py: edit the colours there. */",
        ":root {",
        *(f"  {line}" for line in (*seats, *pieces)),
        "}",
        "/* Seats whose game fixes no colour (presentation.seat_dot_classes). */",
        *(f".s{seat} {{ background: var(--s{seat}); }}" for seat in range(len(SEAT_COLOURS))),
        "/* Seats whose game fixes their colour: the hues of the pieces the viewer draws. */",
        *(f".c-{name} {{ background: var(--c-{name}); }}" for name in PIECE_COLOURS),
    ]
    return "\n".join(lines) + "\n"


def main() -> int:
    STYLESHEET.write_text(stylesheet())
    print(f"wrote {STYLESHEET.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
