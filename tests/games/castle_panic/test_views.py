"""Views: public hands, hidden deck order, protobuf-friendly shapes, the inverse for bots."""

from __future__ import annotations

import json
import random
from typing import Any

from arena.games.castle_panic.rules import CastlePanicState
from arena.games.castle_panic.views import state_from_view

from .helpers import GAME, card_id, to_play_phase


def played(players: int, seed: int, steps: int) -> CastlePanicState:
    state = GAME.new_state(players, seed)
    assert isinstance(state, CastlePanicState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def walk(value: Any, path: str = "") -> list[str]:
    """Paths that break the protobuf conventions: None, dicts keyed by numbers, floats."""
    problems = []
    if value is None:
        problems.append(path)
    elif isinstance(value, float):
        problems.append(f"{path} (float)")
    elif isinstance(value, dict):
        for key, inner in value.items():
            if not isinstance(key, str) or key.isdigit() or key != key.lower():
                problems.append(f"{path}.{key} (key)")
            problems += walk(inner, f"{path}.{key}")
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            if isinstance(inner, list):
                problems.append(f"{path}[{i}] (nested list)")
            problems += walk(inner, f"{path}[{i}]")
    return problems


def test_views_are_json_without_none_number_keys_or_nested_lists() -> None:
    for seed in range(6):
        state = played(1 + seed % 6, seed, 60 + 40 * seed)
        for view in [state.spectate()] + [state.observe(p) for p in range(state.num_players)]:
            assert walk(view) == []
            json.dumps(view)


def test_hands_are_public_so_observe_is_the_spectator_view_plus_the_seat() -> None:
    state = played(4, 3, 50)
    for seat in range(4):
        view = state.observe(seat)
        assert view.pop("seat") == seat
        assert view == state.spectate()
    hands = [[c["id"] for c in p["hand"]] for p in state.spectate()["players"]]
    assert hands == state.hands


def test_the_order_of_the_decks_and_the_pile_is_never_shown() -> None:
    state = played(3, 4, 80)
    other = state.clone()
    for pile in (other.castle_deck, other.resource_deck, other.pile):
        random.Random(1).shuffle(pile)
    assert other.spectate() == state.spectate()
    assert other.observe(1) == state.observe(1)
    view = state.spectate()
    assert view["castle_deck_size"] == len(state.castle_deck)
    assert view["monster_pile_size"] == len(state.pile)


def test_optional_records_appear_only_when_they_apply() -> None:
    state = to_play_phase(GAME.new_state(3, 5))
    assert not {"offer", "fire", "choice"} & set(state.spectate())
    state.catapult, state.facing = True, "red"
    state.clear_board()
    state.put_monster("orc", "A1")
    state.deal(0, ["red_archer", "rope"])
    state.apply("fire:weapon=catapult:space=A1")
    fire = state.spectate()["fire"]
    assert fire["weapon"] == "catapult" and fire["space"] == "A1" and fire["target"] == -1
    state.apply(f"ammo:card={card_id(state, 0, 'red_archer')}")
    assert [c["name"] for c in state.spectate()["fire"]["cards"]] == ["red_archer"]


def test_a_choice_names_its_reason_options_and_space() -> None:
    state = to_play_phase(GAME.new_state(3, 6))
    state.clear_board()
    orc, goblin = state.put_monster("orc", "S2"), state.put_monster("goblin", "S2")
    state.missing = True
    state.apply("end_phase")
    choice = state.spectate()["choice"]
    assert choice == {
        "reason": "wall",
        "seat": 0,
        "monsters": [orc, goblin],
        "cards": [],
        "space": "S2",
    }
    assert state.describe(f"pick:monster={orc}").startswith("Orc #")


def test_monsters_show_their_crew_health_and_place() -> None:
    state = GAME.new_state(2, 7)
    state.clear_board()
    wagon = state.put_monster("war_wagon", "K3", health=2)
    (record,) = state.spectate()["monsters"]
    assert record["id"] == wagon and record["space"] == "K3" and record["health"] == 2
    assert (record["arc"], record["ring"], record["colour"]) == (3, 2, "green")
    assert [c["kind"] for c in record["crew"]] == ["orc", "orc"]


def test_state_from_view_rebuilds_what_the_view_shows() -> None:
    for seed in range(8):
        state = played(1 + seed % 6, seed, 30 + 20 * seed)
        if state.is_over() or state.work:
            continue
        seat = state.to_move()
        view = state.observe(seat)
        rebuilt = state_from_view(view, seed=seed)
        assert rebuilt.observe(seat) == view
        assert rebuilt.check_invariants() == []
        assert sorted(rebuilt.legal_actions()) == sorted(state.legal_actions())
