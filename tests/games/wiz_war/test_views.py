"""Views: the protobuf-friendly shape, and what each seat may and may not see."""

from __future__ import annotations

import random
import re
from typing import Any

from arena.games.wiz_war import GAME
from arena.games.wiz_war.views import public_action

from .helpers import BLUE, RED, give, maintain, new_game, place, play, sq

SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")


def check_shape(value: Any, path: str = "view") -> None:
    """Snake_case keys, never None, no keys that are numbers, no lists of lists."""
    assert value is not None, f"{path} is None"
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str) and SNAKE.match(key), f"{path}: bad key {key!r}"
            check_shape(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            assert not isinstance(item, list), f"{path}[{i}] is a nested list"
            check_shape(item, f"{path}[{i}]")
    else:
        assert isinstance(value, (str, int, bool)), f"{path}: {type(value)}"


def test_views_have_the_protobuf_shape_throughout_a_game() -> None:
    state = GAME.new_state(4, 2, {"specializations": True, "round_limit": 5})
    rng = random.Random(2)
    while not state.is_over():
        if rng.random() < 0.1:
            check_shape(state.spectate())
            for seat in range(4):
                check_shape(state.observe(seat))
        state.apply(rng.choice(state.legal_actions()))
    check_shape(state.observe(0))
    assert state.observe(0).keys() == state.spectate().keys()


def test_a_seat_sees_its_own_hand_only() -> None:
    state = new_game()
    fireball = give(state, BLUE, "fireball")
    give(state, RED, "zot")
    mine, theirs = state.observe(BLUE), state.observe(RED)
    assert [c["id"] for c in mine["hand"]] == [fireball]
    assert fireball not in [c["id"] for c in theirs["hand"]]
    assert theirs["players"][BLUE]["hand_size"] == 1
    assert state.spectate()["hand"] == []


def test_only_the_trapper_knows_the_live_booby_trap_token() -> None:
    state = new_game()
    trap = give(state, BLUE, "booby_trap")
    play(
        state,
        f"cast:card={trap}",
        "target:r0c0",
        "target:r0c1",
        "target:r0c3",
        "target:r0c4",
        "live:3",
    )
    assert [o["live"] for o in state.observe(BLUE)["objects"]] == [False, False, True, False]
    assert not any(o["live"] for o in state.observe(RED)["objects"])
    assert not any(o["live"] for o in state.spectate()["objects"])
    # the live choice itself reaches other seats masked:
    state2 = new_game()
    trap = give(state2, BLUE, "booby_trap")
    play(state2, f"cast:card={trap}", "target:r0c0", "target:r0c1", "target:r0c3", "target:r0c4")
    assert public_action(state2, "live:2", RED) == (
        "live",
        "Chooses the live Booby Trap token (secret)",
    )
    assert public_action(state2, "live:2", BLUE)[0] == "live:2"


def test_the_specialization_school_is_secret() -> None:
    state = GAME.new_state(2, 4, {"specializations": True})
    first = state.to_move()
    codes = state.legal_actions()
    assert all(code.startswith("keep:") for code in codes)
    assert public_action(state, codes[0], 1 - first)[0] == "keep"
    while state.phase == "specialization":
        state.apply(state.legal_actions()[0])
    for seat in (0, 1):
        assert state.observe(seat)["players"][seat]["specialization"]
        assert state.observe(seat)["players"][1 - seat]["specialization"] == ""


def test_thought_steal_shows_the_victims_hand_to_the_thief_only() -> None:
    state = new_game()
    steal = give(state, BLUE, "thought_steal")
    secret = give(state, RED, "fireball")
    place(state, "w1", 1, 2)
    play(state, f"cast:card={steal}", "target:w1")
    while state.to_move() != BLUE or state.frames[-1]["kind"] == "window":
        play(state, "pass")
    assert [c["id"] for c in state.observe(BLUE)["choice_cards"]] == [secret]
    assert state.observe(RED)["choice_cards"] == []
    code = f"take:card={secret}"
    assert public_action(state, code, 2) == ("take", "Takes a card (secret)")
    play(state, code)
    assert secret in state.wizards[BLUE].hand


def test_the_board_lists_walls_doors_and_treasures() -> None:
    view = new_game().spectate()
    assert len(view["walls"]) == 64 and len(view["doors"]) == 8
    assert {d["colour"] for d in view["doors"]} == {"blue", "red", "green", "yellow"}
    assert len(view["treasures"]) == 8
    assert view["players"][0]["square"] == sq(2, 2) == view["players"][0]["home"]


def test_a_maintained_spell_shows_its_target_and_tokens() -> None:
    state = new_game()
    maintain(state, BLUE, "invisible", "w0", energy=3)
    spell = state.spectate()["spells"][0]
    assert (spell["card"]["key"], spell["target"], spell["tokens"]) == ("invisible", "w0", 3)
