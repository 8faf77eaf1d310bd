"""What the learning environments cost: steps per second of each environment beside the bare
engine's decisions per second, uniformly random play, per game.

Run with `.venv/bin/python bench/envs.py` (needs the `arena[rl]` extra). Prints a table;
asserts nothing. CPU seconds of this process (`time.process_time`), as bench/engine.py.
"Engine" is bench/engine.py's loop (legal actions, a random pick, apply); "AEC" is the
PettingZoo environment driven by `agent_iter`/`last`/`step` (the view, its encoding and the
mask at every step); "encode" is the AEC's share spent in the codec alone.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
from rich.console import Console
from rich.table import Table

import arena.games
from arena.envs.aec import raw_env
from arena.envs.codec import codec
from arena.envs.single import GymEnv

TABLES = [("wandering_towers", 3), ("castle_panic", 3), ("wiz_war", 2)]


def engine(name: str, players: int, games: int) -> tuple[int, float]:
    game = arena.games.get(name)
    steps, t0 = 0, time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_state(players, seed)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.process_time() - t0


def aec(name: str, players: int, games: int) -> tuple[int, float]:
    env = raw_env(name, players)
    steps, t0 = 0, time.process_time()
    for seed in range(games):
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps, time.process_time() - t0


def encode_only(name: str, players: int, games: int) -> tuple[int, float]:
    table = codec(name, players)
    game = arena.games.get(name)
    views = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_state(players, seed)
        while not state.is_over():
            views.append((state.observe(state.to_move()), state.legal_actions()))
            state.apply(rng.choice(views[-1][1]))
    t0 = time.process_time()
    for view, legal in views:
        table.encode(view)
        table.mask(legal)
    return len(views), time.process_time() - t0


def gym(name: str, players: int, games: int) -> tuple[int, float]:
    env = GymEnv(name, players, ["random"])
    steps, t0 = 0, time.process_time()
    for seed in range(games):
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps, time.process_time() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    table = Table(title="Random play: engine decisions/s vs environment steps/s (CPU time)")
    for column in ("game", "players", "engine dec/s", "AEC steps/s", "Gym learner steps/s",
                   "encode+mask /s", "obs size", "actions"):  # fmt: skip
        table.add_column(column, justify="right")
    for name, players in TABLES:
        rates = []
        for run in (engine, aec, gym, encode_only):
            run(name, players, 1)  # warm-up: tables built once per process
            steps, seconds = run(name, players, args.games)
            rates.append(f"{steps / seconds:,.0f}")
        c = codec(name, players)
        table.add_row(name, str(players), *rates, str(c.size), str(c.num_actions))
    Console(width=130).print(table)


if __name__ == "__main__":
    main()
