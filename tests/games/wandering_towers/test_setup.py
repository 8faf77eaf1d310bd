"""Setup per player count (§3) and the deck (§4.1)."""

from __future__ import annotations

from collections import Counter

import pytest

from arena.games.wandering_towers.config import DECK_SIZE, FLASKS_PER_PLAYER, WIZARDS_PER_PLAYER
from arena.games.wandering_towers.rules import CARDS

from .helpers import GAME

#: §3.2 step 5: who stands on T1, T2, ... (letter A is the start player, then clockwise).
PLACEMENT = {
    2: ["ABA", "BAB", "ABA", "B"],
    3: ["ABC", "ABC", "ABC", "AB", "C"],
    4: ["ABC", "DAB", "CDA", "BC", "DA", "BC", "D"],
    5: ["ABC", "DEA", "BCD", "EA", "BC", "DE"],
    6: ["ABC", "DEF", "ABC", "DE", "FA", "BC", "D", "E", "F"],
}


@pytest.mark.parametrize("players", sorted(PLACEMENT))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_wizards_are_placed_round_the_table_on_the_lowest_tower_with_room(
    players: int, seed: int
) -> None:
    state = GAME.new_state(players, seed)
    start = state.start_player
    for tower, letters in enumerate(PLACEMENT[players], 1):
        owners = [state.wizard_owner[w] for w in state.levels[tower][1]]
        assert owners == [(start + "ABCDEF".index(x)) % players for x in letters]
    placed = sum(len(state.levels[t][1]) for t in range(1, 10))
    assert placed == players * WIZARDS_PER_PLAYER[players]


@pytest.mark.parametrize("players", range(2, 7))
def test_each_player_gets_wizards_empty_flasks_and_three_cards(players: int) -> None:
    state = GAME.new_state(players, 5)
    assert state.wizards_each == WIZARDS_PER_PLAYER[players]
    assert state.empty == [FLASKS_PER_PLAYER[players]] * players
    assert state.full == state.spent == [0] * players
    assert [len(hand) for hand in state.hands] == [3] * players
    assert len(state.draw_pile) == DECK_SIZE - 3 * players and state.discard == []
    assert state.check_invariants() == []


def test_track_starts_with_the_ravenskeep_on_0_and_tower_k_on_space_k() -> None:
    state = GAME.new_state(3, 0)
    assert state.keep_space == 0 and state.keep_inside == []
    assert state.towers == [[]] + [[k] for k in range(1, 10)] + [[]] * 6
    assert all(len(state.levels[s]) == len(state.towers[s]) + 1 for s in range(16))


def test_the_deck_has_the_90_cards_of_the_table() -> None:
    kinds = Counter((c.kind, c.wizard, c.tower, c.dice) for c in CARDS)
    assert len(CARDS) == 90
    assert sum(n for (kind, w, t, d), n in kinds.items() if kind == "wizard" and not d) == 20
    assert sum(n for (kind, w, t, d), n in kinds.items() if kind == "tower" and not d) == 20
    assert sum(n for (kind, w, t, d), n in kinds.items() if kind == "dual" and not d) == 36
    assert kinds["dual", 0, 0, 1] == 6
    assert sum(n for (kind, w, t, d), n in kinds.items() if kind != "dual" and d) == 8
    assert kinds["dual", 1, 5, 0] == 6 and kinds["dual", 4, 4, 0] == 3


def test_basic_game_displays_the_two_fixed_spells() -> None:
    assert GAME.new_state(2, 0).spells == ("advance_wizard", "advance_tower")


@pytest.mark.parametrize("count", [1, 3, 8])
def test_master_variant_draws_the_chosen_number_of_spells(count: int) -> None:
    spells = {
        GAME.new_state(3, s, {"variant": "master_wizard", "spells": count}).spells
        for s in range(20)
    }
    assert all(len(drawn) == count and len(set(drawn)) == count for drawn in spells)
    assert count == 8 or len(spells) > 1  # the draw depends on the seed


def test_the_start_player_is_drawn_from_the_seed() -> None:
    starts = {GAME.new_state(4, seed).start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert GAME.new_state(4, 9).start_player == GAME.new_state(4, 9).start_player


def test_the_start_player_takes_the_first_turn() -> None:
    state = GAME.new_state(5, 3)
    assert state.active == state.to_move() == state.start_player and state.round == 1


@pytest.mark.parametrize(
    ("players", "teams"), [(4, [[0, 2], [1, 3]]), (6, [[0, 3], [1, 4], [2, 5]])]
)
def test_partners_sit_opposite(players: int, teams: list[list[int]]) -> None:
    state = GAME.new_state(players, 0, {"teams": True})
    assert state.sides() == teams
