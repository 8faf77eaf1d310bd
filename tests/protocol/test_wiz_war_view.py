"""Wiz-War views survive the protocol exactly: to_dict(from_dict(observe(seat))) == observe."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from google.protobuf import json_format

from arena.games.base import GameState
from arena.games.wiz_war import GAME as WIZ_WAR
from arena_sdk import views
from arena_sdk.proto.arena.v1 import referee_pb2

GAME = "wiz_war"


def random_states(count: int, seed: int) -> Iterator[tuple[GameState, int]]:
    """`count` short games with random options, played at random; yields many positions from
    every seat, including the final one."""
    rng = random.Random(seed)
    for _ in range(count):
        options: dict[str, Any] = {
            "schools": rng.choice(WIZ_WAR.options["schools"]["choices"]),
            "round_limit": 5,
            "specializations": rng.random() < 0.5,
            "extended_flash_energy": rng.random() < 0.5,
        }
        players = rng.randint(2, 4)
        state = WIZ_WAR.new_state(players, rng.randrange(1 << 30), options)
        while not state.is_over():
            if rng.random() < 0.15:
                yield state, rng.randrange(players)
            state.apply(rng.choice(state.legal_actions()))
        for seat in range(players):
            yield state, seat


@pytest.mark.parametrize("seed", range(3))
def test_observe_survives_the_round_trip_exactly(seed: int) -> None:
    checked = 0
    for state, seat in random_states(6, seed):
        view = state.observe(seat)
        assert views.to_dict(views.from_dict(GAME, view)) == view
        checked += 1
    assert checked > 100


def test_spectate_fits_the_same_message() -> None:
    for state, _ in random_states(2, 5):
        view = state.spectate()
        assert views.to_dict(views.from_dict(GAME, view)) == view


def test_the_wire_bytes_carry_the_view_too() -> None:
    state, seat = next(random_states(1, 99))
    view = state.observe(seat)
    turn = referee_pb2.TurnRequest(request_id=1)
    turn.wiz_war.CopyFrom(views.from_dict(GAME, view))
    parsed = referee_pb2.TurnRequest.FromString(turn.SerializeToString())
    assert views.turn_view(parsed) == view


def test_the_dict_is_what_message_to_dict_documents() -> None:
    for state, seat in random_states(1, 7):
        message = views.from_dict(GAME, state.observe(seat))
        documented: dict[str, Any] = json_format.MessageToDict(
            message, preserving_proto_field_name=True, always_print_fields_with_no_presence=True
        )
        assert views.to_dict(message) == documented


def test_a_key_the_protocol_lacks_is_refused() -> None:
    state, seat = next(random_states(1, 3))
    with pytest.raises(views.ViewError, match="no_such_key"):
        views.from_dict(GAME, {**state.observe(seat), "no_such_key": 1})
