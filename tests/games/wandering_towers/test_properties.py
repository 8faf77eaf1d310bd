"""Random play of every variant and player count: properties that must always hold."""

from __future__ import annotations

import random
from typing import Any

from engine_contract import (
    assert_replay_reproduces,
    illegal_codes_refused,
    offered_actions_apply,
    play,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.games.wandering_towers.rules import WanderingTowersState

from .helpers import GAME

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> tuple[int, dict[str, Any], int]:
    """Players, options (any legal combination) and a seed."""
    players = draw(st.integers(2, 6))
    options: dict[str, Any] = {
        "variant": draw(st.sampled_from(["base", "master_wizard"])),
        "spells": draw(st.integers(1, 8)),
        "swap_distance_2": draw(st.booleans()),
        "hide_prisoners": draw(st.booleans()),
    }
    if players in (4, 6) and draw(st.booleans()):
        options["teams"] = True
        options["team_end_immediate"] = draw(st.booleans())
    return players, options, draw(st.integers(0, 2**32 - 1))


@SETTINGS
@given(games())
def test_random_play_ends_and_keeps_every_invariant(game: tuple) -> None:
    def check(state: WanderingTowersState, step: int) -> None:
        assert state.check_invariants() == []
        assert state.to_move() is not None and state.round <= 200

    state, _ = play(GAME, *game, every_step=check)
    assert state.check_invariants() == [] and state.to_move() is None
    assert sorted(r["rank"] for r in state.outcome())[0] == 0


@SETTINGS
@given(games())
def test_every_offered_action_applies_without_error(game: tuple) -> None:
    play(GAME, *game, every_step=offered_actions_apply(every=7))


@SETTINGS
@given(games())
def test_illegal_codes_are_refused_and_leave_the_state_unchanged(game: tuple) -> None:
    bad = {"bogus", "play:card=90", "tower:space=16:level=1", "give_flasks:n=0"}
    play(GAME, *game, every_step=illegal_codes_refused(11, bad, seed=game[2]))


@SETTINGS
@given(games())
def test_observations_never_show_other_hands_or_the_draw_pile(game: tuple) -> None:
    def shuffle_hidden(state: WanderingTowersState, step: int) -> None:
        if step % 13:
            return
        seat = state.to_move()
        other = state.clone()
        pool = other.draw_pile + [c for p, h in enumerate(other.hands) if p != seat for c in h]
        random.Random(step).shuffle(pool)
        for p, hand in enumerate(other.hands):
            if p != seat:
                other.hands[p] = [pool.pop() for _ in hand]
        other.draw_pile = pool
        mine, theirs = state.observe(seat), other.observe(seat)
        mine.pop("exchange_cards", None)  # the partners' own exchange: known to both of them
        theirs.pop("exchange_cards", None)
        assert theirs == mine

    play(GAME, *game, every_step=shuffle_hidden)


@settings(max_examples=15, deadline=None)
@given(games())
def test_replaying_the_seed_and_actions_reproduces_the_game(game: tuple) -> None:
    assert_replay_reproduces(GAME, *game)
