"""Wandering Towers (Kramer & Kiesling, 2022): basic game, Master Wizard and team variants.

Rules as implemented: docs/games/wandering-towers.md. Spec: §-numbers in rules.py.
"""

from __future__ import annotations

from typing import Any

from arena.games.base import Game, Views
from arena.games.wandering_towers import views
from arena.games.wandering_towers.config import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from arena.games.wandering_towers.determinize import determinize
from arena.games.wandering_towers.render import render
from arena.games.wandering_towers.rules import WanderingTowersState


def create(players: int, seed: int, options: dict[str, Any]) -> WanderingTowersState:
    """Start a game; `options` are already validated (teams with 4 or 6 players only)."""
    return WanderingTowersState(players, seed, options)


#: What each viewer may see (wandering_towers/views.py), bound to the state here: views.py imports
#: the rules, so the rules cannot import it.
VIEWS = WanderingTowersState.bind_views(
    Views(views.observe, views.spectate, views.describe, views.public_action)
)


GAME = Game(
    name="wandering_towers",
    title="Wandering Towers",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    create=create,
    views=VIEWS,
    render=render,
    determinize=determinize,
)

__all__ = ["GAME", "VIEWS", "WanderingTowersState", "create"]
