"""The search's learned value: a finished game is worth its result, the fitted odds fall with
what threatens the castle and rise with what defends it, and they read nothing hidden."""

from __future__ import annotations

import random

from arena.bots.castle_panic import value
from arena.games.castle_panic.rules import SPACE_RING, TOKEN_CAT, CastlePanicState


def positions(tables: int) -> list[CastlePanicState]:
    """Phase 4 positions of 2-player greedy tables, as the search scores them."""
    return [state for seed in range(tables) for state in value.greedy_table(2, seed)[0]]


def test_the_model_has_a_weight_for_every_feature_and_reads_them_all() -> None:
    assert set(value.WEIGHTS) == set(value.FEATURES)
    state = positions(1)[5]
    assert len(value.features(state)) == len(value.FEATURES)


def test_a_finished_game_is_worth_its_result() -> None:
    state = positions(1)[3]
    state.over, state.won = True, True
    assert value.win_probability(state) == 1.0
    state.won = False
    assert value.win_probability(state) == 0.0


def test_the_odds_fall_with_a_lost_tower_and_with_a_stronger_monster_at_the_walls() -> None:
    checked = 0
    for state in positions(6):
        before = value.win_probability(state)
        assert 0.0 < before < 1.0
        standing = [arc for arc in range(1, 7) if state.towers[arc]]
        if len(standing) > 1:
            fallen = state.clone()
            fallen.towers[standing[0]] = False
            assert value.win_probability(fallen) < before
        near = [
            u for u in state.board if TOKEN_CAT[u] == "creature" and SPACE_RING[state.pos[u]] <= 1
        ]
        if near:
            healed = state.clone()
            healed.health[near[0]] += 1
            assert value.win_probability(healed) < before
            checked += 1
    assert checked > 10


def test_the_odds_read_nothing_hidden_from_the_table() -> None:
    """Reshuffling the face-down decks and the Monster pile changes no feature."""
    rng = random.Random(3)
    for state in positions(2)[::4]:
        shuffled = state.clone()
        for pile in (shuffled.castle_deck, shuffled.resource_deck, shuffled.pile):
            pile[:] = rng.sample(pile, len(pile))
        assert value.features(shuffled) == value.features(state)
