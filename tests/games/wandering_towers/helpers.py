"""Helpers to build Wandering Towers positions the way the spec writes them (§15).

Wizards are named like the spec: "A1" is the first wizard of the seat lettered A. Seats are
lettered from seat 0 (A) in these tests, and every scenario makes seat 0 the start player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import arena.games
from arena.games.wandering_towers.rules import CARDS, WanderingTowersState

GAME = arena.games.get("wandering_towers")


def new_game(players: int = 3, seed: int = 0, **options: Any) -> WanderingTowersState:
    """A fresh game whose first turn belongs to seat 0 (the spec's player A)."""
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, WanderingTowersState)
    state.start_player = state.active = 0
    return state


def wid(state: WanderingTowersState, name: str) -> int:
    """The wizard id of "B2": seat B's second wizard."""
    seat = "ABCDEF".index(name[0])
    return seat * state.wizards_each + int(name[1:]) - 1


def arrange(
    state: WanderingTowersState,
    spaces: Mapping[int, tuple[Sequence[int], Sequence[Sequence[str]]]],
    keep: int,
    inside: Sequence[str] = (),
    park: int = 15,
) -> None:
    """Lay out `spaces` ({space: (towers, [wizard names per level])}). Towers and wizards not
    named are parked on space `park`: the wizards imprisoned on its ground, the towers
    stacked on them, so they stay out of the scenario."""
    layout = {
        space: (list(towers), [[wid(state, n) for n in level] for level in levels])
        for space, (towers, levels) in spaces.items()
    }
    named_towers = {t for towers, _ in layout.values() for t in towers}
    named_wizards = {w for _, levels in layout.values() for level in levels for w in level}
    named_wizards |= {wid(state, n) for n in inside}
    spare_towers = [t for t in range(1, 10) if t not in named_towers]
    spare_wizards = [w for w in range(state.num_wizards) if w not in named_wizards]
    if spare_towers or spare_wizards:
        assert park not in layout, "the parking space must be free"
        if spare_wizards:
            assert spare_towers, "parked wizards need a tower over them"
        layout[park] = (spare_towers, [spare_wizards])
    state.set_board(layout, keep, [wid(state, n) for n in inside])


def card(kind: str, wizard: int = 0, tower: int = 0, dice: int = 0, skip: int = 0) -> int:
    """The id of a card of that description (the `skip`-th copy)."""
    matches = [
        c.id for c in CARDS if (c.kind, c.wizard, c.tower, c.dice) == (kind, wizard, tower, dice)
    ]
    return matches[skip]


def surface(state: WanderingTowersState, space: int) -> tuple[list[int], list[list[int]]]:
    return state.towers[space], state.levels[space]


class ScriptedDie:
    """Stands in for the state's RNG where a scenario needs given die faces."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        return self.faces.pop(0)
