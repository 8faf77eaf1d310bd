"""The referee's dicts <-> protocol messages, shared by the referee and the SDK client.

Both directions live here so that a hosted bot's `on_start`, `act`, `on_event` and
`on_end` receive the same dicts as an in-process bot, and the two sides cannot drift.
"""

from __future__ import annotations

import platform
from collections.abc import Mapping, Sequence
from typing import Any

from arena_sdk import __version__, views
from arena_sdk.bot import Action
from arena_sdk.proto.arena.v1 import referee_pb2 as pb

#: Sent in Hello.sdk_version: who speaks the protocol, for logs and support.
SDK_IDENT = f"arena-sdk/{__version__} python/{platform.python_version()}"

#: Hello feature: other seats' moves ride in the next turn (TurnRequest.events) instead of
#: one Event message each.
EVENTS_IN_TURNS = "events_in_turns"
#: The features this protocol version knows, on either side.
FEATURES = frozenset({EVENTS_IN_TURNS})


def accepted_features(hello: pb.Hello) -> list[str]:
    """The features of a hello that this side turns on (unknown names are ignored)."""
    return sorted(set(hello.features[:16]) & FEATURES)


#: Strike reasons as the referee records them <-> the protocol's error codes: the one
#: table. Every reason the referee can give has its own code (a test collects the reasons
#: from the referee's code and checks each is here); a bot reads them back as these names.
REASON_CODES: dict[str, int] = {
    "illegal": pb.ERROR_CODE_ILLEGAL_ACTION,
    "timeout": pb.ERROR_CODE_TIMEOUT,
    "stale": pb.ERROR_CODE_STALE_REPLY,
    "protocol": pb.ERROR_CODE_PROTOCOL,
    "error": pb.ERROR_CODE_BOT_ERROR,
    "crash": pb.ERROR_CODE_CRASH,
    "output": pb.ERROR_CODE_OUTPUT_LIMIT,
    "processes": pb.ERROR_CODE_PROCESS_LIMIT,
    "memory": pb.ERROR_CODE_MEMORY_LIMIT,
    "oversize": pb.ERROR_CODE_MESSAGE_TOO_LARGE,
    "flood": pb.ERROR_CODE_FLOOD,
}
CODE_REASONS: dict[int, str] = {code: reason for reason, code in REASON_CODES.items()}


def error_name(code: int) -> str:
    """ERROR_CODE_TIMEOUT -> "TIMEOUT", for log lines; a code newer than us -> "CODE_12"."""
    try:
        return pb.ErrorCode.Name(code).removeprefix("ERROR_CODE_")
    except ValueError:
        return f"CODE_{code}"


# ---------------------------------------------------------------------------------------
# Match header


def match_start(header: Mapping[str, Any]) -> pb.MatchStart:
    """The MatchStart for a referee header (the match seed is deliberately not sent)."""
    tc = header.get("time_control") or {}
    return pb.MatchStart(
        match_id=str(header.get("match_id") or ""),
        game=header["game"],
        options={k: _option(v) for k, v in (header.get("options") or {}).items()},
        seat=header["seat"],
        players=[str(p) for p in header.get("players", ())],
        time_control=pb.TimeControl(
            per_decision_ms=ms(tc.get("per_decision", 0)),
            bank_ms=ms(tc.get("bank", 0)),
            max_strikes=int(tc.get("max_strikes", 0)),
        ),
    )


def header_from(start: pb.MatchStart) -> dict[str, Any]:
    """The header dict a bot's `on_start` gets, as the referee built it."""
    tc = start.time_control
    return {
        "match_id": start.match_id,
        "game": start.game,
        "options": {k: _option_value(v) for k, v in start.options.items()},
        "players": list(start.players),
        "time_control": {
            "per_decision": tc.per_decision_ms / 1000,
            "bank": tc.bank_ms / 1000,
            "max_strikes": tc.max_strikes,
        },
        "seat": start.seat,
    }


def _option(value: Any) -> pb.OptionValue:
    if isinstance(value, bool):
        return pb.OptionValue(flag=value)
    if isinstance(value, int):
        return pb.OptionValue(integer=value)
    if isinstance(value, float):
        return pb.OptionValue(number=value)
    return pb.OptionValue(text=str(value))


def _option_value(option: pb.OptionValue) -> Any:
    which = option.WhichOneof("value")
    return getattr(option, which) if which else None


def ms(seconds: float) -> int:
    return max(0, round(seconds * 1000))


# ---------------------------------------------------------------------------------------
# Turns


def turn_message(
    request_id: int,
    game: str,
    view: Mapping[str, Any],
    legal: Sequence[Action],
    per_decision: float,
    bank: float,
    events: Sequence[pb.Event] = (),
) -> pb.RefereeMessage:
    """The RefereeMessage asking for a turn, its view typed as `game`'s view message.

    Built by one constructor call from plain dicts and lists (the view as `observe`
    returned it): protobuf fills the nested messages in C, with no copy in between.
    `events` ride along for a stream with the "events_in_turns" feature.
    """
    turn = {
        "request_id": request_id,
        "legal": [{"code": a.code, "label": a.label} for a in legal],
        "deadline_ms": ms(per_decision),
        "time_bank_ms": ms(bank),
        views.view_field(game): view,
        "events": events,
    }
    try:
        return pb.RefereeMessage(turn=turn)
    except (ValueError, TypeError) as exc:
        cls = views.view_class(game).DESCRIPTOR.full_name
        raise views.ViewError(f"{game} view does not fit {cls}: {exc}") from exc


def legal_from(turn: pb.TurnRequest) -> list[Action]:
    return [Action(a.code, a.label) for a in turn.legal]


# ---------------------------------------------------------------------------------------
# Events and the end


def event_message(event: Mapping[str, Any]) -> pb.Event:
    return pb.Event(seat=event["seat"], code=event["code"], label=event.get("label", ""))


def event_from(event: pb.Event) -> dict[str, Any]:
    return {"seat": event.seat, "code": event.code, "label": event.label}


def match_end(result: Mapping[str, Any], events: Sequence[pb.Event] = ()) -> pb.MatchEnd:
    """The MatchEnd for the referee's per-seat result dict (with the seat's last events,
    for a stream with the "events_in_turns" feature)."""
    return pb.MatchEnd(
        events=events,
        outcome=[
            pb.SeatOutcome(
                rank=o["rank"], score=o.get("score", 0), disqualified=o.get("disqualified", False)
            )
            for o in result.get("outcome", ())
        ],
        seat=result["seat"],
        strikes=[
            pb.Strike(
                decision=s.get("decision", -1),
                reason=REASON_CODES.get(s.get("reason", ""), pb.ERROR_CODE_UNSPECIFIED),
                detail=s.get("detail", ""),
            )
            for s in result.get("strikes", ())
        ],
    )


def result_from(end: pb.MatchEnd) -> dict[str, Any]:
    """The result dict a bot's `on_end` gets, as the referee built it."""
    return {
        "outcome": [
            {"rank": o.rank, "score": _number(o.score), "disqualified": o.disqualified}
            for o in end.outcome
        ],
        "seat": end.seat,
        "strikes": [
            {
                "decision": s.decision,
                "reason": CODE_REASONS.get(s.reason, "error"),
                "detail": s.detail,
            }
            for s in end.strikes
        ],
    }


def _number(value: float) -> int | float:
    """Scores travel as doubles; whole numbers come back as ints, as engines report them."""
    return int(value) if value.is_integer() else value
