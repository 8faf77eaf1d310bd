"""Every reason the referee can strike a seat for has its own ErrorCode on the wire, and a
bot reads back the reason the referee recorded."""

from __future__ import annotations

import gc
import importlib
import pkgutil

import pytest
from test_remote_agent import joined

import arena.match
from arena.match import strikes
from arena.match.grpc_server import RefereeServer
from arena.match.strikes import AgentError
from arena_sdk import wire
from arena_sdk.proto.arena.v1 import referee_pb2 as pb


def strike_reasons() -> dict[str, type[AgentError]]:
    """Every AgentError subclass the referee's packages define: the referee strikes only
    with these (Referee._strike takes an AgentError and records its `reason`)."""
    for module in pkgutil.walk_packages(arena.match.__path__, "arena.match."):
        importlib.import_module(module.name)
    importlib.import_module("arena.sandbox")
    return strikes.reasons()


def test_strike_reasons_are_defined_in_one_module() -> None:
    """arena.match.strikes is the list: no package adds a reason of its own elsewhere."""
    strays = {
        reason: kind.__module__
        for reason, kind in strike_reasons().items()
        if kind.__module__ != strikes.__name__
    }
    assert strays == {}


def test_a_reason_without_an_error_code_cannot_be_defined() -> None:
    with pytest.raises(TypeError, match="no ErrorCode") as refused:

        class Unheard(AgentError):  # pragma: no cover - refused at definition
            reason = "unheard-of"

    del refused  # its traceback holds the half-made class
    gc.collect()
    assert "unheard-of" not in strikes.reasons()


def test_each_error_carries_its_code() -> None:
    for reason, kind in strike_reasons().items():
        assert kind.code == wire.REASON_CODES[reason]


def test_every_strike_reason_has_a_code_of_its_own() -> None:
    reasons = strike_reasons()
    assert {"output", "processes", "memory", "oversize", "flood", "illegal"} <= set(reasons)
    missing = sorted(set(reasons) - set(wire.REASON_CODES))
    assert missing == [], f"strike reasons without an ErrorCode: {missing}"
    codes = [wire.REASON_CODES[reason] for reason in reasons]
    assert len(set(codes)) == len(codes), "two reasons share a code"
    assert pb.ERROR_CODE_UNSPECIFIED not in codes
    assert pb.ERROR_CODE_BOT_ERROR in codes  # "error" keeps the code bots already know


@pytest.mark.parametrize("reason", sorted(strike_reasons()))
def test_a_strike_reaches_the_bot_with_its_reason(server: RefereeServer, reason: str) -> None:
    """Through a real stream: the MatchEnd a bot reads names the reason, not just "error"."""
    agent, bot = joined(server)
    strike = {"decision": 2, "reason": reason, "detail": f"struck for {reason}"}
    agent.end({"outcome": [{"rank": 0, "score": 1}], "seat": 0, "strikes": [strike]})
    end = bot.expect("match_end").match_end
    assert [pb.ErrorCode.Name(s.reason) for s in end.strikes] == [
        pb.ErrorCode.Name(wire.REASON_CODES[reason])
    ]
    assert wire.result_from(end)["strikes"] == [strike]
    agent.close()
    bot.close()
