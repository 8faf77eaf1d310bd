"""Fit the Castle Panic search's win-probability model (arena/bots/castle_panic/value.py).

Plays greedy tables on seeds no benchmark plays, records the features of every position the
search scores (each end of a Phase 4, after the monsters' coming move, no tokens drawn)
with whether that table went on to win, and fits a logistic regression (Newton's method, a
little L2) on four fifths of the tables. Prints the log loss on the other fifth next to
always guessing the win rate, and the weights; `--write` puts them into value.py.

    .venv/bin/python bench/fit_castle_panic_value.py --jobs 2 --write

The figures in docs/games/castle-panic.md come from the defaults.
"""

from __future__ import annotations

import argparse
import re
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import track
from rich.table import Table

from arena.bots.castle_panic import value

FIRST_SEED = 1_000_000  # bench/strength.py plays seeds from 0
#: Tables of each size, per 1,000 tables: mostly the benchmark's two seats.
SIZES = {1: 100, 2: 700, 3: 100, 4: 100}
VALUE_PY = Path(value.__file__)


def table(seed: int) -> tuple[int, list[list[float]], bool]:
    """One greedy table: the features of each position the search would score, and the end."""
    scored, won = value.greedy_table(_size(seed), seed)
    return seed, [value.features(state) for state in scored], won


def _size(seed: int) -> int:
    slot = seed % 1000
    for players, share in SIZES.items():
        if slot < share:
            return players
        slot -= share
    raise AssertionError("SIZES sums to 1000")


def fit(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """Logistic regression by Newton's method; the first column is the intercept."""
    w = np.zeros(x.shape[1])
    ridge = l2 * np.eye(x.shape[1])
    ridge[0, 0] = 0.0
    for _ in range(25):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        gradient = x.T @ (p - y) / len(y) + ridge @ w
        hessian = (x * (p * (1 - p))[:, None]).T @ x / len(y) + ridge
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-x @ w)), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def write(intercept: float, weights: dict[str, float]) -> None:
    """Replace the INTERCEPT and WEIGHTS block of value.py."""
    lines = [f"INTERCEPT = {intercept:.6f}", "WEIGHTS: dict[str, float] = {"]
    lines += [f'    "{name}": {w:.6f},' for name, w in weights.items()]
    lines.append("}")
    text = VALUE_PY.read_text()
    pattern = re.compile(r"^INTERCEPT = .*?^WEIGHTS: dict\[str, float\] = \{.*?^\}$", re.M | re.S)
    VALUE_PY.write_text(pattern.sub("\n".join(lines), text, count=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20000)
    parser.add_argument("--first-seed", type=int, default=FIRST_SEED)
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="put the weights into value.py")
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.tables)
    rows: list[list[float]] = []
    labels: list[float] = []
    held_out: list[bool] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        played = pool.map(table, seeds, chunksize=50)
        for seed, features, won in track(played, total=len(seeds), description="tables"):
            rows += features
            labels += [float(won)] * len(features)
            held_out += [seed % 5 == 0] * len(features)
    raw = np.array(rows)
    y = np.array(labels)
    test = np.array(held_out)
    mean, spread = raw.mean(0), raw.std(0)
    spread[spread == 0] = 1.0  # a feature the tables never varied gets no weight
    x = np.hstack([np.ones((len(y), 1)), (raw - mean) / spread])
    w = fit(x[~test], y[~test], args.l2)
    rate = y[~test].mean()
    guess = np.full(x.shape[1], 0.0)
    guess[0] = np.log(rate / (1 - rate))
    console = Console()
    console.print(
        f"{len(seeds)} tables, {len(y)} positions, win rate {y.mean():.3f}; held-out log loss "
        f"{log_loss(x[test], y[test], w):.4f} (the win rate alone: "
        f"{log_loss(x[test], y[test], guess):.4f})"
    )
    scale = w[1:] / spread
    scale[raw.std(0) == 0] = 0.0
    weights = dict(zip(value.FEATURES, (float(v) for v in scale), strict=True))
    intercept = float(w[0] - (scale * mean).sum())
    shown = Table("feature", "weight", "per spread")
    for (name, weight), standard in zip(weights.items(), w[1:], strict=True):
        shown.add_row(name, f"{weight:.4f}", f"{standard:.3f}")
    console.print(shown)
    if args.write:
        write(intercept, weights)
        console.print(f"written to {VALUE_PY}")


if __name__ == "__main__":
    main()
