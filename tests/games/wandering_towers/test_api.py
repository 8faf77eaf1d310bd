"""The engine contract as the platform uses it (docs/engine-api.md)."""

from __future__ import annotations

import json

import pytest

import arena.bots
import arena.games
from arena.games import IllegalAction
from arena.games.wandering_towers import GAME
from arena_sdk import Bot

from .helpers import new_game


def test_the_registry_returns_the_game_with_its_metadata() -> None:
    game = arena.games.get("wandering_towers")
    assert game is GAME and game.title == "Wandering Towers"
    assert (game.min_players, game.max_players) == (2, 6)
    assert set(arena.bots.get(game.name)) == {"random", "greedy", "ismcts"}
    assert game.render is not None and game.views.observe is not None


def test_every_option_has_choices_and_a_default_among_them() -> None:
    assert {"variant", "teams", "spells"} <= set(GAME.options)
    for spec in GAME.options.values():
        assert spec["default"] in spec["choices"]
    assert GAME.options["variant"]["choices"] == ["base", "master_wizard"]
    assert GAME.options["teams"] == {"choices": [False, True], "default": False}
    assert GAME.options["spells"]["choices"] == list(range(1, 9))


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, {}, "2–6 players"),
        (7, {}, "2–6 players"),
        (3, {"colour": "red"}, "unknown option"),
        (3, {"variant": "expert"}, "variant"),
        (3, {"spells": 9}, "spells"),
        (3, {"teams": True}, "teams need 4 or 6"),
        (5, {"teams": True}, "teams need 4 or 6"),
        (2, {"teams": True}, "teams need 4 or 6"),
    ],
)
def test_bad_input_is_a_value_error_naming_the_problem(players, options, message) -> None:
    with pytest.raises(ValueError, match=message):
        GAME.new_state(players, 0, options)


def test_options_given_as_text_are_accepted() -> None:
    state = GAME.new_state(4, 0, {"teams": "true", "variant": "master_wizard", "spells": "3"})
    assert state.teams and state.master and len(state.spells) == 3


def test_an_illegal_code_raises_illegal_action_and_changes_nothing() -> None:
    state = new_game(3)
    before = json.dumps(state.spectate(), sort_keys=True)
    for code in ["bogus", "play:card=999", "wizard:id=0", "dud", "", "refresh:now"]:
        with pytest.raises(IllegalAction):
            state.apply(code)
    assert json.dumps(state.spectate(), sort_keys=True) == before
    assert issubclass(IllegalAction, ValueError)


def test_legal_actions_are_stable_and_described_in_english() -> None:
    state = new_game(4, seed=3, variant="master_wizard")
    for _ in range(60):
        legal = state.legal_actions()
        assert legal == state.clone().legal_actions() and len(set(legal)) == len(legal)
        for code in legal:
            text = state.describe(code)
            assert text and "\n" not in text and not text.startswith("Unknown")
        state.apply(legal[-1])
    assert state.describe("nonsense").startswith("Unknown")


def test_to_move_is_none_and_outcome_ranks_everyone_at_the_end() -> None:
    state = new_game(3, seed=2)
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    assert state.to_move() is None and state.legal_actions() == []
    outcome = state.outcome()
    assert len(outcome) == 3 and min(r["rank"] for r in outcome) == 0
    assert all(set(r) == {"rank", "score"} for r in outcome)


def test_clone_is_independent_of_the_original() -> None:
    state = new_game(3, seed=4)
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert state.spectate() != copy.spectate()
    assert state.spectate() == new_game(3, seed=4).spectate()


def test_reference_bots_are_sdk_bots_built_from_a_seed() -> None:
    for factory in arena.bots.get(GAME.name).values():
        bot = factory(seed=1)
        assert isinstance(bot, Bot)


def test_render_draws_the_board_in_100_columns() -> None:
    state = new_game(6, seed=1, variant="master_wizard")
    for _ in range(200):
        if state.is_over():
            break
        state.apply(state.legal_actions()[0])
    text = GAME.render(state.spectate())
    assert "Ravenskeep" in text and "T1" in text
    assert max(len(line) for line in text.splitlines()) <= 100
