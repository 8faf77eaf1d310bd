"""Who plays whom: pure choices, no database, so they are easy to test and reason about.

The version with the fewest games (rated plus already scheduled) anchors each match, so
new and under-played versions converge fast; its opponents are drawn from those closest to
it in rating. Any seat count the game allows and the pool can fill with distinct versions.
The anchor's seat rotates with its games.

A cooperative game's table is a team, not a contest: its partners come from the whole pool,
so each version plays beside many others and its own part in its teams' results can be told
from theirs (close-rated partners would keep the same teams together).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass
class Candidate:
    version_id: int
    mu: float
    #: Rated games plus matches already scheduled for it.
    games: int
    #: More matches it may be given now (a remote bot's concurrency left); None: no cap.
    room: int | None = None


def pick_lineup(
    candidates: Sequence[Candidate],
    min_players: int,
    max_players: int,
    rng: random.Random,
    cooperative: bool = False,
) -> list[int] | None:
    """Version ids in seat order for one match, or None if the pool is too small."""
    top = min(max_players, len(candidates))
    if top < min_players:
        return None
    players = rng.randint(min_players, top)
    anchor = min(candidates, key=lambda c: (c.games, rng.random()))
    others = sorted(
        (c for c in candidates if c is not anchor),
        key=lambda c: (abs(c.mu - anchor.mu), rng.random()),
    )
    # A window a little wider than needed keeps lineups varied among close ratings.
    window = others if cooperative else others[: max(players - 1, 2 * (players - 1))]
    chosen = rng.sample(window, players - 1)
    seat = anchor.games % players
    lineup = [c.version_id for c in chosen]
    lineup.insert(seat, anchor.version_id)
    return lineup
