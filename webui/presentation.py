"""How rows look on pages: small shapes that templates can loop over without more queries."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.staticfiles import finders
from django.urls import reverse

import arena.games
from arena.games.results import TeamResult, team_result
from webui.colours import PIECE_COLOURS, SEAT_COLOURS
from webui.matches import records


def seat_dot_classes(game: str, players: int) -> list[str]:
    """Each seat's dot class: `c-<colour>` (site.css) where the game names its seats' colours,
    so the seat table, the move log and the pieces on the board agree; else `s<seat>`."""
    try:
        colours = arena.games.get(game).seat_colours
    except KeyError:
        colours = None
    if colours is None or players < 1:
        return [f"s{seat}" for seat in range(players)]
    return [f"c-{name}" for name in colours(players)]


def match_team_result(match) -> TeamResult | None:
    """A finished cooperative match's team result from its stored summary (None for a
    competitive game or an unfinished match): what every page shows in place of ranks, so
    a lost table, whose seats share rank 0, never reads as a win. Kept on the match."""
    cached = getattr(match, "_team_result", False)
    if cached is not False:
        return cached
    result = None
    if match.status == "finished":
        try:
            game = arena.games.get(match.game)
        except KeyError:
            game = None
        summary = match.summary or {}
        result = team_result(game, summary.get("outcome"), summary.get("table"))
    match._team_result = result
    return result


@dataclass
class SeatRow:
    seat: int
    version: Any
    person: Any
    rank: int | None
    score: float | None
    disqualified: bool
    errors: str
    decisions: int
    time_used_ms: float
    strikes: list[dict[str, Any]]
    stderr: str | None
    stderr_hidden: bool

    @property
    def place(self) -> int | None:
        return None if self.rank is None else self.rank + 1

    @property
    def avg_ms(self) -> float | None:
        return self.time_used_ms / self.decisions if self.decisions else None


def seat_rows(seats: list, record: dict[str, Any] | None, user) -> list[SeatRow]:
    """The match page's seats; stderr only where `user` may see it (records.can_see_private)."""
    rows = []
    for seat in seats:
        owner = seat.version.bot.owner_id if seat.version is not None else None
        private = owner is not None and records.can_see_private(user, owner)
        rows.append(
            SeatRow(
                seat=seat.seat,
                version=seat.version,
                person=seat.person,
                rank=seat.rank,
                score=seat.score,
                disqualified=seat.disqualified,
                errors=seat.errors,
                decisions=seat.decisions,
                time_used_ms=seat.time_used_ms,
                strikes=list(seat.strikes or []),
                stderr=seat.stderr if private else None,
                stderr_hidden=bool(seat.stderr) and not private,
            )
        )
    return rows


def plugin_path(game: str) -> str | None:
    """The game's drawing script under static/, if one exists (docs/viewer.md)."""
    path = f"viewer/games/{game}.js"
    return path if finders.find(path) else None


def _viewer_seat(s) -> dict[str, Any]:
    if s.version is None:  # a person played it
        return {"seat": s.seat, "name": s.label, "person": True}
    return {
        "seat": s.seat,
        "name": s.version.label,
        "bot": s.version.bot.name,
        "author": s.version.bot.owner.username,
        "version": s.version.number,
    }


def viewer_config(match, seats: list) -> dict[str, Any]:
    """What viewer.js needs, handed over as JSON (no inline script: security.py)."""
    return {
        "match": match.pk,
        "game": match.game,
        "status": match.status,
        "framesUrl": reverse("match-frames", args=[match.pk]),
        "liveUrl": reverse("match-live", args=[match.pk]),
        "seatViews": match.is_finished,
        "seats": [_viewer_seat(s) for s in seats],
        "colors": list(SEAT_COLOURS),
        "pieceColors": PIECE_COLOURS,
        "seatDots": seat_dot_classes(match.game, len(seats)),
    }
