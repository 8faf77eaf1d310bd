"""Replays re-simulate exactly, and broken ones are refused with a clear reason."""

from __future__ import annotations

import json

import pytest

from arena import replay
from arena.bots import RandomBot
from arena.match.agents import InProcessAgent
from arena.match.referee import run_match


@pytest.fixture(scope="module")
def doc() -> dict:
    agents = [InProcessAgent(RandomBot(seed=i), name=f"r{i}") for i in range(3)]
    return run_match("wandering_towers", agents, seed=21).replay()


def test_a_saved_replay_loads_and_verifies(doc, tmp_path) -> None:
    path = tmp_path / "match.json"
    replay.save(doc, path)
    loaded = replay.load(path)
    assert loaded == json.loads(json.dumps(doc))
    assert replay.verify(loaded).is_over()


def test_a_changed_outcome_is_detected(doc) -> None:
    bad = json.loads(json.dumps(doc))
    bad["outcome"][0]["rank"] = 9
    with pytest.raises(replay.ReplayError, match="outcome differs"):
        replay.verify(bad)


def test_a_truncated_replay_is_not_over(doc) -> None:
    bad = {**doc, "actions": doc["actions"][:-3]}
    with pytest.raises(replay.ReplayError, match="not over"):
        replay.verify(bad)


def test_an_illegal_action_names_its_index(doc) -> None:
    bad = {**doc, "actions": [*doc["actions"][:5], "nonsense", *doc["actions"][6:]]}
    with pytest.raises(replay.ReplayError, match=r"action 5 .* illegal"):
        replay.verify(bad)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not JSON"),
        ("[]", "JSON object"),
        ('{"format": "other"}', "format"),
        ('{"format": "arena-replay/1", "game": "wandering_towers"}', "options"),
    ],
)
def test_malformed_files_are_refused(tmp_path, text, message) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(replay.ReplayError, match=message):
        replay.load(path)


def test_an_unknown_game_is_refused(doc) -> None:
    with pytest.raises(replay.ReplayError, match="unknown game"):
        replay.verify({**doc, "game": "chess"})
