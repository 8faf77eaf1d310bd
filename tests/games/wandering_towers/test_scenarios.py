"""Every scenario of the spec's §15, built directly on the state, one test per claim."""

from __future__ import annotations

import pytest

from arena.games import IllegalAction

from .helpers import ScriptedDie, arrange, card, new_game, surface, wid

WIZARD_2, WIZARD_3 = card("wizard", wizard=2), card("wizard", wizard=3)
TOWER_1, TOWER_2, TOWER_3 = card("tower", tower=1), card("tower", tower=2), card("tower", tower=3)
TOWER_4, TOWER_5 = card("tower", tower=4), card("tower", tower=5)


def master(players: int, spells: tuple[str, ...]):
    state = new_game(players, variant="master_wizard")
    state.spells = spells
    return state


def set_flasks(state, seat: int, empty: int, full: int, spent: int = 0) -> None:
    state.empty[seat], state.full[seat], state.spent[seat] = empty, full, spent


# --- 1. One flask for two imprisoned opponents ---------------------------------------------------
def scenario_1(covered: tuple[str, ...] = ("B1", "C1")):
    state = new_game(3)
    arrange(state, {6: ([], [list(covered)]), 3: ([3], [[], []])}, keep=0)
    state.deal(0, [TOWER_3, WIZARD_2, WIZARD_3])
    state.apply(f"play:card={TOWER_3}")
    return state


def test_tower_move_imprisons_both_wizards_it_lands_on() -> None:
    state = scenario_1()
    b1, c1 = wid(state, "B1"), wid(state, "C1")
    state.apply("tower:space=3:level=1")
    assert surface(state, 6) == ([3], [[b1, c1], []])
    assert not state.is_visible(b1) and not state.is_visible(c1)


def test_one_tower_move_fills_exactly_one_flask() -> None:
    state = scenario_1()
    state.apply("tower:space=3:level=1")
    assert (state.full[0], state.empty[0]) == (1, 4)


def test_no_empty_flask_means_nothing_is_filled() -> None:
    state = scenario_1()
    set_flasks(state, 0, empty=0, full=5)
    state.apply("tower:space=3:level=1")
    assert (state.full[0], state.empty[0]) == (5, 0)


def test_imprisoning_your_own_wizards_also_fills_a_flask() -> None:
    state = new_game(3)
    arrange(state, {6: ([], [["A1", "A2"]]), 3: ([3], [[], []])}, keep=0)
    state.deal(0, [TOWER_3, WIZARD_2, WIZARD_3])
    state.apply(f"play:card={TOWER_3}")
    state.apply("tower:space=3:level=1")
    assert (state.full[0], state.empty[0]) == (1, 4)


# --- 2. Moving a middle tower --------------------------------------------------------------------
def test_moving_a_middle_tower_carries_everything_above_and_frees_what_was_under() -> None:
    state = new_game(3)
    arrange(state, {2: ([1, 2, 4], [[], ["A1"], ["B1"], ["C1"]])}, keep=0)
    state.deal(0, [TOWER_4, WIZARD_2, WIZARD_3])
    state.apply(f"play:card={TOWER_4}")
    state.apply("tower:space=2:level=2")
    a1, b1, c1 = wid(state, "A1"), wid(state, "B1"), wid(state, "C1")
    assert surface(state, 2) == ([1], [[], [a1]])
    assert surface(state, 6) == ([2, 4], [[], [b1], [c1]])
    assert state.is_visible(a1) and state.is_visible(c1) and not state.is_visible(b1)
    assert state.full[0] == 0  # space 6 had nobody to imprison


# --- 3. Exact entry ends the turn; the Ravenskeep relocates --------------------------------------
def scenario_3():
    state = new_game(2)
    arrange(
        state,
        {
            13: ([], [["A1"]]),
            1: ([1], [[], ["B1"]]),
            2: ([2], [[], []]),
            3: ([3], [[], ["B2"]]),
            4: ([4], [[], []]),
            5: ([5], [[], []]),
        },
        keep=0,
        park=9,
    )
    state.deal(0, [WIZARD_3, TOWER_2, TOWER_1])
    state.apply(f"play:card={WIZARD_3}")
    state.apply(f"wizard:id={wid(state, 'A1')}")
    return state


def test_an_exact_landing_enters_the_ravenskeep() -> None:
    state = scenario_3()
    assert wid(state, "A1") in state.keep_inside and state.in_keep[0] == 1


def test_the_ravenskeep_relocates_to_the_first_free_shielded_place() -> None:
    state = scenario_3()
    assert state.keep_space == 5  # T1, T3 occupied, T2 unshielded, space 4 has a tower
    assert state.towers[5] == [5]


def test_entering_with_your_own_wizard_ends_the_turn_and_refills_to_three() -> None:
    state = scenario_3()
    assert state.active == 1 and state.actions_done == 0
    assert len(state.hands[0]) == 3 and TOWER_2 in state.hands[0] and TOWER_1 in state.hands[0]


def test_the_ravenskeep_stays_when_no_shielded_place_is_free() -> None:
    state = new_game(2)
    all_towers = [1, 3, 4, 5, 6, 7, 8, 9, 2]  # T2, unshielded, on top
    arrange(
        state,
        {13: ([], [["A1"]]), 4: (all_towers, [["A2", "A3", "A4", "A5"]]), 8: ([], [["B1"]])}
        | {12: ([], [["B2", "B3", "B4", "B5"]])},
        keep=0,
    )
    state.deal(0, [WIZARD_3, TOWER_2, TOWER_1])
    state.apply(f"play:card={WIZARD_3}")
    state.apply(f"wizard:id={wid(state, 'A1')}")
    assert wid(state, "A1") in state.keep_inside and state.keep_space == 0


# --- 4. Passing versus landing on the Ravenskeep -------------------------------------------------
def test_a_wizard_with_steps_left_passes_the_ravenskeep() -> None:
    state = new_game(3)
    arrange(state, {14: ([], [["A1"]]), 1: ([1], [[], []])}, keep=0)
    state.deal(0, [WIZARD_3, WIZARD_2, TOWER_1])
    state.apply(f"play:card={WIZARD_3}")
    state.apply(f"wizard:id={wid(state, 'A1')}")
    assert state.levels[1][1] == [wid(state, "A1")] and state.in_keep[0] == 0


def test_a_wizard_with_the_exact_count_enters() -> None:
    state = new_game(3)
    arrange(state, {14: ([], [["A1"]]), 1: ([1], [[], []])}, keep=0)
    state.deal(0, [WIZARD_3, WIZARD_2, TOWER_1])
    state.apply(f"play:card={WIZARD_2}")
    state.apply(f"wizard:id={wid(state, 'A1')}")
    assert wid(state, "A1") in state.keep_inside


def test_a_tower_may_not_land_on_the_ravenskeep_but_may_pass_it() -> None:
    state = new_game(3)
    arrange(state, {8: ([8], [[], []])}, keep=12)
    state.deal(0, [TOWER_4, TOWER_5, WIZARD_2])
    state.apply(f"play:card={TOWER_4}")
    assert "tower:space=8:level=1" not in state.legal_actions()
    state = new_game(3)
    arrange(state, {8: ([8], [[], []])}, keep=12)
    state.deal(0, [TOWER_4, TOWER_5, WIZARD_2])
    state.apply(f"play:card={TOWER_5}")
    state.apply("tower:space=8:level=1")
    assert state.towers[13] == [8]


def test_a_card_with_no_legal_move_is_a_dud_that_uses_the_action() -> None:
    state = new_game(3)
    everyone = [[f"{s}{i}" for s in "ABC" for i in pair] for pair in ((1, 2), (3, 4))]
    arrange(state, {8: (list(range(1, 10)), everyone)}, keep=12)
    state.deal(0, [TOWER_4, TOWER_5, WIZARD_2])
    state.apply(f"play:card={TOWER_4}")
    assert state.legal_actions() == ["dud"]
    before = [stack[:] for stack in state.towers]
    state.apply("dud")
    assert state.towers == before and state.actions_done == 1
    assert state.discard[-1] == TOWER_4 and TOWER_4 not in state.hands[0]


# --- 5. The Ravenskeep rides a tower -------------------------------------------------------------
def test_the_ravenskeep_rides_the_tower_it_stands_on() -> None:
    state = new_game(3)
    arrange(state, {5: ([5], [[], []]), 7: ([], [["B1"]])}, keep=5)
    state.deal(0, [TOWER_2, WIZARD_2, WIZARD_3])
    state.apply(f"play:card={TOWER_2}")
    state.apply("tower:space=5:level=1")
    assert surface(state, 7) == ([5], [[wid(state, "B1")], []])
    assert state.keep_space == 7 and state.full[0] == 1
    assert surface(state, 5) == ([], [[]])


# --- 6. The 6-wizard limit -----------------------------------------------------------------------
def test_a_wizard_may_not_join_a_surface_of_six() -> None:
    state = new_game(3)
    six = ["B1", "B2", "B3", "C1", "C2", "C3"]
    arrange(state, {10: ([6], [[], six]), 8: ([], [["A1"]])}, keep=0)
    state.deal(0, [WIZARD_2, TOWER_1, TOWER_2])
    state.apply(f"play:card={WIZARD_2}")
    assert state.legal_actions() == ["dud"]  # A's other wizards are parked in prison
    state.apply("dud")
    assert state.levels[8][0] == [wid(state, "A1")] and state.actions_done == 1


def test_the_ravenskeep_is_never_full() -> None:
    state = new_game(3)
    assert state.has_room(state.keep_space, arriving=7)


# --- 7. Dice re-rolls ----------------------------------------------------------------------------
def test_two_dice_allow_one_reroll_whose_result_is_binding() -> None:
    state = new_game(3)
    arrange(state, {3: ([], [["A1"]])}, keep=0)
    state.deal(0, [card("wizard", dice=2), TOWER_1, TOWER_2])
    state.rng = ScriptedDie([2, 5])
    state.apply(f"play:card={card('wizard', dice=2)}")
    assert state.roll == 2 and state.legal_actions() == ["reroll", "accept"]
    state.apply("reroll")
    assert state.roll == 5 and "reroll" not in state.legal_actions()
    state.apply(f"wizard:id={wid(state, 'A1')}")
    assert state.wizard_space[wid(state, "A1")] == 8


def test_three_dice_allow_stopping_after_the_second_roll() -> None:
    state = new_game(3)
    arrange(state, {2: ([2], [[], []])}, keep=0)
    state.deal(0, [card("tower", dice=3), TOWER_1, TOWER_2])
    state.rng = ScriptedDie([1, 6])
    state.apply(f"play:card={card('tower', dice=3)}")
    state.apply("reroll")
    assert state.roll == 6 and state.legal_actions() == ["reroll", "accept"]  # a third is allowed
    state.apply("accept")
    state.apply("tower:space=2:level=1")
    assert state.towers[8] == [2]


def test_the_dual_die_card_rolls_once_then_offers_both_kinds() -> None:
    state = new_game(3)
    arrange(state, {3: ([], [["A1"]]), 2: ([2], [[], []])}, keep=0)
    state.deal(0, [card("dual", dice=1), TOWER_1, TOWER_2])
    state.rng = ScriptedDie([4])
    state.apply(f"play:card={card('dual', dice=1)}")
    legal = state.legal_actions()
    assert state.phase == "commit" and "reroll" not in legal
    assert f"wizard:id={wid(state, 'A1')}" in legal and "tower:space=2:level=1" in legal
    state.apply("tower:space=2:level=1")
    assert state.towers[6] == [2]


# --- 8. Refresh turn -----------------------------------------------------------------------------
def scenario_8():
    state = new_game(3)
    arrange(state, {6: ([6], [[], []]), 7: ([7], [[], ["C1"]])}, keep=0)
    old_hand = list(state.hands[0])
    state.apply("refresh")
    return state, old_hand


def test_refresh_discards_three_and_draws_three() -> None:
    state, old_hand = scenario_8()
    assert state.discard[-3:] == old_hand and len(state.hands[0]) == 3
    assert not set(old_hand) & set(state.hands[0])


def test_refresh_tower_move_imprisons_fills_a_flask_and_ends_the_turn() -> None:
    state, _ = scenario_8()
    hand = list(state.hands[0])
    state.apply("tower:space=6:level=1")
    assert surface(state, 7) == ([7, 6], [[], [wid(state, "C1")], []])
    assert state.full[0] == 1
    assert state.phase == "turn_end"  # the new full flask opens the basic game's last window
    assert "refresh" not in state.legal_actions() and "request_card" not in state.legal_actions()
    state.apply("end_turn")
    assert state.active == 1 and state.hands[0] == hand


def test_the_refresh_tower_move_may_be_declined() -> None:
    state, _ = scenario_8()
    assert "skip" in state.legal_actions()
    state.apply("skip")
    assert state.active == 1 and state.towers[6] == [6]


def test_refresh_is_not_offered_once_a_card_was_played() -> None:
    state = new_game(3)
    assert "refresh" in state.legal_actions()
    state.apply(next(c for c in state.legal_actions() if c.startswith("play:")))
    while state.phase != "play":
        state.apply(state.legal_actions()[0])
    assert state.active == 0 and "refresh" not in state.legal_actions()


# --- 9. End of game and tiebreak -----------------------------------------------------------------
WIZARD_1 = card("wizard", wizard=1)


def scenario_9(seat2_full: int, seat1_finishes: bool = True):
    """Round 7; seat 1 and seat 2 each have one wizard one step from the Ravenskeep."""
    state = new_game(3)
    home = ["B1", "B2", "B3", "C1", "C2", "C3"]
    arrange(state, {15: ([], [["B4"]]), 3: ([], [["C4"]])}, keep=0, inside=home, park=6)
    state.round, state.active = 7, 1
    set_flasks(state, 1, empty=0, full=3, spent=2)
    set_flasks(state, 2, empty=0, full=seat2_full, spent=5 - seat2_full)
    state.deal(1, [WIZARD_1, TOWER_1, TOWER_2])
    state.deal(2, [card("wizard", wizard=1, skip=1), TOWER_3, TOWER_4])
    if seat1_finishes:
        state.apply(f"play:card={WIZARD_1}")
        state.apply(f"wizard:id={wid(state, 'B4')}")
    else:
        state.active, state.keep_space = 2, 4
    assert state.active == 2 and state.keep_space == 4
    state.apply(f"play:card={card('wizard', wizard=1, skip=1)}")
    state.apply(f"wizard:id={wid(state, 'C4')}")
    return state


def test_the_goal_triggers_the_end_and_the_round_is_completed() -> None:
    state = scenario_9(seat2_full=4)
    assert state.end_triggered and state.is_over() and state.end_reason == "goal"
    assert state.round == 7 and state.to_move() is None  # seat 0 gets no 8th turn


def test_the_most_unspent_full_flasks_wins_among_finishers() -> None:
    state = scenario_9(seat2_full=4)
    assert [r["rank"] for r in state.outcome()] == [2, 1, 0]


def test_finishers_tied_on_full_flasks_share_the_victory() -> None:
    state = scenario_9(seat2_full=3)
    assert [r["rank"] for r in state.outcome()] == [2, 0, 0]


def test_a_trigger_by_the_last_seat_ends_the_game_after_its_own_turn() -> None:
    state = scenario_9(seat2_full=4, seat1_finishes=False)
    assert state.is_over() and [r["rank"] for r in state.outcome()][2] == 0


# --- 10. Spell use: basic versus Master ----------------------------------------------------------
def test_basic_game_allows_one_spell_use_per_turn_and_only_the_active_player_casts() -> None:
    state = new_game(3)
    arrange(state, {3: ([], [["A1"]]), 9: ([], [["B1"]])}, keep=0, park=10)
    set_flasks(state, 0, empty=2, full=3)
    set_flasks(state, 1, empty=2, full=3)
    state.deal(0, [TOWER_1, TOWER_2, TOWER_3])
    state.apply(f"cast:advance_wizard:wizard={wid(state, 'A1')}")
    assert state.full[0] == 1 and state.wizard_space[wid(state, "A1")] == 4
    while state.active == 0:
        assert state.to_move() == 0
        assert not any(c.startswith("cast:") for c in state.legal_actions())
        state.apply(next(c for c in state.legal_actions() if c.startswith(("play", "tower"))))
    assert state.full[0] == 1 and state.spent[0] == 2


def test_master_caster_repeats_a_spell_paying_each_time() -> None:
    state = master(3, ("advance_wizard",))
    arrange(state, {3: ([], [["A1"]])}, keep=0)
    set_flasks(state, 0, empty=1, full=4)
    state.deal(0, [TOWER_1, TOWER_2, TOWER_3])
    state.apply(f"play:card={TOWER_1}")
    a1 = wid(state, "A1")
    state.apply(f"cast:advance_wizard:wizard={a1}")
    assert state.phase == "repeat" and "stop" in state.legal_actions()
    state.apply(f"cast:advance_wizard:wizard={a1}")
    assert state.wizard_space[a1] == 5 and (state.full[0], state.spent[0]) == (0, 4)
    assert state.phase == "commit"  # cannot pay a third time: back to the commit


def test_master_repeat_stops_when_the_first_cast_enters_the_ravenskeep() -> None:
    state = master(3, ("advance_wizard",))
    arrange(state, {15: ([], [["A1"]])}, keep=0, park=9)
    set_flasks(state, 0, empty=1, full=4)
    state.deal(0, [TOWER_1, TOWER_2, TOWER_3])
    state.apply(f"play:card={TOWER_1}")
    state.apply(f"cast:advance_wizard:wizard={wid(state, 'A1')}")
    assert state.in_keep[0] == 1 and state.spent[0] == 2 and state.active == 1


def test_master_before_claim_blocks_the_committed_move() -> None:
    state = master(3, ("advance_tower",))
    arrange(state, {4: ([], [["A1"]]), 2: ([2], [[], []])}, keep=0)
    set_flasks(state, 1, empty=4, full=1)
    set_flasks(state, 2, empty=3, full=2)
    state.deal(0, [WIZARD_2, TOWER_1, TOWER_2])
    state.apply(f"play:card={WIZARD_2}")
    state.apply(f"wizard:id={wid(state, 'A1')}")
    asked = [state.to_move()]  # A cannot pay: skipped; B speaks first
    state.apply("claim:advance_tower:before")
    state.apply("cast:advance_tower:space=2:level=1")
    assert surface(state, 4) == ([2], [[wid(state, "A1")], []])
    assert (state.full[1], state.empty[1]) == (1, 3)  # paid 1, filled 1
    assert state.phase == "repeat"  # the new full flask would pay for a repeat
    state.apply("stop")
    assert state.phase == "play" and state.actions_done == 1  # the card did nothing
    assert WIZARD_2 in state.discard and asked == [1]
    assert state.full[2] == 2  # C was never asked


# --- 11. Free a Wizard into the Ravenskeep -------------------------------------------------------
def scenario_11(lift_level: int, ground: tuple[str, ...] = ()):
    state = master(3, ("free_wizard",))
    arrange(state, {9: ([8, 9], [list(ground), ["A2"], []])}, keep=9, park=14)
    set_flasks(state, 0, empty=3, full=2)
    state.deal(0, [TOWER_1, TOWER_2, TOWER_3])
    state.apply(f"play:card={TOWER_1}")
    state.apply(f"cast:free_wizard:space=9:level={lift_level}")
    return state


def test_free_a_wizard_under_the_ravenskeep_enters_it_and_ends_the_turn() -> None:
    state = scenario_11(lift_level=2)
    assert wid(state, "A2") in state.keep_inside and state.keep_space == 12
    assert state.spent[0] == 2 and state.active == 1


def test_free_a_wizard_finding_none_of_yours_still_costs_the_flasks() -> None:
    state = scenario_11(lift_level=1, ground=("B1",))
    assert state.levels[9] == [[wid(state, "B1")], [wid(state, "A2")], []]
    assert state.spent[0] == 2 and state.active == 0 and state.phase == "commit"


# --- 12. Swap a Tower ----------------------------------------------------------------------------
def test_swap_exchanges_top_towers_with_their_riders_and_fills_nothing() -> None:
    state = master(3, ("swap_tower",))
    arrange(state, {3: ([1, 3], [[], ["C2"], ["B1"]]), 11: ([7], [[], []])}, keep=0)
    set_flasks(state, 0, empty=4, full=1)
    state.deal(0, [TOWER_1, TOWER_2, TOWER_3])
    state.apply(f"play:card={TOWER_1}")
    state.apply("cast:swap_tower:space=3:with=11")
    assert surface(state, 3) == ([1, 7], [[], [wid(state, "C2")], []])
    assert surface(state, 11) == ([3], [[], [wid(state, "B1")]])
    assert not state.is_visible(wid(state, "C2")) and state.full[0] == 0


def test_swap_may_not_involve_the_ravenskeep_space() -> None:
    state = master(3, ("swap_tower",))
    arrange(state, {3: ([1, 3], [[], ["C2"], ["B1"]]), 11: ([7], [[], []])}, keep=11)
    set_flasks(state, 0, empty=4, full=1)
    state.apply(f"play:card={state.hands[0][0]}")
    while state.phase == "roll":
        state.apply("accept")
    swaps = [c for c in state.legal_actions() if c.startswith("cast:swap_tower")]
    assert swaps and not any("=11" in c for c in swaps)


# --- 13. Master: free first, then move the freed wizard ------------------------------------------
def test_master_pre_commit_spell_changes_what_can_be_committed() -> None:
    state = master(3, ("free_wizard",))
    arrange(state, {6: ([4], [["A1"], []]), 8: ([], [[]])}, keep=0)
    set_flasks(state, 0, empty=3, full=2)
    set_flasks(state, 1, empty=0, full=5)
    state.deal(0, [WIZARD_2, TOWER_1, TOWER_2])
    state.apply(f"play:card={WIZARD_2}")
    a1 = wid(state, "A1")
    assert f"wizard:id={a1}" not in state.legal_actions()
    state.apply("cast:free_wizard:space=6:level=1")
    assert state.levels[6] == [[], [a1]] and state.phase == "commit"
    state.apply(f"wizard:id={a1}")
    assert state.levels[8] == [[a1]]
    assert state.to_move() == 0 and state.full[1] == 5  # nobody else was asked


# --- 14. Master: an "after" claim lapses when the turn ends --------------------------------------
def test_master_after_claim_is_cancelled_unpaid_when_the_move_ends_the_turn() -> None:
    state = master(2, ("advance_tower",))
    arrange(
        state,
        {
            13: ([], [["A1"]]),
            1: ([1], [[], ["B1"]]),
            2: ([2], [[], []]),
            3: ([3], [[], ["B2"]]),
            4: ([4], [[], []]),
            5: ([5], [[], []]),
        },
        keep=0,
        park=9,
    )
    set_flasks(state, 1, empty=3, full=2)
    state.deal(0, [WIZARD_3, TOWER_2, TOWER_1])
    state.apply(f"play:card={WIZARD_3}")
    state.apply(f"wizard:id={wid(state, 'A1')}")
    assert state.to_move() == 1  # A has no full flask: skipped
    state.apply("claim:advance_tower:after")
    assert state.in_keep[0] == 1 and state.keep_space == 5
    assert state.active == 1 and state.full[1] == 2 and state.spent[1] == 0
    assert len(state.hands[0]) == 3  # one card drawn


# --- 15. Piggyback into the Ravenskeep -----------------------------------------------------------
def test_piggyback_passenger_enters_with_the_mover_and_relocation_happens_once() -> None:
    state = master(3, ("piggyback",))
    arrange(state, {14: ([], [["A1", "B1"]])}, keep=0, park=10)
    set_flasks(state, 1, empty=3, full=2)
    state.deal(0, [WIZARD_2, TOWER_1, TOWER_2])
    state.apply(f"play:card={WIZARD_2}")
    state.apply(f"wizard:id={wid(state, 'A1')}")
    assert state.to_move() == 1
    state.apply("claim:piggyback:during")
    state.apply(f"cast:piggyback:wizard={wid(state, 'B1')}")
    assert {wid(state, "A1"), wid(state, "B1")} <= set(state.keep_inside)
    assert state.in_keep[:2] == [1, 1] and state.spent[1] == 2
    assert state.keep_space == 4 and state.active == 1


def test_piggyback_cannot_be_cast_without_room_for_everyone() -> None:
    state = master(3, ("piggyback",))
    five = ["C1", "C2", "C3", "C4", "A2"]
    arrange(state, {14: ([], [["A1", "B1"]]), 1: ([], [five])}, keep=0, park=10)
    set_flasks(state, 1, empty=3, full=2)
    state.deal(0, [WIZARD_3, TOWER_1, TOWER_2])
    state.apply(f"play:card={WIZARD_3}")
    assert state.piggyback_passengers(1) == []
    state.apply(f"wizard:id={wid(state, 'A1')}")
    assert state.to_move() == 0 and state.phase == "play"  # nobody could claim: resolved
    assert wid(state, "A1") in state.levels[1][0] and state.spent[1] == 0


# --- 16. Team: filling the partner's flask and a no-op exchange ----------------------------------
def scenario_16():
    state = new_game(4, teams=True)
    arrange(state, {6: ([], [["B1"]]), 3: ([3], [[], []])}, keep=0)
    set_flasks(state, 0, empty=0, full=3, spent=2)
    set_flasks(state, 2, empty=2, full=3)
    state.deal(0, [TOWER_3, WIZARD_2, WIZARD_3])
    state.apply(f"play:card={TOWER_3}")
    state.apply("tower:space=3:level=1")
    return state


def test_a_player_without_empty_flasks_fills_the_partners() -> None:
    state = scenario_16()
    assert (state.empty[0], state.full[0]) == (0, 3)
    assert (state.empty[2], state.full[2]) == (1, 4)


def test_a_card_exchange_returning_the_same_card_is_private_and_once_per_turn() -> None:
    state = scenario_16()
    hands = [sorted(h) for h in state.hands]
    state.apply("request_card")
    assert state.to_move() == 2
    given = state.hands[2][0]
    state.apply(f"give_card:card={given}")
    assert state.to_move() == 0
    state.apply(f"return_card:card={given}")
    assert [sorted(h) for h in state.hands] == hands
    assert "exchange_cards" in state.observe(0) and "exchange_cards" in state.observe(2)
    for other in (1, 3):
        view = state.observe(other)
        assert "exchange_cards" not in view and view["turn"]["exchange"] == "done"
    assert "request_card" not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply("request_card")
