"""Helpers to build Wiz-War positions the way the spec's scenarios describe them (§12).

Seats: blue 0, red 1, green 2, yellow 3 (4 players). Squares are written (row, col).
Unless a scenario says otherwise: round 2, every life 15, no cards in hand, blue active in
his Move and Cast phase with 3 MP.
"""

from __future__ import annotations

import random
from typing import Any

from arena.games.wiz_war import GAME
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import CARDS
from arena.games.wiz_war.records import MOVE_AND_CAST, Creature
from arena.games.wiz_war.rules import WizWarState

BLUE, RED, GREEN, YELLOW = 0, 1, 2, 3


class Dice(random.Random):
    """The state's RNG with scripted d4 results first; counts the rolls it gave."""

    def __init__(self, faces: list[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.faces = list(faces)
        self.rolls = 0

    def randint(self, a: int, b: int) -> int:
        self.rolls += 1
        if self.faces:
            return self.faces.pop(0)
        return super().randint(a, b)


def sq(row: int, col: int) -> int:
    return B.square(row, col)


def new_game(players: int = 4, round_: int = 2, seed: int = 0, **options: Any) -> WizWarState:
    """A game with empty hands, blue first and active at the start of his Move and Cast."""
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, WizWarState)
    for w in state.wizards:
        state.deck[:0] = w.hand
        w.hand = []
    state.first_player = 0
    state.round = round_
    start_turn(state, BLUE)
    return state


def start_turn(state: WizWarState, seat: int) -> None:
    """Begin `seat`'s turn from its Time Passes phase."""
    state.frames = []
    state.active = seat
    state.phase = MOVE_AND_CAST
    state._begin_turn()
    state._legal = None
    state._run()
    state._legal = None


def place(state: WizWarState, token: str, row: int, col: int) -> None:
    if token.startswith("w"):
        state.wizards[int(token[1])].sq = sq(row, col)
    else:
        state.creatures[token].sq = sq(row, col)
    state._memo = {}
    state._legal = None


def give(state: WizWarState, seat: int, key: str, title: str = "") -> int:
    return state.grant(seat, key, title)


def carry(state: WizWarState, seat: int, key: str, title: str = "") -> int:
    """The wizard carries this item (played from hand without counting as an action)."""
    c = give(state, seat, key, title)
    state.wizards[seat].hand.remove(c)
    state.wizards[seat].items.append(c)
    state._legal = None
    return c


def maintain(state: WizWarState, seat: int, key: str, target: str, energy: int = 0) -> int:
    c = give(state, seat, key)
    state.wizards[seat].hand.remove(c)
    state.add_spell(c, seat, target, energy)
    state._legal = None
    return c


def put_creature(
    state: WizWarState, seat: int, name: str, row: int, col: int, life: int = 0
) -> int:
    """A creature already in play, its summoning card maintained by `seat`."""
    from arena.games.wiz_war.cards import CREATURES

    title = {"totem_spirit": "Summon Totem Spirit"}.get(name, f"Summon {CREATURES[name].title}")
    c = give(state, seat, "summon", title)
    state.wizards[seat].hand.remove(c)
    life = life or CREATURES[name].life
    state.creatures[name] = Creature(name, seat, sq(row, col), life, life, c)
    state.add_spell(c, seat, name, 0)
    state._legal = None
    state._memo = {}
    return c


def set_dice(state: WizWarState, *faces: int) -> Dice:
    dice = Dice(list(faces))
    state.rng = dice
    return dice


def play(state: WizWarState, *codes: str) -> None:
    for code in codes:
        state.apply(code)


def pass_windows(state: WizWarState) -> None:
    while state.frames and state.frames[-1]["kind"] == "window":
        state.apply("pass")


def end_turn(state: WizWarState) -> None:
    """End the active player's Move and Cast, draw what he may, settle the hand limit."""
    seat = state.active
    state.apply("end_phase")
    draws = [c for c in state.legal_actions() if c.startswith("draw:") and not c.endswith(":spec")]
    state.apply(max(draws, key=lambda c: int(c.split("=")[1])))
    while state.to_move() == seat and state.frames and state.frames[-1]["kind"] == "choice":
        state.apply(state.legal_actions()[0])


def card_code(c: int) -> str:
    return f"card={c}"


def key_of(c: int) -> str:
    return CARDS[c].key
