"""The engine contract (docs/engine-api.md) as Castle Panic honours it."""

from __future__ import annotations

import json
import random

import pytest

import arena.bots
import arena.games
from arena.games import IllegalAction
from arena.games.castle_panic import GAME as PACKAGE_GAME
from arena.games.castle_panic.rules import CastlePanicState

from .helpers import GAME, monster_phase, new_game


def test_the_game_is_described_and_cooperative() -> None:
    assert (GAME.name, GAME.title) == ("castle_panic", "Castle Panic: Engines of War")
    assert (GAME.min_players, GAME.max_players) == (1, 6)
    assert GAME.cooperative
    assert set(arena.bots.get(GAME.name)) == {"random", "greedy", "ismcts"}
    assert GAME.render is not None and GAME.views.observe is not None
    assert set(GAME.options) == {"siege_crew", "first_player"}


def test_the_registry_serves_the_package() -> None:
    assert "castle_panic" in arena.games.names()
    assert arena.games.get("castle_panic") is PACKAGE_GAME


def test_legal_actions_are_a_fresh_list_in_a_stable_order() -> None:
    state = GAME.new_state(3, 1)
    first = state.legal_actions()
    first.append("junk")
    assert state.legal_actions() == GAME.new_state(3, 1).legal_actions()


def test_an_illegal_code_raises_and_changes_nothing() -> None:
    state = GAME.new_state(3, 2)
    before = json.dumps(state.spectate(), sort_keys=True)
    for code in ("bogus", "end_phase", "hit:card=0:monster=0", "draw:deck=monsters", ""):
        with pytest.raises(IllegalAction):
            state.apply(code)
    assert json.dumps(state.spectate(), sort_keys=True) == before
    assert isinstance(IllegalAction("x"), ValueError)


def test_every_legal_code_has_an_english_description() -> None:
    rng = random.Random(3)
    state = GAME.new_state(4, 3)
    for _ in range(300):
        if state.is_over():
            break
        for code in state.legal_actions():
            text = state.describe(code)
            assert text and not text.startswith("Unknown"), code
        state.apply(rng.choice(state.legal_actions()))
    assert state.describe("bogus:x=1").startswith("Unknown")


def test_a_clone_is_independent_of_its_original() -> None:
    state = GAME.new_state(3, 4)
    assert isinstance(state, CastlePanicState)
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    copy.hands[0].append(99)
    copy.board.clear()
    assert state.spectate() == GAME.new_state(3, 4).spectate()


def test_clones_draw_the_same_dice_as_the_original_would() -> None:
    state = GAME.new_state(2, 5)
    copy = state.clone()
    assert copy.roll() == state.roll()
    assert copy.roll() == state.roll()


def test_to_move_is_none_and_no_action_is_legal_once_over() -> None:
    state = new_game()
    state.towers = [False, True, False, False, False, False, False]
    state.put_monster("goblin", "C6")
    monster_phase(state)
    assert state.is_over() and state.to_move() is None and state.legal_actions() == []
    with pytest.raises(IllegalAction):
        state.apply("end_phase")


def test_outcome_has_a_record_per_seat() -> None:
    state = GAME.new_state(4, 6)
    outcome = state.outcome()
    assert len(outcome) == 4
    for record in outcome:
        assert set(record) == {"rank", "score", "team_won", "points", "trophies"}
