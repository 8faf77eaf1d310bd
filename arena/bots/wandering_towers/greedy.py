"""The greedy reference bot. It sees only what a hosted bot sees: the view and the legal
actions.

`GreedyBot` rebuilds a throw-away state from its own observation (`views.state_from_view`
fills whatever the view hides arbitrarily, so it cannot peek), tries each legal action on a
copy, follows its own next decisions within the same card action (play -> roll -> commit,
claim -> cast), assumes the others pass in a priority round, and keeps the action whose
position scores best for its side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arena.games.wandering_towers.config import NUM_SPACES
from arena.games.wandering_towers.rules import PRIORITY, WanderingTowersState
from arena.games.wandering_towers.views import state_from_view
from arena_sdk import Action, Bot

#: Decisions worth looking through to the end of the card action they start.
FOLLOW = ("play", "refresh", "reroll", "accept", "claim")
#: Actions that change nothing on the board: taken only when nothing scores better.
IDLE = ("request_card", "give_flasks", "give_card", "return_card")
#: Weights of the position score (per player, summed over a team).
IN_KEEP, FILLED, SPARE_FULL, GOAL, IMPRISONED, NEAR, PER_STEP = 12.0, 8.0, 0.6, 50.0, 1.0, 6, 0.35
#: Share of the own side's absolute progress in the score: progress that helps everyone
#: equally (freeing a stack where all sides are imprisoned) still beats standing still.
OWN = 0.1
ROLL_SAMPLES = 4


class GreedyBot(Bot):
    """Looks one card action ahead on a copy rebuilt from its own view and keeps the action
    that leaves its side best placed against the strongest other side."""

    name = "greedy"

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        if len(legal) == 1:
            return legal[0].code
        seat = view["seat"]
        state = state_from_view(view, seed=self.random.randrange(1 << 30))
        values = []
        for action in legal:
            value = self._value_of(state, action.code, seat, depth=3)
            values.append(value - 0.01 if action.code.startswith(IDLE) else value)
        best = max(values)
        ties = [a.code for a, v in zip(legal, values, strict=True) if v >= best - 1e-9]
        return self.random.choice(ties)  # a random tie-break cannot loop for ever

    def _value_of(self, state: WanderingTowersState, code: str, seat: int, depth: int) -> float:
        """Score after `code`; a re-roll is sampled a few times (the copy's die is the bot's)."""
        samples = ROLL_SAMPLES if code == "reroll" else 1
        total = 0.0
        for _ in range(samples):
            child = state.clone()
            if samples > 1:
                child.rng.seed(self.random.randrange(1 << 30))
            child.apply(code)
            total += self._best(child, seat, depth - 1, code.startswith(FOLLOW))
        return total / samples

    def _best(self, state: WanderingTowersState, seat: int, depth: int, follow: bool) -> float:
        while state.phase == PRIORITY and (state.to_move() != seat or not follow):
            state.apply("pass")  # assume nobody claims: the committed move resolves
        if not follow or depth <= 0 or state.is_over() or state.to_move() != seat:
            return evaluate(state, seat)
        return max(self._value_of(state, code, seat, depth) for code in state.legal_actions())


def evaluate(state: WanderingTowersState, seat: int) -> float:
    """Own side's progress minus the best other side's: wizards home, flasks filled, and
    visible wizards close to the Ravenskeep."""
    progress = [
        IN_KEEP * state.in_keep[p]
        + FILLED * min(state.flasks_each, state.full[p] + state.spent[p])
        + SPARE_FULL * state.full[p]
        + (GOAL if state.meets_goal(p) else 0.0)
        for p in range(state.num_players)
    ]
    keep, towers, levels = state.keep_space, state.towers, state.wizard_level
    for wizard, space in enumerate(state.wizard_space):
        if space < 0:
            continue
        owner = state.wizard_owner[wizard]
        if levels[wizard] == len(towers[space]):
            progress[owner] += NEAR - PER_STEP * ((keep - space) % NUM_SPACES)
        else:
            progress[owner] -= IMPRISONED
    if state.teams:
        half = state.num_players // 2
        progress = [progress[p] + progress[p + half] for p in range(half)]
    mine = progress[state.side_of(seat)]
    best_other = max(s for i, s in enumerate(progress) if i != state.side_of(seat))
    return mine - best_other + OWN * mine
