"""The PettingZoo environments: PettingZoo's own API and seed tests for every game and
several tables, and the action enumeration holds every code the engines offer."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pettingzoo.test import api_test, seed_test

import arena.games
from arena.envs import env
from arena.envs.codec import codec

#: (game, players, options): each player count's extremes and the variants that change
#: what the views hold.
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("wandering_towers", 2, {}),
    ("wandering_towers", 3, {"variant": "master_wizard"}),
    ("wandering_towers", 4, {"teams": True, "hide_prisoners": True}),
    ("wandering_towers", 6, {"variant": "master_wizard", "teams": True}),
    ("castle_panic", 1, {}),
    ("castle_panic", 3, {"siege_crew": "random"}),
    ("castle_panic", 6, {"first_player": "random"}),
    ("wiz_war", 2, {"round_limit": 5}),
    ("wiz_war", 3, {"black_cantrip": True, "round_limit": 5}),
    ("wiz_war", 4, {"specializations": True, "schools": "random", "round_limit": 5}),
]


def _id(table: tuple[str, int, dict[str, Any]]) -> str:
    game, players, options = table
    return f"{game}-{players}-" + ",".join(f"{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_passes_the_pettingzoo_api_test(table: tuple[str, int, dict[str, Any]]) -> None:
    game, players, options = table
    api_test(env(game, players, options), num_cycles=120)


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_passes_the_pettingzoo_seed_test(table: tuple[str, int, dict[str, Any]]) -> None:
    game, players, options = table
    seed_test(lambda: env(game, players, options), num_cycles=60)


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_a_whole_game_ends_with_rewards_from_the_outcome(
    table: tuple[str, int, dict[str, Any]],
) -> None:
    game, players, options = table
    e = env(game, players, options, render_mode="ansi")
    e.reset(seed=3)
    rng = random.Random(3)
    total = dict.fromkeys(e.possible_agents, 0.0)
    final: dict[str, dict[str, Any]] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        total[agent] += reward
        if terminated or truncated:
            final[agent] = info
            e.step(None)
            continue
        assert info["view"]["seat"] == int(agent.split("_")[1])
        legal = [i for i, m in enumerate(obs["action_mask"]) if m]
        e.step(rng.choice(legal))
    state = e.unwrapped.state
    assert state.is_over()
    if arena.games.get(game).cooperative:
        assert len(set(total.values())) == 1  # one team, one result
        assert all("trophy_points" in info for info in final.values())
    else:
        winners = [
            a for a, r in zip(e.possible_agents, state.outcome(), strict=True) if r["rank"] == 0
        ]
        assert all(total[a] == 1.0 for a in winners)
    assert isinstance(e.render(), str)


@pytest.mark.parametrize("game", arena.games.names())
def test_every_code_the_engine_offers_is_in_the_enumeration(game: str) -> None:
    """Random games over many tables: each legal code has its index (else UnknownCode)."""
    g = arena.games.get(game)
    for seed in range(8):
        players = g.min_players + seed % (g.max_players - g.min_players + 1)
        options: dict[str, Any] = {}
        if game == "wiz_war":
            options = {
                "schools": "random",
                "specializations": seed % 2 == 0,
                "black_cantrip": seed % 3 == 0,
                "round_limit": 10,
            }
        elif game == "wandering_towers":
            options = {
                "variant": ("base", "master_wizard")[seed % 2],
                "teams": players in (4, 6) and seed % 3 == 0,
            }
        table = codec(game, players, options)
        state = g.new_state(players, seed, options)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_actions()
            assert table.mask(legal).sum() == len(legal)
            state.apply(rng.choice(legal))
