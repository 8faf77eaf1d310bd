"""Random play at every player count: properties that must always hold."""

from __future__ import annotations

import random
from typing import Any

from engine_contract import (
    Pick,
    assert_replay_reproduces,
    illegal_codes_refused,
    offered_actions_apply,
    play,
    uniform,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.games.castle_panic.rules import CastlePanicState

from .helpers import GAME

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
IDLE = ("end_phase", "pass", "reject")


def busy(rng: random.Random, legal: list[str]) -> str:
    """Rarely ends Phase 4 or passes, so builds, weapons, trades and choices happen."""
    active = [c for c in legal if c not in IDLE]
    return rng.choice(active if active and rng.random() < 0.9 else legal)


PICKS = (uniform, busy)


@st.composite
def games(draw: st.DrawFn) -> tuple[int, dict[str, Any], int, Pick]:
    """Players, options, a seed, and how actions are picked (busy or uniform)."""
    players = draw(st.integers(1, 6))
    options = {
        "siege_crew": draw(st.sampled_from(["orcs", "random"])),
        "first_player": draw(st.sampled_from(["seat_0", "random"])),
    }
    return players, options, draw(st.integers(0, 2**32 - 1)), draw(st.sampled_from(PICKS))


@SETTINGS
@given(games())
def test_random_play_ends_and_keeps_every_card_and_token(game: tuple) -> None:
    def check(state: CastlePanicState, step: int) -> None:
        assert state.check_invariants() == []
        assert state.to_move() is not None

    state, _ = play(GAME, *game, every_step=check)
    assert state.check_invariants() == [] and state.to_move() is None
    assert state.end_reason in ("monsters", "towers", "turn_cap")
    ranks = [r["rank"] for r in state.outcome()]
    assert min(ranks) == 0 and (state.won or set(ranks) == {0})


@SETTINGS
@given(games())
def test_every_offered_action_applies_without_error(game: tuple) -> None:
    play(GAME, *game, every_step=offered_actions_apply(every=5))


@SETTINGS
@given(games())
def test_illegal_codes_are_refused_and_leave_the_state_unchanged(game: tuple) -> None:
    bad = {"bogus", "hit:card=57:monster=0", "place:space=F1", "pick:monster=50"}
    play(GAME, *game, every_step=illegal_codes_refused(7, bad, seed=game[2]))


@SETTINGS
@given(games())
def test_observations_never_show_the_order_of_the_decks_or_the_pile(game: tuple) -> None:
    def shuffle_hidden(state: CastlePanicState, step: int) -> None:
        if step % 9:
            return
        other = state.clone()
        shuffler = random.Random(step)
        for pile in (other.castle_deck, other.resource_deck, other.pile):
            shuffler.shuffle(pile)
        seat = state.to_move()
        assert other.observe(seat) == state.observe(seat)
        assert other.spectate() == state.spectate()

    play(GAME, *game, every_step=shuffle_hidden)


@settings(max_examples=15, deadline=None)
@given(games())
def test_replaying_the_seed_and_actions_reproduces_the_game(game: tuple) -> None:
    assert_replay_reproduces(GAME, *game)
