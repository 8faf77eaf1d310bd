"""Brackets drawn as SVG (arena.tournament.bracket lays out the boxes).

Only presentation attributes and classes (styled by tournaments.css): the site's
Content-Security-Policy allows no inline style. Every name is escaped.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.html import escape

from arena.tournament import History, Settings
from arena.tournament.bracket import SECTIONS, Box, boxes, column_title, points_text

BOX_W, LINE_H, GAP_X, GAP_Y, PAD = 230, 18, 36, 10, 4
TITLE_H = 22


def bracket_svg(
    settings: Settings, history: History, link: Callable[[Box], str | None] = lambda b: None
) -> str:
    """One SVG with each section below the last; `link` gives a box's match URL."""
    all_boxes = boxes(settings, history)
    names = ["knockout"] if settings.format == "knockout" else list(SECTIONS)
    parts: list[str] = []
    y0 = 0.0
    width = 0.0
    for section in names:
        mine = [b for b in all_boxes if b.section == section]
        if not mine:
            continue
        drawn, height, w = _section(settings, history, section, mine, y0, link)
        parts.extend(drawn)
        y0 += height + 2 * GAP_Y
        width = max(width, w)
    return (
        f'<svg class="bracket" xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
        f'height="{y0:.0f}" viewBox="0 0 {width:.0f} {y0:.0f}" role="img" '
        f'aria-label="bracket">{"".join(parts)}</svg>'
    )


def _section(settings, history, section, mine, y0, link) -> tuple[list[str], float, float]:
    lines = max(len(b.names) for b in mine)
    box_h = lines * LINE_H + 2 * PAD
    step = box_h + GAP_Y
    columns = sorted({b.column for b in mine})
    low = min(b.row for b in mine)
    top = y0 + (TITLE_H if section in SECTIONS else 0)
    where: dict[str, tuple[float, float]] = {}
    out: list[str] = []
    if section in SECTIONS:
        out.append(f'<text class="section" x="0" y="{y0 + 15:.0f}">{SECTIONS[section]}</text>')
    for i, column in enumerate(columns):
        x = i * (BOX_W + GAP_X)
        title = escape(column_title(settings, history, section, column))
        out.append(f'<text class="column" x="{x:.0f}" y="{top + 12:.0f}">{title}</text>')
    top += TITLE_H
    for b in mine:
        x = columns.index(b.column) * (BOX_W + GAP_X)
        y = top + (b.row - low) * step
        where[b.slot] = (x, y + box_h / 2)
        out.append(_box(b, x, y, box_h, link(b)))
    for b in mine:
        for feed in b.feeds:
            if feed in where and b.slot in where:
                (fx, fy), (tx, ty) = where[feed], where[b.slot]
                mid = fx + BOX_W + GAP_X / 2
                out.append(
                    f'<path class="link" d="M{fx + BOX_W:.0f},{fy:.0f} H{mid:.0f} '
                    f'V{ty:.0f} H{tx:.0f}"/>'
                )
    bottom = max(top + (b.row - low) * step + box_h for b in mine)
    width = len(columns) * (BOX_W + GAP_X) - GAP_X
    return out, bottom - y0, width


def _box(b: Box, x: float, y: float, h: float, href: str | None) -> str:
    rows = []
    for i, name in enumerate(b.names):
        cls = "through" if i in b.through else ""
        ty = y + PAD + (i + 1) * LINE_H - 5
        rows.append(
            f'<text class="name {cls}" x="{x + 6:.0f}" y="{ty:.0f}">{escape(name[:28])}</text>'
            f'<text class="pts {cls}" x="{x + BOX_W - 6:.0f}" y="{ty:.0f}" '
            f'text-anchor="end">{points_text(b.points[i])}</text>'
        )
    rect = (
        f'<rect class="box {escape(b.status)}" x="{x:.0f}" y="{y:.0f}" '
        f'width="{BOX_W}" height="{h:.0f}" rx="4"/>'
    )
    label = f"<title>{escape(b.slot)} · {escape(b.status)}</title>"
    body = f"<g>{label}{rect}{''.join(rows)}</g>"
    if href:
        return f'<a href="{escape(href)}">{body}</a>'
    return body
