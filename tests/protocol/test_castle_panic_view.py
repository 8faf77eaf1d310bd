"""Castle Panic views cross the wire exactly: observe -> CastlePanicView -> dict is lossless."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from google.protobuf import json_format

import arena.games
from arena.games.castle_panic.rules import CastlePanicState
from arena_sdk import views
from arena_sdk.proto.arena.v1 import referee_pb2

GAME = "castle_panic"


def random_states(count: int, seed: int) -> Iterator[tuple[CastlePanicState, int]]:
    """`count` games with random options and player counts, played at random (ending the
    play phase rarely, so weapons, trades and choices show up); yields a few positions of
    each from random seats, always those with an optional record, and the final one. Half
    the games start with both weapons on the Keep, which random play seldom builds."""
    rng = random.Random(seed)
    castle_panic = arena.games.get(GAME)
    for _ in range(count):
        options = {name: rng.choice(spec["choices"]) for name, spec in castle_panic.options.items()}
        players = rng.randint(1, 6)
        state = castle_panic.new_state(players, rng.randrange(1 << 30), options)
        assert isinstance(state, CastlePanicState)
        if rng.random() < 0.5:
            state.catapult = state.ballista = True
            state.facing = rng.choice(["red", "green", "blue"])
        while not state.is_over():
            if state.offer or state.fire_weapon or state.choice or rng.random() < 0.1:
                yield state, rng.randrange(players)
            legal = state.legal_actions()
            busy = [c for c in legal if c not in ("end_phase", "pass", "reject")]
            state.apply(rng.choice(busy if busy and rng.random() < 0.85 else legal))
        for seat in range(players):
            yield state, seat


@pytest.mark.parametrize("seed", range(4))
def test_observe_survives_the_round_trip_exactly(seed: int) -> None:
    checked = 0
    optional: set[str] = set()
    for state, seat in random_states(10, seed):
        view = state.observe(seat)
        assert views.to_dict(views.from_dict(GAME, view)) == view
        optional |= {"offer", "fire", "choice"} & set(view)
        checked += 1
    assert checked > 100
    assert optional == {"offer", "fire", "choice"}, "every optional record was exercised"


def test_the_wire_bytes_carry_the_view_too() -> None:
    state, seat = next(random_states(1, 99))
    view = state.observe(seat)
    turn = referee_pb2.TurnRequest(request_id=1)
    turn.castle_panic.CopyFrom(views.from_dict(GAME, view))
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
