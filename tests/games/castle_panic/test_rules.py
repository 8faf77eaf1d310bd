"""The rules beyond the spec's scenarios: the six phases, every Castle card, the Engineer
and its equipment, the weapons, the Monster tokens, the end and the ranking."""

from __future__ import annotations

import pytest

from arena.games import IllegalAction
from arena.games.castle_panic.config import ARCS, TEAM_WIN_BONUS, TRADE_PROPOSALS_PER_TRADE
from arena.games.castle_panic.rules import (
    CARD_KIND,
    CARDS,
    DRAW,
    PLAY,
    TOKEN_KIND,
)

from .helpers import (
    GAME,
    ScriptedDie,
    at,
    card_id,
    monster_phase,
    new_game,
    resolve_tokens,
    to_play_phase,
)


# --- Phase 1: draw up -----------------------------------------------------------------------------
def test_phase_1_draws_one_card_at_a_time_from_either_deck_up_to_the_hand_size() -> None:
    state = new_game(3)
    state.deal(0, ["red_archer", "wood"])
    state.phase, state.step = 1, DRAW
    state._legal = None
    assert state.legal_actions() == ["draw:deck=castle", "draw:deck=resource"]
    state.apply("draw:deck=resource")
    state.apply("draw:deck=resource")
    state.apply("draw:deck=castle")
    assert len(state.hands[0]) == 5 and state.phase == 2
    assert sum(CARDS[c].deck == "resource" for c in state.hands[0]) == 3


def test_a_full_hand_draws_nothing_and_goes_straight_to_phase_2() -> None:
    state = GAME.new_state(3, 0)
    assert state.phase == 2 and len(state.hands[0]) == 5


def test_a_deck_that_cannot_supply_a_card_is_not_offered() -> None:
    state = new_game(3)
    state.deal(0, [])
    state.banished.extend(state.resource_deck)
    state.resource_deck.clear()
    state.phase, state.step = 1, DRAW
    state._legal = None
    assert state.legal_actions() == ["draw:deck=castle"]


# --- Phase 2: discard and draw --------------------------------------------------------------------
def test_phase_2_discards_one_card_then_draws_from_either_deck() -> None:
    state = GAME.new_state(3, 1)
    assert state.step == "discard" and "pass" in state.legal_actions()
    card = state.hands[0][0]
    state.apply(f"discard:card={card}")
    assert state.step == "redraw" and card not in state.hands[0]
    state.apply("draw:deck=resource")
    assert len(state.hands[0]) == 5 and state.phase in (3, 4)


def test_the_solo_player_exchanges_twice() -> None:
    state = GAME.new_state(1, 2)
    for _ in range(2):
        assert state.step == "discard"
        state.apply(f"discard:card={state.hands[0][0]}")
        state.apply("draw:deck=castle")
    assert state.phase == 4  # no trading alone


# --- Phase 3: trade -------------------------------------------------------------------------------
def trade_game(players: int = 3):
    state = new_game(players)
    state.deal(0, ["red_archer"])
    state.deal(1, ["blue_knight"])
    state.phase, state.step = 3, "trade"
    state._legal = None
    return state, card_id(state, 0, "red_archer"), card_id(state, 1, "blue_knight")


def test_an_accepted_trade_swaps_one_card_each_way() -> None:
    state, mine, theirs = trade_game()
    state.apply(f"trade:seat=1:give={mine}:take={theirs}")
    assert state.to_move() == 1 and state.step == "answer"
    state.apply("accept")
    assert state.hands[0] == [theirs] and theirs not in state.hands[1] and mine in state.hands[1]
    assert state.phase == 4  # one trade per turn with 3 players


def test_a_rejected_proposal_keeps_the_trade_and_proposals_are_capped() -> None:
    state, mine, theirs = trade_game()
    for _ in range(TRADE_PROPOSALS_PER_TRADE):
        assert state.step == "trade"
        state.apply(f"trade:seat=1:give={mine}:take={theirs}")
        state.apply("reject")
    assert state.phase == 4 and state.hands[0] == [mine]


def test_six_players_may_trade_twice() -> None:
    state, mine, theirs = trade_game(6)
    state.apply(f"trade:seat=1:give={mine}:take={theirs}")
    state.apply("accept")
    assert state.step == "trade"


def test_the_breathtaker_forbids_trading() -> None:
    state, _, _ = trade_game()
    state.put_monster("breathtaker", "F2")
    state._enter_trade()
    assert state.phase == 4


# --- Phase 4: Castle cards ------------------------------------------------------------------------
def play_game(hand: list[str]):
    state = to_play_phase(new_game())
    state.deal(0, hand)
    return state


@pytest.mark.parametrize(
    ("card", "space", "legal"),
    [
        ("red_archer", "A1", True),
        ("red_archer", "A3", False),
        ("red_archer", "K1", False),
        ("any_knight", "K5", True),
        ("green_hero", "S4", True),
        ("green_hero", "A3", True),
        ("green_hero", "F3", False),
        ("any_swordsman", "C2", False),
    ],
)
def test_a_hit_card_needs_its_colour_and_ring(card: str, space: str, legal: bool) -> None:
    state = play_game([card])
    orc = state.put_monster("orc", space)
    code = f"hit:card={card_id(state, 0, card)}:monster={orc}"
    assert (code in state.legal_actions()) == legal
    if legal:
        state.apply(code)
        assert state.health[orc] == 1 and card_id_gone(state, card)


def card_id_gone(state, name: str) -> bool:
    return all(CARDS[c].name != name for c in state.hands[0])


def test_a_hit_that_slays_keeps_the_trophy() -> None:
    state = play_game(["blue_swordsman"])
    goblin = state.put_monster("goblin", "S5")
    state.apply(f"hit:card={card_id(state, 0, 'blue_swordsman')}:monster={goblin}")
    assert state.trophies[0] == [goblin] and state.points(0) == 1


def test_the_barbarian_slays_anywhere_but_the_forest() -> None:
    state = play_game(["barbarian"])
    troll = state.put_monster("troll", "C2")
    forest = state.put_monster("orc", "F2")
    codes = state.legal_actions()
    assert f"barbarian:monster={troll}" in codes and f"barbarian:monster={forest}" not in codes
    state.apply(f"barbarian:monster={troll}")
    assert troll in state.trophies[0]


def test_tar_holds_a_monster_through_phase_5_and_token_moves_then_comes_off() -> None:
    state = play_game(["tar"])
    orc = state.put_monster("orc", "K2")
    state.stack_pile(["red_move_1"])
    state.apply(f"tar:monster={orc}")
    assert not any(c.startswith("tar:") for c in state.legal_actions())  # one token (A11)
    state.missing = False
    state.rng = ScriptedDie([1, 1])  # the red move's die is not needed; a placement might be
    state.work = [("draw",)]
    state._run()
    assert state.pos[orc] == at("K2")
    monster_phase(state)
    assert state.pos[orc] == at("K2") and state.tarred == -1


def test_drive_him_back_jumps_to_the_forest_without_touching_anything() -> None:
    state = play_game(["drive_him_back"])
    troll = state.put_monster("troll", "C4", health=2)
    state.field[at("S4")] = "pit"
    forest = state.put_monster("orc", "F1")
    assert f"drive_back:monster={forest}" not in state.legal_actions()  # A13
    state.apply(f"drive_back:monster={troll}")
    assert state.pos[troll] == at("F4") and state.health[troll] == 2
    assert state.field[at("S4")] == "pit" and state.walls[4]


def test_fortify_wall_takes_one_token_per_wall_and_two_in_all() -> None:
    state = play_game(["fortify_wall"])
    state.fortified[1] = True
    codes = [c for c in state.legal_actions() if c.startswith("fortify:")]
    assert "fortify:arc=1" not in codes and len(codes) == 5
    state.fortified[2] = True
    state._legal = None
    assert not any(c.startswith("fortify:") for c in state.legal_actions())


def test_missing_means_no_monster_tokens_this_turn() -> None:
    state = play_game(["missing"])
    size = len(state.pile)
    state.apply("missing")
    state.apply("end_phase")
    assert len(state.pile) == size and state.active == 1


def test_scavenge_takes_a_castle_card_from_the_discard_pile() -> None:
    state = play_game(["scavenge"])
    barbarian = next(c for c in state.castle_deck if CARDS[c].name == "barbarian")
    state.castle_deck.remove(barbarian)
    state.castle_discard.append(barbarian)
    state._legal = None
    state.apply(f"scavenge:card={barbarian}")
    assert CARDS[state.hands[0][0]].name == "barbarian"
    assert any(CARDS[c].name == "scavenge" for c in state.castle_discard)


def test_scavenge_cannot_take_itself_or_a_resource() -> None:
    state = play_game(["scavenge"])
    state.resource_discard.append(state.resource_deck.pop())
    state._legal = None
    assert not any(c.startswith("scavenge:") for c in state.legal_actions())


def test_draw_2_cards_may_exceed_the_hand_size_and_take_resources() -> None:
    state = play_game(["draw_2_cards", "red_archer", "red_archer", "red_knight", "red_knight"])
    state.apply("draw_2")
    state.apply("draw:deck=resource")
    state.apply("draw:deck=castle")
    assert len(state.hands[0]) == 6 and state.step == PLAY


def test_nice_shot_slays_with_any_legal_hit() -> None:
    state = play_game(["nice_shot", "red_knight"])
    troll = state.put_monster("troll", "K2")
    state.apply(f"nice_shot:card={card_id(state, 0, 'red_knight')}:monster={troll}")
    assert state.trophies[0] == [troll] and state.hands[0] == []


# --- The Engineer ---------------------------------------------------------------------------------
def test_a_task_changes_freely_until_a_card_is_assigned() -> None:
    state = play_game(["brick", "mortar", "wood"])
    state.walls[3] = False
    state.apply("task:equip=wall")
    assert "task:equip=pit" in state.legal_actions()
    state.apply(f"assign:card={card_id(state, 0, 'brick')}")
    codes = state.legal_actions()
    assert not any(c.startswith("task:") for c in codes) and "cancel_task" in codes
    wood = card_id(state, 0, "wood")
    assert f"assign:card={wood}" not in codes  # A14: not a type the Wall needs


def test_a_wall_build_completes_across_turns_with_another_players_card() -> None:
    state = play_game(["brick"])
    state.walls[3] = state.walls[5] = False
    state.apply("task:equip=wall")
    state.apply(f"assign:card={card_id(state, 0, 'brick')}")
    state.missing = True
    state.apply("end_phase")
    to_play_phase(state)
    state.deal(1, ["mortar"])
    mortar = card_id(state, 1, "mortar")
    state.apply(f"assign:card={mortar}")
    assert state.step == "place" and state.task == "" and state.engineer == []
    assert mortar in state.resource_discard
    state.apply("place:arc=5")
    assert state.walls[5] and not state.walls[3] and state.step == PLAY


def test_cancelling_a_task_loses_its_cards() -> None:
    state = play_game(["wood"])
    state.apply("task:equip=pit")
    wood = card_id(state, 0, "wood")
    state.apply(f"assign:card={wood}")
    state.apply("cancel_task")
    assert state.task == "" and state.engineer == [] and wood in state.resource_discard


def test_a_task_needs_a_token_in_the_supply() -> None:
    state = play_game(["wood"])
    codes = state.legal_actions()
    assert "task:equip=wall" not in codes and "task:equip=keep" not in codes  # all in play
    assert "task:equip=catapult" in codes


def test_empty_task_flipping_is_capped_at_three_in_a_row() -> None:
    state = play_game([])
    for equip in ("pit", "barricade", "spring_trap"):
        state.apply(f"task:equip={equip}")
    assert not any(c.startswith("task:") for c in state.legal_actions())


def build(state, equip: str) -> None:
    """Set the task, assign its cards from the active hand, place it where first offered."""
    state.apply(f"task:equip={equip}")
    while state.task == equip:
        needed = state.still_needed()
        card = min(c for c in state.hands[state.active] if CARD_KIND[c] in needed)
        state.apply(f"assign:card={card}")
    place = [c for c in state.legal_actions() if c.startswith("place:")]
    if place:
        state.apply(place[0])


def test_tasks_may_be_set_and_built_one_after_another_in_a_turn() -> None:
    """Manual p.7: players may complete tasks and set new ones in the same turn; nothing
    limits how many. (A cap of three settings per turn refused the Spring Trap here.)"""
    state = play_game(["wood", "mortar", "brick", "rope", "wood", "rope"])
    state.apply("task:equip=catapult")
    build(state, "pit")  # the task changed once, then built
    build(state, "barricade")
    assert "task:equip=spring_trap" in state.legal_actions()
    build(state, "spring_trap")
    built = sorted(e for e in state.field if e)
    assert built == ["barricade", "pit", "spring_trap"] and state.step == PLAY


def test_a_solo_player_rebuilds_four_walls_in_one_turn() -> None:
    """Manual p.7, solo: four Walls missing and 4 Brick + 4 Mortar build all four."""
    state = play_game(["brick"] * 4 + ["mortar"] * 4)
    for arc in ARCS[:4]:
        state.walls[arc] = False
    for _ in range(4):
        build(state, "wall")
    assert all(state.walls[arc] for arc in ARCS) and state.hands[0] == []


def test_field_equipment_goes_on_an_empty_space_outside_the_forest() -> None:
    state = play_game(["wood", "mortar"])
    state.put_monster("orc", "K2")
    state.field[at("S3")] = "barricade"
    state.apply("task:equip=pit")
    state.apply(f"assign:card={card_id(state, 0, 'wood')}")
    state.apply(f"assign:card={card_id(state, 0, 'mortar')}")
    codes = state.legal_actions()
    assert "place:space=C1" in codes and "place:space=A6" in codes
    assert "place:space=K2" not in codes and "place:space=S3" not in codes
    assert not any(c.startswith("place:space=F") for c in codes)
    state.apply("place:space=C1")
    assert state.field[at("C1")] == "pit" and state.towers[1]


def test_the_first_weapon_turns_the_keep_to_a_chosen_colour() -> None:
    state = play_game(["wood", "wood", "rope", "rope"])
    state.apply("task:equip=ballista")
    for card in sorted(state.hands[0]):  # identical cards: the lowest id is offered
        state.apply(f"assign:card={card}")
    assert state.ballista and state.step == "face"
    state.apply("face:colour=green")
    assert state.facing == "green" and not state.rotated


def test_the_keep_rotates_once_per_turn_and_each_weapon_fires_once() -> None:
    state = play_game(["blue_knight", "rope", "blue_knight", "wood"])
    state.catapult, state.facing = True, "red"
    state.put_monster("troll", "K6")
    state.apply("rotate:colour=blue")
    assert not any(c.startswith("rotate:") for c in state.legal_actions())
    state.apply("fire:weapon=catapult:space=K6")
    state.apply(f"ammo:card={card_id(state, 0, 'blue_knight')}")
    state.apply(f"ammo:card={card_id(state, 0, 'rope')}")
    assert not any(c.startswith("fire:") for c in state.legal_actions())


def test_weapons_never_aim_at_the_castle_or_the_forest() -> None:
    state = play_game(["any_knight", "blue_hero", "rope"])
    state.catapult = state.ballista = True
    state.facing = "blue"
    in_castle, in_forest = state.put_monster("orc", "C5"), state.put_monster("orc", "F5")
    codes = state.legal_actions()
    assert f"fire:weapon=ballista:monster={in_castle}" not in codes
    assert f"fire:weapon=ballista:monster={in_forest}" not in codes
    assert not any(c.startswith("fire:") for c in codes)


def test_the_ballista_can_hit_an_encampment_behind_its_target() -> None:
    state = play_game(["red_archer", "rope"])
    state.ballista, state.facing = True, "red"
    goblin = state.put_monster("goblin", "A2")
    camp = state.put_monster("forward_camp", "F1")  # counts as being in both red arcs
    state.apply(f"fire:weapon=ballista:monster={goblin}")
    state.apply(f"ammo:card={card_id(state, 0, 'red_archer')}")
    state.apply(f"ammo:card={card_id(state, 0, 'rope')}")
    assert state.health[camp] == 1 and goblin in state.trophies[0]


def test_ballista_overflow_on_an_engine_goes_to_a_chosen_crew_orc() -> None:
    state = play_game(["red_knight", "rope"])
    state.ballista, state.facing = True, "red"
    ram = state.put_monster("battering_ram", "K1", health=1)
    orc_a, orc_b = state.crew[ram]
    state.apply(f"fire:weapon=ballista:monster={ram}")
    state.apply(f"ammo:card={card_id(state, 0, 'red_knight')}")
    state.apply(f"ammo:card={card_id(state, 0, 'rope')}")
    assert state.choice is not None and state.choice.item[0] == "overflow"
    state.apply(f"pick:monster={orc_b}")
    assert state.health[orc_b] == 1 and state.health[orc_a] == 2 and ram in state.trophies[0]


# --- Monster movement -----------------------------------------------------------------------------
def test_monsters_advance_one_ring_and_circle_inside_the_castle() -> None:
    state = new_game()
    forest, castle = state.put_monster("troll", "F2"), state.put_monster("orc", "C6")
    state.towers[1] = False
    monster_phase(state)
    assert state.pos[forest] == at("A2") and state.pos[castle] == at("C1")
    assert state.health[castle] == 2


def test_a_war_wagon_in_the_castle_ring_moves_clockwise_whatever_the_token_says() -> None:
    state = new_game()
    state.towers[3] = False
    wagon = state.put_monster("war_wagon", "C2")
    state.stack_pile(["move_counter_clockwise"])
    resolve_tokens(state, 1)
    assert state.pos[wagon] == at("C3")  # A50


def test_a_war_wagon_takes_damage_breaking_a_wall_and_stops() -> None:
    state = new_game()
    wagon = state.put_monster("war_wagon", "S3")
    monster_phase(state)
    assert state.health[wagon] == 2 and state.pos[wagon] == at("S3") and not state.walls[3]


def test_a_battering_ram_breaks_towers_unharmed() -> None:
    state = new_game()
    state.walls[2] = False
    ram = state.put_monster("battering_ram", "S2")
    monster_phase(state)
    assert not state.towers[2] and state.health[ram] == 3 and state.pos[ram] == at("C2")


def test_a_war_wagon_entering_the_castle_still_steps_sideways() -> None:
    state = new_game()
    state.walls[2] = False
    wagon = state.put_monster("war_wagon", "S2")
    state.rng = ScriptedDie([6])
    monster_phase(state)
    assert not state.towers[2] and not state.towers[3]
    assert state.pos[wagon] == at("C3") and state.health[wagon] == 1  # A33


# --- Monster tokens -------------------------------------------------------------------------------
def test_the_goblin_king_draws_three_more_after_the_tokens_already_drawn() -> None:
    state = new_game()
    king, orc, troll, troll_2, plague = state.stack_pile(
        ["goblin_king", "orc", "troll", "troll", "plague_archers"]
    )
    state.rng = ScriptedDie([1, 2, 3, 4])
    state.missing = False
    to_play_phase(state)
    state.apply("end_phase")  # Phase 6: the king, then the orc; the king's 3 come after
    assert state.pos[king] == at("F1") and state.pos[orc] == at("F2")
    assert state.pos[troll] == at("F3") and state.pos[troll_2] == at("F4")
    assert plague in state.used


def test_the_orc_warlord_moves_its_colour_and_itself() -> None:
    state = new_game()
    green, red = state.put_monster("orc", "K4"), state.put_monster("orc", "K2")
    (warlord,) = state.stack_pile(["orc_warlord"])
    state.rng = ScriptedDie([3])
    resolve_tokens(state, 1)
    assert state.pos[warlord] == at("A3") and state.pos[green] == at("S4")
    assert state.pos[red] == at("K2")


def test_the_troll_mage_moves_everyone_forward() -> None:
    state = new_game()
    orc = state.put_monster("orc", "K2")
    (mage,) = state.stack_pile(["troll_mage"])
    state.rng = ScriptedDie([5])
    resolve_tokens(state, 1)
    assert state.pos[mage] == at("A5") and state.pos[orc] == at("S2")


def test_the_healer_heals_monsters_but_not_engines() -> None:
    state = new_game()
    troll = state.put_monster("troll", "K2", health=1)
    ram = state.put_monster("battering_ram", "K3", health=1)
    state.stack_pile(["healer"])
    state.rng = ScriptedDie([6])
    resolve_tokens(state, 1)
    assert state.health[troll] == 2 and state.health[ram] == 1


def test_plague_discards_every_card_of_its_type_including_any_color() -> None:
    state = new_game()
    state.deal(0, ["red_archer", "any_archer", "red_hero", "red_knight"])
    state.deal(1, ["blue_archer"])
    state.stack_pile(["plague_archers"])
    resolve_tokens(state, 1)
    assert sorted(CARD_KIND[c] for c in state.hands[0]) == ["hero", "knight"]
    assert state.hands[1] == []


def test_all_players_discard_one_card_each_in_turn_order() -> None:
    state = new_game(3)
    state.deal(0, ["red_archer", "red_knight"])
    state.deal(1, ["blue_archer"])
    state.deal(2, ["green_archer", "green_knight"])
    state.stack_pile(["all_players_discard_1"])
    resolve_tokens(state, 1)
    assert state.to_move() == 0 and state.step == "choose"
    state.apply(f"discard:card={card_id(state, 0, 'red_knight')}")
    assert state.hands[1] == []  # one card: no choice
    assert state.to_move() == 2
    state.apply(f"discard:card={card_id(state, 2, 'green_archer')}")
    assert len(state.hands[0]) == len(state.hands[2]) == 1 and state.step == PLAY


def test_draw_3_appends_three_draws() -> None:
    state = new_game()
    _, a, b, c = state.stack_pile(["draw_3", "orc", "orc", "troll"])
    state.rng = ScriptedDie([1, 2, 3])
    resolve_tokens(state, 1)
    assert [state.pos[t] for t in (a, b, c)] == [at("F1"), at("F2"), at("F3")]


def test_a_boulder_crushes_a_path_and_stops_at_the_first_wall() -> None:
    state = new_game()
    orc = state.put_monster("orc", "A2")
    camp = state.put_monster("barracks", "F2")
    state.field[at("K2")] = "spring_trap"
    state.stack_pile(["giant_boulder"])
    state.rng = ScriptedDie([2])
    resolve_tokens(state, 1)
    assert orc in state.used and camp in state.board  # encampments are not in the way
    assert state.field[at("K2")] == "" and not state.walls[2] and state.towers[2]


def test_a_boulder_through_an_open_castle_rolls_out_the_other_side() -> None:
    state = new_game()
    state.walls[1] = state.towers[1] = state.keep = False
    state.walls[4] = state.towers[4] = False
    far = state.put_monster("troll", "F4")
    wagon = state.put_monster("war_wagon", "K4")
    crew = list(state.crew[wagon])
    state.stack_pile(["giant_boulder"])
    state.rng = ScriptedDie([1])
    resolve_tokens(state, 1)
    assert far in state.used and wagon in state.used
    assert all(u in state.board and state.pos[u] == at("K4") for u in crew)


def test_a_boulder_destroys_a_breached_siege_tower_and_rolls_on() -> None:
    state = new_game()
    state.walls[3] = False
    tower = state.put_monster("siege_tower", "S3")
    state.breached.append(tower)
    for orc in state.crew.pop(tower):
        state.used.append(orc)
    state.stack_pile(["giant_boulder"])
    state.rng = ScriptedDie([3])
    resolve_tokens(state, 1)
    assert tower in state.used and not state.towers[3] and state.walls[6]


def test_the_forward_camp_places_its_colour_in_the_archer_ring() -> None:
    state = new_game()
    state.put_monster("forward_camp", "F5")
    blue, red = state.stack_pile(["troll", "troll"])
    state.rng = ScriptedDie([6, 1])
    resolve_tokens(state, 2)
    assert state.pos[blue] == at("A6") and state.pos[red] == at("F1")


def test_a_shaman_moved_by_a_token_heals_its_colour() -> None:
    state = new_game()
    shaman = state.put_monster("shaman", "A1", health=1)
    orc = state.put_monster("orc", "K2", health=1)
    state.stack_pile(["red_move_1"])
    resolve_tokens(state, 1)
    assert state.health[shaman] == 2 and state.health[orc] == 2


def test_a_shaman_in_the_castle_ring_does_not_heal() -> None:
    state = new_game()
    state.towers[2] = False
    shaman = state.put_monster("shaman", "C1", health=1)
    monster_phase(state)
    assert state.pos[shaman] == at("C2") and state.health[shaman] == 1


# --- The end and the ranking ----------------------------------------------------------------------
def won_game():
    state = play_game(["red_archer", "blue_archer"])
    state.used.extend(state.pile)
    state.pile.clear()
    a = state.put_monster("goblin", "A1")
    b = state.put_monster("troll", "A5", health=1)
    return state, a, b


def test_slaying_the_last_monster_with_an_empty_pile_wins_at_once() -> None:
    state, a, b = won_game()
    state.put_monster("barracks", "F3")  # encampments need not be destroyed
    state.apply(f"hit:card={card_id(state, 0, 'red_archer')}:monster={a}")
    assert not state.is_over()
    state.apply(f"hit:card={card_id(state, 0, 'blue_archer')}:monster={b}")
    assert state.is_over() and state.won and state.end_reason == "monsters"


def test_a_won_game_ranks_by_points_then_trophies_and_shares_ties() -> None:
    state, a, b = won_game()
    state.trophies[1].append(state.take_token("orc"))
    state.trophies[2].extend([state.take_token("goblin"), state.take_token("goblin")])
    state.apply(f"hit:card={card_id(state, 0, 'red_archer')}:monster={a}")
    state.apply(f"hit:card={card_id(state, 0, 'blue_archer')}:monster={b}")
    outcome = state.outcome()
    assert [r["points"] for r in outcome] == [4, 2, 2]
    assert [r["rank"] for r in outcome] == [0, 2, 1]  # 2 points: 2 trophies beat 1
    assert outcome[0]["score"] == 4 + TEAM_WIN_BONUS and outcome[0]["team_won"]


def test_the_turn_cap_ends_the_game_as_a_loss() -> None:
    state = to_play_phase(new_game())
    state.turn = 300
    state.missing = True
    state.apply("end_phase")
    assert state.is_over() and not state.won and state.end_reason == "turn_cap"


def test_a_pick_is_refused_outside_a_choice() -> None:
    state = play_game([])
    with pytest.raises(IllegalAction):
        state.apply("pick:monster=0")
    assert TOKEN_KIND[0] == "goblin"
