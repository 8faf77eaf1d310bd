"""The OpenSpiel games: the right game type, OpenSpiel's own `random_sim_test` with a
serialization round trip at its states, and OpenSpiel's MCTS and ISMCTS bots playing them."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from arena.envs import openspiel  # noqa: E402

#: (game, players, options, decisions left at the start of the simulation: None plays the
#: whole game; Wandering Towers' random games run to a thousand decisions and more).
TABLES: list[tuple[str, int, dict[str, Any], int | None]] = [
    ("wandering_towers", 2, {}, 150),
    ("wandering_towers", 4, {"variant": "master_wizard", "teams": True}, 150),
    ("castle_panic", 1, {}, None),
    ("castle_panic", 4, {"siege_crew": "random"}, None),
    ("wiz_war", 2, {"round_limit": 5}, None),
    ("wiz_war", 3, {"black_cantrip": True, "round_limit": 5}, 300),
]


def _id(table: tuple[str, int, dict[str, Any], int | None]) -> str:
    game, players, options, _ = table
    return f"{game}-{players}-" + ",".join(f"{k}={v}" for k, v in options.items())


def _late_state(game: Any, left: int, seed: int) -> Any:
    """A state `left` decisions before the end of a uniformly random game."""
    rng = random.Random(seed)
    probe, actions = game.new_initial_state(), []
    while not probe.is_terminal():
        actions.append(rng.choice(probe.legal_actions()))
        probe.apply_action(actions[-1])
    state = game.new_initial_state()
    for action in actions[: max(0, len(actions) - left)]:
        state.apply_action(action)
    return state


def _round_trip(state: Any) -> None:
    """OpenSpiel's Python-game serialization (a replay of the seed and the actions)."""
    twin = state.get_game().deserialize_state(state.serialize())
    assert str(twin) == str(state)
    assert twin.history() == state.history()
    assert twin.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_passes_openspiels_random_sim_test(
    table: tuple[str, int, dict[str, Any], int | None],
) -> None:
    name, players, options, left = table
    game = openspiel.load(name, players, seed=5, options=options)
    seen = [0]

    def check(state: Any) -> None:
        seen[0] += 1
        if seen[0] < 10 or seen[0] & (seen[0] - 1) == 0:  # as random_sim_test's own schedule
            _round_trip(state)

    start = None if left is None else _late_state(game, left, seed=1)
    # OpenSpiel's SerializeGameAndState asks a sampled-stochastic game for Game::GetRNGState,
    # which a Python game cannot supply: serialization is checked through the state checker.
    pyspiel.random_sim_test(
        game, num_sims=1, serialize=False, verbose=False, state_checker_fn=check,
        specific_initial_state=start,
    )  # fmt: skip
    assert seen[0] > 1


@pytest.mark.parametrize(
    ("name", "utility"),
    [
        ("wandering_towers", "GENERAL_SUM"),
        ("castle_panic", "IDENTICAL"),
        ("wiz_war", "GENERAL_SUM"),
    ],
)
def test_game_type(name: str, utility: str) -> None:
    game = openspiel.load(name, 2)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == getattr(pyspiel.GameType.Utility, utility)
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_players() == 2
    assert game.num_distinct_actions() == game.codec.num_actions
    state = game.new_initial_state()
    assert state.observation_tensor(0) == pytest.approx(
        game.codec.encode(state.engine.observe(0)).tolist()
    )
    assert state.action_to_string(state.legal_actions()[0]) in state.engine.legal_actions()


def test_resample_keeps_the_seats_view() -> None:
    game = openspiel.load("wandering_towers", 3, seed=2)
    state = _late_state(game, 200, seed=3)
    seat = state.current_player()
    sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(seat) == state.information_state_string(seat)
    assert sample.legal_actions() == state.legal_actions()
    _round_trip(sample)  # no history from the seed: the engine state itself is pickled


@pytest.mark.parametrize(
    ("name", "players", "options"),
    [("wandering_towers", 2, {}), ("castle_panic", 2, {}), ("wiz_war", 2, {"round_limit": 5})],
)
def test_openspiels_mcts_and_ismcts_bots_play(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = openspiel.load(name, players, seed=3, options=options)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=40)
    searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng)
    searcher.set_resampler(openspiel.resampler(0))
    cheat = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng, solve=False)
    state = game.new_initial_state()
    played = {"ismcts": 0, "mcts": 0}
    while not state.is_terminal() and sum(played.values()) < 12:
        seat = state.current_player()
        if seat == 0 and openspiel.can_resample(state):
            action, played["ismcts"] = searcher.step(state), played["ismcts"] + 1
        elif seat == 0:  # Wiz-War mid-turn: no determinization there
            action = rng.choice(state.legal_actions())
        else:
            action, played["mcts"] = cheat.step(state), played["mcts"] + 1
        assert action in state.legal_actions()
        state.apply_action(action)
    assert played["ismcts"] > 0 and played["mcts"] > 0
