"""A bot sees the same view dict in-process and hosted: observe -> message -> dict is exact."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from google.protobuf import json_format

import arena.games
from arena.games.base import GameState
from arena_sdk import views
from arena_sdk.proto.arena.v1 import referee_pb2

GAME = "wandering_towers"


def random_states(count: int, seed: int) -> Iterator[tuple[GameState, int]]:
    """`count` games with random options and player counts, played at random; yields a few
    positions of each, from every seat, including the final one."""
    game = arena.games.get(GAME)
    rng = random.Random(seed)
    for _ in range(count):
        options = {name: rng.choice(spec["choices"]) for name, spec in game.options.items()}
        players = rng.choice([4, 6]) if options["teams"] else rng.randint(2, 6)
        state = game.new_state(players, rng.randrange(1 << 30), options)
        while not state.is_over():
            if rng.random() < 0.1:
                yield state, rng.randrange(players)
            state.apply(rng.choice(state.legal_actions()))
        for seat in range(players):
            yield state, seat


@pytest.mark.parametrize("seed", range(4))
def test_observe_survives_the_round_trip_exactly(seed: int) -> None:
    checked = 0
    for state, seat in random_states(12, seed):
        view = state.observe(seat)
        assert views.to_dict(views.from_dict(GAME, view)) == view
        checked += 1
    assert checked > 100


def test_the_wire_bytes_carry_the_view_too() -> None:
    state, seat = next(random_states(1, 99))
    view = state.observe(seat)
    turn = referee_pb2.TurnRequest(request_id=1)
    turn.wandering_towers.CopyFrom(views.from_dict(GAME, view))
    parsed = referee_pb2.TurnRequest.FromString(turn.SerializeToString())
    assert views.turn_view(parsed) == view


def test_the_dict_is_what_message_to_dict_documents() -> None:
    """Other-language clients can rely on proto3 JSON semantics with proto field names."""
    for state, seat in random_states(2, 7):
        message = views.from_dict(GAME, state.observe(seat))
        documented: dict[str, Any] = json_format.MessageToDict(
            message, preserving_proto_field_name=True, always_print_fields_with_no_presence=True
        )
        assert views.to_dict(message) == documented


def test_a_key_the_protocol_lacks_is_refused() -> None:
    state, seat = next(random_states(1, 3))
    with pytest.raises(views.ViewError, match="no_such_key"):
        views.from_dict(GAME, {**state.observe(seat), "no_such_key": 1})


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(views.ViewError, match="chess"):
        views.from_dict("chess", {})
