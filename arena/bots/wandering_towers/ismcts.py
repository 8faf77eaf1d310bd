"""The search bot: ISMCTS (arena.bots.search) scored with the greedy bot's position value."""

from __future__ import annotations

from arena.bots.search import Ismcts, ranked_rewards, squash
from arena.bots.wandering_towers.greedy import evaluate
from arena.games.wandering_towers.determinize import determinize
from arena.games.wandering_towers.rules import WanderingTowersState

#: Points of `evaluate` that make one side clearly ahead: about a wizard home.
SCALE = 12.0


class IsmctsBot(Ismcts):
    """Searches futures drawn from its own view; a leaf is worth each seat's lead."""

    name = "ismcts"
    determinize = staticmethod(determinize)

    def rewards(self, state: WanderingTowersState) -> list[float]:
        if state.is_over():
            return ranked_rewards(state.outcome())
        return [squash(evaluate(state, p), SCALE) for p in range(state.num_players)]
