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


def rate_against_the_game(
    team: Sequence[Skill], game: Skill, won: bool
) -> tuple[list[Skill], Skill]:
    """A cooperative match: the table is one team, the game itself (a "horde" rated per game
    and player count) the other. Every seat's skill moves by the team's result; trophy
    points do not enter here (they are the secondary table)."""
    if not team:
        raise ValueError("a cooperative match needs at least one seat")
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team]]
    teams.append([_MODEL.rating(mu=game.mu, sigma=game.sigma)])
    rated = _MODEL.rate(teams, ranks=[0.0, 1.0] if won else [1.0, 0.0])
    return [Skill(r.mu, r.sigma) for r in rated[0]], Skill(rated[1][0].mu, rated[1][0].sigma)


def ranks_of(outcome: Iterable[Mapping[str, Any]]) -> list[int]:
    """The ranks of a referee outcome (disqualified seats are already last)."""
    return [int(seat["rank"]) for seat in outcome]


Match = tuple[Sequence[Any], Sequence[int], Sequence[bool], Any]


def replay(matches: Iterable[Match]) -> dict[Any, tuple[Skill, int, int]]:
    """Rate a sequence of (player keys, ranks, who won, opponent) from scratch:
    {key: (skill, games, wins)}.

    Who won is passed in because a cooperative team that lost shares rank 0 without winning.
    `opponent` is None for a match between the seats, or the key of the game itself for a
    cooperative one (`rate_against_the_game`); that key gets an entry too, its wins being
    the team's losses.
    """
    table: dict[Any, tuple[Skill, int, int]] = {}
    for keys, ranks, won, opponent in matches:
        current = [table.get(k, (Skill(), 0, 0)) for k in keys]
        if opponent is None:
            new = rate([c[0] for c in current], ranks)
        else:
            game, games, wins = table.get(opponent, (Skill(), 0, 0))
            new, game = rate_against_the_game([c[0] for c in current], game, any(won))
            table[opponent] = (game, games + 1, wins + (not any(won)))
        for key, (_, games, wins), skill, win in zip(keys, current, new, won, strict=True):
            table[key] = (skill, games + 1, wins + bool(win))
    return table
