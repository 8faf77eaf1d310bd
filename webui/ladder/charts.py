"""Server-side SVG: rating history charts and ladder interval bars.

Drawn in Python so pages need no charting script; every number is computed here and the
templates only place attributes. Text inside the SVG goes through Django's escaping.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field


@dataclass
class Point:
    x: float
    y: float
    label: str
    won: bool = False


@dataclass
class Chart:
    """A line chart's geometry: the display rating line, the mu line and the band between."""

    width: int
    height: int
    display_path: str = ""
    mu_path: str = ""
    band_path: str = ""
    points: list[Point] = field(default_factory=list)
    y_ticks: list[tuple[float, str]] = field(default_factory=list)
    x_ticks: list[tuple[float, str]] = field(default_factory=list)
    marks: list[tuple[float, str]] = field(default_factory=list)
    left: int = 44
    top: int = 12
    right: int = 0
    bottom: int = 0
    empty: bool = True


def _nice_step(span: float, count: int) -> float:
    raw = span / max(count, 1)
    magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * magnitude:
            return factor * magnitude
    return 10 * magnitude


def rating_history(
    entries: list[dict], width: int = 720, height: int = 240, max_points: int = 120
) -> Chart:
    """Entries in order, each {mu, sigma, rank, match_id, version} and optionally `won` and
    `team` (a cooperative table's result: webui.bots.stats): one point per rated game.

    The bold line is the display rating (mu - 3 sigma, what the ladder sorts by), the dashed
    one mu; the band between them is the uncertainty still left. New versions are marked.
    """
    chart = Chart(width, height, right=width - 12, bottom=height - 26)
    if not entries:
        return chart
    chart.empty = False
    lows = [e["mu"] - 3 * e["sigma"] for e in entries]
    highs = [e["mu"] for e in entries]
    lo, hi = min(lows), max(highs)
    if hi - lo < 1:
        lo, hi = lo - 0.5, hi + 0.5
    step = _nice_step(hi - lo, 4)
    lo, hi = math.floor(lo / step) * step, math.ceil(hi / step) * step
    n = len(entries)
    plot_w = chart.right - chart.left
    plot_h = chart.bottom - chart.top

    def x(i: int) -> float:
        return chart.left + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y(v: float) -> float:
        return chart.top + plot_h * (hi - v) / (hi - lo)

    display = [(x(i), y(v)) for i, v in enumerate(lows)]
    mu = [(x(i), y(v)) for i, v in enumerate(highs)]
    chart.display_path = _path(display)
    chart.mu_path = _path(mu)
    chart.band_path = _path(mu) + " " + _path(display[::-1], move=False) + " Z"
    value = lo
    while value <= hi + step / 2:
        chart.y_ticks.append((round(y(value), 1), f"{value:g}"))
        value += step
    every = max(1, math.ceil(n / 6))
    chart.x_ticks = [(round(x(i), 1), str(i + 1)) for i in range(0, n, every)]
    stride = max(1, math.ceil(n / max_points))
    for i in range(0, n, stride):
        e = entries[i]
        team = e.get("team")  # a cooperative table: its result, never a place
        result = team.summary if team else f"place {e['rank'] + 1}"
        chart.points.append(
            Point(
                round(display[i][0], 1),
                round(display[i][1], 1),
                f"game {i + 1}, match #{e['match_id']}: {result}, "
                f"rating {lows[i]:.2f} (mu {e['mu']:.2f}, sigma {e['sigma']:.2f})",
                won=e.get("won", e["rank"] == 0),
            )
        )
    previous = None
    for i, e in enumerate(entries):
        if previous is not None and e.get("version") != previous:
            chart.marks.append((round(x(i), 1), f"v{e['version']}"))
        previous = e.get("version")
    return chart


def _path(points: list[tuple[float, float]], move: bool = True) -> str:
    parts = []
    for i, (px, py) in enumerate(points):
        command = "M" if i == 0 and move else "L"
        parts.append(f"{command}{px:.1f},{py:.1f}")
    return " ".join(parts)


@dataclass
class Interval:
    """One ladder row's mu ± 3 sigma as a bar in a shared scale (x in 0..width)."""

    low: float
    high: float
    mu: float


def intervals(rows: list, lo: float, hi: float, width: float = 110.0) -> None:
    """Attach `.interval` to each rating row, scaled so the whole ladder shares one axis."""
    span = max(hi - lo, 1e-9)

    def pos(v: float) -> float:
        return round(4 + (width - 8) * (min(max(v, lo), hi) - lo) / span, 1)

    for row in rows:
        row.interval = Interval(
            pos(row.mu - 3 * row.sigma), pos(row.mu + 3 * row.sigma), pos(row.mu)
        )
