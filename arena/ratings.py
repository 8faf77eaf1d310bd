"""Ratings: OpenSkill's Plackett–Luce model on match ranks, for any number of players.

Pure functions with no storage: the platform stores the numbers, and recomputing a ladder is
replaying `rate` over its matches in the order they were rated. Each seat is a team of one;
ties share a rank; a disqualified seat already ranks last in the referee's outcome.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()
DEFAULT_MU: float = _MODEL.mu
DEFAULT_SIGMA: float = _MODEL.sigma


def display(mu: float, sigma: float) -> float:
    """The conservative rating a ladder sorts by: a new bot starts near 0 and climbs."""
    return mu - 3 * sigma


@dataclass(frozen=True)
class Skill:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def display(self) -> float:
        return display(self.mu, self.sigma)


def rate(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """New skills after one match; `ranks[i]` is seat i's rank (0 best, ties equal)."""
    if len(skills) != len(ranks):
        raise ValueError(f"{len(skills)} skills for {len(ranks)} ranks")
    if len(skills) < 2:
        raise ValueError("a rated match needs at least two seats")
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = _MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


def ranks_of(outcome: Iterable[Mapping[str, Any]]) -> list[int]:
    """The ranks of a referee outcome (disqualified seats are already last)."""
    return [int(seat["rank"]) for seat in outcome]


def replay(
    matches: Iterable[tuple[Sequence[Any], Sequence[int], Sequence[bool]]],
) -> dict[Any, tuple[Skill, int, int]]:
    """Rate a sequence of (player keys, ranks, who won) from scratch: {key: (skill, games, wins)}.

    Who won is passed in because a cooperative team that lost shares rank 0 without winning.
    """
    table: dict[Any, tuple[Skill, int, int]] = {}
    for keys, ranks, won in matches:
        current = [table.get(k, (Skill(), 0, 0)) for k in keys]
        new = rate([c[0] for c in current], ranks)
        for key, (_, games, wins), skill, win in zip(keys, current, new, won, strict=True):
            table[key] = (skill, games + 1, wins + bool(win))
    return table
