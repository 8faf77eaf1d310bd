"""The search bot: ISMCTS (arena.bots.search) over the seat's own Move and Cast phase.

A Wiz-War turn is a chain of small moves (steps, boosts, casts, pick-ups) whose worth shows
only at its end, so that chain is what the tree branches on. The state is rebuilt from the
view only at the top of the seat's own turn (`determinize.supported`); there, in the Move
and Cast phase, the bot searches, and everywhere else it plays as the greedy bot. Inside the
search, a decision in a frame (a declaration, a counter window, a choice, by any seat)
follows the greedy bot's rules, and an iteration stops when the turn leaves the Move and
Cast phase; past the tree a cheap treasure-runner rule finishes the turn. A leaf is worth
each seat's lead in a position value (victory points first, then a treasure on its way
home, life and cards) against the best other seat's, measured from the root's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from arena.bots.search import Ismcts, Node, ranked_rewards, squash
from arena.bots.wiz_war.greedy import GreedyBot
from arena.games.codes import action_code
from arena.games.wiz_war import board as B
from arena.games.wiz_war.determinize import determinize, supported
from arena.games.wiz_war.records import MOVE_AND_CAST
from arena.games.wiz_war.rules import WizWarState
from arena_sdk import Action

#: Points of `value` that make a clear difference: about a treasure picked up.
SCALE = 150.0
VP, LIFE, CARD, CARRY, PACE, DEAD = 1000.0, 12.0, 4.0, 400.0, 15.0, 500.0
FAR = 20  # a square no path reaches counts as this many steps away
PLAYOUT = 16  # greedy decisions at most after the tree, within the turn
#: UCB1's constant here: one step nearer the goal is worth only ~0.03 of reward, so a wider
#: search spreads its visits over casts and detours and ends turns with MP unspent.
EXPLORATION = 0.03


class IsmctsBot(Ismcts):
    """Searches its own turn on futures drawn from its view; greedy elsewhere."""

    name = "ismcts"
    determinize = staticmethod(determinize)
    # The tree holds only this seat's own turn: it walks its best line, not every line.
    first_play_urgency = True
    max_backup = True

    def __init__(self, seed: int | None = None, **budget: Any) -> None:
        budget.setdefault("exploration", EXPLORATION)
        super().__init__(seed, **budget)
        self.rules = GreedyBot()
        self.rules.random = self.random  # one generator: a fixed seed fixes every choice
        self.seat = -1
        self.home: list[dict[int, int]] = []
        self.to_treasure: list[dict[int, dict[int, int]]] = []
        self.baseline: list[float] = []

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        if len(legal) > 1 and view["phase"] == MOVE_AND_CAST and supported(view):
            return super().act(view, legal)
        return self.rules.act(view, legal)

    def search(self, view: Mapping[str, Any], seat: int) -> Node:
        self.seat = seat
        self._paths(view)
        self.baseline = [0.0] * view["num_players"]
        self.baseline = self.leads(determinize(view, seat, random.Random(0)))
        return super().search(view, seat)

    def _paths(self, view: Mapping[str, Any]) -> None:
        """Walking distances on the root's board: to each seat's home and, for each seat, to
        each enemy treasure on the floor (the board hardly changes within one turn)."""
        players = view["players"]
        self.home = [self.rules._distances(view, p, {p["home"]}) for p in players]
        self.to_treasure = [
            {
                t["id"]: self.rules._distances(view, p, {t["square"]})
                for t in view["treasures"]
                if t["owner"] != p["seat"] and t["square"] >= 0 and not t["scored"]
            }
            for p in players
        ]

    def horizon(self, state: WizWarState) -> bool:
        return state.over or state.active != self.seat or state.phase != MOVE_AND_CAST

    def moves(self, state: WizWarState) -> list[str]:
        """All legal codes but two that only seem good to the position value, and whose first
        visits would drag down the mean of every line they hang below: picking up one's own
        treasure (it never scores and fills the slot; the enemy's walk to a free treasure
        merely grows) and putting down an enemy treasure one carries."""
        seat = state.active
        carried = state.wizards[seat].treasure
        useless = {action_code("pickup", f"t{t.id}") for t in state.treasures if t.owner == seat}
        if carried >= 0 and state.treasures[carried].owner != seat:
            useless.add(action_code("drop", f"t{carried}"))
        codes = state.legal_actions()
        kept = [c for c in codes if c not in useless]
        return kept or codes

    def first_try(self, state: WizWarState, untried: list[str], rng: random.Random) -> str:
        """The treasure runner's move first, if it is still untried."""
        ruled = self._run_step(state, rng)
        return ruled if ruled in untried else rng.choice(untried)

    def forced(self, state: WizWarState) -> str | None:
        if not state.frames:
            return None
        codes = state.legal_actions()
        if len(codes) == 1:
            return codes[0]
        seat = state.to_move()
        assert seat is not None
        return self.rules.act(state.observe(seat), [Action(c, "") for c in codes])

    def playout(self, state: WizWarState, rng: random.Random) -> None:
        """The rest of the turn by the treasure runner's rule, on the root's distances: pick
        up an enemy treasure, else step closer to the goal, else end the phase. A move is
        judged by the turn it leads to, not by the first random step after it."""
        for _ in range(PLAYOUT):
            if self.horizon(state):
                return
            forced = self.forced(state)
            state.apply(forced if forced is not None else self._run_step(state, rng))

    def _run_step(self, state: WizWarState, rng: random.Random) -> str:
        codes = state.legal_actions()
        if state.activation:
            return "end_activation" if "end_activation" in codes else rng.choice(codes)
        seat = state.active
        w = state.wizards[seat]
        carrying = w.treasure >= 0 and state.treasures[w.treasure].owner != seat
        if not carrying:
            for t in state.treasures:
                if t.owner != seat and (pickup := action_code("pickup", f"t{t.id}")) in codes:
                    return pickup
        here = self._distance(state, seat, w.sq)
        for d, n in enumerate(B.NEIGHBOURS[w.sq]):
            code = action_code("step", B.DIRS[d])
            if n is not None and code in codes and self._distance(state, seat, n.square) < here:
                return code
        return "end_phase" if "end_phase" in codes else rng.choice(codes)

    def _distance(self, state: WizWarState, seat: int, sq: int) -> int:
        """Steps from `sq` to the seat's goal: home with an enemy treasure, else the nearest
        free enemy treasure (the root's board)."""
        w = state.wizards[seat]
        if w.treasure >= 0 and state.treasures[w.treasure].owner != seat:
            return self.home[seat].get(sq, FAR)
        steps = [
            dist.get(sq, FAR)
            for tid, dist in self.to_treasure[seat].items()
            if not state.treasures[tid].carrier and not state.treasures[tid].scored
        ]
        return min(steps, default=FAR)

    def rewards(self, state: WizWarState) -> list[float]:
        if state.over:
            return ranked_rewards(state.outcome())
        return [
            squash(lead - base, SCALE)
            for lead, base in zip(self.leads(state), self.baseline, strict=True)
        ]

    def leads(self, state: WizWarState) -> list[float]:
        """Each seat's value less the best other seat's (the root's leads are the baseline:
        a seat far behind still sees which move helps it)."""
        values = [self.value(state, p) for p in range(state.num_players)]
        return [v - max(values[:p] + values[p + 1 :]) for p, v in enumerate(values)]

    def value(self, state: WizWarState, seat: int) -> float:
        """Victory points, then a carried enemy treasure nearing home (or the walk to the
        nearest free one), then life and cards in hand."""
        w = state.wizards[seat]
        v = VP * w.vp
        if not w.alive:
            return v - DEAD
        v += LIFE * w.life + CARD * len(w.hand)
        if w.treasure >= 0 and state.treasures[w.treasure].owner != seat:
            v += CARRY
        return v - PACE * self._distance(state, seat, w.sq)
