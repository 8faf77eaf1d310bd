"""Standings computed only from the games' results, so they can always be recomputed.

Order: (for eliminations, the stage reached first), then
  1. points — the share of opponents beaten in each game, summed; a Swiss bye is a win; at a
     cooperative table, the team's result (1 won, 0 lost) for every seat
  2. Buchholz — for each game played, the mean final points of its opponents, summed
  3. average rank — mean finishing position in the games played (1 is first; lower is
     better); a cooperative table that lost gives nobody a place
  4. head-to-head — among the entrants still tied, points scored in games against each other
     (teammates at a cooperative table draw)
Entrants equal on all of these share a place.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from arena.tournament.model import History
from arena.tournament.scoring import pairwise

TIE_BREAKS = ("points", "Buchholz", "average rank", "head-to-head")


@dataclass
class Standing:
    entrant: int
    name: str
    place: int = 0
    points: float = 0.0
    buchholz: float = 0.0
    average_rank: float | None = None
    #: Only for entrants still tied after the other keys; None otherwise.
    head_to_head: float | None = None
    games: int = 0
    wins: int = 0
    byes: int = 0
    disqualified: int = 0
    #: Eliminations: how far the entrant got ("champion", "lost in W2", ...).
    stage: str = ""
    stage_key: tuple = ()
    ranks: list[int] = field(default_factory=list, repr=False)
    opponents: list[list[int]] = field(default_factory=list, repr=False)

    def to_json(self) -> dict:
        return {
            "entrant": self.entrant,
            "name": self.name,
            "place": self.place,
            "points": round(self.points, 6),
            "buchholz": round(self.buchholz, 6),
            "average_rank": None if self.average_rank is None else round(self.average_rank, 6),
            "head_to_head": None if self.head_to_head is None else round(self.head_to_head, 6),
            "games": self.games,
            "wins": self.wins,
            "byes": self.byes,
            "disqualified": self.disqualified,
            "stage": self.stage,
        }


def _r(x: float) -> float:
    return round(x, 9)


def tally(history: History) -> list[Standing]:
    """Points, games, wins, byes, ranks and opponents per entrant; no ordering yet."""
    rows = [Standing(entrant=i, name=name) for i, name in enumerate(history.entrants)]
    for rnd in history.rounds:
        for entrant in rnd.byes:
            rows[entrant].byes += 1
            rows[entrant].points += rnd.bye_points
    for _, _, spec, result in history.played():
        assert result.ranks is not None
        points = result.points()
        for seat, entrant in enumerate(spec.seats):
            row = rows[entrant]
            row.points += points[seat]
            row.games += 1
            row.wins += result.seat_won(seat)  # a cooperative table that lost: no win
            place = result.place(seat)  # none at a cooperative table that lost
            if place is not None:
                row.ranks.append(place)
            row.disqualified += bool(result.disqualified and result.disqualified[seat])
            row.opponents.append([e for s, e in enumerate(spec.seats) if s != seat])
    for row in rows:
        row.average_rank = sum(row.ranks) / len(row.ranks) if row.ranks else None
    for row in rows:
        row.buchholz = sum(
            sum(rows[o].points for o in opponents) / len(opponents)
            for opponents in row.opponents
            if opponents
        )
    return rows


def order(
    history: History, stages: Mapping[int, tuple[tuple, str]] | None = None
) -> list[Standing]:
    """Entrants best first, with places; `stages` ranks eliminations by the stage reached."""
    rows = tally(history)
    for row in rows:
        if stages and row.entrant in stages:
            row.stage_key, row.stage = stages[row.entrant]

    def key(row: Standing) -> tuple:
        rank = math.inf if row.average_rank is None else _r(row.average_rank)
        negated = tuple(-k for k in row.stage_key)
        return (negated, -_r(row.points), -_r(row.buchholz), rank)

    rows.sort(key=lambda r: (key(r), r.entrant))
    groups: dict[tuple, list[Standing]] = defaultdict(list)
    for row in rows:
        groups[key(row)].append(row)
    for group in groups.values():
        if len(group) > 1:
            _head_to_head(history, group)
    rows.sort(key=lambda r: (key(r), -_r(r.head_to_head or 0), r.entrant))
    previous = None
    for index, row in enumerate(rows):
        full = (key(row), -_r(row.head_to_head or 0))
        row.place = rows[index - 1].place if full == previous else index + 1
        previous = full
    return rows


def _head_to_head(history: History, group: list[Standing]) -> None:
    """Points each member scored against the other members, in games where they met."""
    members = {row.entrant: row for row in group}
    for row in group:
        row.head_to_head = 0.0
    for _, _, spec, result in history.played():
        assert result.ranks is not None
        present = [(s, e) for s, e in enumerate(spec.seats) if e in members]
        for seat_a, a in present:
            for seat_b, b in present:
                if a != b:
                    # Teammates at a cooperative table won or lost together: a draw.
                    gained = (
                        0.5
                        if result.cooperative
                        else pairwise(result.ranks[seat_a], result.ranks[seat_b])
                    )
                    members[a].head_to_head = (members[a].head_to_head or 0.0) + gained
