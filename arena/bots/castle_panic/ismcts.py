"""The search bot: ISMCTS (arena.bots.search) over the team's card plays.

Phase 4 is where a table wins or loses Castle Panic, and where one play changes what the
next can do, so that is what the tree branches on. Every other decision (draws, exchanges,
trades, the Engineer's task, choices inside a resolution, which a view does not show in
full) follows the greedy bot's rules, in the real game and inside the search. A leaf is
worth the team's chance of winning from it (`value.win_probability`, learned from how
greedy tables went on) once the monsters have made their coming move; a finished game is
worth 1 if the team won and 0 if it lost, for every seat.
"""

from __future__ import annotations

from typing import Any

from arena.bots.castle_panic.greedy import IGNORED, GreedyBot, after_the_coming_move, pick_task
from arena.bots.castle_panic.value import win_probability
from arena.bots.search import Ismcts
from arena.games.castle_panic.determinize import determinize
from arena.games.castle_panic.rules import PLAY, CastlePanicState


class IsmctsBot(Ismcts):
    """Searches the team's plays on futures drawn from its own view."""

    name = "ismcts"
    determinize = staticmethod(determinize)

    def __init__(self, seed: int | None = None, **budget: Any) -> None:
        super().__init__(seed, **budget)
        self.rules = GreedyBot()
        self.rules.random = self.random  # one generator: a fixed seed fixes every choice

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
        if not state.over and state.phase == 4 and state.step == PLAY:
            state = after_the_coming_move(state)
        return [win_probability(state)] * state.num_players
