"""The referee finishes every match, striking and disqualifying misbehaving seats."""

from __future__ import annotations

import time

import pytest

from arena import replay
from arena.bots import RandomBot
from arena.match.agents import Agent, DecisionRequest, InProcessAgent
from arena.match.record import final_outcome
from arena.match.referee import TimeControl, run_match
from arena.match.strikes import AgentCrashed
from arena_sdk import Bot

GAME = "wandering_towers"


class IllegalBot(Bot):
    def act(self, view, legal):
        return "no-such-action"


class RaisingBot(Bot):
    def act(self, view, legal):
        raise RuntimeError("bug in my bot")


class SlowBot(Bot):
    def __init__(self, delay: float, seed: int | None = None) -> None:
        super().__init__(seed)
        self.delay = delay

    def act(self, view, legal):
        time.sleep(self.delay)
        return legal[0].code


class RecordingBot(RandomBot):
    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.started: dict | None = None
        self.events: list[dict] = []
        self.ended: dict | None = None

    def on_start(self, match):
        self.started = dict(match)

    def on_event(self, event):
        self.events.append(dict(event))

    def on_end(self, result):
        self.ended = dict(result)


class CrashingAgent(Agent):
    name = "crasher"

    def decide(self, request: DecisionRequest, timeout: float) -> str:
        raise AgentCrashed("process exited with status 1")


def randoms(n: int, seed: int = 0) -> list[Agent]:
    return [InProcessAgent(RandomBot(seed=seed + i), name=f"random{i}") for i in range(n)]


def test_illegal_answers_are_struck_and_disqualify_after_the_limit() -> None:
    agents = [InProcessAgent(IllegalBot(), name="illegal"), *randoms(2)]
    record = run_match(GAME, agents, seed=3, time_control=TimeControl(max_strikes=3))
    seat = record.seats[0]
    assert [s.reason for s in seat.strikes] == ["illegal"] * 3
    assert seat.disqualified and seat.disqualified_reason == "3 strikes"
    assert record.outcome[0]["rank"] == max(r["rank"] for r in record.outcome)
    assert record.outcome[0]["disqualified"] is True
    assert all(not s.strikes for s in record.seats[1:])
    replay.verify(record.replay())


def test_fallback_moves_are_marked_in_the_timings() -> None:
    agents = [InProcessAgent(IllegalBot(), name="illegal"), *randoms(1)]
    record = run_match(GAME, agents, seed=4)
    sources = {t["source"] for t in record.timings if t["seat"] == 0}
    assert sources == {"fallback"}
    assert {t["source"] for t in record.timings if t["seat"] == 1} == {"bot"}


def test_a_bot_exception_is_a_strike_with_its_message() -> None:
    agents = [InProcessAgent(RaisingBot(), name="raiser"), *randoms(1)]
    record = run_match(GAME, agents, seed=5, time_control=TimeControl(max_strikes=2))
    strike = record.seats[0].strikes[0]
    assert strike.reason == "error"
    assert "bug in my bot" in strike.detail
    assert record.seats[0].disqualified


def test_a_crash_disqualifies_at_once_and_the_match_still_ends() -> None:
    record = run_match(GAME, [CrashingAgent(), *randoms(3)], seed=6)
    assert len(record.seats[0].strikes) == 1
    assert record.seats[0].disqualified
    assert record.seats[0].disqualified_reason.startswith("crash")
    assert record.outcome[0]["rank"] > 0
    replay.verify(record.replay())


def test_a_slow_answer_beyond_limit_and_bank_is_a_timeout() -> None:
    tc = TimeControl(per_decision=0.01, bank=0.02, max_strikes=1)
    agents = [InProcessAgent(SlowBot(0.05), name="slow"), *randoms(1)]
    record = run_match(GAME, agents, seed=7, time_control=tc)
    assert record.seats[0].strikes[0].reason == "timeout"
    assert record.seats[0].disqualified


def test_overruns_are_paid_from_the_bank_before_striking() -> None:
    tc = TimeControl(per_decision=0.005, bank=30.0, max_strikes=1)
    agents = [InProcessAgent(SlowBot(0.01), name="slowish"), *randoms(1)]
    record = run_match(GAME, agents, seed=8, time_control=tc)
    assert record.seats[0].strikes == []
    assert record.seats[0].time_used_ms > 0


def test_bots_hear_start_events_and_end() -> None:
    watcher = RecordingBot(seed=1)
    agents = [InProcessAgent(watcher, name="watcher"), *randoms(2)]
    record = run_match(GAME, agents, seed=9, match_id="m-1")
    assert watcher.started is not None
    assert watcher.started["seat"] == 0 and watcher.started["game"] == GAME
    assert watcher.started["players"] == ["watcher", "random0", "random1"]
    others = [t for t in record.timings if t["seat"] != 0]
    assert len(watcher.events) == len(others)
    assert all(e["seat"] != 0 and e["code"] and e["label"] for e in watcher.events)
    assert watcher.ended is not None and watcher.ended["outcome"] == record.outcome


def test_the_record_reproduces_through_its_replay() -> None:
    record = run_match(GAME, randoms(4, seed=10), seed=10)
    doc = record.replay()
    assert doc["format"] == "arena-replay/1"
    assert len(record.timings) == len(record.actions)
    state = replay.verify(doc)
    assert state.is_over()


@pytest.mark.parametrize(
    ("engine", "dq", "expected"),
    [
        ([0, 1, 2], [False, False, False], [0, 1, 2]),
        ([0, 1, 2], [True, False, False], [2, 0, 1]),
        ([0, 0, 2, 3], [False, True, False, True], [0, 2, 1, 2]),
        ([1, 0, 0], [False, False, False], [1, 0, 0]),
    ],
)
def test_disqualified_seats_rank_last_and_ranks_stay_dense(engine, dq, expected) -> None:
    outcome = final_outcome([{"rank": r, "score": 0} for r in engine], dq)
    assert [r["rank"] for r in outcome] == expected


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        ({"rank": 0, "score": 3}, True),
        ({"rank": 1, "score": 3}, False),
        ({"rank": 0, "score": 0, "team_won": False}, False),
        ({"rank": 0, "score": 1009, "team_won": True}, True),
    ],
)
def test_a_cooperative_team_that_lost_together_did_not_win(result, expected) -> None:
    from arena.games import won

    assert won(result) is expected
