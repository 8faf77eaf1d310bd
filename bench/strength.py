"""Bot strength: the reference bots against each other, seeded, and rated as the ladder rates.

Two-player games (Wandering Towers, Wiz-War): `ismcts` against `greedy`, seats alternating,
and each of them against `random`; a win is rank 0 alone. Castle Panic is co-operative:
each bot plays whole tables of its own kind on the same seeds, and the table's wins count.
Ratings replay every game with arena.ratings (OpenSkill Plackett-Luce; Castle Panic against
a rated "horde", as its ladder does).

    .venv/bin/python bench/strength.py                      # every game, 1000 iterations
    .venv/bin/python bench/strength.py --game wandering_towers --games 40 --jobs 2
    .venv/bin/python bench/strength.py --time 0.4           # the time budget instead

Prints tables; asserts nothing. Iteration budgets make the figures reproducible; a time
budget on a shared machine does not.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

import arena.bots
import arena.games
from arena.ratings import Skill, rate, rate_against_the_game
from arena_sdk import Action

COMPETITIVE = ("wandering_towers", "wiz_war")
COOPERATIVE = ("castle_panic",)
BOTS = ("random", "greedy", "ismcts")


@dataclass(frozen=True)
class Budget:
    iterations: int | None
    seconds: float


@dataclass(frozen=True)
class Played:
    bots: tuple[str, ...]
    ranks: tuple[int, ...]
    won: bool  # co-operative: the table won
    seconds: dict[str, float]
    decisions: dict[str, int]


def make_bot(game: Any, name: str, seed: int, budget: Budget) -> Any:
    factory = arena.bots.get(game.name)[name]
    if name == "ismcts":
        return factory(seed, iterations=budget.iterations, time_budget=budget.seconds)
    return factory(seed)


def play(game_name: str, bots: tuple[str, ...], seed: int, budget: Budget) -> Played:
    """One seeded game between in-process bots, each given its own view and labelled actions."""
    game = arena.games.get(game_name)
    state = game.new_state(len(bots), seed, {})
    seats = [make_bot(game, name, seed * 10 + i, budget) for i, name in enumerate(bots)]
    seconds: dict[str, float] = defaultdict(float)
    decisions: dict[str, int] = defaultdict(int)
    while not state.is_over():
        seat = state.to_move()
        legal = [Action(c, state.describe(c)) for c in state.legal_actions()]
        start = time.perf_counter()
        code = seats[seat].act(state.observe(seat), legal)
        seconds[bots[seat]] += time.perf_counter() - start
        decisions[bots[seat]] += 1
        state.apply(code)
    outcome = state.outcome()
    won = bool(getattr(state, "won", False))
    return Played(bots, tuple(r["rank"] for r in outcome), won, dict(seconds), dict(decisions))


def schedule(game: str, games: int, players: int) -> list[tuple[str, tuple[str, ...], int]]:
    """The games to play: head-to-head pairs (seats alternate) or one-kind tables."""
    jobs: list[tuple[str, tuple[str, ...], int]] = []
    if game in COOPERATIVE:
        for seed in range(games):
            jobs += [(game, (name,) * players, seed) for name in ("greedy", "ismcts")]
        jobs += [(game, ("random",) * players, seed) for seed in range(max(4, games // 4))]
        return jobs
    pairs = [("ismcts", "greedy", games), ("greedy", "random", max(4, games // 4))]
    pairs.append(("ismcts", "random", max(4, games // 4)))
    for a, b, count in pairs:
        for seed in range(count):
            jobs.append((game, (a, b) if seed % 2 == 0 else (b, a), seed))
    return jobs


def head_to_head(results: list[Played], a: str, b: str) -> tuple[int, int, int]:
    """(a's wins, b's wins, draws) over their games."""
    wins = losses = draws = 0
    for r in results:
        if set(r.bots) != {a, b}:
            continue
        sa, sb = r.bots.index(a), r.bots.index(b)
        if r.ranks[sa] < r.ranks[sb]:
            wins += 1
        elif r.ranks[sb] < r.ranks[sa]:
            losses += 1
        else:
            draws += 1
    return wins, losses, draws


def ratings(game: str, results: list[Played]) -> dict[str, Skill]:
    """Replay every game through the ladder's rating functions."""
    skills = {name: Skill() for name in BOTS}
    horde = Skill()
    for r in results:
        if game in COOPERATIVE:
            team, horde = rate_against_the_game([skills[r.bots[0]]] * len(r.bots), horde, r.won)
            skills[r.bots[0]] = team[0]
        else:
            new = rate([skills[n] for n in r.bots], list(r.ranks))
            for name, skill in zip(r.bots, new, strict=True):
                skills[name] = skill
    return skills


def report(console: Console, game: str, results: list[Played], budget: Budget) -> None:
    shown = f"{budget.iterations} iterations" if budget.iterations else f"{budget.seconds}s"
    table = Table(title=f"{game}: ismcts at {shown} per decision")
    if game in COOPERATIVE:
        for column in ("table of", "games", "team wins", "win rate", "s/decision"):
            table.add_column(column)
        for name in BOTS:
            mine = [r for r in results if r.bots[0] == name]
            if not mine:
                continue
            wins = sum(r.won for r in mine)
            table.add_row(
                f"{len(mine[0].bots)} x {name}",
                str(len(mine)),
                str(wins),
                f"{wins / len(mine):.0%}",
                _per_decision(mine, name),
            )
    else:
        for column in ("bot", "opponent", "games", "wins", "losses", "draws", "win rate"):
            table.add_column(column)
        table.add_column("s/decision")
        for a, b in (("ismcts", "greedy"), ("ismcts", "random"), ("greedy", "random")):
            w, lo, d = head_to_head(results, a, b)
            total = w + lo + d
            mine = [r for r in results if set(r.bots) == {a, b}]
            table.add_row(
                a, b, str(total), str(w), str(lo), str(d), f"{w / max(1, total):.0%}",
                _per_decision(mine, a),
            )  # fmt: skip
    console.print(table)
    rated = Table(title=f"{game}: ratings (OpenSkill, replayed in order)")
    for column in ("bot", "mu", "sigma", "display"):
        rated.add_column(column)
    for name, skill in sorted(ratings(game, results).items(), key=lambda kv: kv[1].display):
        rated.add_row(name, f"{skill.mu:.2f}", f"{skill.sigma:.2f}", f"{skill.display:.2f}")
    console.print(rated)


def _per_decision(results: list[Played], name: str) -> str:
    seconds = sum(r.seconds.get(name, 0.0) for r in results)
    decisions = sum(r.decisions.get(name, 0) for r in results)
    return f"{seconds / max(1, decisions):.3f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=COMPETITIVE + COOPERATIVE)
    parser.add_argument("--games", type=int, default=40, help="ismcts-greedy games per game")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--time", type=float, default=None, help="seconds instead of iterations")
    parser.add_argument("--players", type=int, default=2, help="Castle Panic table size")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    budget = Budget(None if args.time else args.iterations, args.time or 0.0)
    console = Console()
    for game in args.game or COMPETITIVE + COOPERATIVE:
        jobs = schedule(game, args.games, args.players)
        with ProcessPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(play, g, bots, seed, budget) for g, bots, seed in jobs]
            results = [f.result() for f in futures]
        report(console, game, results, budget)


if __name__ == "__main__":
    main()
