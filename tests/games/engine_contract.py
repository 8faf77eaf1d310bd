"""The engine contract every game keeps (docs/engine-api.md), as checks run during random play.

Each game's `test_properties` draws its own player counts and options and plays with these;
what is particular to a game (its invariants, what it hides) stays with the game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from arena.games import IllegalAction
from arena.games.base import Game

#: Chooses the next action among the legal ones.
Pick = Callable[[random.Random, list[str]], str]
#: Runs before each move with the state and the number of moves made so far.
Step = Callable[[Any, int], None]


def uniform(rng: random.Random, legal: list[str]) -> str:
    return rng.choice(legal)


def play(
    game: Game,
    players: int,
    options: dict[str, Any],
    seed: int,
    pick: Pick = uniform,
    every_step: Step | None = None,
) -> tuple[Any, list[str]]:
    """Play to the end with `pick`; return the final state and the actions played."""
    state = game.new_state(players, seed, options)
    rng = random.Random(seed)
    actions: list[str] = []
    while not state.is_over():
        if every_step is not None:
            every_step(state, len(actions))
        legal = state.legal_actions()
        assert legal, "a game that is not over must offer an action"
        actions.append(pick(rng, legal))
        state.apply(actions[-1])
    return state, actions


def snapshot(state: Any) -> str:
    """Everything anyone can see, what is offered and who moves: a refusal changes none of it."""
    views = [state.spectate()] + [state.observe(p) for p in range(state.num_players)]
    return json.dumps([views, state.legal_actions(), state.to_move()], sort_keys=True)


def offered_actions_apply(every: int) -> Step:
    """Every `every` moves, each offered action applies to a copy and keeps the invariants."""

    def check(state: Any, moves: int) -> None:
        if moves % every == 0:
            for code in state.legal_actions():
                child = state.clone()
                child.apply(code)
                assert child.check_invariants() == [], code

    return check


def illegal_codes_refused(every: int, known_bad: set[str], seed: int) -> Step:
    """Every `every` moves, codes that are not offered now (malformed ones, and ones offered
    earlier in the game) raise IllegalAction and leave the state exactly as it was."""
    seen = set(known_bad)
    rng = random.Random(seed)

    def check(state: Any, moves: int) -> None:
        legal = set(state.legal_actions())
        if moves % every == 0:
            before = snapshot(state)
            for code in rng.sample(sorted(seen - legal), min(8, len(seen - legal))):
                with pytest.raises(IllegalAction):
                    state.apply(code)
            assert snapshot(state) == before
        seen.update(legal)

    return check


def assert_replay_reproduces(
    game: Game, players: int, options: dict[str, Any], seed: int, pick: Pick = uniform
) -> None:
    """The seed and the actions alone rebuild the same game: the replay format's promise."""
    state, actions = play(game, players, options, seed, pick)
    replay = game.new_state(players, seed, options)
    for code in actions:
        replay.apply(code)
    assert replay.is_over() and replay.outcome() == state.outcome()
    assert replay.spectate() == state.spectate()


#: Checks one resampled state against the real one for `seat`; returns what is wrong.
Conserved = Callable[[Any, Any, int], list[str]]


def determinization_consistent(game: Game, every: int, seed: int, conserved: Conserved) -> Step:
    """Every `every` moves, for every seat: a state resampled from that seat's view shows the
    same view, offers the mover the same actions, and holds no card the seat could not hold
    (`conserved`). Also the resampling draws afresh: two generators may give two states."""
    rng = random.Random(seed)
    assert game.determinize is not None, f"{game.name} has no determinize"

    def check(state: Any, moves: int) -> None:
        if moves % every:
            return
        for seat in range(state.num_players):
            view = state.observe(seat)
            sample = game.determinize(view, seat, random.Random(rng.randrange(1 << 30)))
            assert sample.observe(seat) == view, f"seat {seat}: the view changed"
            if state.to_move() == seat:
                assert sample.legal_actions() == state.legal_actions(), f"seat {seat}"
            assert conserved(state, sample, seat) == [], f"seat {seat}"

    return check
