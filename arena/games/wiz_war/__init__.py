"""Wiz-War (8th edition, 2011) with the Bestial Forces expansion (2014).

Rules as implemented: docs/games/wiz-war.md. Spec: §-numbers in rules.py, the rule modules
and effects/.
"""

from __future__ import annotations

from typing import Any

from arena.games.base import Game, Views
from arena.games.wiz_war import views
from arena.games.wiz_war.board import COLOURS
from arena.games.wiz_war.config import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, SEAT_COLOURS
from arena.games.wiz_war.determinize import determinize
from arena.games.wiz_war.render import render
from arena.games.wiz_war.rules import WizWarState


def create(players: int, seed: int, options: dict[str, Any]) -> WizWarState:
    """Start a game; `options` are already validated against their choices (the schools of
    More Summons are checked against the chosen three here: ValueError)."""
    return WizWarState(players, seed, options)


def seat_colours(players: int) -> tuple[str, ...]:
    """Each seat's wizard colour: two players sit in opposite corners (§2.6)."""
    return tuple(COLOURS[c] for c in SEAT_COLOURS[players])


#: What each viewer may see (wiz_war/views.py), bound to the state here: views.py imports
#: the rules, so the rules cannot import it.
VIEWS = WizWarState.bind_views(
    Views(views.observe, views.spectate, views.describe, views.public_action)
)


GAME = Game(
    name="wiz_war",
    title="Wiz-War: Bestial Forces",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    create=create,
    views=VIEWS,
    render=render,
    seat_colours=seat_colours,
    determinize=determinize,
)

__all__ = ["GAME", "VIEWS", "WizWarState", "create"]
