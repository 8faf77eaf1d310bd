"""A hosted bot's view converts only what the bot reads, yet behaves as the in-process dict.

Every game, random play: the view off the wire equals `observe`'s dict whichever way a bot
looks at it (reading keys, `in`, `len`, `get`, iterating, `==` either way round, json,
`dict()`, unpacking, copies, pickling, writing to it), and reading one field converts that
field alone.
"""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

import arena.games
from arena_sdk import Action, views, wire
from arena_sdk.proto.arena.v1 import referee_pb2 as pb

GAMES = ("wandering_towers", "castle_panic", "wiz_war")


def views_off_the_wire(game: str, seed: int, turns: int = 120):
    """(observe's dict, a fresh View of the same turn off the wire) pairs of a random game."""
    state = arena.games.get(game).new_state(2, seed)
    rng = random.Random(seed)
    for _ in range(turns):
        if state.is_over():
            return
        seat = state.to_move()
        view = state.observe(seat)
        legal = [Action(code, state.describe(code)) for code in state.legal_actions()]
        raw = wire.turn_message(1, game, view, legal, 1.0, 5.0).SerializeToString()

        def fresh(raw: bytes = raw) -> dict:
            return views.turn_view(pb.RefereeMessage.FromString(raw).turn)

        yield view, fresh
        codes = state.legal_actions()
        state.apply(codes[rng.randrange(len(codes))])


@pytest.mark.parametrize("game", GAMES)
def test_the_view_off_the_wire_behaves_as_the_in_process_dict(game: str) -> None:
    checked = 0
    for view, fresh in views_off_the_wire(game, seed=3):
        assert isinstance(fresh(), dict)
        assert fresh() == view and view == fresh()
        assert (fresh() != view) is False and (view != fresh()) is False
        assert json.loads(json.dumps(fresh())) == view
        assert json.dumps(fresh(), sort_keys=True) == json.dumps(view, sort_keys=True)
        lazy = fresh()
        assert len(lazy) == len(view) and sorted(lazy) == sorted(view)
        assert all(key in lazy for key in view) and "no such key" not in lazy
        assert lazy.get("no such key", 7) == 7 and lazy.get("seat") == view["seat"]
        with pytest.raises(KeyError):
            lazy["no such key"]
        assert dict(fresh()) == view and {**fresh()} == view
        assert fresh().copy() == view and copy.deepcopy(fresh()) == view
        assert pickle.loads(pickle.dumps(fresh())) == view
        assert sorted(fresh().items()) == sorted(view.items())
        written = fresh()
        written["mine"] = 1
        del written["seat"]
        assert written == {**{k: v for k, v in view.items() if k != "seat"}, "mine": 1}
        assert fresh() != written
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("game", GAMES)
def test_reading_one_field_converts_that_field_alone(game: str) -> None:
    for view, fresh in views_off_the_wire(game, seed=5, turns=40):
        lazy = fresh()
        biggest = max(view, key=lambda key: len(json.dumps(view[key])))
        assert lazy[biggest] == view[biggest]
        converted = dict.keys(lazy)  # what the dict holds so far, bypassing the View
        assert biggest in converted and len(converted) <= 2 < len(view)
        lazy.items()  # needs every field: converts the rest once
        assert dict.keys(lazy) == view.keys()
