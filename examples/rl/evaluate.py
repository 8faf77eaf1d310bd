"""Play the learned bot against the random reference bot and print its win rate.

    python examples/rl/evaluate.py                     # 100 games, seeds 0..99
    python examples/rl/evaluate.py --games 20 --opponent greedy
    python examples/rl/evaluate.py --sandbox           # each game's bot sandboxed, as hosted

Each game is a 2-player Wandering Towers match played by Arena's referee (`run_match`, what
`arena play` uses), the bot loaded from this folder as the platform loads an uploaded bot
folder. Game i is dealt from seed i and the bot takes seat i % 2, so both seats are played
equally often; the bots' own seeds come from a fixed key, so a run replays exactly. A win is
rank 0 alone (a shared first place is not counted).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import arena.games
from arena.match.lineup import agents_for
from arena.match.referee import TimeControl, run_match

FOLDER = Path(__file__).resolve().parent
#: The bots' seeds are keyed hashes of this and the game (fixed, so a run replays exactly).
KEY = b"examples/rl evaluation"


def win_rate(
    games: int, opponent: str = "random", first_seed: int = 0, sandbox: bool = False
) -> tuple[int, list[int]]:
    """How many of `games` seeded games the bot wins, and the seeds of the others."""
    game = arena.games.get("wandering_towers")
    wins, lost = 0, []
    for seed in range(first_seed, first_seed + games):
        seat = seed % 2
        specs = [opponent, opponent]
        specs[seat] = str(FOLDER)
        agents = agents_for(game, specs, sandbox, key=KEY, match_id=f"eval-{seed}")
        record = run_match(game.name, agents, seed, {}, TimeControl(per_decision=5.0, bank=50.0))
        ranks = [result["rank"] for result in record.outcome]
        if ranks[seat] == 0 and ranks[1 - seat] != 0:
            wins += 1
        else:
            lost.append(seed)
    return wins, lost


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--opponent", default="random", help="a reference bot's name")
    parser.add_argument("--sandbox", action="store_true", help="run the bot sandboxed")
    args = parser.parse_args(argv)
    started = time.monotonic()
    wins, lost = win_rate(args.games, args.opponent, args.seed, args.sandbox)
    print(
        f"learned bot vs {args.opponent}: won {wins} of {args.games} "
        f"({wins / args.games:.0%}) in {time.monotonic() - started:.0f} s"
    )
    if lost:
        print("not won: seeds " + " ".join(map(str, lost)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
