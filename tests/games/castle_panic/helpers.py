"""Helpers to build Castle Panic positions the way the spec writes them (§16).

Spaces are written like the spec: "K3" is the Knight space of arc 3 (F forest, A archer,
K knight, S swordsman, C castle). Every scenario plays as seat 0 (the spec's P1), in Phase 4
unless it says otherwise; `monster_phase` ends Phase 4 with Missing in force, so only the
monsters' movement happens before the next turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import arena.games
from arena.games.castle_panic.rules import (
    CARD_NAME,
    PLAY,
    SPACE_BY_CODE,
    CastlePanicState,
)

GAME = arena.games.get("castle_panic")


def new_game(players: int = 3, seed: int = 0, **options: Any) -> CastlePanicState:
    """A fresh game, seat 0 to play, with an empty board (the pile keeps its tokens)."""
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, CastlePanicState)
    state.clear_board()
    return state


def to_play_phase(state: CastlePanicState) -> CastlePanicState:
    """Skip to Phase 4 of the active player's turn."""
    state.phase, state.step = 4, PLAY
    state.offer = None
    state._legal = None
    return state


def monster_phase(state: CastlePanicState, picks: Sequence[int] = ()) -> None:
    """End Phase 4 with no Monster tokens to draw; answer any choice with `picks`."""
    to_play_phase(state)
    state.missing = True
    state.apply("end_phase")
    for pick in picks:
        state.apply(f"pick:monster={pick}")


def resolve_tokens(state: CastlePanicState, count: int, picks: Sequence[int] = ()) -> None:
    """Draw and resolve `count` Monster tokens from Phase 4 (so the turn does not end)."""
    to_play_phase(state)
    state.work = [("draw",)] * count
    state._run()
    for pick in picks:
        state.apply(f"pick:monster={pick}")


def card_id(state: CastlePanicState, seat: int, name: str) -> int:
    """The id of the card called `name` in `seat`'s hand."""
    return next(c for c in state.hands[seat] if CARD_NAME[c] == name)


def at(code: str) -> int:
    return SPACE_BY_CODE[code]


class ScriptedDie:
    """Stands in for the state's RNG where a scenario needs given die faces."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        return self.faces.pop(0)
