"""Information-set Monte Carlo tree search (ISMCTS) over determinizations, for any engine.

Why this shape: a bot sees only its seat's view, so it cannot search the real state. Each
iteration draws one full state consistent with the view (the game's `determinize`), walks a
single tree of action codes shared by all draws (Cowling, Powley & Whitehouse's single-
observer ISMCTS), and scores the leaf with the game's own position value. A child's
exploration term counts the iterations in which it was available, not its parent's visits:
an action that exists only in some draws (a card the opponent may hold) is not favoured for
being rarely tried. Every seat's reward is kept, and each node is chosen for the seat that
moves there, so the same code serves two players, a team or a table of six.

The search uses only the view and the bot's own generator: with an iteration budget the
chosen action is a function of (view, legal actions, seed), which the leak tests rely on.
They check more than the action: a `SearchTrace` given to the bot records what it computed
(every number its generator drew, each future it scored, each tree node by node), which
must not change when only what the seat cannot see changes
(docs/decisions/leak-tests-trace-the-search.md).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arena.games.base import GameState
from arena_sdk import Action, Bot

#: (view, seat, rng) -> a full state consistent with the view.
Determinize = Callable[[Mapping[str, Any], int, random.Random], GameState]

EXPLORATION = 0.25  # UCB1's constant: leaf values in [0, 1] differ by tenths, not by halves
TIME_BUDGET = 0.4  # seconds per decision: well inside the ladder's default of 1.0
SAMPLES = 24  # fresh determinizations per decision; iterations cycle through clones of them


class Node:
    """One action code's statistics below its parent: the reward is the mover's."""

    __slots__ = ("available", "best", "children", "ended", "own", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.children: dict[str, Node] = {}
        # With `max_backup`: the mean of the iterations that ended here (the position's own
        # value, what stopping here is worth), and the best of that and the children's.
        self.ended = 0
        self.own = 0.0
        self.best = 0.0

    def value(self, best: bool) -> float:
        return self.best if best else self.reward / self.visits


class Ismcts(Bot):
    """Determinized tree search within a time budget, or a fixed number of iterations.

    A game's subclass sets `determinize` and implements `rewards` (and may override `playout`
    for a cheap look past the tree). `iterations` makes a decision reproducible; without it
    the bot searches for `time_budget` seconds.
    """

    name = "ismcts"
    #: The game's determinization (its `Game.determinize`).
    determinize: Determinize
    #: Decisions of random play after the tree, before the position is scored.
    playout_depth = 0
    #: False: every legal child is tried once before any is tried twice. True: an untried
    #: child is worth the average of its tried siblings ("first-play urgency"), so where one
    #: line is clearly best the search deepens it instead of opening every poor sibling,
    #: whose first visits would drag its parent's mean below a move with nothing below it.
    first_play_urgency = False
    #: False: a node is worth the mean of every iteration through it. True: the best of its
    #: own value (the mean of the iterations that ended at it) and its children's — right
    #: where one seat makes every decision in the tree and may always stop where it is (a
    #: game that searches only its own turn), since it will take the best of them.
    max_backup = False

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        time_budget: float = TIME_BUDGET,
        exploration: float = EXPLORATION,
        trace: SearchTrace | None = None,
    ) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.time_budget = time_budget
        self.exploration = exploration
        self.last_iterations = 0
        #: What the search computed, recorded for the leak tests; None (the default) records
        #: nothing and costs nothing: the generator is then the SDK's plain one.
        self.trace = trace
        if trace is not None:  # hooked here, not tested for in each iteration
            self.random = trace.generator(seed)
            self.rewards = trace.scoring(self.rewards)  # type: ignore[method-assign]

    def rewards(self, state: Any) -> Sequence[float]:
        """Each seat's value of `state` in [0, 1]: its result once the game is over, else an
        estimate."""
        raise NotImplementedError

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        code = self.choose(view, legal)
        if self.trace is not None:
            self.trace.chose(code)
        return code

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        """The decision itself (`act` adds only the trace)."""
        if len(legal) == 1:
            return legal[0].code
        codes = [a.code for a in legal]
        ruled = self.forced(self.determinize(view, view["seat"], self.random))
        if ruled is not None:
            return ruled if ruled in codes else self.random.choice(codes)
        root = self.search(view, view["seat"])
        tried = [(root.children[c].visits, i) for i, c in enumerate(codes) if c in root.children]
        if not tried:
            return self.random.choice(codes)
        return codes[max(tried)[1]]

    def search(self, view: Mapping[str, Any], seat: int) -> Node:
        """Grow a tree from `view` until the budget is spent; return its root."""
        root = Node()
        rng = self.random
        if self.trace is not None:
            self.trace.began(seat)
        samples = [self.determinize(view, seat, rng) for _ in range(self._samples())]
        deadline = time.perf_counter() + self.time_budget
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            state = samples[done % len(samples)].clone()
            reseed(state, rng)
            self._iterate(root, state, rng)
            done += 1
        self.last_iterations = done
        if self.trace is not None:
            self.trace.searched(root, self.max_backup)
        return root

    def _samples(self) -> int:
        return SAMPLES if self.iterations is None else max(1, min(SAMPLES, self.iterations))

    def _iterate(self, root: Node, state: Any, rng: random.Random) -> None:
        """Select down the tree, add one node, play out, and back up every seat's reward."""
        path: list[tuple[Node, int]] = []
        node = root
        while not self.horizon(state):
            forced = self.forced(state)
            if forced is not None:
                state.apply(forced)
                continue
            legal = self.moves(state)
            mover = state.to_move()
            children = node.children
            untried = [c for c in legal if c not in children]
            if untried and not self.first_play_urgency:
                code = rng.choice(untried)
            elif untried:
                code = self._urgent(state, children, legal, untried, rng)
            else:
                code = ""
            if code in untried:
                child = children[code] = Node()
                for c in legal:
                    if c != code and c in children:
                        children[c].available += 1
                state.apply(code)
                path.append((child, mover))
                break
            code, child = self._select(children, legal)
            state.apply(code)
            path.append((child, mover))
            node = child
        if not state.is_over() and not self.horizon(state):
            self.playout(state, rng)
        rewards = self.rewards(state)
        for child, mover in path:
            child.visits += 1
            child.reward += rewards[mover]
        if self.max_backup and path:
            leaf, mover = path[-1]
            leaf.ended += 1
            leaf.own += (rewards[mover] - leaf.own) / leaf.ended
            for child, _ in reversed(path):
                values = [n.best for n in child.children.values() if n.visits]
                if child.ended:
                    values.append(child.own)
                child.best = max(values)

    def _select(self, children: dict[str, Node], legal: list[str]) -> tuple[str, Node]:
        """UCB1 with availability counts, over the children legal in this draw."""
        best, best_code, best_child = -1.0, "", None
        c = self.exploration
        maxing = self.max_backup
        for code in legal:
            child = children.get(code)
            if child is None:  # untried, and not urgent (first-play urgency)
                continue
            child.available += 1
            score = child.value(maxing) + c * math.sqrt(math.log(child.available) / child.visits)
            if score > best:
                best, best_code, best_child = score, code, child
        assert best_child is not None
        return best_code, best_child

    def _urgent(
        self,
        state: Any,
        children: dict[str, Node],
        legal: list[str],
        untried: list[str],
        rng: random.Random,
    ) -> str:
        """An untried code, scored as one visit at its tried siblings' average, if that beats
        every tried one's UCB score; else "" (`_select` then picks among the tried)."""
        tried = [children[c] for c in legal if c in children]
        if not tried:  # what was tried is not legal in this draw
            return self.first_try(state, untried, rng)
        maxing = self.max_backup
        average = sum(n.value(maxing) * n.visits for n in tried) / sum(n.visits for n in tried)
        c = self.exploration
        most = max(n.available for n in tried) + 1
        urgency = average + c * math.sqrt(math.log(most))
        for n in tried:
            if n.value(maxing) + c * math.sqrt(math.log(n.available + 1) / n.visits) > urgency:
                return ""
        return self.first_try(state, untried, rng)

    def first_try(self, state: Any, untried: list[str], rng: random.Random) -> str:
        """Which untried code to open first (under first-play urgency): any, by default; a
        game may name the one its playout rule would play, so good lines are seen early."""
        return rng.choice(untried)

    def horizon(self, state: Any) -> bool:
        """True where an iteration stops and scores the state: the end of the game unless a
        game looks less far (its position value is then trusted from there)."""
        return state.is_over()

    def moves(self, state: Any) -> list[str]:
        """The codes the search tries in `state`: all legal ones unless a game prunes some."""
        return state.legal_actions()

    def forced(self, state: Any) -> str | None:
        """A decision the search does not branch on, taken by a fixed rule (None: search it)."""
        return None

    def playout(self, state: Any, rng: random.Random) -> None:
        """A few random decisions past the tree (none by default)."""
        for _ in range(self.playout_depth):
            if state.is_over():
                return
            state.apply(rng.choice(state.legal_actions()))


class SearchTrace:
    """What a search bot computed, in order: every number its generator drew (and so every
    determinization, every random choice in the tree and every future's dice seed), where
    each iteration ended (the future as the searching seat would see it) and what it was
    worth, each tree's statistics node by node, and each chosen code. Two traces are equal
    only if the two searches computed the same thing; `first_difference` says where they
    part.

    Give one to the bot (`IsmctsBot(seed, iterations=60, trace=SearchTrace())`): the bot then
    draws from a recording generator seeded as its own would be, so a traced decision is the
    untraced one.
    """

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []
        self.seat = -1

    def generator(self, seed: int | None) -> random.Random:
        """The bot's generator: as `random.Random(seed)`, but each draw is recorded."""
        return _Recording(seed, self.events)

    def began(self, seat: int) -> None:
        """A search for `seat` starts."""
        self.seat = seat
        self.events.append(("search", seat))

    def scoring(
        self, rewards: Callable[[Any], Sequence[float]]
    ) -> Callable[[Any], Sequence[float]]:
        """The bot's `rewards`, recording each iteration's end: the future it reached as the
        searching seat would see it (a digest of its view) and every seat's reward (exact)."""

        def scored(state: Any) -> Sequence[float]:
            values = rewards(state)
            seen = json.dumps(state.observe(self.seat), sort_keys=True, default=repr)
            digest = hashlib.sha256(seen.encode()).hexdigest()[:16]
            self.events.append(("leaf", digest, *(float(v).hex() for v in values)))
            return values

        return scored

    def searched(self, root: Node, max_backup: bool) -> None:
        """One tree, depth first in the order its children were opened: per node its depth,
        action code, visits, availability and total reward (exact: `float.hex`), and with
        `max_backup` its own and best values."""
        stack: list[tuple[int, str, Node]] = [(0, "", root)]
        while stack:
            depth, code, node = stack.pop()
            stats: tuple[Any, ...] = (node.visits, node.available, node.reward.hex())
            if max_backup:
                stats += (node.ended, node.own.hex(), node.best.hex())
            self.events.append(("node", depth, code, *stats))
            stack.extend((depth + 1, c, n) for c, n in reversed(node.children.items()))

    def chose(self, code: str) -> None:
        self.events.append(("chose", code))

    def first_difference(self, other: SearchTrace) -> str | None:
        """None if the traces are equal, else where they first differ, in words."""
        for i, (mine, theirs) in enumerate(zip(self.events, other.events, strict=False)):
            if mine != theirs:
                return f"event {i}: {mine} != {theirs}"
        shorter, longer = sorted((len(self.events), len(other.events)))
        if shorter != longer:
            return f"one trace ends at event {shorter}, the other goes on to {longer}"
        return None


class _Recording(random.Random):
    """A `random.Random` that appends every draw to a list. It overrides the two primitives
    every other method is built on, so it yields exactly what `random.Random(seed)` does."""

    def __init__(self, seed: int | None, events: list[tuple[Any, ...]]) -> None:
        self.events = events
        super().__init__(seed)

    def random(self) -> float:
        x = super().random()
        self.events.append(("random", x.hex()))
        return x

    def getrandbits(self, k: int) -> int:
        x = super().getrandbits(k)
        self.events.append(("bits", k, x))
        return x


def reseed(state: Any, rng: random.Random) -> None:
    """Future dice of a clone drawn afresh, so clones of one draw do not share a future."""
    if hasattr(state, "rng"):
        state.rng = random.Random(rng.randrange(1 << 62))


def ranked_rewards(outcome: Sequence[Mapping[str, Any]]) -> list[float]:
    """A finished game's rewards: 1 for rank 0, down to 0 for the last rank."""
    worst = max(r["rank"] for r in outcome) or 1
    return [1.0 - r["rank"] / worst for r in outcome]


def squash(value: float, scale: float) -> float:
    """A position score of any size into (0, 1): the logistic of value / scale."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, value / scale))))
