"""The single-agent wrapper: one learner against reference bots passes Gymnasium's check."""

from __future__ import annotations

import random
from typing import Any

import pytest
from gymnasium.utils.env_checker import check_env

from arena.envs.single import GymEnv

TABLES: list[tuple[str, int, list[str], dict[str, Any]]] = [
    ("wandering_towers", 2, ["greedy"], {}),
    ("wandering_towers", 3, ["random", "greedy"], {"variant": "master_wizard"}),
    ("castle_panic", 1, [], {}),
    ("castle_panic", 3, ["greedy"], {}),
    ("wiz_war", 2, ["random"], {"round_limit": 5}),
]


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[0]}-{t[1]}")
def test_passes_gymnasiums_env_checker(table: tuple[str, int, list[str], dict[str, Any]]) -> None:
    game, players, opponents, options = table
    env = GymEnv(game, players, opponents or ["random"], seat=None, options=options)
    check_env(env, skip_render_check=True)


def test_a_learner_plays_a_whole_game_against_the_bots() -> None:
    env = GymEnv("wandering_towers", 2, ["random"], seat=1)
    obs, info = env.reset(seed=4)
    rng = random.Random(4)
    assert info["seat"] == 1 and info["view"]["seat"] == 1
    done, reward = False, 0.0
    while not done:
        legal = [i for i, m in enumerate(obs["action_mask"]) if m]
        obs, reward, done, _, info = env.step(rng.choice(legal))
    assert reward in (1.0, -1.0)


def test_any_sdk_bot_or_function_can_sit_at_the_table() -> None:
    played = []

    def first(view: dict[str, Any], legal: list[Any]) -> str:
        played.append(view["seat"])
        return legal[0].code

    env = GymEnv("castle_panic", 2, [first], seat=0)
    obs, _ = env.reset(seed=2)
    for _ in range(30):
        legal = [i for i, m in enumerate(obs["action_mask"]) if m]
        obs, _, done, _, _ = env.step(legal[-1])
        if done:
            break
    assert played and set(played) == {1}
