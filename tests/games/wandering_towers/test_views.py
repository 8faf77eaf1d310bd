"""Views: what each seat may see, shaped for a protobuf message (views.py)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from arena.games.wandering_towers.views import state_from_view

from .helpers import GAME, arrange, new_game, wid

PUBLIC_KEYS = {
    "game", "num_players", "variant", "options", "teams", "round", "round_cap", "active",
    "start_player", "last_seat", "to_move", "phase", "turn", "spaces", "towers", "ravenskeep",
    "wizards", "players", "draw_pile_size", "discard", "spells", "action",
    "game_end_triggered", "end_reason", "over", "outcome",
}  # fmt: skip
OPTIONAL_KEYS = {"spell", "exchange_cards"}
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")

VARIANTS = [
    (2, {}),
    (3, {"variant": "master_wizard"}),
    (4, {"teams": True}),
    (6, {"teams": True, "variant": "master_wizard", "hide_prisoners": True}),
    (5, {"variant": "master_wizard", "spells": 3, "swap_distance_2": True}),
]


def played(players: int, options: dict[str, Any], seed: int, steps: int, every: int = 0):
    """A game after `steps` random decisions (or at its end), with the views of every
    `every`-th position on the way (none if 0) and of the first positions of each phase,
    where the optional records show up."""
    state = GAME.new_state(players, seed, options)
    rng = random.Random(seed)
    views = []
    phases: dict[str, int] = {}
    for step in range(steps):
        if state.is_over():
            break
        phases[state.phase] = phases.get(state.phase, 0) + 1
        if every and (step % every == 0 or phases[state.phase] <= 5):
            views.append(state.spectate())
            views.extend(state.observe(p) for p in range(players))
        state.apply(rng.choice(state.legal_actions()))
    return state, views


def walk(value: Any, path: str, types: dict[str, set[type]]) -> None:
    """Record the type found at every path; check the protobuf-friendly shape on the way."""
    assert value is not None, f"None at {path}"
    types.setdefault(path, set()).add(type(value))
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str) and SNAKE.match(key), f"bad key {key!r} at {path}"
            walk(item, f"{path}.{key}", types)
    elif isinstance(value, list):
        for item in value:
            assert not isinstance(item, list), f"list of lists at {path}"
            walk(item, f"{path}[]", types)


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_views_are_json_records_with_one_type_per_field(players, options) -> None:
    types: dict[str, set[type]] = {}
    for seed in range(3):
        state, views = played(players, options, seed, steps=4000, every=25)
        views += [state.spectate(), state.observe(0)]
        for view in views:
            json.dumps(view)
            walk(view, "", types)
    mixed = {path: kinds for path, kinds in types.items() if len(kinds) > 1}
    assert mixed == {}


def test_observe_and_spectate_have_the_agreed_top_level_keys() -> None:
    state, views = played(4, {"teams": True, "variant": "master_wizard"}, 1, 4000, every=50)
    for view in views:
        extra = set(view) - PUBLIC_KEYS - OPTIONAL_KEYS - {"seat", "hand"}
        assert set(view) >= PUBLIC_KEYS and not extra
    assert set(state.spectate()) >= PUBLIC_KEYS and "hand" not in state.spectate()
    assert {"seat", "hand"} <= set(state.observe(2)) and state.observe(2)["seat"] == 2


def test_a_card_record_names_kind_values_and_dice() -> None:
    state = new_game(3)
    for record in state.observe(0)["hand"]:
        assert set(record) == {"id", "kind", "wizard", "tower", "dice"}
        assert record["kind"] in {"wizard", "tower", "dual"}


def test_observe_shows_only_the_seats_own_hand_and_never_the_draw_pile() -> None:
    state, _ = played(4, {}, 3, steps=30)
    for seat in range(4):
        view = state.observe(seat)
        assert [c["id"] for c in view["hand"]] == state.hands[seat]
        seen = set(re.findall(r'"id": (\d+), "kind"', json.dumps(view)))
        allowed = set(state.hands[seat]) | set(state.discard)
        assert {int(x) for x in seen} <= allowed
        assert view["draw_pile_size"] == len(state.draw_pile)


def test_observe_does_not_change_when_hidden_cards_change() -> None:
    state, _ = played(4, {"variant": "master_wizard"}, 5, steps=40)
    before = [state.observe(p) for p in range(4)]
    other = state.clone()
    other.draw_pile.reverse()
    size = len(other.hands[1])
    other.hands[1], other.draw_pile[-size:] = other.draw_pile[-size:], other.hands[1]
    assert other.observe(0) == before[0] and other.observe(2) == before[2]
    assert other.observe(1) != before[1]


def test_hide_prisoners_hides_who_is_imprisoned_where_in_observations_only() -> None:
    state = new_game(3, hide_prisoners=True)
    arrange(state, {6: ([4], [["A1", "B1"], []])}, keep=0, park=10)
    view = state.observe(0)
    assert view["spaces"][6]["levels"][0] == {"wizards": [], "hidden": 2}
    record = view["wizards"][wid(state, "A1")]
    assert record["imprisoned"] and (record["space"], record["level"]) == (-1, -1)
    assert state.spectate()["spaces"][6]["levels"][0]["wizards"] == [
        wid(state, "A1"),
        wid(state, "B1"),
    ]


def test_a_live_spectator_sees_no_prisoner_the_players_cannot() -> None:
    """Someone watching a match live could help a player: with hide_prisoners their view
    hides the prisoners as every seat's does; the replay (not live) shows them."""
    state = new_game(3, hide_prisoners=True)
    arrange(state, {6: ([4], [["A1", "B1"], []])}, keep=0, park=10)
    live = state.spectate(live=True)
    seat = state.observe(2)
    assert live["spaces"] == seat["spaces"] and live["wizards"] == seat["wizards"]
    assert live["spaces"][6]["levels"][0] == {"wizards": [], "hidden": 2}
    assert new_game(3).spectate(live=True) == new_game(3).spectate()  # nothing else differs


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_a_state_rebuilt_from_a_view_shows_the_same_view(players, options) -> None:
    state, _ = played(players, options, 7, steps=300)
    rng = random.Random(1)
    for _ in range(40):
        if state.is_over():
            break
        seat = state.to_move()
        view = state.observe(seat)
        rebuilt = state_from_view(view, seed=3)
        assert rebuilt.observe(seat) == view
        assert rebuilt.legal_actions() == state.legal_actions()
        assert state_from_view(state.spectate()).spectate() == state.spectate()
        state.apply(rng.choice(state.legal_actions()))


def test_outcome_appears_in_the_view_when_the_game_is_over() -> None:
    state, _ = played(2, {}, 0, steps=100_000)
    view = state.spectate()
    assert view["over"] and view["to_move"] == -1 and view["phase"] == "over"
    assert [r["seat"] for r in view["outcome"]] == [0, 1]
    assert new_game(2).spectate()["outcome"] == []


def test_the_referee_tells_only_the_partners_which_card_was_exchanged() -> None:
    """Events that reach other seats carry the code as that seat may see it (§2.4)."""
    state = GAME.new_state(4, 11, {"teams": True})
    while not any(c.startswith("request_card") for c in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    state.apply("request_card")
    give = next(c for c in state.legal_actions() if c.startswith("give_card:"))
    active, partner = state.active, state.partner[state.active]
    outsider = next(s for s in range(4) if s not in (active, partner))
    assert state.public_action(give, active) == (give, state.describe(give))
    code, label = state.public_action(give, outsider)
    assert code == "give_card" and "card=" not in label and "face down" in label
