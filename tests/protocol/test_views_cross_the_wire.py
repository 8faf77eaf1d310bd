"""A bot sees the same view dict in-process and hosted: observe -> message -> dict is exact,
for every game the protocol carries."""

from __future__ import annotations

from typing import Any

import pytest
from google.protobuf import json_format
from view_samples import OPTIONAL, SAMPLERS

from arena_sdk import Action, views, wire
from arena_sdk.proto.arena.v1 import referee_pb2

GAMES = sorted(SAMPLERS)


def test_every_game_has_a_view_in_the_protocol() -> None:
    assert sorted(views.VIEW_FIELDS) == GAMES


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("game", GAMES)
def test_observe_survives_the_round_trip_exactly(game: str, seed: int) -> None:
    checked = 0
    optional: set[str] = set()
    for state, seat in SAMPLERS[game](8, seed):
        view = state.observe(seat)
        assert views.to_dict(views.from_dict(game, view)) == view
        optional |= OPTIONAL[game] & set(view)
        checked += 1
    assert checked > 100
    assert optional == OPTIONAL[game], "every optional record was exercised"


def test_a_wiz_war_spectator_view_fits_the_seat_view_message() -> None:
    for state, _ in SAMPLERS["wiz_war"](2, 5):
        view = state.spectate()
        assert views.to_dict(views.from_dict("wiz_war", view)) == view


@pytest.mark.parametrize("game", GAMES)
def test_a_turn_on_the_wire_carries_the_view_and_the_legal_actions(game: str) -> None:
    state, seat = next(SAMPLERS[game](1, 99))
    view = state.observe(seat)
    legal = [Action(code, state.describe(code)) for code in state.legal_actions()]
    message = wire.turn_message(4, game, view, legal, per_decision=0.25, bank=3.0)
    parsed = referee_pb2.RefereeMessage.FromString(message.SerializeToString()).turn
    assert views.turn_view(parsed) == view
    assert wire.legal_from(parsed) == legal
    assert (parsed.request_id, parsed.deadline_ms, parsed.time_bank_ms) == (4, 250, 3000)


@pytest.mark.parametrize("game", GAMES)
def test_the_dict_is_what_message_to_dict_documents(game: str) -> None:
    """Other-language clients can rely on proto3 JSON semantics with proto field names."""
    for state, seat in SAMPLERS[game](1, 7):
        message = views.from_dict(game, state.observe(seat))
        documented: dict[str, Any] = json_format.MessageToDict(
            message, preserving_proto_field_name=True, always_print_fields_with_no_presence=True
        )
        assert views.to_dict(message) == documented


@pytest.mark.parametrize("game", GAMES)
def test_a_key_the_protocol_lacks_is_refused(game: str) -> None:
    state, seat = next(SAMPLERS[game](1, 3))
    broken = {**state.observe(seat), "no_such_key": 1}
    with pytest.raises(views.ViewError, match="no_such_key"):
        views.from_dict(game, broken)
    with pytest.raises(views.ViewError, match="no_such_key"):
        wire.turn_message(1, game, broken, [], 1.0, 1.0)


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(views.ViewError, match="chess"):
        views.from_dict("chess", {})
    with pytest.raises(views.ViewError, match="chess"):
        wire.turn_message(1, "chess", {}, [], 1.0, 1.0)
