"""Points from ranks: the share of a table's opponents a seat finished ahead of.

A 2-player game gives 1 for a win, ½ for a draw, 0 for a loss; a 4-player game gives the
winner 1, second ⅔, third ⅓, last 0, and seats that tie share. Every game hands out
n/2 points among n seats, so tables of different sizes weigh the same per seat. A
disqualified seat is already ranked last by the referee, so it scores as a loss.
"""

from __future__ import annotations

from collections.abc import Sequence


def game_points(ranks: Sequence[int]) -> list[float]:
    n = len(ranks)
    if n < 2:
        return [1.0] * n
    points = []
    for mine in ranks:
        beaten = sum(1 for other in ranks if other > mine)
        tied = sum(1 for other in ranks if other == mine) - 1
        points.append((beaten + 0.5 * tied) / (n - 1))
    return points


def pairwise(rank_a: int, rank_b: int) -> float:
    """A's head-to-head point against B in one game: 1, ½ or 0."""
    return 1.0 if rank_a < rank_b else 0.5 if rank_a == rank_b else 0.0
