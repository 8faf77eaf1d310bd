"""Determinization: a state resampled from one seat's view agrees with everything it sees."""

from __future__ import annotations

import random

from engine_contract import determinization_consistent, play
from hypothesis import given

from arena.games.castle_panic.rules import CastlePanicState

from .helpers import GAME
from .test_properties import SETTINGS, games


def conserved(real: CastlePanicState, sample: CastlePanicState, seat: int) -> list[str]:
    """Every card and token once; what lies face up is where it really is, and only the
    piles seen face down hold anything else, in the same numbers."""
    problems = sample.check_invariants()
    for zone in ("hands", "castle_discard", "resource_discard", "banished", "engineer", "used"):
        if getattr(sample, zone) != getattr(real, zone):
            problems.append(f"{zone} differs")
    for pile in ("castle_deck", "resource_deck", "pile"):
        if sorted(getattr(sample, pile)) != sorted(getattr(real, pile)):
            problems.append(f"{pile} holds other cards or tokens")
    return problems


@SETTINGS
@given(games())
def test_a_resampled_state_matches_the_seats_view(game: tuple) -> None:
    players, options, seed, pick = game
    check = determinization_consistent(GAME, 7, seed, conserved)
    play(GAME, players, options, seed, pick, every_step=check)


def test_the_piles_are_shuffled_afresh() -> None:
    state = GAME.new_state(2, 3)
    view = state.observe(0)
    orders = {
        (tuple(s.castle_deck), tuple(s.pile))
        for s in (GAME.determinize(view, 0, random.Random(k)) for k in range(5))
    }
    assert len(orders) == 5
