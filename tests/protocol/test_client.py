"""The SDK client and `arena-bot run`, as separate processes against a live referee."""

from __future__ import annotations

import json
import sys

from protocol_helpers import BOTS, spawn_bot

from arena.match.agents import AgentError, DecisionRequest
from arena.match.grpc_server import RefereeServer
from arena_sdk import Action

GAME = "wandering_towers"
HEADER = {
    "match_id": "m-7",
    "game": GAME,
    "options": {"variant": "basic", "target": 3, "fast": True},
    "players": ["flaky"],
    "time_control": {"per_decision": 1.0, "bank": 5.0, "max_strikes": 3},
    "seat": 0,
}
LEGAL = [Action("a", "first"), Action("b", "second")]
RESULT = {
    "outcome": [{"rank": 0, "score": 4, "disqualified": False}],
    "seat": 0,
    "strikes": [{"decision": 1, "reason": "error", "detail": "RuntimeError: flaky on turn 2"}],
}


def test_an_exception_in_act_costs_the_turn_not_the_connection(server: RefereeServer) -> None:
    match = server.open_match(GAME, 1)
    bot = spawn_bot(BOTS / "flaky.py", server.address, match.tokens[0])
    assert match.wait_for_seats(10) == []
    agent = match.agents[0]
    agent.start(HEADER)
    answers = []
    for index in range(4):
        try:
            answers.append(agent.decide(DecisionRequest(index, {}, LEGAL, 1.0, 5.0), 5.0))
        except AgentError as exc:
            answers.append(exc.reason)
    agent.end(RESULT)
    agent.close()
    status, out, err = bot.finish()
    assert answers == ["b", "error", "b", "error"]
    assert status == 0, err
    assert '"rank": 0' in out
    assert "flaky on turn 2" in err and "flaky on turn 2" in agent.stderr()
    match.close()


def test_a_bad_token_exits_with_status_1(server: RefereeServer) -> None:
    server.open_match(GAME, 1)
    bot = spawn_bot(BOTS / "first_legal.py", server.addresses[1], "wrong")
    status, _, err = bot.finish()
    assert status == 1
    assert "BAD_TOKEN" in err


def test_a_bot_that_does_not_load_exits_with_status_2(server: RefereeServer) -> None:
    bot = spawn_bot(BOTS / "missing.py", server.address, "t")
    status, _, err = bot.finish()
    assert status == 2
    assert "no such file" in err


def test_no_server_is_a_clear_error(sock_dir) -> None:
    bot = spawn_bot(
        BOTS / "first_legal.py", f"unix:{sock_dir}/none.sock", "t", "--connect-timeout", "0.3"
    )
    status, _, err = bot.finish()
    assert status == 1
    assert "UNAVAILABLE" in err
    assert sys.executable  # bots run on this interpreter, by absolute path


def test_a_slow_bot_still_reads_its_result_after_the_referee_is_done(
    server: RefereeServer,
) -> None:
    match = server.open_match(GAME, 1)
    bot = spawn_bot(BOTS / "slow_start.py", server.address, match.tokens[0])
    assert match.wait_for_seats(10) == []
    agent = match.agents[0]
    agent.start(HEADER)
    agent.end(RESULT)
    agent.close()  # before the bot has read a thing
    status, out, err = bot.finish()
    assert status == 0, err
    assert json.loads(out) == {
        "seat": 0,
        "rank": 0,
        "score": 4,
        "disqualified": False,
        "strikes": 1,
    }


def test_a_seat_closed_early_ends_the_bot_with_status_1(server: RefereeServer) -> None:
    match = server.open_match(GAME, 1)
    bot = spawn_bot(BOTS / "first_legal.py", server.address, match.tokens[0])
    assert match.wait_for_seats(10) == []
    match.agents[0].start(HEADER)
    match.close()
    status, _, err = bot.finish()
    assert status == 1
    assert "ABORTED" in err
