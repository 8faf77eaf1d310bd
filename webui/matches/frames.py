"""Replay frames for the viewer, rebuilt by re-simulating a match (docs/viewer.md).

One frame per state: frames[0] is the setup, frames[i] the view after action i. A frame is
the game's own `spectate()` view, or `observe(seat)` when viewing as a seat, so the game's
views.py stays the one place that decides what is hidden. Each step carries the action as
the viewer may learn of it: a seat learns what the referee told it (`public_action`), a
spectator what the game says a spectator learns (`spectator_action`). What any viewer may
see is decided by the game's views.py alone; this module only asks.

Finished matches: computed once per view and kept gzipped in storage next to the replay.
Running matches: spectator frames only, from the actions saved so far, cached briefly.
"""

from __future__ import annotations

import gzip
import json
from typing import Any

from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

import arena.games
from arena import replay
from webui.presentation import match_team_result

FORMAT = "arena-frames/1"
#: Bump when the payload changes shape: stored frames of an older version are rebuilt.
VERSION = 2


class FramesUnavailable(Exception):
    """Why frames cannot be served (no replay yet, a seat view of a running match)."""

    def __init__(self, message: str, status: int = 404) -> None:
        super().__init__(message)
        self.status = status


def simulate(
    doc: dict[str, Any], seat: int | None, live: bool = False
) -> tuple[list[dict], list[dict]]:
    """(steps, frames) of a replay document, as seen by `seat` (None: a spectator; `live`:
    one watching a running match)."""
    players = len(doc["players"])
    actions = doc["actions"]
    steps: list[dict[str, Any]] = [{"seat": None, "code": None, "label": "Setup"}]
    frames: list[dict[str, Any]] = []
    for index, (state, _, _) in enumerate(replay.states(doc)):
        frames.append(state.spectate(live=live) if seat is None else state.observe(seat))
        if index == len(actions):
            break
        code = actions[index]
        mover = state.to_move()
        if seat is None:
            shown, label = state.spectator_action(code, players)
        elif seat == mover:
            shown, label = code, state.describe(code)
        else:
            shown, label = state.public_action(code, seat)
        steps.append({"seat": mover, "code": shown, "label": label})
    return steps, frames


def payload(match, doc: dict[str, Any], seat: int | None, live: bool = False) -> dict[str, Any]:
    steps, frames = simulate(doc, seat, live)
    game = arena.games.get(match.game)
    return {
        "format": FORMAT,
        "match": match.pk,
        "game": match.game,
        "title": game.title,
        "status": match.status,
        "complete": match.is_finished,
        "seat": seat,
        "players": doc["players"],
        "outcome": doc.get("outcome") if match.is_finished else [],
        "team": _team(match),
        "steps": steps,
        "frames": frames,
    }


def _team(match) -> dict[str, Any] | None:
    """A finished cooperative match's team result: the table shows it, not a place."""
    team = match_team_result(match)
    return team.to_json() if team else None


def live_document(match) -> dict[str, Any]:
    """A replay-shaped document of what a running match has played so far."""
    return {
        "format": "arena-replay/1",
        "game": match.game,
        "options": match.options,
        "players": [seat.label for seat in match.seats.all()],
        "seed": match.seed,
        "actions": list(match.live_actions),
        "outcome": [],
    }


def stored_name(match, view: str) -> str:
    return f"matches/frames/{match.pk // 1000:04d}/{match.pk}-{view}-v{VERSION}.json.gz"


def _view_name(seat: int | None) -> str:
    return "spectator" if seat is None else f"seat{seat}"


def frames_gzip(match, seat: int | None) -> bytes:
    """The frames payload of `match` as gzipped JSON, from storage or the cache if there."""
    if match.is_finished:
        if not match.replay:
            raise FramesUnavailable("this match has no replay")
        name = stored_name(match, _view_name(seat))
        stored = _read(name)
        if stored is not None:
            return stored
        with match.replay.open("rb") as handle:
            doc = json.load(handle)
        _check_seat(seat, len(doc["players"]))
        built = payload(match, doc, seat)
        data = _pack(built)
        _write(name, data)
        if seat is None:
            _write(stored_name(match, "steps"), _pack(built["steps"]))
        return data
    if seat is not None:
        raise FramesUnavailable(
            "seat views are served once the match has finished: while it runs, what a seat "
            "knows is hidden information",
            status=403,
        )
    if match.status != match.Status.RUNNING:
        raise FramesUnavailable(f"the match is {match.status}: there is nothing to show yet")
    key = f"arena:frames:{match.pk}:a{match.attempts}:{len(match.live_actions)}"
    data = cache.get(key)
    if data is None:
        data = _pack(payload(match, live_document(match), None, live=True))
        cache.set(key, data, timeout=30)
    return data


def spectator_steps(match) -> list[dict[str, Any]]:
    """The steps (seat, code, label) of a finished match as a spectator sees them."""
    stored = _read(stored_name(match, "steps"))
    if stored is None:
        frames_gzip(match, None)
        stored = _read(stored_name(match, "steps"))
        if stored is None:  # storage lost it between the two calls: answer anyway
            return json.loads(gzip.decompress(frames_gzip(match, None)))["steps"]
    return json.loads(gzip.decompress(stored))


def live_payload(match, since: int) -> dict[str, Any]:
    """What the running match page polls for: status, and the steps and frames after `since`."""
    status = {"match": match.pk, "status": match.status, "complete": match.is_finished}
    if match.status != match.Status.RUNNING:
        return {**status, "moves": None, "first": since + 1, "steps": [], "frames": []}
    moves = len(match.live_actions)
    if since >= moves:
        return {**status, "moves": moves, "first": moves + 1, "steps": [], "frames": []}
    data = json.loads(gzip.decompress(frames_gzip(match, None)))
    first = max(since + 1, moves - 99)  # at most 100 frames per poll
    return {
        **status,
        "moves": moves,
        "first": first,
        "steps": data["steps"][first:],
        "frames": data["frames"][first:],
    }


def seat_live_payload(match, seat: int, since: int) -> dict[str, Any]:
    """`live_payload` as the person in `seat` sees it (webui.play checks who asks)."""
    status = {"match": match.pk, "status": match.status, "complete": match.is_finished}
    if match.status != match.Status.RUNNING:
        return {**status, "moves": None, "first": since + 1, "steps": [], "frames": []}
    moves = len(match.live_actions)
    if since >= moves:
        return {**status, "moves": moves, "first": moves + 1, "steps": [], "frames": []}
    data = seat_payload(match, seat)
    first = max(since + 1, moves - 99)
    return {
        **status,
        "moves": moves,
        "first": first,
        "steps": data["steps"][first:],
        "frames": data["frames"][first:],
    }


def seat_payload(match, seat: int) -> dict[str, Any]:
    """The frames of a running match as `seat` sees them, for the person in that seat only:
    the game's observe(seat), as bots are shown; cached per move like the spectator's."""
    key = f"arena:frames:{match.pk}:a{match.attempts}:seat{seat}:{len(match.live_actions)}"
    data = cache.get(key)
    if data is None:
        data = _pack(payload(match, live_document(match), seat))
        cache.set(key, data, timeout=30)
    return json.loads(gzip.decompress(data))


def _check_seat(seat: int | None, players: int) -> None:
    if seat is not None and not 0 <= seat < players:
        raise FramesUnavailable(f"seat {seat} is not in this match (seats 0-{players - 1})")


def _read(name: str) -> bytes | None:
    try:
        with default_storage.open(name, "rb") as handle:
            return handle.read()
    except (FileNotFoundError, OSError):
        return None


def _write(name: str, data: bytes) -> None:
    """Save unless present; of two requests building the same frames, one write wins."""
    if not default_storage.exists(name):
        default_storage.save(name, ContentFile(data))


def _pack(data: Any) -> bytes:
    return gzip.compress(json.dumps(data, separators=(",", ":")).encode(), compresslevel=6)
