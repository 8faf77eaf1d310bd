"""Every scenario of the spec's §16, built directly on the state, one test per claim."""

from __future__ import annotations

import pytest

from arena.games import IllegalAction
from arena.games.castle_panic.rules import POINTS, TOKEN_KIND

from .helpers import (
    ScriptedDie,
    at,
    card_id,
    monster_phase,
    new_game,
    resolve_tokens,
    to_play_phase,
)


def weapon_game(weapon: str, facing: str, hand: list[str]):
    state = to_play_phase(new_game())
    setattr(state, weapon, True)
    state.facing = facing
    state.deal(0, hand)
    return state


# --- 1. Catapult split ------------------------------------------------------------------------
def test_catapult_splits_three_damage_and_both_monsters_are_trophies() -> None:
    state = weapon_game("catapult", "blue", ["blue_archer", "wood"])
    orc, goblin = state.put_monster("orc", "A6"), state.put_monster("goblin", "A6")
    archer, wood = card_id(state, 0, "blue_archer"), card_id(state, 0, "wood")
    state.apply("fire:weapon=catapult:space=A6")
    state.apply(f"ammo:card={archer}")
    state.apply(f"ammo:card={wood}")
    state.apply(f"pick:monster={orc}")
    state.apply(f"pick:monster={orc}")  # the third point has only the Goblin left: automatic
    assert orc not in state.board and goblin not in state.board
    assert sorted(state.trophies[0]) == sorted([orc, goblin])
    assert state.points(0) == 3
    assert archer in state.castle_discard and wood in state.resource_discard
    assert state.fired_catapult
    assert not any(code.startswith("fire:weapon=catapult") for code in state.legal_actions())


# --- 2. Overflow onto the crew ------------------------------------------------------------------
@pytest.mark.parametrize("split", ["2+0", "1+1"])
def test_catapult_overflow_from_a_destroyed_ram_falls_on_its_crew(split: str) -> None:
    state = weapon_game("catapult", "green", ["green_knight", "rope"])
    ram = state.put_monster("battering_ram", "K3", health=1)
    orc_a, orc_b = state.crew[ram]
    state.apply("fire:weapon=catapult:space=K3")
    state.apply(f"ammo:card={card_id(state, 0, 'green_knight')}")
    state.apply(f"ammo:card={card_id(state, 0, 'rope')}")  # point 1: the Ram, alone targetable
    assert ram in state.trophies[0] and POINTS[ram] == 3
    state.apply(f"pick:monster={orc_a}")
    state.apply(f"pick:monster={orc_a if split == '2+0' else orc_b}")
    if split == "2+0":
        assert orc_a in state.trophies[0] and state.health[orc_b] == 2
        assert state.points(0) == 3 + 2
    else:
        assert state.health[orc_a] == state.health[orc_b] == 1
    survivors = [u for u in state.board if u in (orc_a, orc_b)]
    assert survivors and all(state.pos[u] == at("K3") for u in survivors)
    assert ram not in state.crew


# --- 3. Ballista line -----------------------------------------------------------------------------
def test_ballista_hits_its_target_twice_and_each_space_behind_once() -> None:
    state = weapon_game("ballista", "blue", ["blue_knight", "rope"])
    troll = state.put_monster("troll", "K6")
    goblin = state.put_monster("goblin", "A6")
    orc = state.put_monster("orc", "F6")
    other = state.put_monster("goblin", "F5")
    state.apply(f"fire:weapon=ballista:monster={troll}")
    state.apply(f"ammo:card={card_id(state, 0, 'blue_knight')}")
    state.apply(f"ammo:card={card_id(state, 0, 'rope')}")
    assert state.health[troll] == 1
    assert goblin in state.trophies[0]
    assert state.health[orc] == 1
    assert state.health[other] == 1 and other in state.board


# --- 4. Firing legality ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("hand", "legal"),
    [
        (["blue_swordsman", "green_knight"], True),
        (["blue_knight", "rope"], True),
        (["any_knight", "tar"], True),
        (["blue_swordsman", "rope"], False),
        (["green_knight", "red_archer"], False),
        (["blue_knight"], False),
    ],
)
def test_firing_needs_two_cards_matching_colour_and_ring(hand: list[str], legal: bool) -> None:
    state = weapon_game("ballista", "blue", hand)
    troll = state.put_monster("troll", "K6")
    assert (f"fire:weapon=ballista:monster={troll}" in state.legal_actions()) == legal


# --- 5. Pit before Tower --------------------------------------------------------------------------
def test_a_pit_in_a_tower_space_strikes_before_the_tower() -> None:
    state = new_game()
    state.field[at("C3")] = "pit"
    orc = state.put_monster("orc", "C2")
    monster_phase(state)
    assert state.field[at("C3")] == ""
    assert not state.towers[3]
    assert orc not in state.board and orc in state.used  # slain by the Tower: no trophy


def test_a_spring_trap_in_a_tower_space_saves_the_tower() -> None:
    state = new_game()
    state.field[at("C3")] = "spring_trap"
    orc = state.put_monster("orc", "C2")
    monster_phase(state)
    assert state.pos[orc] == at("F3") and state.health[orc] == 2
    assert state.towers[3] and state.field[at("C3")] == ""


# --- 6. Barricade group ---------------------------------------------------------------------------
def test_a_barricade_stops_everyone_and_one_chosen_monster_takes_the_damage() -> None:
    state = new_game()
    state.field[at("S4")] = "barricade"
    goblin, troll = state.put_monster("goblin", "K4"), state.put_monster("troll", "K4")
    monster_phase(state, picks=[goblin])
    assert goblin in state.used and goblin not in state.board
    assert state.pos[troll] == at("K4") and state.health[troll] == 3
    assert state.field[at("S4")] == ""


# --- 7. Wall group --------------------------------------------------------------------------------
def test_a_wall_stops_everyone_then_the_next_move_breaks_the_tower() -> None:
    state = new_game()
    orc, goblin = state.put_monster("orc", "S1"), state.put_monster("goblin", "S1")
    monster_phase(state, picks=[orc])
    assert state.health[orc] == 1 and not state.walls[1]
    assert state.pos[orc] == state.pos[goblin] == at("S1")
    monster_phase(state, picks=[goblin])
    assert not state.towers[1]
    assert goblin in state.used and state.pos[orc] == at("C1")


def test_picking_the_goblin_at_the_wall_leaves_only_the_orc_to_enter() -> None:
    state = new_game()
    orc, goblin = state.put_monster("orc", "S1"), state.put_monster("goblin", "S1")
    monster_phase(state, picks=[goblin])
    assert goblin in state.used and state.health[orc] == 2
    monster_phase(state)  # the Orc alone: no choice
    assert not state.towers[1] and state.health[orc] == 1 and state.pos[orc] == at("C1")


# --- 8. Goblin Saboteur ---------------------------------------------------------------------------
def test_a_saboteur_breaking_a_wall_dies_and_banishes_two_cards_from_each_deck() -> None:
    state = new_game()
    saboteur = state.put_monster("goblin_saboteur", "S2")
    castle_top, resource_top = state.castle_deck[-2:], state.resource_deck[-2:]
    monster_phase(state)
    assert not state.walls[2] and saboteur in state.used and not any(state.trophies)
    assert sorted(state.banished) == sorted(castle_top + resource_top)


def test_a_saboteur_banishes_from_the_discard_pile_when_the_deck_runs_short() -> None:
    state = new_game()
    state.put_monster("goblin_saboteur", "S2")
    extra = state.resource_deck[:-1]
    state.resource_discard.extend(extra)
    del state.resource_deck[:-1]
    last_in_deck, top_of_discard = state.resource_deck[0], state.resource_discard[-1]
    monster_phase(state)
    assert last_in_deck in state.banished and top_of_discard in state.banished
    assert state.resource_deck == []


# --- 9. Shaman heal -------------------------------------------------------------------------------
def shaman_scene():
    state = new_game()
    shaman = state.put_monster("shaman", "K3", health=2)
    green = state.put_monster("troll", "A4", health=1)
    red = state.put_monster("troll", "K2", health=1)
    return state, shaman, green, red


def test_a_moving_shaman_heals_its_colour_after_the_move() -> None:
    state, shaman, green, red = shaman_scene()
    monster_phase(state)
    assert state.pos[shaman] == at("S3") and state.health[shaman] == 3
    assert state.pos[green] == at("K4") and state.health[green] == 2
    assert state.pos[red] == at("S2") and state.health[red] == 1


def test_a_tarred_shaman_does_not_heal() -> None:
    state, shaman, green, _ = shaman_scene()
    to_play_phase(state)
    state.deal(0, ["tar"])
    state.apply(f"tar:monster={shaman}")
    monster_phase(state)
    assert state.pos[shaman] == at("K3") and state.health[shaman] == 2
    assert state.health[green] == 1


# --- 10. Siege Tower breach -----------------------------------------------------------------------
def test_a_siege_tower_breaches_and_its_crew_break_the_tower() -> None:
    state = new_game()
    state.walls[5] = False
    tower = state.put_monster("siege_tower", "S5")
    orc_a, orc_b = state.crew[tower]
    monster_phase(state, picks=[orc_a])
    assert not state.towers[5]
    assert state.pos[orc_a] == state.pos[orc_b] == at("C5")
    assert state.health[orc_a] == 1 and state.health[orc_b] == 2
    assert tower in state.breached and state.pos[tower] == at("S5")
    assert 5 not in state.wall_sites()


def test_a_breached_siege_tower_never_moves_and_blocks_only_its_wall_line() -> None:
    state = new_game()
    state.walls[5] = state.walls[2] = False
    tower = state.put_monster("siege_tower", "S5")
    orc_a, _ = state.crew[tower]
    monster_phase(state, picks=[orc_a])
    monster_phase(state, picks=[orc_a])  # the Orcs go on round the Castle ring
    assert state.pos[tower] == at("S5") and tower in state.breached
    to_play_phase(state)
    state.task = "wall"
    state.deal(state.active, ["brick", "mortar"])
    assert state.wall_sites() == [2]


def test_the_game_can_be_won_with_a_breached_siege_tower_standing() -> None:
    state = new_game()
    state.walls[5] = False
    tower = state.put_monster("siege_tower", "S5")
    orc_a, orc_b = state.crew[tower]
    monster_phase(state, picks=[orc_a])
    state.used.extend(state.pile)
    state.pile.clear()
    to_play_phase(state)
    state.deal(state.active, ["barbarian"])
    state.slay(orc_a, state.active)
    state.apply(f"barbarian:monster={orc_b}")
    assert state.is_over() and state.won and tower in state.board


# --- 11. Equalizer --------------------------------------------------------------------------------
def test_the_equalizer_draws_until_six_monsters_and_returns_what_it_set_aside() -> None:
    state = new_game()
    state.put_monster("goblin", "A1")
    state.put_monster("troll", "K2")
    state.put_monster("war_wagon", "F3")
    assert state.count_monsters() == 4
    king, orc, boulder, ram = state.stack_pile(
        ["goblin_king", "orc", "giant_boulder", "battering_ram"]
    )
    (equalizer,) = state.stack_pile(["equalizer"])
    size = len(state.pile)
    resolve_tokens(state, 1)
    assert orc in state.board and ram in state.board and len(state.crew[ram]) == 2
    assert state.count_monsters() == 7
    assert king in state.pile and boulder in state.pile and not state.set_aside
    assert len(state.pile) == size - 5 + 2 and equalizer in state.used


# --- 12. Resource reshuffle -----------------------------------------------------------------------
def test_an_empty_resource_deck_reshuffles_and_banishes_two() -> None:
    state = new_game()
    for seat in range(state.num_players):
        state.deal(seat, ["red_archer"] if seat == 0 else [])
    loose = list(state.resource_deck)
    state.resource_deck.clear()
    state.resource_discard.extend(loose[:10])
    state.banished.extend(loose[10:])
    state.draw_card(0, "resource")
    assert len(state.resource_deck) == 7 and not state.resource_discard
    assert len(state.banished) == len(loose[10:]) + 2
    assert len(state.hands[0]) == 2


# --- 13. Barracks and Forward Camp in the same colour ---------------------------------------------
@pytest.mark.parametrize(("roll", "where"), [(2, "A2"), (5, "F5")])
def test_barracks_and_forward_camp_combine(roll: int, where: str) -> None:
    state = new_game()
    state.put_monster("barracks", "F1")
    state.put_monster("forward_camp", "F2")
    orc, troll = state.stack_pile(["orc", "troll"])
    state.barracks_slot = True  # a later turn: its first monster comes from the Barracks
    state.rng = ScriptedDie([roll])
    resolve_tokens(state, 2)
    assert state.pos[orc] == at("A1")
    assert state.pos[troll] == at(where)


# --- 14. Nice Shot against an engine --------------------------------------------------------------
def test_nice_shot_destroys_only_the_war_wagon_and_frees_its_crew() -> None:
    state = to_play_phase(new_game())
    wagon = state.put_monster("war_wagon", "K1")
    crew = list(state.crew[wagon])
    state.deal(0, ["red_knight", "nice_shot"])
    state.apply(f"nice_shot:card={card_id(state, 0, 'red_knight')}:monster={wagon}")
    assert state.trophies[0] == [wagon] and state.points(0) == 3
    assert all(u in state.board and state.health[u] == 2 for u in crew)
    assert all(state.pos[u] == at("K1") for u in crew)


# --- 15. Last monster, last tower -----------------------------------------------------------------
def test_the_last_monster_breaking_the_last_tower_is_still_a_loss() -> None:
    state = new_game()
    state.towers = [False, True, False, False, False, False, False]
    state.used.extend(state.pile)
    state.pile.clear()
    goblin = state.put_monster("goblin", "C6")
    monster_phase(state)
    assert state.is_over() and not state.won and state.end_reason == "towers"
    assert goblin in state.used
    assert all(r["rank"] == 0 and not r["team_won"] for r in state.outcome())


# --- 16. A fresh monster moved in the same Phase 6 ------------------------------------------------
@pytest.mark.parametrize("pit", [False, True])
def test_a_monster_placed_in_phase_6_is_moved_by_the_next_token(pit: bool) -> None:
    state = new_game()
    if pit:
        state.field[at("A4")] = "pit"
    troll, _ = state.stack_pile(["troll", "green_move_1"])
    state.rng = ScriptedDie([4])
    resolve_tokens(state, 2)
    assert state.pos[troll] == at("A4")
    assert state.health[troll] == (2 if pit else 3)
    assert state.field[at("A4")] == ""


# --- 17. Roll and Move forward --------------------------------------------------------------------
def test_roll_and_move_forward_moves_castle_monsters_clockwise() -> None:
    state = new_game()
    orc, goblin = state.put_monster("orc", "C2"), state.put_monster("goblin", "K5")
    state.stack_pile(["roll_and_move"])
    state.rng = ScriptedDie([3])
    resolve_tokens(state, 1)
    assert state.pos[goblin] == at("S5")
    assert state.pos[orc] == at("C3") and state.health[orc] == 1 and not state.towers[3]


# --- 18. Siege Tower blocked at the breach --------------------------------------------------------
def test_a_barricade_in_the_castle_space_blocks_the_breach_once() -> None:
    state = new_game()
    state.walls[4] = False
    state.field[at("C4")] = "barricade"
    tower = state.put_monster("siege_tower", "S4")
    crew = list(state.crew[tower])
    monster_phase(state)
    assert state.field[at("C4")] == "" and state.towers[4]
    assert state.pos[tower] == at("S4") and state.crew[tower] == crew
    assert state.health[tower] == 3 and tower not in state.breached
    monster_phase(state, picks=[crew[0]])
    assert not state.towers[4] and tower in state.breached
    assert state.health[crew[0]] == 1 and state.pos[crew[1]] == at("C4")


# --- 19. War Wagon moved by a token ---------------------------------------------------------------
@pytest.mark.parametrize(("roll", "where"), [(5, "S3"), (2, "S1")])
def test_a_war_wagon_moved_by_a_token_steps_forward_then_sideways(roll: int, where: str) -> None:
    state = new_game()
    wagon = state.put_monster("war_wagon", "K2")
    state.stack_pile(["red_move_1"])
    state.rng = ScriptedDie([roll])
    resolve_tokens(state, 1)
    assert state.pos[wagon] == at(where)
    assert all(state.pos[c] == at(where) for c in state.crew[wagon])


def test_a_war_wagon_thrown_back_by_a_spring_trap_takes_no_sideways_step() -> None:
    state = new_game()
    state.field[at("S2")] = "spring_trap"
    wagon = state.put_monster("war_wagon", "K2")
    state.stack_pile(["red_move_1"])
    state.rng = ScriptedDie([])  # no roll may happen
    resolve_tokens(state, 1)
    assert state.pos[wagon] == at("F2") and state.field[at("S2")] == ""


# --- 20. The Keep stops a boulder -----------------------------------------------------------------
def test_the_keep_stops_a_giant_boulder_and_takes_its_catapult_along() -> None:
    state = new_game()
    state.towers[1] = state.walls[1] = False
    state.catapult, state.facing = True, "red"
    goblin = state.put_monster("goblin", "K1")
    state.stack_pile(["giant_boulder"])
    state.rng = ScriptedDie([1])
    resolve_tokens(state, 1)
    assert goblin in state.used and not state.trophies[0]
    assert not state.keep and not state.catapult
    assert state.towers[4] and state.walls[4]
    state.task = "catapult"
    state.deal(0, ["wood", "wood", "rope", "rope", "brick"])
    state.engineer = [c for c in state.hands[0] if c != card_id(state, 0, "brick")]
    state.hands[0] = [card_id(state, 0, "brick")]
    state._legal = None
    assert not any(code.startswith("assign:") for code in state.legal_actions())


# --- 21. The Barracks ignores effect tokens -------------------------------------------------------
def test_the_barracks_slot_waits_for_the_first_placed_monster() -> None:
    state = new_game()
    barracks = state.put_monster("barracks", "F3")
    _, saboteur, orc = state.stack_pile(["move_clockwise", "goblin_saboteur", "orc"])
    state.barracks_slot = True
    state.rng = ScriptedDie([6])  # only the Orc rolls
    resolve_tokens(state, 3)
    assert state.pos[barracks] == at("F3")
    assert state.pos[saboteur] == at("F3")
    assert state.pos[orc] == at("F6")


# --- 22. Saboteur against a fortified wall --------------------------------------------------------
def test_a_saboteur_against_a_fortified_wall_only_removes_the_fortify_token() -> None:
    state = new_game()
    state.fortified[5] = True
    saboteur = state.put_monster("goblin_saboteur", "S5")
    castle_top, resource_top = state.castle_deck[-2:], state.resource_deck[-2:]
    monster_phase(state)
    assert state.walls[5] and not state.fortified[5]
    assert saboteur in state.used and not any(state.trophies)
    assert sorted(state.banished) == sorted(castle_top + resource_top)


def test_an_illegal_pick_is_refused() -> None:
    state = new_game()
    state.put_monster("orc", "S1")
    goblin = state.put_monster("goblin", "S1")
    to_play_phase(state)
    state.missing = True
    state.apply("end_phase")
    with pytest.raises(IllegalAction):
        state.apply("pick:monster=49")
    state.apply(f"pick:monster={goblin}")
    assert TOKEN_KIND[goblin] == "goblin" and goblin in state.used
