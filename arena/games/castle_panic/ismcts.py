"""The search bot: ISMCTS (arena.games.search) over the team's card plays.

Phase 4 is where a table wins or loses Castle Panic, and where one play changes what the
next can do, so that is what the tree branches on. Every other decision (draws, exchanges,
trades, the Engineer's task, choices inside a resolution, which a view does not show in
full) follows the greedy bot's rules, in the real game and inside the search. A leaf is
worth the greedy bot's value of the position after the monsters' coming move, against the
root's; a finished game is worth 1 if the team won and 0 if it lost, for every seat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from arena.games.castle_panic.bots import IGNORED, GreedyBot, pick_task
from arena.games.castle_panic.determinize import determinize
from arena.games.castle_panic.rules import PLAY, CastlePanicState
from arena.games.search import Ismcts, Node, squash

#: Points of the greedy value that make a clear difference: about a Wall.
SCALE = 10.0


class IsmctsBot(Ismcts):
    """Searches the team's plays on futures drawn from its own view."""

    name = "ismcts"
    determinize = staticmethod(determinize)

    def __init__(self, seed: int | None = None, **budget: Any) -> None:
        super().__init__(seed, **budget)
        self.rules = GreedyBot()
        self.rules.random = self.random  # one generator: a fixed seed fixes every choice
        self.baseline = 0.0

    def search(self, view: Mapping[str, Any], seat: int) -> Node:
        self.baseline = self.rules._value(determinize(view, seat, random.Random(0)), seat)
        return super().search(view, seat)

    def forced(self, state: CastlePanicState) -> str | None:
        codes = state.legal_actions()
        if len(codes) == 1:
            return codes[0]
        if state.step != PLAY:
            return self.rules.decide(state, state.to_move(), codes)
        return pick_task(state, codes) or None

    def moves(self, state: CastlePanicState) -> list[str]:
        return [c for c in state.legal_actions() if not c.startswith(IGNORED)]

    def rewards(self, state: CastlePanicState) -> list[float]:
        n = state.num_players
        if state.over:
            return [1.0 if state.won else 0.0] * n
        value = self.rules._value(state, state.active)
        return [squash(value - self.baseline, SCALE)] * n
