"""Castle Panic (1st edition) with the Engines of War expansion: 1-6 players, co-operative,
with individual trophy scores (the Master Slayer).

Rules as implemented: docs/games/castle-panic.md. Spec: §-numbers in rules.py.
"""

from __future__ import annotations

from typing import Any

from arena.games.base import Game, Views
from arena.games.castle_panic import views
from arena.games.castle_panic.config import ENDING_WORDS, MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from arena.games.castle_panic.determinize import determinize
from arena.games.castle_panic.render import render
from arena.games.castle_panic.rules import CastlePanicState


def create(players: int, seed: int, options: dict[str, Any]) -> CastlePanicState:
    """Start a game; `options` are already validated."""
    return CastlePanicState(players, seed, options)


#: What each viewer may see (castle_panic/views.py), bound to the state here: views.py imports
#: the rules, so the rules cannot import it.
VIEWS = CastlePanicState.bind_views(Views(views.observe, views.spectate, views.describe))


GAME = Game(
    name="castle_panic",
    title="Castle Panic: Engines of War",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    create=create,
    views=VIEWS,
    render=render,
    cooperative=True,
    endings=ENDING_WORDS,
    determinize=determinize,
)

__all__ = ["GAME", "VIEWS", "CastlePanicState", "create"]
