"""The referee's side of the stream: tokens, strikes and failures, driven by a raw client."""

from __future__ import annotations

import threading
import time

import pytest
from protocol_helpers import RawBot

from arena.match.agents import DecisionRequest
from arena.match.grpc_server import RefereeServer
from arena.match.remote import RemoteAgent
from arena.match.strikes import (
    AgentCrashed,
    AgentError,
    AgentFlood,
    AgentProtocolError,
    AgentStaleReply,
    AgentTimeout,
)
from arena_sdk import Action
from arena_sdk.proto.arena.v1 import referee_pb2 as pb

GAME = "wandering_towers"
LEGAL = [Action("a", "first"), Action("b", "second")]
HEADER = {
    "match_id": "m-1",
    "game": GAME,
    "options": {},
    "players": ["raw"],
    "time_control": {"per_decision": 1.0, "bank": 2.0, "max_strikes": 3},
    "seat": 0,
}


def request(index: int = 0) -> DecisionRequest:
    # An empty view is a valid (all-default) view message: these tests are about the stream.
    return DecisionRequest(index, {}, LEGAL, per_decision=1.0, bank=2.0)


def joined(server: RefereeServer, features: tuple[str, ...] = ()) -> tuple[RemoteAgent, RawBot]:
    """A one-seat match whose raw bot has said hello and seen the welcome and the start."""
    match = server.open_match(GAME, 1, match_id="m-1")
    bot = RawBot(server.address)
    bot.hello(match.tokens[0], features)
    assert match.wait_for_seats(5) == []
    agent = match.agents[0]
    welcome = bot.expect("welcome").welcome
    assert welcome.match_id == "m-1"
    assert list(welcome.features) == [f for f in features if f == "events_in_turns"]
    agent.start(HEADER)
    assert bot.expect("match_start").match_start.game == GAME
    return agent, bot


def decide_in_thread(agent: RemoteAgent, timeout: float, index: int = 0) -> dict:
    outcome: dict = {}

    def run() -> None:
        try:
            outcome["code"] = agent.decide(request(index), timeout)
        except AgentError as exc:
            outcome["error"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    outcome["thread"] = thread
    return outcome


def test_a_reply_to_the_turn_is_the_decision(server: RefereeServer) -> None:
    agent, bot = joined(server)
    pending = decide_in_thread(agent, 5)
    turn = bot.expect("turn").turn
    assert [a.code for a in turn.legal] == ["a", "b"]
    assert (turn.deadline_ms, turn.time_bank_ms) == (1000, 2000)
    assert turn.WhichOneof("view") == GAME
    bot.reply(turn.request_id, "b")
    pending["thread"].join(5)
    assert pending["code"] == "b"
    assert agent.name == "raw"  # no platform name given: the hello's name is used
    bot.close()


def test_bad_token_gets_an_in_band_error_and_the_stream_closed(server: RefereeServer) -> None:
    server.open_match(GAME, 1)
    bot = RawBot(server.address)
    bot.hello("not-a-token")
    error = bot.expect("error").error
    assert error.code == pb.ERROR_CODE_BAD_TOKEN
    # The usual mistake is a remote bot's token: the refusal says where that one goes.
    assert "opens no seat" in error.message and "Gateway.Attend" in error.message
    bot.done_writing()
    assert bot.recv() is None


def test_the_first_message_must_be_a_hello(server: RefereeServer) -> None:
    bot = RawBot(server.address)
    bot.reply(1, "a")
    assert bot.expect("error").error.code == pb.ERROR_CODE_PROTOCOL
    bot.done_writing()
    assert bot.recv() is None


def test_a_seat_is_played_by_one_stream_only(server: RefereeServer) -> None:
    match = server.open_match(GAME, 1)
    first, second = RawBot(server.address), RawBot(server.address)
    first.hello(match.tokens[0])
    first.expect("welcome")
    second.hello(match.tokens[0])
    assert second.expect("error").error.code == pb.ERROR_CODE_SEAT_TAKEN
    second.done_writing()
    assert second.recv() is None
    first.close()


def test_wait_for_seats_returns_the_missing_ones(server: RefereeServer) -> None:
    match = server.open_match(GAME, 2)
    started = time.monotonic()
    assert match.wait_for_seats(0.2) == [0, 1]
    assert time.monotonic() - started >= 0.2
    bot = RawBot(server.address)
    bot.hello(match.tokens[1])
    deadline = time.monotonic() + 5
    while match.missing() != [0] and time.monotonic() < deadline:
        time.sleep(0.01)
    assert match.wait_for_seats(0.05) == [0]
    with pytest.raises(AgentCrashed, match="never connected"):
        match.agent(0).start(HEADER)
    bot.close()


def test_garbage_bytes_are_a_protocol_error(server: RefereeServer) -> None:
    agent, bot = joined(server)
    pending = decide_in_thread(agent, 5)
    bot.expect("turn")
    bot.send(b"\xff\xff\xff\xff garbage")
    pending["thread"].join(5)
    assert isinstance(pending["error"], AgentProtocolError)
    notice = bot.expect("error").error
    assert notice.code == pb.ERROR_CODE_PROTOCOL and notice.strike
    # The stream survives a protocol error: the next turn works.
    pending = decide_in_thread(agent, 5)
    turn = bot.expect("turn").turn
    bot.reply(turn.request_id, "a")
    pending["thread"].join(5)
    assert pending["code"] == "a"
    bot.close()


@pytest.mark.parametrize(
    "message",
    [
        pb.BotMessage(),
        pb.BotMessage(hello=pb.Hello(token="again")),
        pb.BotMessage(action=pb.ActionReply(request_id=99, code="a")),
    ],
    ids=["empty", "second-hello", "unknown-turn"],
)
def test_messages_the_protocol_does_not_allow_are_protocol_errors(
    server: RefereeServer, message: pb.BotMessage
) -> None:
    agent, bot = joined(server)
    pending = decide_in_thread(agent, 5)
    bot.expect("turn")
    bot.send(message)
    pending["thread"].join(5)
    assert isinstance(pending["error"], AgentProtocolError)
    bot.close()


def test_a_bot_that_disconnects_has_crashed(server: RefereeServer) -> None:
    agent, bot = joined(server)
    pending = decide_in_thread(agent, 5)
    bot.expect("turn")
    bot.close()
    pending["thread"].join(5)
    assert isinstance(pending["error"], AgentCrashed)
    assert pending["error"].fatal
    with pytest.raises(AgentCrashed):
        agent.decide(request(1), 5)


def test_no_reply_in_time_is_a_timeout_and_the_late_reply_is_dropped(
    server: RefereeServer,
) -> None:
    agent, bot = joined(server)
    with pytest.raises(AgentTimeout):
        agent.decide(request(0), 0.1)
    first = bot.expect("turn").turn
    notice = bot.expect("error").error
    assert (notice.code, notice.request_id, notice.strike) == (
        pb.ERROR_CODE_TIMEOUT,
        first.request_id,
        True,
    )
    bot.reply(first.request_id, "a")  # late: that turn is over
    pending = decide_in_thread(agent, 5, index=1)
    # The notice and the next turn may come in either order: the late reply races the turn.
    got = {m.WhichOneof("payload"): m for m in (bot.recv(), bot.recv()) if m is not None}
    second, stale = got["turn"].turn, got["error"].error
    assert second.request_id > first.request_id
    assert (stale.code, stale.strike) == (pb.ERROR_CODE_STALE_REPLY, False)
    bot.reply(second.request_id, "b")
    pending["thread"].join(5)
    assert pending["code"] == "b"  # one slow move costs one strike, not a cascade
    bot.close()


def test_a_turn_answered_only_by_stale_replies_is_a_stale_strike(server: RefereeServer) -> None:
    agent, bot = joined(server)
    with pytest.raises(AgentTimeout):
        agent.decide(request(0), 0.05)
    first = bot.expect("turn").turn
    pending = decide_in_thread(agent, 0.3, index=1)
    bot.reply(first.request_id, "a")
    pending["thread"].join(5)
    assert isinstance(pending["error"], AgentStaleReply)
    bot.close()


def test_a_bot_error_fails_the_turn_at_once(server: RefereeServer) -> None:
    agent, bot = joined(server)
    pending = decide_in_thread(agent, 30)
    turn = bot.expect("turn").turn
    error = pb.Error(code=pb.ERROR_CODE_BOT_ERROR, message="KeyError: 'x'")
    error.request_id = turn.request_id
    started = time.monotonic()
    bot.send(pb.BotMessage(error=error))
    pending["thread"].join(5)
    assert time.monotonic() - started < 5
    assert type(pending["error"]) is AgentError and pending["error"].reason == "error"
    assert "KeyError: 'x'" in agent.stderr()
    bot.close()


def test_an_illegal_code_is_returned_and_the_bot_warned(server: RefereeServer) -> None:
    agent, bot = joined(server)
    pending = decide_in_thread(agent, 5)
    turn = bot.expect("turn").turn
    bot.reply(turn.request_id, "zzz")
    pending["thread"].join(5)
    assert pending["code"] == "zzz"  # the referee strikes it; the agent only reports
    assert bot.expect("error").error.code == pb.ERROR_CODE_ILLEGAL_ACTION
    bot.close()


def test_events_and_the_end_reach_the_bot(server: RefereeServer) -> None:
    agent, bot = joined(server)
    agent.event({"seat": 1, "code": "x", "label": "did x"})
    assert bot.expect("event").event.label == "did x"
    agent.end(
        {
            "outcome": [{"rank": 0, "score": 2, "disqualified": False}],
            "seat": 0,
            "strikes": [{"decision": 3, "reason": "illegal", "detail": "nope"}],
        }
    )
    end = bot.expect("match_end").match_end
    assert end.strikes[0].reason == pb.ERROR_CODE_ILLEGAL_ACTION
    agent.close()
    bot.done_writing()
    assert bot.recv() is None


def test_with_events_in_turns_the_moves_ride_in_the_next_turn_and_the_end(
    server: RefereeServer,
) -> None:
    agent, bot = joined(server, ("events_in_turns", "a-feature-from-the-future"))
    agent.event({"seat": 1, "code": "x", "label": "did x"})
    agent.event({"seat": 2, "code": "y", "label": "did y"})
    pending = decide_in_thread(agent, 5)
    turn = bot.expect("turn").turn  # no Event message came before it
    assert [(e.seat, e.code, e.label) for e in turn.events] == [
        (1, "x", "did x"),
        (2, "y", "did y"),
    ]
    bot.reply(turn.request_id, "a")
    pending["thread"].join(5)
    pending = decide_in_thread(agent, 5, index=1)
    assert not bot.expect("turn").turn.events, "each move rides once"
    bot.reply(turn.request_id + 1, "a")
    pending["thread"].join(5)
    agent.event({"seat": 1, "code": "z", "label": "did z"})
    agent.end({"outcome": [{"rank": 0}], "seat": 0, "strikes": []})
    end = bot.expect("match_end").match_end
    assert [e.code for e in end.events] == ["z"]
    agent.close()
    bot.done_writing()
    assert bot.recv() is None


def test_closing_a_seat_before_the_end_tells_the_bot(server: RefereeServer) -> None:
    agent, bot = joined(server)
    agent.close()
    assert bot.expect("error").error.code == pb.ERROR_CODE_ABORTED
    bot.done_writing()
    assert bot.recv() is None


def test_a_closed_match_forgets_its_tokens(server: RefereeServer) -> None:
    match = server.open_match(GAME, 1)
    match.close()
    bot = RawBot(server.address)
    bot.hello(match.tokens[0])
    assert bot.expect("error").error.code == pb.ERROR_CODE_BAD_TOKEN
    bot.close()


def test_messages_between_turns_are_strikes_until_the_bot_is_cut_off(
    server: RefereeServer,
) -> None:
    agent, bot = joined(server)  # max_strikes 3
    for _ in range(1_100):
        bot.send(pb.BotMessage())
    notices = []
    while (message := bot.recv()) is not None:  # the referee ends the stream
        notices.append(message.error)
    assert [n.code for n in notices[:3]] == [pb.ERROR_CODE_PROTOCOL] * 3
    assert all(n.strike for n in notices[:3])
    struck = agent.violations()
    assert [type(v) for v in struck] == [AgentProtocolError] * 3  # enough to disqualify
    assert agent.violations() == []  # each is handed to the referee once
    with pytest.raises(AgentFlood):
        agent.decide(request(0), 5)
    bot.close()
