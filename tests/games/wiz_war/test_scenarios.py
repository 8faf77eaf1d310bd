"""The spec's scenarios T1-T18 (§12), each as a test with its exact expected outcome."""

from __future__ import annotations

import pytest

from arena.games import IllegalAction
from arena.games.wiz_war import board as B
from arena.games.wiz_war import figures, hand, sight
from arena.games.wiz_war.cards import CARDS, ENERGY, FLASH
from arena.games.wiz_war.records import DISCARD_AND_DRAW

from .helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
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


def test_t1_summoning_with_a_roll_of_4() -> None:
    s = new_game()
    c = give(s, BLUE, "summon", "Summon Minotaur")
    set_dice(s, 4)
    play(s, f"cast:card={c}", "creature:minotaur")
    assert s.wizards[BLUE].life == 12
    assert sorted(s.legal_actions()) == sorted(["place:r2c2", "place:r1c2", "place:r2c3"])
    play(s, "place:r2c3")
    minotaur = s.creatures["minotaur"]
    assert minotaur.life == 10 and minotaur.sq == sq(2, 3)
    assert c in s.spells and s.spells[c].caster == BLUE
    assert hand.hand_total(s, BLUE) == 1
    assert s.wizards[BLUE].mp == 3 and s.wizards[BLUE].attacks == 0


@pytest.mark.parametrize(("roll", "loss", "life"), [(3, 2, 10), (1, 0, 8)])
def test_t2_summoning_damage_is_unpreventable(roll: int, loss: int, life: int) -> None:
    s = new_game()
    carry(s, BLUE, "bloodshard")
    maintain(s, BLUE, "dragon_scales", "w0")
    c = give(s, BLUE, "summon", "Summon Grendel")
    give(s, RED, "shield")
    set_dice(s, roll)
    play(s, f"cast:card={c}", "creature:grendel")
    assert s.to_move() == RED and s.frames[-1]["kind"] == "window"  # the summon's own window
    play(s, "pass")
    assert not any(f["kind"] == "window" for f in s.frames)  # none for the self-damage
    if s.frames:
        play(s, s.legal_actions()[0])
    assert s.wizards[BLUE].life == 15 - loss
    assert s.creatures["grendel"].life == life


def test_t3_summoning_kills_the_caster() -> None:
    s = new_game()
    s.wizards[BLUE].life = 2
    genie_card = put_creature(s, BLUE, "genie", 2, 3)
    carry(s, BLUE, "bloodshard")
    dragon_card = give(s, BLUE, "summon", "Summon Dragon")
    set_dice(s, 4)
    play(s, f"cast:card={dragon_card}", "creature:dragon")
    assert not s.wizards[BLUE].alive
    assert [w.vp for w in s.wizards] == [0, 0, 0, 0]
    assert "dragon" not in s.creatures and "genie" not in s.creatures
    assert dragon_card in s.discard and genie_card in s.discard
    assert list(s.floor.values()) == [sq(2, 2)]
    assert not s.is_over() and s.active == RED


def test_t4_activation_economy() -> None:
    s = new_game()
    put_creature(s, BLUE, "minotaur", 2, 3)
    put_creature(s, BLUE, "genie", 1, 2)
    neutral = give(s, BLUE, "drake_eye")
    scorch = give(s, BLUE, "scorch")
    anti = give(s, BLUE, "anti_anti")
    shield = give(s, RED, "full_shield")
    place(s, "w1", 3, 3)
    play(s, "activate:minotaur")
    assert s.wizards[BLUE].mp == 1 and s.act_mp == 3
    legal = s.legal_actions()
    assert f"cast:card={neutral}" not in legal
    play(s, "step:s")  # the Minotaur steps, not blue
    assert s.wizards[BLUE].sq == sq(2, 2) and s.creatures["minotaur"].sq == sq(3, 3)
    play(s, "step:n")
    play(s, f"cast:card={scorch}", "target:w1")  # the Minotaur casts a creature attack spell
    assert s.to_move() == RED
    play(s, f"counter:card={shield}")
    assert s.to_move() == BLUE and f"counter:card={anti}" in s.legal_actions()  # a counter: allowed
    play(s, f"counter:card={anti}")
    pass_windows(s)
    assert s.wizards[RED].life == 12
    play(s, "end_activation")
    legal = s.legal_actions()
    assert "activate:minotaur" not in legal and "activate:genie" not in legal
    assert any(code.startswith("step:") for code in legal)


def test_t4_variant_a_speed_boost_pays_both_activations() -> None:
    s = new_game()
    put_creature(s, BLUE, "minotaur", 2, 3)
    put_creature(s, BLUE, "genie", 1, 2)
    energy = give(s, BLUE, "energy", "Energy 5")
    play(s, f"boost:card={energy}")
    assert s.wizards[BLUE].mp == 8
    play(s, "activate:minotaur", "end_activation", "activate:genie", "end_activation")
    assert s.wizards[BLUE].mp == 4


def test_t5_no_attacks_in_round_1() -> None:
    s = new_game(round_=1)
    genie = give(s, BLUE, "summon", "Summon Genie")
    fireball = give(s, BLUE, "fireball")
    scorch = give(s, BLUE, "scorch")
    put_creature(s, RED, "minotaur", 3, 3)
    place(s, "w1", 1, 2)
    set_dice(s, 1)
    play(s, f"cast:card={genie}", "creature:genie", "place:r2c3")
    assert f"cast:card={fireball}" not in s.legal_actions()
    play(s, "activate:genie")
    legal = s.legal_actions()
    assert not any(c.startswith(("attack:", "cast:")) for c in legal)
    assert f"cast:card={scorch}" not in legal
    play(s, "step:s")  # the Genie ends a step beside red's Minotaur: no Labyrinth Guardian
    assert not s.frames and s.creatures["genie"].sq == sq(3, 3)
    s.round = 2
    s._legal = None
    assert "attack:djinn_bolt" in s.legal_actions()
    assert f"cast:card={scorch}" in s.legal_actions()


def test_t6_a_stunned_creature_moves_or_attacks() -> None:
    s = new_game()
    put_creature(s, BLUE, "minotaur", 2, 3)
    start_turn(s, RED)
    place(s, "w1", 3, 3)
    zot = give(s, RED, "zot")
    play(s, f"cast:card={zot}:mode=stun", "target:minotaur")
    assert s.creatures["minotaur"].stun == 2
    for seat in (RED, GREEN, YELLOW):
        assert s.active == seat
        end_turn(s)
    assert (
        s.active == BLUE and s.creatures["minotaur"].stunned and s.creatures["minotaur"].stun == 1
    )
    place(s, "w1", 9, 9)
    place(s, "w2", 1, 2)  # green beside the Minotaur's next square
    play(s, "activate:minotaur")
    assert "attack:gore" in s.legal_actions()  # it could attack instead of moving
    play(s, "step:w")
    assert not any(c.startswith("attack:") for c in s.legal_actions())
    play(s, "end_activation")
    for _ in range(4):
        end_turn(s)
    assert (
        s.active == BLUE and s.creatures["minotaur"].stunned and s.creatures["minotaur"].stun == 0
    )
    for _ in range(4):
        end_turn(s)
    assert s.active == BLUE and not s.creatures["minotaur"].stunned
    place(s, "minotaur", 2, 3)
    play(s, "activate:minotaur", "step:w")
    assert "attack:gore" in s.legal_actions()


def test_t7_creature_life_cap_12() -> None:
    s = new_game()
    put_creature(s, BLUE, "minotaur", 2, 3, life=11)
    ambrosia = give(s, BLUE, "ambrosia")
    play(s, f"cast:card={ambrosia}", "target:minotaur", "energy:none")
    assert s.creatures["minotaur"].life == 12
    dragon = give(s, BLUE, "summon", "Summon Dragon")
    set_dice(s, 4)
    play(s, f"cast:card={dragon}", "creature:dragon", "place:r1c2")
    assert s.creatures["dragon"].life == 12


def _storm_position(s):
    start_turn(s, RED)
    place(s, "w1", 1, 1)
    place(s, "w0", 2, 2)
    place(s, "w3", 1, 3)
    put_creature(s, BLUE, "genie", 2, 3)
    storm = give(s, RED, "psychic_storm")
    energy = give(s, RED, "energy", "Energy 5")
    assert sight.sees(s, "w1", sq(2, 3))
    return storm, energy


def test_t8_one_target_cancels_a_multi_target_spell() -> None:
    s = new_game()
    storm, energy = _storm_position(s)
    shield = give(s, BLUE, "full_shield")
    play(s, f"cast:card={storm}", "target:r2c3", f"energy:card={energy}")
    assert s.to_move() == BLUE
    play(s, f"counter:card={shield}")
    pass_windows(s)
    assert (s.wizards[BLUE].life, s.creatures["genie"].life, s.wizards[YELLOW].life) == (15, 4, 15)
    assert s.wizards[RED].attacks == 1
    assert storm in s.discard and energy in s.discard


def test_t8_control_damage_reduction_is_individual() -> None:
    s = new_game()
    storm, energy = _storm_position(s)
    shield = give(s, BLUE, "shield")
    play(s, f"cast:card={storm}", "target:r2c3", f"energy:card={energy}")
    play(s, f"counter:card={shield}", "energy:none")
    pass_windows(s)
    assert s.wizards[BLUE].life == 12
    assert "genie" not in s.creatures  # 4 life, 5 damage
    assert s.wizards[YELLOW].life == 10


def test_t8_control_psychic_storm_cannot_be_evaded() -> None:
    s = new_game()
    storm, energy = _storm_position(s)
    maintain(s, BLUE, "invisible", "w0", energy=1)
    s.creatures["genie"].life = 8
    dice = set_dice(s)
    play(s, f"cast:card={storm}", "target:r2c3", f"energy:card={energy}")
    pass_windows(s)
    assert dice.rolls == 0
    assert (s.wizards[BLUE].life, s.creatures["genie"].life, s.wizards[YELLOW].life) == (10, 3, 10)


def test_t9a_a_creature_attack_kill_scores() -> None:
    s = new_game()
    put_creature(s, BLUE, "grendel", 1, 2)
    place(s, "w1", 1, 3)
    s.wizards[RED].life = 4
    set_dice(s, 3)
    play(s, "activate:grendel", "attack:maul", "target:w1")
    pass_windows(s)
    assert not s.wizards[RED].alive and s.wizards[BLUE].vp == 1


def test_t9b_lingering_damage_scores_nothing() -> None:
    s = new_game()
    s.wizards[RED].life = 2
    maintain(s, BLUE, "acid_bath", "w1")
    start_turn(s, BLUE)
    assert not s.wizards[RED].alive
    assert [w.vp for w in s.wizards] == [0, 0, 0, 0]


def test_t10_a_relic_occupies_the_treasure_slot() -> None:
    s = new_game()
    hammer = carry(s, BLUE, "thors_hammer")
    place(s, "w0", 1, 8)
    red_treasure = next(t.id for t in s.treasures if t.owner == RED and t.sq == sq(1, 8))
    assert f"pickup:t{red_treasure}" not in s.legal_actions()
    play(s, f"drop:item{hammer}")
    assert s.floor[hammer] == sq(1, 8) and s.wizards[BLUE].mp == 3
    play(s, f"pickup:t{red_treasure}")
    assert s.wizards[BLUE].treasure == red_treasure and s.phase == DISCARD_AND_DRAW
    start_turn(s, RED)
    place(s, "w1", 1, 8)
    s.wizards[RED].treasure = -1
    play(s, f"pickup:item{hammer}")
    assert hammer in s.wizards[RED].items and s.wizards[RED].mp == 2 and s.slot_full(RED)


def test_t10_red_cannot_take_the_hammer_while_carrying_a_treasure() -> None:
    s = new_game()
    start_turn(s, RED)
    hammer = give(s, BLUE, "thors_hammer")
    s.wizards[BLUE].hand.remove(hammer)
    s.floor[hammer] = sq(1, 8)
    place(s, "w1", 1, 8)
    blue_treasure = next(t for t in s.treasures if t.owner == BLUE)
    s.give_treasure("w1", blue_treasure.id)
    s._legal = None
    assert f"pickup:item{hammer}" not in s.legal_actions()


def _powerthrust(s, *codes: str) -> int:
    place(s, "w1", 1, 2)
    thrust = give(s, BLUE, "powerthrust")
    s.wizards[BLUE].attacks = 0
    s.wizards[RED].life = 15
    s._legal = None
    play(s, f"cast:card={thrust}", "target:w1", *codes)
    pass_windows(s)
    return 15 - s.wizards[RED].life


def test_t11_flash_energy_and_energy_rules() -> None:
    s = new_game()
    flash7 = give(s, BLUE, "flash_energy", "Flash Energy 7")
    assert f"boost:card={flash7}" not in s.legal_actions()
    assert _powerthrust(s, f"energy:card={flash7}") == 9
    carry(s, BLUE, "powerstone")
    flash7 = give(s, BLUE, "flash_energy", "Flash Energy 7")
    assert _powerthrust(s, f"energy:card={flash7}") == 10
    stone = s.wizards[BLUE].items.pop()
    s.discard.append(stone)
    s.wizards[BLUE].attacks = 0
    s.wizards[RED].life = 15
    e4, e5 = give(s, BLUE, "energy", "Energy 4"), give(s, BLUE, "energy", "Energy 5")
    thrust = give(s, BLUE, "powerthrust")
    play(s, f"cast:card={thrust}", "target:w1", f"energy:card={e4}")
    assert not any(c.startswith("energy:") for c in s.legal_actions())  # one energy card only
    pass_windows(s)
    add = give(s, BLUE, "add")
    e4, e5 = give(s, BLUE, "energy", "Energy 4"), give(s, BLUE, "energy", "Energy 5")
    play(s, f"cast:card={add}", f"energy1:card={e4}", f"energy2:card={e5}")
    pass_windows(s)
    assert _powerthrust(s) == 11
    add = give(s, BLUE, "add")
    e4, f6 = give(s, BLUE, "energy", "Energy 4"), give(s, BLUE, "flash_energy", "Flash Energy 6")
    play(s, f"cast:card={add}", f"energy1:card={e4}", f"energy2:card={f6}")
    pass_windows(s)
    assert _powerthrust(s) == 12


def _blast(s, key: str, target: str, *codes: str) -> None:
    c = give(s, BLUE, key)
    s.wizards[BLUE].attacks = 0
    s._legal = None
    play(s, f"cast:card={c}", f"target:{target}", *codes)
    pass_windows(s)


def test_t12_cracks() -> None:
    s = new_game()
    wall = B.edge_between(sq(2, 3), sq(2, 4))
    _blast(s, "fireball", "r2c3e")
    assert s.walls[wall] == 1
    _blast(s, "fireball", "r2c3e")
    assert s.walls[wall] == 2
    energy = give(s, BLUE, "energy", "Energy 5")
    _blast(s, "powerthrust", "r2c3e", f"energy:card={energy}")
    assert s.walls[wall] == 4
    assert not sight.sees(s, "w0", sq(2, 4))
    _blast(s, "ka_bong", "r2c3e")
    assert wall not in s.walls and sight.sees(s, "w0", sq(2, 4))
    place(s, "w0", 2, 4)
    door = B.edge_between(sq(2, 4), sq(2, 5))
    flash = give(s, BLUE, "flash_energy", "Flash Energy 7")
    _blast(s, "powerthrust", "r2c4e", f"energy:card={flash}")
    assert door not in s.doors
    place(s, "w0", 1, 1)
    golem = give(s, BLUE, "golem_form")
    s.wizards[BLUE].attacks = 0
    play(s, f"cast:card={golem}", "target:w0")
    pass_windows(s)
    before = s.walls[B.edge_between(sq(1, 0), sq(1, 1))]
    play(s, "punch", "target:r1c0e")
    assert s.walls[B.edge_between(sq(1, 0), sq(1, 1))] == before


def test_t13_a_transformation_on_a_creature() -> None:
    s = new_game()
    put_creature(s, BLUE, "minotaur", 2, 3)
    werewolf = give(s, BLUE, "werewolf_form")
    play(s, f"cast:card={werewolf}", "target:minotaur")
    pass_windows(s)
    assert s.spells[werewolf].tokens == 1 and figures.base_speed(s, "minotaur") == 4
    place(s, "w1", 1, 3)
    place(s, "minotaur", 1, 2)
    play(s, "activate:minotaur")
    assert s.act_mp == 4
    assert {"punch", "attack:gore"} <= set(s.legal_actions())
    play(s, "punch")
    assert "target:w1" in s.legal_actions()
    set_dice(s, 2)
    play(s, "target:w1")
    pass_windows(s)
    assert s.wizards[RED].life == 13  # d4 physical punch
    play(s, "end_activation")
    for _ in range(4):
        end_turn(s)
    assert s.active == BLUE and werewolf not in s.spells
    assert figures.base_speed(s, "minotaur") == 3


def test_t14a_doors() -> None:
    s = new_game()
    start_turn(s, RED)
    place(s, "w1", 2, 5)
    assert "step:w" in s.legal_actions()
    play(s, "step:w")
    assert s.wizards[RED].sq == sq(2, 4) and s.wizards[RED].mp == 2
    s2 = new_game()
    place(s2, "w0", 2, 4)
    assert "step:e" not in s2.legal_actions()
    assert not s2.sees("w0", sq(2, 5))
    door = B.edge_between(sq(2, 4), sq(2, 5))
    s2.held[door] = RED
    s2._memo = {}
    assert s2.sees("w0", sq(2, 5))
    s3 = new_game()
    place(s3, "w0", 4, 2)
    play(s3, "step:s")
    assert s3.wizards[BLUE].sq == sq(5, 2)


def test_t14b_wrap_openings() -> None:
    s = new_game()
    place(s, "w0", 2, 0)
    play(s, "step:w")
    assert s.wizards[BLUE].sq == sq(2, 9) and s.wizards[BLUE].mp == 2
    place(s, "w0", 0, 2)
    play(s, "step:n")
    assert s.wizards[BLUE].sq == sq(9, 2)


def test_t14c_scoring_a_treasure_and_winning() -> None:
    s = new_game()
    red_treasure = next(t for t in s.treasures if t.owner == RED)
    place(s, "w0", 1, 2)
    s.give_treasure("w0", red_treasure.id)
    play(s, "step:s")
    assert s.wizards[BLUE].vp == 1 and red_treasure.scored and s.wizards[BLUE].treasure == -1
    other = next(t for t in s.treasures if t.owner == RED and not t.scored)
    place(s, "w0", 1, 2)
    s.give_treasure("w0", other.id)
    play(s, "step:s")
    assert s.is_over() and s.winner == BLUE and s.outcome()[BLUE]["rank"] == 0


def test_t15_creature_attack_spells_both_ways() -> None:
    s = new_game()
    put_creature(s, BLUE, "dragon", 1, 3)
    place(s, "w1", 1, 2)
    first, second = give(s, BLUE, "scorch"), give(s, BLUE, "scorch")
    play(s, "activate:dragon")
    assert s.wizards[BLUE].mp == 1
    play(s, f"cast:card={first}", "target:w1")
    pass_windows(s)
    assert s.wizards[RED].life == 12 and s.wizards[BLUE].attacks == 0
    assert f"cast:card={second}" not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(f"cast:card={second}")
    play(s, "end_activation")
    play(s, f"cast:card={second}", "target:w1")
    pass_windows(s)
    assert s.wizards[RED].life == 9 and s.wizards[BLUE].attacks == 1
    assert "punch" not in s.legal_actions()  # red is beside blue, but his attack is spent


def test_t16a_the_boggart_steals_and_scores() -> None:
    s = new_game()
    put_creature(s, BLUE, "boggart", 1, 8)
    red_treasure = next(t for t in s.treasures if t.sq == sq(1, 8))
    play(s, "activate:boggart", f"pickup:t{red_treasure.id}")
    assert s.creatures["boggart"].treasure == red_treasure.id and not s.activation
    place(s, "boggart", 1, 2)
    s.wizards[BLUE].mp = 3
    s.creatures["boggart"].activated = False
    s._legal = None
    play(s, "activate:boggart", "step:s")
    assert s.wizards[BLUE].vp == 1 and red_treasure.scored


def test_t16b_the_boggart_cannot_take_a_relic() -> None:
    s = new_game()
    put_creature(s, BLUE, "boggart", 1, 8)
    hammer = give(s, RED, "thors_hammer")
    s.wizards[RED].hand.remove(hammer)
    s.floor[hammer] = sq(1, 7)
    place(s, "boggart", 1, 7)
    play(s, "activate:boggart")
    assert not any(c.startswith("pickup:item") for c in s.legal_actions())


def test_t16c_a_strong_minotaur_tears_a_treasure() -> None:
    s = new_game()
    put_creature(s, BLUE, "minotaur", 3, 3)
    maintain(s, BLUE, "strength", "minotaur", energy=1)
    place(s, "w1", 3, 3)
    red_treasure = next(t for t in s.treasures if t.owner == RED)
    s.give_treasure("w1", red_treasure.id)
    set_dice(s, 3)
    play(s, "activate:minotaur", "tear", f"thing:t{red_treasure.id}")
    pass_windows(s)
    assert red_treasure.sq == sq(3, 3) and not red_treasure.carrier
    assert s.creatures["minotaur"].treasure == -1 and s.wizards[RED].treasure == -1


def _deck_cards(s) -> list[int]:
    return s.deck + [c for w in s.wizards for c in w.hand]


def test_t17_extended_flash_energy_counts() -> None:
    from arena.games.wiz_war import GAME

    s = GAME.new_state(
        2, 5, {"schools": "elemental,mentalism,mythology", "extended_flash_energy": True}
    )
    cards = _deck_cards(s)
    assert len(cards) == 84
    assert sum(CARDS[c].kind == ENERGY for c in cards) == 2
    assert sum(CARDS[c].kind == FLASH for c in cards) == 6
    plain = GAME.new_state(
        2, 5, {"schools": "draconic,mythology,totem", "extended_flash_energy": True}
    )
    cards = _deck_cards(plain)
    assert len(cards) == 84 and not plain.box


def test_t18_specializations_draw() -> None:
    from arena.games.wiz_war import GAME

    s = GAME.new_state(2, 3, {"specializations": True})
    while s.phase == "specialization":
        s.apply(s.legal_actions()[0])
    for w in s.wizards:
        assert len(w.hand) == 5
        assert sum(1 for c in w.hand if s.spec_owner.get(c) == w.seat) == 2
    blue = s.wizards[BLUE]
    s.deck[:0] = [c for w in s.wizards for c in w.hand]
    for w in s.wizards:
        w.hand = []
    start_turn(s, BLUE)
    play(s, "end_phase")
    assert {c for c in s.legal_actions() if c.startswith("draw")} == {"draw:n=2", "draw:n=2:spec"}
    with pytest.raises(IllegalAction):
        s.apply("draw:n=2:spec=2")
    play(s, "draw:n=2:spec")
    assert sum(1 for c in blue.hand if s.spec_owner.get(c) == BLUE) == 1
    start_turn(s, BLUE)
    for _ in range(7 - len(blue.hand)):
        s.grant(BLUE, "energy")
    play(s, "end_phase")
    assert [c for c in s.legal_actions() if c.startswith("draw")] == ["draw:n=0"]
    own = blue.spec_deck.pop()
    s.wizards[1].hand.append(own)  # where Absorb Spell puts an absorbed card
    start_turn(s, 1)
    play(s, "end_phase", f"discard:card={own}")
    assert own in blue.spec_discard
