"""Random play at every player count: properties that must always hold."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.games import IllegalAction
from arena.games.castle_panic.rules import CastlePanicState

from .helpers import GAME

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
IDLE = ("end_phase", "pass", "reject")


@st.composite
def games(draw: st.DrawFn) -> tuple[int, dict[str, Any], int, bool]:
    """Players, options, a seed, and whether play is busy (rarely ends Phase 4 or passes,
    so builds, weapons, trades and choices happen) or uniform."""
    players = draw(st.integers(1, 6))
    options = {
        "siege_crew": draw(st.sampled_from(["orcs", "random"])),
        "first_player": draw(st.sampled_from(["seat_0", "random"])),
    }
    return players, options, draw(st.integers(0, 2**32 - 1)), draw(st.booleans())


def snapshot(state: CastlePanicState) -> str:
    views = [state.spectate()] + [state.observe(p) for p in range(state.num_players)]
    return json.dumps([views, state.legal_actions(), state.to_move()], sort_keys=True)


def play(players: int, options: dict[str, Any], seed: int, busy: bool, every_step: Any = None):
    """Play at random to the end; `every_step(state, step)` runs before each move."""
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, CastlePanicState)
    rng = random.Random(seed)
    actions: list[str] = []
    while not state.is_over():
        if every_step is not None:
            every_step(state, len(actions))
        legal = state.legal_actions()
        assert legal, f"no legal action at step {state.step}"
        active = [c for c in legal if c not in IDLE]
        pool = active if busy and active and rng.random() < 0.9 else legal
        actions.append(rng.choice(pool))
        state.apply(actions[-1])
    return state, actions


@SETTINGS
@given(games())
def test_random_play_ends_and_keeps_every_card_and_token(game: tuple) -> None:
    def check(state: CastlePanicState, step: int) -> None:
        assert state.check_invariants() == []
        assert state.to_move() is not None

    state, _ = play(*game, every_step=check)
    assert state.check_invariants() == [] and state.to_move() is None
    assert state.end_reason in ("monsters", "towers", "turn_cap")
    ranks = [r["rank"] for r in state.outcome()]
    assert min(ranks) == 0 and (state.won or set(ranks) == {0})


@SETTINGS
@given(games())
def test_every_offered_action_applies_without_error(game: tuple) -> None:
    def try_all(state: CastlePanicState, step: int) -> None:
        if step % 5 == 0:
            for code in state.legal_actions():
                child = state.clone()
                child.apply(code)
                assert child.check_invariants() == []

    play(*game, every_step=try_all)


@SETTINGS
@given(games())
def test_illegal_codes_are_refused_and_leave_the_state_unchanged(game: tuple) -> None:
    seen: set[str] = {"bogus", "hit:card=57:monster=0", "place:space=F1", "pick:monster=50"}
    rng = random.Random(game[2])

    def try_illegal(state: CastlePanicState, step: int) -> None:
        legal = set(state.legal_actions())
        if step % 7 == 0:
            before = snapshot(state)
            for code in rng.sample(sorted(seen - legal), min(8, len(seen - legal))):
                with pytest.raises(IllegalAction):
                    state.apply(code)
            assert snapshot(state) == before
        seen.update(legal)

    play(*game, every_step=try_illegal)


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

    play(*game, every_step=shuffle_hidden)


@settings(max_examples=15, deadline=None)
@given(games())
def test_replaying_the_seed_and_actions_reproduces_the_game(game: tuple) -> None:
    players, options, seed, _ = game
    state, actions = play(*game)
    replay = GAME.new_state(players, seed, options)
    for code in actions:
        replay.apply(code)
    assert replay.is_over() and replay.outcome() == state.outcome()
    assert replay.spectate() == state.spectate()
