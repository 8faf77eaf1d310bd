"""Replays: load and check `arena-replay/1` documents, and re-simulate them.

A replay is seed + actions; re-simulating it must reproduce the recorded outcome exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import arena.games
from arena.games.base import GameState
from arena.match.record import REPLAY_FORMAT, final_outcome


class ReplayError(ValueError):
    """The document is not a valid replay, or does not reproduce its outcome."""


def load(path: str | Path) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ReplayError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{path} is not JSON: {exc.msg} at line {exc.lineno}") from None
    check_shape(doc)
    return doc


def save(doc: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


def check_shape(doc: Any) -> None:
    """Reject documents that are not replays before anything tries to simulate them."""
    if not isinstance(doc, dict):
        raise ReplayError("a replay is a JSON object")
    if doc.get("format") != REPLAY_FORMAT:
        raise ReplayError(f"format is {doc.get('format')!r}, expected {REPLAY_FORMAT!r}")
    expected = {
        "game": str,
        "options": dict,
        "players": list,
        "seed": int,
        "actions": list,
        "outcome": list,
    }
    for key, kind in expected.items():
        if not isinstance(doc.get(key), kind) or isinstance(doc.get(key), bool):
            raise ReplayError(f"field {key!r} is missing or not a {kind.__name__}")
    if not all(isinstance(a, str) for a in doc["actions"]):
        raise ReplayError("every action must be a string")


def states(doc: dict[str, Any]) -> Iterator[tuple[GameState, str | None, int | None]]:
    """Yield (state, action just applied, seat that played it), starting from the setup."""
    try:
        game = arena.games.get(doc["game"])
    except KeyError as exc:
        raise ReplayError(str(exc.args[0])) from None
    try:
        state = game.new_state(len(doc["players"]), doc["seed"], doc["options"])
    except ValueError as exc:
        raise ReplayError(f"cannot set up the game: {exc}") from None
    yield state, None, None
    for index, code in enumerate(doc["actions"]):
        seat = state.to_move()
        if seat is None:
            raise ReplayError(f"action {index} ({code!r}) comes after the game ended")
        try:
            state.apply(code)
        except ValueError as exc:
            raise ReplayError(f"action {index} ({code!r}) is illegal: {exc}") from None
        yield state, code, seat


def verify(doc: dict[str, Any]) -> GameState:
    """Re-simulate; raise ReplayError unless the game ends with exactly the recorded outcome."""
    *_, (state, _, _) = states(doc)
    if not state.is_over():
        raise ReplayError(f"the game is not over after {len(doc['actions'])} actions")
    players = len(doc["players"])
    dq = set(doc.get("disqualified", []))
    outcome = final_outcome(state.outcome(), [seat in dq for seat in range(players)])
    if outcome != doc["outcome"]:
        raise ReplayError(f"outcome differs: recorded {doc['outcome']}, re-simulated {outcome}")
    return state
