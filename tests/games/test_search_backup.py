"""The search's two ways to value a line: the mean of every visit below a node, or its best
child (`max_backup`, with first-play urgency), on a corridor where only walking on pays.

At every square the walker may step on (a little better each time), stop (the root's value),
or fall into one of several traps (worthless). Under the mean, a step's value is dragged down
by the first visit of every trap below it, and stopping at once (a leaf, with nothing below it)
looks best; valued by its best child, a step is worth the walk it leads to.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from arena.bots.search import Ismcts
from arena_sdk import Action

TRAPS = 6
LENGTH = 4


class Corridor:
    """A one-seat game: `position` squares walked, `over` once stopped, trapped or at the end."""

    def __init__(self, position: int = 0, trapped: bool = False, over: bool = False) -> None:
        self.position, self.trapped, self.over = position, trapped, over

    def clone(self) -> Corridor:
        return Corridor(self.position, self.trapped, self.over)

    def legal_actions(self) -> list[str]:
        return ["step", "stop"] + [f"trap:{i}" for i in range(TRAPS)]

    def apply(self, code: str) -> None:
        if code == "step":
            self.position += 1
            self.over = self.position == LENGTH
        else:
            self.trapped, self.over = code.startswith("trap"), True

    def to_move(self) -> int | None:
        return None if self.over else 0

    def is_over(self) -> bool:
        return self.over


class Walker(Ismcts):
    determinize = staticmethod(lambda view, seat, rng: Corridor())

    def rewards(self, state: Any) -> Sequence[float]:
        return [0.0 if state.trapped else 0.5 + 0.02 * state.position]


class BestLineWalker(Walker):
    first_play_urgency = True
    max_backup = True


def first_move(bot: Ismcts) -> str:
    view: Mapping[str, Any] = {"seat": 0}
    legal = [Action(code, code) for code in Corridor().legal_actions()]
    return bot.act(view, legal)


@pytest.mark.parametrize("seed", range(5))
def test_valued_by_its_best_child_the_search_walks_on(seed: int) -> None:
    assert first_move(BestLineWalker(seed, iterations=300, exploration=0.03)) == "step"


@pytest.mark.parametrize("seed", range(5))
def test_valued_by_the_mean_the_traps_below_a_step_make_stopping_look_best(seed: int) -> None:
    assert first_move(Walker(seed, iterations=300, exploration=0.03)) == "stop"


def test_first_play_urgency_leaves_poor_siblings_unopened() -> None:
    bot = BestLineWalker(1, iterations=300, exploration=0.03)
    root = bot.search({"seat": 0}, 0)
    step = root.children["step"]
    assert step.best == pytest.approx(0.5 + 0.02 * LENGTH), "the walk to the end is found"
    others = sum(n.visits for code, n in root.children.items() if code != "step")
    assert step.visits > 3 * others, "most of the budget goes down the best line"
