"""Setup (§3): the decks, the Monster pile, the crew reserve, the starting monsters, hands."""

from __future__ import annotations

from collections import Counter

import pytest

from arena.games.castle_panic.config import ARCHER, HANDS, MONSTER_PILE_SIZE
from arena.games.castle_panic.rules import (
    CARDS,
    SPACE_RING,
    TOKEN_KIND,
    CastlePanicState,
)

from .helpers import GAME


def fresh(players: int = 3, seed: int = 0, **options) -> CastlePanicState:
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, CastlePanicState)
    return state


def test_the_castle_deck_loses_brick_and_mortar_and_keeps_41_cards() -> None:
    castle = [c for c in CARDS if c.deck == "castle"]
    assert len(castle) == 41
    assert not any(c.kind in ("brick", "mortar") for c in castle)
    assert Counter(c.kind for c in CARDS if c.deck == "resource") == {
        "brick": 4,
        "mortar": 4,
        "wood": 4,
        "rope": 4,
    }


def test_the_monster_pile_holds_the_38_tokens_of_the_spec() -> None:
    state = fresh()
    assert len(state.pile) == MONSTER_PILE_SIZE == 38
    kinds = Counter(TOKEN_KIND[t] for t in state.pile)
    assert kinds["orc"] == 3 and kinds["troll"] == 7 and kinds["goblin"] == 0
    assert kinds["giant_boulder"] == 2 and kinds["goblin_saboteur"] == 2
    for kind in ("red_move_1", "green_move_1", "blue_move_1", "siege_tower", "war_wagon"):
        assert kinds[kind] == 1
    assert kinds["equalizer"] == kinds["roll_and_move"] == kinds["barracks"] == 1


def test_six_orcs_wait_as_siege_crew() -> None:
    state = fresh()
    assert [TOKEN_KIND[t] for t in state.reserve] == ["orc"] * 6


def test_one_starting_monster_stands_in_each_archer_space() -> None:
    state = fresh()
    assert sorted(state.pos[u] // 5 + 1 for u in state.board) == [1, 2, 3, 4, 5, 6]
    assert all(SPACE_RING[state.pos[u]] == ARCHER for u in state.board)
    assert Counter(TOKEN_KIND[u] for u in state.board) == {"goblin": 3, "orc": 2, "troll": 1}


def test_the_starting_arcs_depend_on_the_seed() -> None:
    layouts = {tuple(fresh(seed=s).pos[:6]) for s in range(8)}
    assert len(layouts) > 1


@pytest.mark.parametrize("players", range(1, 7))
def test_hands_follow_the_table_for_each_player_count(players: int) -> None:
    state = fresh(players)
    row = HANDS[players]
    for hand in state.hands:
        decks = Counter(CARDS[c].deck for c in hand)
        assert decks == {"castle": row.castle_dealt, "resource": row.resource_dealt}
    assert state.hand_limit == row.hand_size
    assert (state.trades_per_turn, state.exchanges_per_turn) == (row.trades, row.exchanges)


def test_the_castle_stands_whole_with_the_keep_and_no_weapons() -> None:
    state = fresh()
    assert all(state.walls[1:]) and all(state.towers[1:]) and not any(state.fortified)
    assert state.keep and not state.catapult and not state.ballista and state.facing == ""
    assert state.task == "" and state.engineer == [] and not any(state.field)


def test_seat_0_starts_unless_the_option_draws_a_first_player() -> None:
    assert fresh().active == 0
    starts = {fresh(4, seed, first_player="random").active for seed in range(20)}
    assert len(starts) > 1


def test_the_random_crew_variant_draws_six_plain_monsters_and_keeps_the_pile_size() -> None:
    state = fresh(siege_crew="random", seed=3)
    assert len(state.reserve) == 6 and len(state.pile) == 38
    assert {TOKEN_KIND[t] for t in state.reserve} <= {"goblin", "orc", "troll"}
    assert state.check_invariants() == []


def test_the_same_seed_gives_the_same_game() -> None:
    assert fresh(seed=5).spectate() == fresh(seed=5).spectate()
    assert fresh(seed=5).pile == fresh(seed=5).pile


@pytest.mark.parametrize("players", [0, 7])
def test_a_bad_player_count_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="1–6 players"):
        GAME.new_state(players, 0)


def test_a_bad_option_is_refused() -> None:
    with pytest.raises(ValueError, match="siege_crew"):
        GAME.new_state(3, 0, {"siege_crew": "trolls"})
