"""Whole Wandering Towers matches over real gRPC, bots in their own processes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from protocol_helpers import BOTS, spawn_bot

from arena.bots import RandomBot
from arena.bots.wandering_towers.greedy import GreedyBot
from arena.match.agents import InProcessAgent
from arena.match.grpc_server import RefereeServer
from arena.match.referee import TimeControl, run_match
from arena_sdk.loader import load_bot

GAME = "wandering_towers"
OPTIONS = {"variant": "master_wizard"}
CLOCK = TimeControl(per_decision=5.0, bank=30.0, max_strikes=1000)


@pytest.mark.parametrize(
    ("transport", "events"), [("unix", "in turns"), ("tcp", "in turns"), ("unix", "live")]
)
def test_a_hosted_match_plays_exactly_like_an_in_process_one(
    server: RefereeServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    transport: str,
    events: str,
) -> None:
    """Whether other seats' moves come one message each ("live") or with the bot's next
    turn, its hooks see the same things in the same order as in-process."""
    address = server.addresses[0 if transport == "unix" else 1]
    assert address.startswith("unix:") == (transport == "unix")

    monkeypatch.setenv("ARENA_TEST_RECORD", str(tmp_path / "local.json"))
    in_process = [load_bot(BOTS / "recorder.py", seed=1), GreedyBot(seed=2), RandomBot(seed=3)]
    local = run_match(
        GAME, [InProcessAgent(b) for b in in_process], 42, OPTIONS, CLOCK, match_id="m-42"
    )

    match = server.open_match(GAME, 3, match_id="m-42")
    record = {
        "ARENA_TEST_RECORD": str(tmp_path / "hosted.json"),
        "ARENA_TEST_LIVE_EVENTS": "1" if events == "live" else "0",
    }
    bots = [
        spawn_bot(BOTS / "recorder.py", address, match.tokens[0], "--seed", "1", env=record),
        spawn_bot(BOTS / "wt_greedy.py", address, match.tokens[1], "--seed", "2"),
        spawn_bot(BOTS / "wt_random.py", address, match.tokens[2], "--seed", "3"),
    ]
    missing = match.wait_for_seats(20)
    assert missing == [], [bots[seat].finish() for seat in missing]
    assert match.agent(0).events_in_turns == (events == "in turns")
    assert match.agent(1).events_in_turns, "the SDK asks for events in turns by default"
    hosted = run_match(GAME, match.agents, 42, OPTIONS, CLOCK, match_id="m-42")
    match.close()
    finished = [bot.finish() for bot in bots]
    assert [status for status, _, _ in finished] == [0, 0, 0], [err for _, _, err in finished]

    assert hosted.actions == local.actions
    assert hosted.outcome == local.outcome
    assert hosted.players == local.players == ["recorder", "greedy", "random"]
    assert [s.strikes for s in hosted.seats] == [[], [], []]
    # Every hook got the same dicts (views, legal actions, events, start, end) either way.
    hosted_seen = json.loads((tmp_path / "hosted.json").read_text())
    assert hosted_seen == json.loads((tmp_path / "local.json").read_text())
    assert len(hosted_seen["turns"]) > 10 and hosted_seen["events"]
    printed = json.loads(finished[1][1])  # `arena-bot run` prints its seat's result
    assert printed["rank"] == hosted.outcome[1]["rank"]


def test_a_failing_bot_is_struck_per_turn_and_told_its_strikes(server: RefereeServer) -> None:
    match = server.open_match(GAME, [0])
    bot = spawn_bot(BOTS / "flaky.py", server.address, match.tokens[0])
    assert match.wait_for_seats(20) == []
    record = run_match(
        GAME, [match.agent(0), InProcessAgent(RandomBot(seed=5))], 7, time_control=CLOCK
    )
    match.close()
    status, out, err = bot.finish()
    assert status == 0, err
    strikes = record.seats[0].strikes
    assert strikes and {s.reason for s in strikes} == {"error"}
    assert "flaky on turn 2" not in strikes[0].detail  # public: the bot's words are not
    assert "flaky on turn 2" in record.seats[0].stderr
    assert json.loads(out)["strikes"] == len(strikes)
    assert not record.seats[0].disqualified


def test_a_bot_that_vanishes_is_disqualified_and_the_match_finishes(
    server: RefereeServer,
) -> None:
    match = server.open_match(GAME, [1])
    bot = spawn_bot(BOTS / "vanishes.py", server.address, match.tokens[1])
    assert match.wait_for_seats(20) == []
    agents = [InProcessAgent(RandomBot(seed=5)), match.agent(1)]
    record = run_match(GAME, agents, 8, time_control=CLOCK)
    match.close()
    assert bot.finish()[0] == 3
    assert record.seats[1].disqualified
    assert record.seats[1].strikes[-1].reason == "crash"
    assert record.outcome[1]["rank"] == 1 and record.outcome[1]["disqualified"]
