"""OpenSpiel's ISMCTS beside Arena's `ismcts` bot at equal iterations: win rates and seconds
per decision, per game (needs the `arena[rl]` extra).

Two-player games (Wandering Towers, Wiz-War): the two search bots head to head, seats
alternating, on the same seeds. Castle Panic is co-operative: each bot plays whole tables of
its own kind on the same seeds, and the table's wins count. OpenSpiel's bot is
`open_spiel.python.algorithms.ismcts.ISMCTSBot` over `arena.envs.openspiel` with uniformly
random rollouts (`--rollout` caps their length; capped rollouts score 0) and the engine's
`determinize` as its resampler; where Wiz-War cannot determinize (away from the top of the
seat's own turn) it plays Arena's greedy bot, as Arena's `ismcts` does.

    .venv/bin/python bench/openspiel_strength.py                     # every game
    .venv/bin/python bench/openspiel_strength.py --game castle_panic --games 10 --iterations 100

Prints a table; asserts nothing.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

import arena.bots
from arena_sdk import Action

GAMES = ("wandering_towers", "wiz_war", "castle_panic")
KINDS = ("arena", "openspiel")


@dataclass(frozen=True)
class Played:
    kinds: tuple[str, ...]
    rewards: tuple[float, ...]
    seconds: dict[str, float]
    decisions: dict[str, int]


class OpenSpielSeat:
    """OpenSpiel's ISMCTS for one seat (Arena's greedy where the engine cannot resample)."""

    def __init__(self, game: Any, seed: int, iterations: int, rollout: int | None) -> None:
        from open_spiel.python.algorithms import ismcts, mcts

        from arena.envs import openspiel

        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=rollout)
        self.bot = ismcts.ISMCTSBot(game, evaluator, 2.0, iterations, random_state=rng)
        self.bot.set_resampler(openspiel.resampler(seed))
        self.greedy = arena.bots.get(game.arena_game.name)["greedy"](seed)
        self.can_resample = openspiel.can_resample

    def act(self, state: Any) -> int:
        if self.can_resample(state):
            return int(self.bot.step(state))
        engine, seat = state.engine, state.current_player()
        legal = [Action(c, engine.describe(c)) for c in engine.legal_actions()]
        code = self.greedy.act(engine.observe(seat), legal)
        return state.get_game().codec.action_index(code)


class ArenaSeat:
    """Arena's `ismcts` bot, given its view and labelled actions as on the ladder."""

    def __init__(self, game: Any, seed: int, iterations: int) -> None:
        factory = arena.bots.get(game.arena_game.name)["ismcts"]
        self.bot = factory(seed, iterations=iterations, time_budget=0.0)

    def act(self, state: Any) -> int:
        engine, seat = state.engine, state.current_player()
        legal = [Action(c, engine.describe(c)) for c in engine.legal_actions()]
        code = self.bot.act(engine.observe(seat), legal)
        return state.get_game().codec.action_index(code)


def play(
    name: str, kinds: tuple[str, ...], seed: int, iterations: int, rollout: int | None
) -> Played:
    """One seeded game through OpenSpiel's state API, each seat searching its own way."""
    from arena.envs import openspiel

    game = openspiel.load(name, len(kinds), seed=seed)
    seats = [
        OpenSpielSeat(game, seed * 10 + i, iterations, rollout)
        if kind == "openspiel"
        else ArenaSeat(game, seed * 10 + i, iterations)
        for i, kind in enumerate(kinds)
    ]
    seconds: dict[str, float] = defaultdict(float)
    decisions: dict[str, int] = defaultdict(int)
    state = game.new_initial_state()
    while not state.is_terminal():
        seat = state.current_player()
        start = time.perf_counter()
        action = seats[seat].act(state)
        seconds[kinds[seat]] += time.perf_counter() - start
        decisions[kinds[seat]] += 1
        state.apply_action(action)
    return Played(kinds, tuple(state.returns()), dict(seconds), dict(decisions))


def schedule(name: str, games: int, players: int) -> list[tuple[str, ...]]:
    if name == "castle_panic":
        return [(kind,) * players for _ in range(games) for kind in KINDS]
    return [KINDS if seed % 2 == 0 else KINDS[::-1] for seed in range(games)]


def report(console: Console, results: dict[str, list[Played]], iterations: int) -> None:
    table = Table(title=f"OpenSpiel ISMCTS and Arena ismcts at {iterations} iterations")
    for column in ("game", "bot", "games", "wins", "win rate", "s/decision", "decisions"):
        table.add_column(column)
    for name, played in results.items():
        for kind in KINDS:
            if name == "castle_panic":
                mine = [p for p in played if p.kinds[0] == kind]
                wins = sum(p.rewards[0] > 0 for p in mine)
            else:
                mine = played
                wins = sum(p.rewards[p.kinds.index(kind)] > max(p.rewards) - 1e-9
                           and len(set(p.rewards)) > 1 for p in mine)  # fmt: skip
            seconds = sum(p.seconds.get(kind, 0.0) for p in mine)
            decisions = sum(p.decisions.get(kind, 0) for p in mine)
            table.add_row(
                name, kind, str(len(mine)), str(wins), f"{wins / max(1, len(mine)):.0%}",
                f"{seconds / max(1, decisions):.3f}", str(decisions),
            )  # fmt: skip
    console.print(table)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--games", type=int, default=10, help="games (tables of each kind)")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--rollout", type=int, default=None, help="cap on rollout length")
    parser.add_argument("--players", type=int, default=2, help="Castle Panic table size")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    results: dict[str, list[Played]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for name in args.game or GAMES:
            jobs = [
                pool.submit(play, name, kinds, seed // (2 if name == "castle_panic" else 1),
                            args.iterations, args.rollout)
                for seed, kinds in enumerate(schedule(name, args.games, args.players))
            ]  # fmt: skip
            results[name] = [f.result() for f in jobs]
    report(Console(), results, args.iterations)


if __name__ == "__main__":
    main()
