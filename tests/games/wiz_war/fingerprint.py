"""Wiz-War's behaviour as one hash per option family, so a rewritten engine can prove it plays
exactly as the old one did.

Per family, seeded random games (2, 3 and 4 players in turn, short round limits, now and then
the full hundred rounds); at every decision the hash takes in the seat to move, every legal
code with its label, each seat's observation, the spectator's and the live watcher's view, and
the chosen code as each seat and the spectator learn of it; at the end, the outcome. Views are
hashed as JSON in their own key order, so even a reordered dict shows.

    .venv/bin/python tests/games/wiz_war/fingerprint.py            # compare, 300 games a family
    .venv/bin/python tests/games/wiz_war/fingerprint.py --fast     # compare, 30 games a family
    .venv/bin/python tests/games/wiz_war/fingerprint.py --record   # write fingerprints.json

Record only when a rule changes on purpose. The fast set runs in the test suite
(test_fingerprints.py); the full set before any change to the engine is committed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import arena.games

RECORDED = Path(__file__).with_name("fingerprints.json")
FULL, FAST = 300, 30

#: Option families: each choice of each option that changes the deck or the set-up, once.
FAMILIES: dict[str, dict[str, Any]] = {
    "defaults": {},
    "random_schools": {"schools": "random"},
    "black_cantrip": {"black_cantrip": True, "schools": "random"},
    "extended_flash_energy": {"extended_flash_energy": True, "schools": "random"},
    "more_summons": {},  # schools and summons drawn per game below
    "specializations": {"specializations": True, "schools": "random"},
}
#: The non-Bestial schools a More Summons game plays with, and the summons it adds.
_MORE_SUMMONS = [
    ("alchemy,conjuring,elemental", "draconic"),
    ("mentalism,mutation,thaumaturgy", "mythology,totem"),
    ("alchemy,elemental,mentalism", "draconic,mythology,totem"),
    ("conjuring,mutation,thaumaturgy", "totem"),
]
ROUND_LIMITS = (5, 10, 20)
#: Every this many games, one is played to the default hundred rounds.
FULL_LENGTH_EVERY = 50


def game_options(family: str, index: int) -> tuple[int, dict[str, Any]]:
    """Players and options of game `index` of a family."""
    options = dict(FAMILIES[family])
    if family == "more_summons":
        schools, summons = _MORE_SUMMONS[index % len(_MORE_SUMMONS)]
        options |= {"schools": schools, "more_summons": summons}
    if index % FULL_LENGTH_EVERY != FULL_LENGTH_EVERY - 1:
        options["round_limit"] = ROUND_LIMITS[index % len(ROUND_LIMITS)]
    return 2 + index % 3, options


def _dump(data: Any) -> bytes:
    return json.dumps(data, separators=(",", ":")).encode()


def play(family: str, index: int) -> tuple[str, int]:
    """One game's hash and its number of decisions."""
    players, options = game_options(family, index)
    seed = 1000 * index + len(family)
    game = arena.games.get("wiz_war")
    state = game.new_state(players, seed, options)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    decisions = 0
    while not state.is_over():
        legal = state.legal_actions()
        digest.update(_dump([state.to_move(), [[c, state.describe(c)] for c in legal]]))
        for seat in range(players):
            digest.update(_dump(state.observe(seat)))
        digest.update(_dump(state.spectate()))
        digest.update(_dump(state.spectate(live=True)))
        code = legal[rng.randrange(len(legal))]
        seen = [state.public_action(code, seat) for seat in range(players)]
        digest.update(_dump([seen, state.spectator_action(code, players)]))
        state.apply(code)
        decisions += 1
    digest.update(_dump([state.to_move(), state.legal_actions(), state.outcome()]))
    for seat in range(players):
        digest.update(_dump(state.observe(seat)))
    digest.update(_dump(state.spectate()))
    return digest.hexdigest(), decisions


def _family(args: tuple[str, int]) -> tuple[str, str, int]:
    family, games = args
    chain = hashlib.sha256()
    decisions = 0
    for index in range(games):
        one, d = play(family, index)
        chain.update(one.encode())
        decisions += d
    return family, chain.hexdigest()[:32], decisions


def fingerprints(games: int, workers: int = 1) -> dict[str, str]:
    """One hash per family over its first `games` games."""
    jobs = [(family, games) for family in FAMILIES]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_family, jobs))
    else:
        results = [_family(job) for job in jobs]
    return {family: digest for family, digest, _ in results}


def recorded() -> dict[str, dict[str, str]]:
    return json.loads(RECORDED.read_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fast", action="store_true", help=f"{FAST} games a family")
    parser.add_argument("--record", action="store_true", help="write both sets")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.record:
        out = {
            "games": {"fast": FAST, "full": FULL},
            "fast": fingerprints(FAST, args.workers),
            "full": fingerprints(FULL, args.workers),
        }
        RECORDED.write_text(json.dumps(out, indent=2) + "\n")
        print(json.dumps(out, indent=2))
        return 0
    which, games = ("fast", FAST) if args.fast else ("full", FULL)
    t0 = time.time()
    now = fingerprints(games, args.workers)
    want = recorded()[which]
    for family, digest in now.items():
        mark = "same" if want.get(family) == digest else "DIFFERENT"
        print(f"{family:24} {games} games  {digest}  {mark}")
    print(f"{time.time() - t0:.0f} s")
    return 0 if now == want else 1


if __name__ == "__main__":
    sys.exit(main())
