"""Train the weights of `bot.py` by policy gradient (REINFORCE) against the random bot.

    python examples/rl/train.py --minutes 3            # writes examples/rl/policy.npz

The environment is `arena.envs.GymEnv`: one learner seat (drawn afresh each game) against
the random reference bot in 2-player Wandering Towers, reward +1 for a win and -1 for a loss
at the end. The learner's own view (`info["view"]`) and the legal codes (the action mask
over the codec's fixed enumeration) are all it uses, exactly what `bot.py` gets at play time.

The policy is a softmax over the legal actions of a linear score of each action's afterstate
features (`bot.features`); the weights start at zero (uniformly random play). After each game
the log-likelihood gradient of every decision it made is pushed up or down by the game's
result minus a running baseline. NumPy only; the weights are saved as a small .npz.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

from arena.envs import GymEnv

sys.path.insert(0, str(Path(__file__).parent))
from bot import FEATURES, features  # the bot's own feature code

#: Softmax temperature of the training policy (the bot plays the argmax).
TEMPERATURE = 0.5


def play_episode(
    env: GymEnv, weights: np.ndarray, seed: int, rng: random.Random
) -> tuple[float, np.ndarray, int]:
    """One game with the softmax policy: its reward, the summed score-function gradient, and
    how many decisions had a choice."""
    actions = env.table.codec.actions
    obs, info = env.reset(seed=seed)
    gradient = np.zeros_like(weights)
    choices = 0
    reward = 0.0
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        if len(legal) == 1:
            pick = int(legal[0])
        else:
            codes = [actions[i] for i in legal]
            rows = np.asarray(features(info["view"], codes, seed=rng.randrange(1 << 30)))
            logits = rows @ weights / TEMPERATURE
            probs = np.exp(logits - logits.max())
            probs /= probs.sum()
            k = int(rng.choices(range(len(codes)), weights=probs.tolist())[0])
            gradient += (rows[k] - probs @ rows) / TEMPERATURE
            choices += 1
            pick = int(legal[k])
        obs, reward, done, _, info = env.step(pick)
    return reward, gradient, choices


def train(minutes: float, seed: int, learning_rate: float) -> tuple[np.ndarray, list[float]]:
    env = GymEnv("wandering_towers", players=2, opponents=["random"], seat=None)
    rng = random.Random(seed)
    weights = np.zeros(len(FEATURES))
    # Adam on the gradient of the expected reward (ascent).
    m, v = np.zeros_like(weights), np.zeros_like(weights)
    baseline, rewards = 0.0, []
    deadline = time.monotonic() + 60 * minutes
    game = 0
    while time.monotonic() < deadline:
        game += 1
        reward, gradient, choices = play_episode(env, weights, seed * 1_000_003 + game, rng)
        rewards.append(reward)
        step = (reward - baseline) * gradient / max(choices, 1)
        baseline += 0.05 * (reward - baseline)
        m = 0.9 * m + 0.1 * step
        v = 0.999 * v + 0.001 * step * step
        weights += learning_rate * (m / (1 - 0.9**game)) / (np.sqrt(v / (1 - 0.999**game)) + 1e-8)
        if game % 25 == 0:
            recent = rewards[-50:]
            wins = sum(r > 0 for r in recent) / len(recent)
            print(f"game {game:5d}  wins over the last {len(recent)}: {wins:5.1%}", flush=True)
    return weights, rewards


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and the policy")
    parser.add_argument("--lr", type=float, default=0.05, help="Adam's step size")
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).with_name("policy.npz"), help="weights file"
    )
    args = parser.parse_args(argv)
    started = time.monotonic()
    weights, rewards = train(args.minutes, args.seed, args.lr)
    np.savez(args.out, weights=weights.astype(np.float64))
    print(f"{len(rewards)} games in {time.monotonic() - started:.0f} s; weights in {args.out}:")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:20s} {w:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
