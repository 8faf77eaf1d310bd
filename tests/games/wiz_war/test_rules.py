"""Rules beyond the spec's scenarios: board, LOS, counters, reactions, turn flow."""

from __future__ import annotations

import json
from pathlib import Path

from arena.games.wiz_war import board as B
from arena.games.wiz_war import hand, sight
from arena.games.wiz_war.records import DISCARD_AND_DRAW

from .helpers import (
    BLUE,
    GREEN,
    RED,
    carry,
    end_turn,
    give,
    maintain,
    new_game,
    pass_windows,
    place,
    play,
    put_creature,
    set_dice,
    sq,
    start_turn,
)

#: The board of the rules (docs/games/wiz-war-rules.md, Appendix A), kept in the package.
SPEC_BOARD = Path(B.__file__).with_name("board.json")


def test_the_board_is_the_spec_board() -> None:
    data = json.loads(SPEC_BOARD.read_text())
    walls = {B.edge_between(B.square(*a), B.square(*b)) for a, b in data["interior_walls"]}
    assert walls == set(B.WALL_EDGES)
    doors = {
        B.edge_between(B.square(*d["a"]), B.square(*d["b"])): d["colour"] for d in data["doors"]
    }
    assert doors == {e: B.COLOURS[c] for e, c in B.DOOR_EDGES.items()}
    assert [list(B.row_col(h)) for h in B.HOME_SQUARES] == [data["homes"][c] for c in B.COLOURS]


def test_every_square_is_reachable_from_every_home_without_doors() -> None:
    for home in B.HOME_SQUARES:
        seen, frontier = {home}, [home]
        while frontier:
            here = frontier.pop()
            for n in B.NEIGHBOURS[here]:
                if n is None or n.square in seen:
                    continue
                if n.edge != B.WRAP and (n.edge in B.WALL_EDGES or n.edge in B.DOOR_EDGES):
                    continue
                seen.add(n.square)
                frontier.append(n.square)
        assert len(seen) == 100


def test_line_of_sight_examples_of_appendix_b() -> None:
    s = new_game()
    place(s, "w2", 0, 0)
    assert sight._line(s, "w2", sq(2, 2), sq(1, 2), 0)
    assert not sight._line(s, "w2", sq(2, 2), sq(2, 4), 0)
    assert sight._line(s, "w2", sq(1, 1), sq(2, 3), 0)
    assert not sight._line(s, "w2", sq(2, 4), sq(2, 5), 0)


def test_los_through_a_wrap_opening_runs_along_its_row() -> None:
    s = new_game()
    place(s, "w0", 2, 0)
    assert sight.sees(s, "w0", sq(2, 9))  # the neighbour through the opening
    assert B.wrap_path(sq(2, 0), sq(2, 9)) == ((), ())


def test_a_stone_block_blocks_sight_and_steps() -> None:
    s = new_game()
    block = give(s, BLUE, "stone_block")
    play(s, f"cast:card={block}", "target:r1c2")
    pass_windows(s)
    assert "step:n" not in s.legal_actions()
    assert not sight.sees(s, "w0", sq(0, 2))


def test_picking_up_a_treasure_ends_the_move_and_cast_phase() -> None:
    s = new_game()
    place(s, "w0", 1, 8)
    treasure = next(t for t in s.treasures if t.sq == sq(1, 8))
    play(s, f"pickup:t{treasure.id}")
    assert s.phase == DISCARD_AND_DRAW and s.wizards[BLUE].treasure == treasure.id


def test_bull_rush_is_offered_when_only_a_later_figure_is_within_a_charge() -> None:
    # Red, the first figure a search comes to, is far off; green is at the end of a charge.
    s = new_game()
    place(s, "w0", 0, 0)
    place(s, "w1", 9, 9)
    place(s, "w2", 0, 3)
    place(s, "w3", 9, 0)
    rush = give(s, BLUE, "bull_rush")
    play(s, f"cast:card={rush}")
    assert s.legal_actions() == ["dir:e"]
    play(s, "dir:e")
    assert s.legal_actions() == ["steps:2"]
    play(s, "steps:2")
    assert s.legal_actions() == ["target:w2"]
    play(s, "target:w2")
    pass_windows(s)
    assert s.wizards[BLUE].sq == sq(0, 2) and s.wizards[GREEN].life == 12


def test_the_hand_limit_counts_spells_and_items() -> None:
    s = new_game()
    for _ in range(5):
        give(s, BLUE, "energy")
    carry(s, BLUE, "bloodshard")
    maintain(s, BLUE, "invisible", "w0")
    assert hand.hand_total(s, BLUE) == 7 and s.draws_allowed(BLUE) == 0
    play(s, "end_phase")
    assert s.legal_actions()[-1] == "draw:n=0"


def test_a_teleporting_target_evades_when_out_of_sight() -> None:
    s = new_game()
    start_turn(s, RED)
    place(s, "w1", 1, 2)
    fireball = give(s, RED, "fireball")
    teleport = give(s, BLUE, "teleport")
    play(
        s,
        f"cast:card={fireball}",
        "target:w0",
        f"counter:card={teleport}:mode=counter",
        "target:r3c5",
    )
    pass_windows(s)
    assert s.wizards[BLUE].sq == sq(3, 5) and s.wizards[BLUE].life == 15


def test_featherweight_turns_damage_into_pushes() -> None:
    s = new_game()
    start_turn(s, RED)
    place(s, "w1", 0, 0)
    place(s, "w0", 0, 1)
    maintain(s, BLUE, "featherweight", "w0", energy=1)
    thrust = give(s, RED, "powerthrust")
    play(s, f"cast:card={thrust}", "target:w0", "energy:none")
    pass_windows(s)
    assert s.wizards[BLUE].life == 15 and s.wizards[BLUE].sq == sq(0, 3)


def test_treasure_lust_lets_the_carrier_choose() -> None:
    s = new_game()
    maintain(s, BLUE, "treasure_lust", "w0")
    place(s, "w1", 1, 2)
    treasure = next(t for t in s.treasures if t.owner == GREEN)
    s.give_treasure("w1", treasure.id)
    fireball = give(s, BLUE, "fireball")
    play(s, f"cast:card={fireball}", "target:w1")
    pass_windows(s)
    assert s.to_move() == RED and sorted(s.legal_actions()) == ["lust:drop", "lust:suffer"]
    play(s, "lust:suffer")
    assert s.wizards[RED].life == 7 and s.wizards[RED].treasure == treasure.id


def test_the_labyrinth_guardian_strikes_an_enemy_stepping_beside_it() -> None:
    s = new_game()
    put_creature(s, RED, "minotaur", 1, 2)
    play(s, "step:n")
    assert s.to_move() == RED and set(s.legal_actions()) == {"guard:yes", "guard:no"}
    play(s, "guard:yes")
    pass_windows(s)
    assert s.wizards[BLUE].life == 13 and s.creatures["minotaur"].guardian_used
    play(s, "step:w")
    assert s.to_move() == BLUE  # once between two of red's turns


def test_absorb_spell_takes_the_card() -> None:
    s = new_game()
    place(s, "w1", 1, 2)
    fireball = give(s, BLUE, "fireball")
    absorb = give(s, RED, "absorb_spell")
    play(s, f"cast:card={fireball}", "target:w1", f"counter:card={absorb}")
    pass_windows(s)
    assert fireball in s.wizards[RED].hand and s.wizards[RED].life == 15


def test_nemesis_protects_a_creature_from_an_attack_spell() -> None:
    s = new_game()
    put_creature(s, RED, "genie", 1, 2)
    fireball = give(s, BLUE, "fireball")
    nemesis = give(s, RED, "nemesis")
    play(s, f"cast:card={fireball}", "target:genie", f"counter:card={nemesis}")
    pass_windows(s)
    assert s.creatures["genie"].life == 4


def test_negate_neutral_stops_a_summon_before_the_roll() -> None:
    s = new_game()
    summon = give(s, BLUE, "summon", "Summon Genie")
    negate = give(s, RED, "negate_neutral")
    dice = set_dice(s)
    play(s, f"cast:card={summon}", "creature:genie", f"counter:card={negate}")
    pass_windows(s)
    assert "genie" not in s.creatures and dice.rolls == 0 and s.wizards[BLUE].life == 15


def test_the_dragon_guards_its_controllers_own_treasures_beside_it() -> None:
    """Manual (Draconic school): the Dragon "irá proteger seus tesouros como se fossem seus
    próprios": the treasures of its controller's home sector (spec §11.1)."""
    s = new_game()
    blue_treasure = next(t for t in s.treasures if t.owner == BLUE)
    row, col = divmod(blue_treasure.sq, B.SIZE)
    put_creature(s, BLUE, "dragon", row, col)
    start_turn(s, GREEN)
    place(s, "w2", row, col)
    assert f"pickup:t{blue_treasure.id}" not in s.legal_actions()


def test_the_dragon_does_not_guard_other_players_treasures() -> None:
    """The same Dragon, controlled by red, beside blue's treasure: green may take it."""
    s = new_game()
    blue_treasure = next(t for t in s.treasures if t.owner == BLUE)
    row, col = divmod(blue_treasure.sq, B.SIZE)
    put_creature(s, RED, "dragon", row, col)
    start_turn(s, GREEN)
    place(s, "w2", row, col)
    assert f"pickup:t{blue_treasure.id}" in s.legal_actions()


def test_crossing_a_wall_of_fire_burns() -> None:
    s = new_game()
    fire = give(s, BLUE, "wall_of_fire")
    play(s, f"cast:card={fire}", "target:r1c2s")
    pass_windows(s)
    start_turn(s, RED)
    place(s, "w1", 1, 2)
    play(s, "step:s")
    assert s.wizards[RED].life == 11


def test_rotating_a_sector_turns_its_squares_and_inner_walls() -> None:
    s = new_game()
    place(s, "w1", 0, 0)
    rotate = give(s, BLUE, "rotate_sector")
    inner = {e for e in s.walls if e in B.SECTOR_EDGES[0]}
    play(s, f"cast:card={rotate}", "target:blue", "rotate:cw")
    pass_windows(s)
    assert s.wizards[RED].sq == sq(0, 4) and s.wizards[BLUE].sq == sq(2, 2)
    assert {e for e in s.walls if e in B.SECTOR_EDGES[0]} == {B.rotate_edge(e, 0, 1) for e in inner}
    assert B.edge_between(sq(2, 4), sq(2, 5)) in s.doors  # the boundary door stays


def test_the_last_wizard_standing_wins_and_a_kill_scores() -> None:
    s = new_game(players=2)
    place(s, "w1", 1, 2)
    s.wizards[1].life = 1
    play(s, "punch", "target:w1")
    pass_windows(s)
    assert s.is_over() and s.winner == BLUE and s.wizards[BLUE].vp == 1


def test_the_game_is_drawn_after_the_round_limit() -> None:
    s = new_game(players=2, round_limit=5)
    s.round = 5
    end_turn(s)
    end_turn(s)
    assert s.is_over() and s.winner == -1 and s.end_reason == "round_limit"
    assert [r["rank"] for r in s.outcome()] == [0, 0]


def test_mad_dash_doubles_the_remaining_movement() -> None:
    s = new_game()
    dash = give(s, BLUE, "mad_dash")
    play(s, "step:n", f"cast:card={dash}", "target:w0")
    pass_windows(s)
    assert s.wizards[BLUE].mp == 4 and s.wizards[BLUE].no_treasure


def test_null_powder_is_spent_whichever_way_it_is_used() -> None:
    s = new_game()
    place(s, "w1", 1, 2)
    fireball = give(s, BLUE, "fireball")
    powder = carry(s, RED, "null_powder")
    play(s, f"cast:card={fireball}", "target:w1", f"counter:item={powder}")
    pass_windows(s)
    assert s.wizards[RED].life == 15 and powder in s.discard and not s.wizards[RED].items
    other = carry(s, BLUE, "null_powder")
    invisible = maintain(s, RED, "invisible", "w1")
    play(s, f"use:card={other}:mode=dispel", f"target:spell{invisible}")
    pass_windows(s)
    assert invisible not in s.spells and other in s.discard


def test_a_creature_dies_when_its_summoning_card_leaves_play() -> None:
    s = new_game()
    card = put_creature(s, BLUE, "grendel", 1, 2)
    maintain(s, BLUE, "strength", "grendel")
    play(s, f"end_spell:card={card}")
    assert "grendel" not in s.creatures and card in s.discard
    assert not any(sp.target == "grendel" for sp in s.spells.values())


def test_more_summons_adds_the_schools_creatures_and_planar_calls() -> None:
    from arena.games.wiz_war import GAME
    from arena.games.wiz_war.cards import CARDS

    s = GAME.new_state(2, 1, {"schools": "alchemy,conjuring,elemental", "more_summons": "draconic"})
    cards = s.deck + [c for w in s.wizards for c in w.hand]
    assert len(cards) == 85 and sum(CARDS[c].key == "planar_call" for c in cards) == 1
    assert s.summonable(0) == s.summonable(1) == ["dragon"]


def test_planar_call_never_names_another_players_hidden_specialization() -> None:
    """Spec §11.2 / §8.11: a Specialization is hidden; Planar Call offers the public pool
    and the caster's own Specialization school only."""
    from arena.games.wiz_war.cards import CREATURES

    s = new_game(2, schools="alchemy,conjuring,mythology", specializations=True)
    s.spec_turn = 0  # both keep a deck, as at setup
    s.keep_specialization(RED, "draconic")
    s.keep_specialization(BLUE, "totem")
    start_turn(s, BLUE)
    call = give(s, BLUE, "planar_call")
    play(s, f"cast:card={call}")
    offered = {c.split(":")[1] for c in s.legal_actions() if c.startswith("creature:")}
    schools = {CREATURES[n].school for n in offered}
    assert "draconic" not in schools  # red's, hidden from blue
    assert "totem" in schools and "mythology" in schools  # blue's own, and the public pool
