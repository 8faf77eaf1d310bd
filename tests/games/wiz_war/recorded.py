"""Replays recorded by the referee, kept so that later engines must still play them exactly.

The fixture file holds arena-replay/1 documents plus `frames`: a digest of what every frame
showed (the spectator view, each seat's observation and the legal actions, as a set), taken
every CHECKPOINT moves and at the end. Faster or rearranged engines must leave all of it
unchanged. Re-record only when a rule changes on purpose:

    .venv/bin/python tests/games/wiz_war/recorded.py

When a fix changes only what frames show (an action wrongly withheld is now offered, say), keep
the recorded games and recompute only their frame digests:

    .venv/bin/python tests/games/wiz_war/recorded.py --frames
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from arena import replay
from arena.bots import RandomBot
from arena.bots.wiz_war.greedy import GreedyBot
from arena.match.agents import InProcessAgent
from arena.match.referee import run_match

FIXTURES = Path(__file__).with_name("replays.json.gz")
CHECKPOINT = 50

#: (players, options, seed, bots): random play over the options, a few greedy tables.
TABLES: list[tuple[int, dict[str, Any], int, str]] = [
    (2, {}, 1, "random"),
    (3, {}, 2, "random"),
    (4, {}, 3, "random"),
    (2, {"round_limit": 20, "schools": "random"}, 4, "random"),
    (3, {"round_limit": 20, "schools": "random"}, 5, "random"),
    (4, {"round_limit": 20, "schools": "random"}, 6, "random"),
    (2, {"round_limit": 20, "black_cantrip": True}, 7, "random"),
    (4, {"round_limit": 20, "black_cantrip": True}, 8, "random"),
    (3, {"round_limit": 20, "extended_flash_energy": True}, 9, "random"),
    (4, {"round_limit": 20, "extended_flash_energy": True}, 10, "random"),
    (2, {"round_limit": 20, "specializations": True}, 11, "random"),
    (4, {"round_limit": 20, "specializations": True}, 12, "random"),
    (
        3,
        {"round_limit": 20, "schools": "alchemy,conjuring,elemental", "more_summons": "draconic"},
        13,
        "random",
    ),
    (
        4,
        {
            "round_limit": 20,
            "schools": "mentalism,mutation,thaumaturgy",
            "more_summons": "mythology,totem",
        },
        14,
        "random",
    ),
    (2, {"round_limit": 20, "schools": "alchemy,mythology,totem"}, 15, "random"),
    (3, {"round_limit": 20, "schools": "draconic,mythology,totem"}, 16, "random"),
    (4, {"round_limit": 20, "schools": "conjuring,draconic,mentalism"}, 17, "random"),
    (
        4,
        {"round_limit": 20, "black_cantrip": True, "specializations": True, "schools": "random"},
        18,
        "random",
    ),
    (2, {"round_limit": 10, "extended_flash_energy": True, "schools": "random"}, 19, "random"),
    (2, {"round_limit": 20}, 20, "greedy"),
    (3, {"round_limit": 20, "schools": "random"}, 21, "greedy"),
    (4, {"round_limit": 20}, 22, "greedy"),
    (4, {"round_limit": 20, "specializations": True, "schools": "random"}, 23, "greedy"),
    (3, {"round_limit": 20, "black_cantrip": True}, 24, "mixed"),
]


def frame_digest(state: Any, legal: list[str]) -> str:
    """Everything a frame shows anyone, reduced to a short hash."""
    views = [state.spectate()] + [state.observe(p) for p in range(state.num_players)]
    text = json.dumps([views, sorted(legal), state.to_move()], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def frames(doc: dict[str, Any]) -> Iterator[str]:
    """One digest per CHECKPOINT moves (chained, so no frame between is skipped) and the last."""
    chain = hashlib.sha256()
    state = None
    for index, (state, _, _) in enumerate(replay.states(doc)):
        chain.update(frame_digest(state, state.legal_actions()).encode())
        if index % CHECKPOINT == 0:
            yield chain.hexdigest()[:16]
    assert state is not None
    yield chain.hexdigest()[:16]


def _bots(kind: str, players: int, seed: int) -> list[InProcessAgent]:
    def one(seat: int) -> Any:
        greedy = kind == "greedy" or (kind == "mixed" and seat % 2 == 0)
        return (GreedyBot if greedy else RandomBot)(seed=seed * 10 + seat)

    return [InProcessAgent(one(seat), name=f"s{seat}") for seat in range(players)]


def record() -> list[dict[str, Any]]:
    docs = []
    for players, options, seed, kind in TABLES:
        doc = run_match("wiz_war", _bots(kind, players, seed), seed=seed, options=options).replay()
        doc = {k: doc[k] for k in ("format", "game", "options", "players", "seed", "actions")} | {
            "outcome": doc["outcome"],
            "disqualified": doc["disqualified"],
        }
        doc["frames"] = list(frames(doc))
        docs.append(doc)
        print(players, options, seed, kind, len(doc["actions"]), "actions")
    return docs


def load() -> list[dict[str, Any]]:
    with gzip.open(FIXTURES, "rt", encoding="utf-8") as f:
        return json.load(f)


def refresh_frames() -> list[dict[str, Any]]:
    """The recorded games unchanged (each still verifies), their frame digests from this engine."""
    docs = load()
    for doc in docs:
        replay.verify(doc)
        doc["frames"] = list(frames(doc))
    return docs


if __name__ == "__main__":
    docs = refresh_frames() if "--frames" in sys.argv[1:] else record()
    with gzip.open(FIXTURES, "wt", encoding="utf-8") as f:
        json.dump(docs, f, separators=(",", ":"))
