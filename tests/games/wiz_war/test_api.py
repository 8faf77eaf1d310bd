"""The engine contract as the platform uses it (docs/engine-api.md)."""

from __future__ import annotations

import json
import random

import pytest

import arena.bots
from arena.games import IllegalAction
from arena.games.wiz_war import GAME
from arena.games.wiz_war.config import SCHOOL_CHOICES

from .helpers import new_game


def test_the_game_has_its_metadata_bots_and_render() -> None:
    assert (GAME.name, GAME.title) == ("wiz_war", "Wiz-War: Bestial Forces")
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    assert set(arena.bots.get(GAME.name)) == {"random", "greedy", "ismcts"}
    assert GAME.render is not None and GAME.views.observe is not None


def test_every_option_has_choices_and_a_default_among_them() -> None:
    assert set(GAME.options) == {
        "schools",
        "black_cantrip",
        "extended_flash_energy",
        "more_summons",
        "specializations",
        "round_limit",
    }
    for spec in GAME.options.values():
        assert spec["default"] in spec["choices"]
    assert len(SCHOOL_CHOICES) == 84  # three of nine schools
    assert GAME.options["schools"]["default"] == "draconic,mythology,totem"


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, {}, "2–4 players"),
        (5, {}, "2–4 players"),
        (2, {"colour": "red"}, "unknown option"),
        (2, {"schools": "fire,water,air"}, "schools"),
        (2, {"schools": "alchemy,alchemy,totem"}, "schools"),
        (2, {"more_summons": "mythology"}, "already one of the schools"),
        (2, {"round_limit": 7}, "round_limit"),
    ],
)
def test_bad_input_is_a_value_error_naming_the_problem(players, options, message) -> None:
    with pytest.raises(ValueError, match=message):
        GAME.new_state(players, 0, options)


def test_options_given_as_text_are_accepted() -> None:
    state = GAME.new_state(
        3,
        0,
        {"specializations": "true", "round_limit": "10", "schools": "alchemy,conjuring,elemental"},
    )
    assert state.specializations and state.round_limit == 10
    assert state.schools == ["alchemy", "conjuring", "elemental"]


def test_random_schools_come_from_the_seed() -> None:
    first = GAME.new_state(2, 11, {"schools": "random"})
    again = GAME.new_state(2, 11, {"schools": "random"})
    assert first.schools == again.schools and len(set(first.schools)) == 3


def test_an_illegal_code_raises_illegal_action_and_changes_nothing() -> None:
    state = new_game()
    before = json.dumps([state.spectate(), state.observe(0)], sort_keys=True)
    for code in ["bogus", "step:up", "cast:card=999", "target:w1", "", "draw:n=2", "pass"]:
        with pytest.raises(IllegalAction):
            state.apply(code)
    assert json.dumps([state.spectate(), state.observe(0)], sort_keys=True) == before


def test_every_legal_action_has_a_one_line_description() -> None:
    state = GAME.new_state(4, 3, {})
    rng = random.Random(3)
    for _ in range(300):
        for code in state.legal_actions():
            text = state.describe(code)
            assert text and "\n" not in text and not text.startswith("Unknown")
        state.apply(rng.choice(state.legal_actions()))
        if state.is_over():
            break


def test_the_outcome_ranks_the_winner_first() -> None:
    state = new_game()
    state.wizards[1].vp = 1
    state._finish(0, "victory_points")
    ranks = [r["rank"] for r in state.outcome()]
    assert ranks[0] == 0 and ranks[1] == 1 and ranks[2] == ranks[3] == 2


def test_a_drawn_game_ties_the_survivors() -> None:
    state = new_game()
    state.wizards[3].alive = False
    state._finish(-1, "round_limit")
    assert [r["rank"] for r in state.outcome()] == [0, 0, 0, 3]


def test_the_terminal_board_fits_100_columns() -> None:
    state = GAME.new_state(4, 1, {})
    text = GAME.render(state.spectate())
    assert "r9" in text and max(len(line) for line in text.splitlines()) <= 100


def test_a_clone_plays_on_alone_and_draws_the_dice_the_original_would() -> None:
    """Clones share the generator copy-on-write: whatever one plays, the other is unchanged,
    and both continue exactly as the original would have."""
    state = GAME.new_state(4, 8, {"specializations": True})
    rng = random.Random(8)
    for _ in range(400):
        state.apply(rng.choice(state.legal_actions()))
    before = json.dumps([state.spectate(), state.observe(0), state.legal_actions()])
    copy, twin = state.clone(), state.clone()
    other = random.Random(1)
    while not copy.is_over():
        copy.apply(other.choice(copy.legal_actions()))
    assert json.dumps([state.spectate(), state.observe(0), state.legal_actions()]) == before
    for seed in (2, 3):
        a, b = random.Random(seed), random.Random(seed)
        for _ in range(300):
            if state.is_over():
                break
            code = a.choice(state.legal_actions())
            assert b.choice(twin.legal_actions()) == code
            state.apply(code)
            twin.apply(code)
        assert twin.spectate() == state.spectate() and twin.rng.random() == state.rng.random()
