"""Rules not pinned by a §15 scenario: the other spells, windows, teams and the game end."""

from __future__ import annotations

from .helpers import arrange, card, new_game, surface, wid

TOWER_1, TOWER_2, TOWER_3 = card("tower", tower=1), card("tower", tower=2), card("tower", tower=3)
WIZARD_1, WIZARD_2 = card("wizard", wizard=1), card("wizard", wizard=2)


def master(players: int, spells: tuple[str, ...], **options):
    state = new_game(players, variant="master_wizard", **options)
    state.spells = spells
    return state


def flasks(state, seat: int, empty: int, full: int, spent: int = 0) -> None:
    state.empty[seat], state.full[seat], state.spent[seat] = empty, full, spent


def play_tower_card(state) -> None:
    """Start an action with a card that changes nothing yet (to reach the commit window)."""
    state.deal(state.active, [TOWER_1, TOWER_2, TOWER_3])
    state.apply(f"play:card={TOWER_1}")


# --- Spells ------------------------------------------------------------------------------------
def test_headwind_for_a_wizard_moves_it_back_and_into_the_ravenskeep_on_an_exact_landing() -> None:
    state = master(3, ("headwind_wizard",))
    arrange(state, {5: ([], [["B1"]]), 1: ([], [["C1"]])}, keep=0)
    flasks(state, 0, empty=1, full=4)
    play_tower_card(state)
    state.apply(f"cast:headwind_wizard:wizard={wid(state, 'B1')}")
    assert state.levels[4][0] == [wid(state, "B1")]
    state.apply(f"cast:headwind_wizard:wizard={wid(state, 'C1')}")  # a repeat, retargeted
    assert wid(state, "C1") in state.keep_inside and state.in_keep[2] == 1


def test_an_opponents_wizard_entering_by_a_spell_does_not_end_the_active_turn() -> None:
    state = master(3, ("advance_wizard",))
    arrange(state, {15: ([], [["B1"]])}, keep=0, park=9)
    flasks(state, 0, empty=3, full=2)
    play_tower_card(state)
    state.apply(f"cast:advance_wizard:wizard={wid(state, 'B1')}")
    assert state.in_keep[1] == 1 and state.active == 0 and state.phase == "commit"


def test_headwind_for_a_tower_moves_it_back_with_the_ravenskeep_and_fills_a_flask() -> None:
    state = master(3, ("headwind_tower",))
    arrange(state, {6: ([6], [[], []]), 4: ([], [["B1"]])}, keep=6)
    flasks(state, 0, empty=3, full=2)
    play_tower_card(state)
    state.apply("cast:headwind_tower:space=6:level=1")
    assert surface(state, 4) == ([6], [[wid(state, "B1")], []])
    assert state.keep_space == 4 and state.empty[0] == 2 and state.full[0] == 2


def test_tower_spells_may_not_land_on_the_ravenskeep() -> None:
    state = master(3, ("advance_tower", "headwind_tower"))
    arrange(state, {2: ([2], [[], []]), 6: ([6], [[], []])}, keep=4)
    flasks(state, 0, empty=3, full=2)
    play_tower_card(state)
    legal = state.legal_actions()
    assert "cast:advance_tower:space=2:level=1" not in legal
    assert "cast:headwind_tower:space=6:level=1" not in legal
    assert "cast:advance_tower:space=6:level=1" in legal


def test_nudge_moves_the_ravenskeep_to_the_nearest_unoccupied_place_either_way() -> None:
    state = master(3, ("nudge_ravenskeep",))
    arrange(state, {1: ([], [["B1"]]), 5: ([2], [[], []])}, keep=0, inside=["A1"], park=10)
    flasks(state, 0, empty=1, full=4)
    play_tower_card(state)
    state.apply("cast:nudge_ravenskeep:dir=cw")
    assert state.keep_space == 2 and state.keep_inside == [wid(state, "A1")]
    state.apply("cast:nudge_ravenskeep:dir=ccw")
    assert state.keep_space == 0  # space 1 is occupied, space 0 is free again


def test_free_a_wizard_lets_the_caster_choose_between_own_and_partner_wizards() -> None:
    state = master(4, ("free_wizard",), teams=True)
    arrange(state, {6: ([4], [["A1", "C1", "B1"], []])}, keep=0)
    flasks(state, 0, empty=3, full=2)
    play_tower_card(state)
    state.apply("cast:free_wizard:space=6:level=1")
    assert state.phase == "choose_freed"
    assert state.legal_actions() == [f"free:wizard={wid(state, n)}" for n in ("A1", "C1")]
    state.apply(f"free:wizard={wid(state, 'C1')}")
    assert surface(state, 6) == ([4], [[wid(state, "A1"), wid(state, "B1")], [wid(state, "C1")]])


def test_free_a_wizard_is_barred_on_a_stack_whose_top_holds_six() -> None:
    state = master(3, ("free_wizard",))
    six = ["B1", "B2", "B3", "C1", "C2", "C3"]
    arrange(state, {6: ([4], [["A1"], six]), 8: ([8], [[], []])}, keep=0)
    flasks(state, 0, empty=3, full=2)
    play_tower_card(state)
    frees = [c for c in state.legal_actions() if c.startswith("cast:free_wizard")]
    assert "cast:free_wizard:space=8:level=1" in frees
    assert not any("space=6:" in c for c in frees)


def test_swap_distance_2_only_swaps_stacks_two_spaces_apart() -> None:
    state = master(3, ("swap_tower",), swap_distance_2=True)
    arrange(state, {3: ([3], [[], []]), 5: ([5], [[], []]), 11: ([7], [[], []])}, keep=0)
    flasks(state, 0, empty=4, full=1)
    play_tower_card(state)
    swaps = [c for c in state.legal_actions() if c.startswith("cast:swap")]
    assert "cast:swap_tower:space=3:with=5" in swaps
    assert not any("with=11" in c or "space=11" in c for c in swaps)


def test_a_committed_tower_moved_by_a_before_spell_moves_on_from_where_it_is() -> None:
    state = master(3, ("advance_tower",))
    arrange(state, {2: ([2], [[], []])}, keep=0, park=9)
    flasks(state, 1, empty=4, full=1)
    state.deal(0, [TOWER_1, TOWER_2, TOWER_3])
    state.apply(f"play:card={TOWER_1}")
    state.apply("tower:space=2:level=1")
    state.apply("claim:advance_tower:before")
    state.apply("cast:advance_tower:space=2:level=1")
    assert state.towers[5] == [2]  # 2 + 2 by the spell, then + 1 by the card


def test_master_priority_round_goes_clockwise_from_the_active_player() -> None:
    state = master(4, ("advance_tower",))
    arrange(state, {2: ([2], [[], []])}, keep=0, park=9)
    for seat in range(4):
        flasks(state, seat, empty=4, full=1)
    state.active = 2
    state.deal(2, [TOWER_1, TOWER_2, TOWER_3])
    state.apply(f"play:card={TOWER_1}")
    assert any(c.startswith("cast:") for c in state.legal_actions())  # pre-commit window
    state.apply("tower:space=2:level=1")  # declining it keeps the first claim
    asked = []
    while state.phase == "priority":
        asked.append(state.to_move())
        state.apply("pass")
    assert asked == [2, 3, 0, 1] and state.towers[3] == [2]


def test_master_after_claim_casts_once_the_move_has_resolved() -> None:
    state = master(3, ("advance_tower",))
    arrange(state, {2: ([2], [[], []]), 5: ([], [["C1"]])}, keep=0, park=9)
    flasks(state, 1, empty=4, full=1)
    state.deal(0, [TOWER_1, TOWER_2, TOWER_3])
    state.apply(f"play:card={TOWER_1}")
    state.apply("tower:space=2:level=1")
    state.apply("claim:advance_tower:after")
    assert state.towers[3] == [2] and state.phase == "cast" and state.to_move() == 1
    state.apply("cast:advance_tower:space=3:level=1")
    assert surface(state, 5) == ([2], [[wid(state, "C1")], []]) and state.empty[1] == 3


def test_master_has_no_spell_window_outside_actions() -> None:
    state = master(3, ("advance_wizard", "advance_tower"))
    flasks(state, 0, empty=1, full=4)
    assert not any(c.startswith("cast:") for c in state.legal_actions())


# --- Basic-game windows --------------------------------------------------------------------------
def test_basic_spell_can_be_cast_between_actions_and_after_the_last_one() -> None:
    state = new_game(3)
    arrange(state, {3: ([], [["A1"]]), 2: ([2], [[], []])}, keep=0, park=9)
    flasks(state, 0, empty=3, full=2)
    state.deal(0, [TOWER_1, TOWER_2, TOWER_3])
    state.apply(f"play:card={TOWER_1}")
    state.apply("tower:space=2:level=1")
    assert state.phase == "play" and any(c.startswith("cast:") for c in state.legal_actions())
    state.apply(f"play:card={TOWER_2}")
    state.apply("tower:space=3:level=1")
    assert state.phase == "turn_end" and "end_turn" in state.legal_actions()
    state.apply(f"cast:advance_wizard:wizard={wid(state, 'A1')}")
    assert state.active == 1  # nothing left to do: the turn ended by itself


def test_the_last_window_is_skipped_when_no_spell_is_affordable() -> None:
    state = new_game(3)
    arrange(state, {2: ([2], [[], []])}, keep=0, park=9)
    state.deal(0, [TOWER_1, TOWER_2, TOWER_3])
    state.apply(f"play:card={TOWER_1}")
    state.apply("tower:space=2:level=1")
    state.apply(f"play:card={TOWER_2}")
    state.apply("tower:space=3:level=1")
    assert state.active == 1


# --- Teams -------------------------------------------------------------------------------------
def test_finished_player_cards_move_partner_wizards() -> None:
    state = new_game(4, teams=True)
    arrange(state, {14: ([], [["C1"]])}, keep=0, inside=["A1", "A2", "A3", "A4"])
    state.deal(0, [WIZARD_2, TOWER_1, TOWER_2])
    state.apply(f"play:card={WIZARD_2}")
    assert state.legal_actions() == [f"wizard:id={wid(state, 'C1')}"]
    state.apply(f"wizard:id={wid(state, 'C1')}")
    assert state.in_keep[2] == 1 and state.active == 1  # the partner's entry ends the turn


def test_passed_flasks_belong_to_the_partner() -> None:
    state = new_game(4, teams=True)
    flasks(state, 0, empty=2, full=3)
    state.apply("give_flasks:n=2")
    assert (state.full[0], state.full[2]) == (1, 2) and state.check_invariants() == []


def test_the_team_goal_needs_both_partners_and_ranks_the_team_together() -> None:
    state = new_game(4, teams=True)
    home = [f"{s}{i}" for s in "AC" for i in range(1, 5)]
    arrange(state, {}, keep=0, inside=home, park=10)
    flasks(state, 0, empty=0, full=3, spent=2)
    flasks(state, 2, empty=1, full=4)
    state._check_goal(0)
    assert not state.end_triggered  # one partner's goal triggers nothing
    flasks(state, 2, empty=0, full=5)
    state._check_goal(2)
    assert state.end_triggered
    ranks = [r["rank"] for r in state.outcome()]
    assert ranks[0] == ranks[2] == 0 and ranks[1] == ranks[3] == 1


def team_finishes(**options) -> object:
    """Seat 0 (team A+C) moves the last wizard of its team into the Ravenskeep."""
    state = new_game(4, teams=True, **options)
    home = [f"{s}{i}" for s in "AC" for i in range(1, 5) if f"{s}{i}" != "A4"]
    arrange(state, {15: ([], [["A4"]])}, keep=0, inside=home, park=10)
    flasks(state, 0, empty=0, full=5)
    flasks(state, 2, empty=0, full=5)
    state.deal(0, [WIZARD_1, TOWER_1, TOWER_2])
    state.apply(f"play:card={WIZARD_1}")
    state.apply(f"wizard:id={wid(state, 'A4')}")
    return state


def test_a_team_at_its_goal_ends_the_game_at_once() -> None:
    """Rulebook, team variant: the game ends "as soon as" a team has finished (spec §12):
    the default, with no option given."""
    state = team_finishes()
    assert state.is_over() and state.active == 0 and state.end_reason == "goal"


def test_completing_the_round_is_the_option() -> None:
    state = team_finishes(team_end_immediate=False)
    assert not state.is_over() and state.end_triggered  # the others still play their turn


# --- Game end safeguards and ranking -----------------------------------------------------------
def test_no_wizard_left_on_the_board_without_a_winner_is_a_deadlock() -> None:
    state = new_game(2)
    everyone = [f"{s}{i}" for s in "AB" for i in range(1, 6) if f"{s}{i}" != "A5"]
    arrange(state, {15: ([], [["A5"]])}, keep=0, inside=everyone, park=10)
    state.deal(0, [WIZARD_1, TOWER_1, TOWER_2])
    state.apply(f"play:card={WIZARD_1}")
    state.apply(f"wizard:id={wid(state, 'A5')}")
    assert state.is_over() and state.end_reason == "deadlock"
    assert [r["rank"] for r in state.outcome()] == [0, 0]  # 5 home each, no flask: shared


def test_the_round_cap_ends_the_game_after_the_last_seat() -> None:
    state = new_game(2)
    state.round = 200
    state.apply("refresh")
    state.apply("skip")
    while state.phase == "turn_end":
        state.apply("end_turn")
    assert state.active == 1 and not state.is_over()
    state.apply("refresh")
    state.apply("skip")
    assert state.is_over() and state.end_reason == "round_cap"


def test_fallback_ranking_counts_home_wizards_and_filled_flasks_then_full_ones() -> None:
    state = new_game(3)
    arrange(state, {}, keep=0, inside=["A1", "B1", "C1"], park=10)
    flasks(state, 0, empty=3, full=1, spent=1)  # 1 + 2 = 3, 1 full
    flasks(state, 1, empty=3, full=2)  # 1 + 2 = 3, 2 full
    flasks(state, 2, empty=5, full=0)  # 1
    outcome = state.outcome()
    assert [r["rank"] for r in outcome] == [1, 0, 2]
    assert [r["score"] for r in outcome] == [3, 3, 1]


def test_the_draw_pile_is_rebuilt_from_the_discard_pile_when_it_runs_out() -> None:
    state = new_game(2)
    state.discard, state.draw_pile = state.draw_pile[:-1], state.draw_pile[-1:]
    state.apply("refresh")
    assert len(state.hands[0]) == 3 and state.check_invariants() == []
    assert (len(state.draw_pile), state.discard) == (84, [])  # 90 less two hands, reshuffled
