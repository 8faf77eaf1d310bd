"""A finished table's result in words: one rule for every place that shows one.

A cooperative table wins or loses together, and a lost team shares rank 0: a "1st" there is
no win. Every page, the API and `arena play` ask `team_result` first and show ranks only
where it answers None (a competitive game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arena.games.base import Game

#: Words for an ending a game does not name (a summary stored before endings were recorded).
GENERIC = {True: "Team won", False: "Team lost"}


@dataclass(frozen=True)
class TeamResult:
    """How a cooperative table did: won or lost, why, what was left, each seat's trophies."""

    won: bool
    #: The game's code for the ending ("castle_fell", "monsters_slain", ...), "" if unknown.
    ending: str
    #: The ending in words ("Castle fell — every tower destroyed").
    headline: str
    #: Castle Panic's towers still standing at the end, None where the game reports none.
    towers_standing: int | None
    #: Per seat: its own trophy points and the number of trophies.
    points: tuple[int, ...]
    trophies: tuple[int, ...]

    @property
    def short(self) -> str:
        """The headline's first words, for a narrow column ("Castle fell")."""
        return self.headline.split(" — ")[0]

    @property
    def towers_text(self) -> str:
        if self.towers_standing is None:
            return ""
        n = self.towers_standing
        return f"{n} tower{'' if n == 1 else 's'} standing"

    @property
    def summary(self) -> str:
        """One line: the headline and what was left ("Castle fell — … · 0 towers standing")."""
        return " · ".join(part for part in (self.headline, self.towers_text) if part)

    def seat_text(self, seat: int) -> str:
        """A seat's own score, never a place: "5 trophy points (3 trophies)"."""
        points, count = self.points[seat], self.trophies[seat]
        return (
            f"{points} trophy point{'' if points == 1 else 's'} "
            f"({count} troph{'y' if count == 1 else 'ies'})"
        )

    def to_json(self) -> dict[str, Any]:
        """The API's and the play table's shape of it."""
        return {
            "won": self.won,
            "ending": self.ending,
            "headline": self.headline,
            "summary": self.summary,
            "towers_standing": self.towers_standing,
            "seats": [
                {"seat": seat, "points": p, "trophies": t, "text": self.seat_text(seat)}
                for seat, (p, t) in enumerate(zip(self.points, self.trophies, strict=True))
            ],
        }


def team_result(
    game: Game | None, outcome: Sequence[Mapping[str, Any]] | None, table: Mapping[str, Any] | None
) -> TeamResult | None:
    """The team's result of a finished cooperative table; None for a competitive game, or
    when there is no outcome yet (the caller then shows ranks, or nothing)."""
    if game is None or not game.cooperative or not outcome:
        return None
    table = table or {}
    won = table.get("won")
    if not isinstance(won, bool):  # recorded before the table said: every seat's team_won
        won = all(r.get("team_won") is True for r in outcome)
    ending = str(table.get("ending") or "")
    headline = game.endings.get(ending) or GENERIC[won]
    towers = table.get("towers_standing")
    return TeamResult(
        won=won,
        ending=ending,
        headline=headline,
        towers_standing=towers if isinstance(towers, int) else None,
        points=tuple(_number(r.get("points", r.get("score"))) for r in outcome),
        trophies=tuple(_number(r.get("trophies")) for r in outcome),
    )


def _number(value: Any) -> int:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0
