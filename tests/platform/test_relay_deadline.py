"""The deadline a remote bot sees is what it has: the gateway takes the time a turn spent
in the relay off `deadline_ms`, then off the bank, and leaves other messages alone."""

from __future__ import annotations

import time

from arena_sdk.proto.arena.v1 import referee_pb2 as pb
from gateway.play import _on_time


def turn(deadline_ms: int, bank_ms: int) -> bytes:
    message = pb.RefereeMessage(
        turn=pb.TurnRequest(request_id=4, deadline_ms=deadline_ms, time_bank_ms=bank_ms)
    )
    return message.SerializeToString()


def test_relay_time_comes_off_the_deadline_first() -> None:
    seen = pb.RefereeMessage.FromString(_on_time(turn(1000, 10_000), time.time() - 0.3)).turn
    assert seen.request_id == 4
    assert seen.deadline_ms <= 700
    assert seen.time_bank_ms == 10_000


def test_a_long_stay_in_the_relay_comes_off_the_bank_too() -> None:
    seen = pb.RefereeMessage.FromString(_on_time(turn(1000, 10_000), time.time() - 3)).turn
    assert seen.deadline_ms == 0
    assert seen.time_bank_ms <= 8_000


def test_other_messages_pass_untouched() -> None:
    raw = pb.RefereeMessage(welcome=pb.Welcome(match_id="m", seat=1)).SerializeToString()
    assert _on_time(raw, time.time() - 5) == raw
