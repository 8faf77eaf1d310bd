from arena_sdk.proto.arena.v1 import castle_panic_pb2 as _castle_panic_pb2
from arena_sdk.proto.arena.v1 import wandering_towers_pb2 as _wandering_towers_pb2
from arena_sdk.proto.arena.v1 import wiz_war_pb2 as _wiz_war_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ErrorCode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ERROR_CODE_UNSPECIFIED: _ClassVar[ErrorCode]
    ERROR_CODE_BAD_TOKEN: _ClassVar[ErrorCode]
    ERROR_CODE_SEAT_TAKEN: _ClassVar[ErrorCode]
    ERROR_CODE_PROTOCOL: _ClassVar[ErrorCode]
    ERROR_CODE_ILLEGAL_ACTION: _ClassVar[ErrorCode]
    ERROR_CODE_TIMEOUT: _ClassVar[ErrorCode]
    ERROR_CODE_STALE_REPLY: _ClassVar[ErrorCode]
    ERROR_CODE_BOT_ERROR: _ClassVar[ErrorCode]
    ERROR_CODE_CRASH: _ClassVar[ErrorCode]
    ERROR_CODE_ABORTED: _ClassVar[ErrorCode]
    ERROR_CODE_OUTPUT_LIMIT: _ClassVar[ErrorCode]
    ERROR_CODE_PROCESS_LIMIT: _ClassVar[ErrorCode]
    ERROR_CODE_MEMORY_LIMIT: _ClassVar[ErrorCode]
    ERROR_CODE_MESSAGE_TOO_LARGE: _ClassVar[ErrorCode]
    ERROR_CODE_FLOOD: _ClassVar[ErrorCode]
    ERROR_CODE_TOO_MANY: _ClassVar[ErrorCode]
ERROR_CODE_UNSPECIFIED: ErrorCode
ERROR_CODE_BAD_TOKEN: ErrorCode
ERROR_CODE_SEAT_TAKEN: ErrorCode
ERROR_CODE_PROTOCOL: ErrorCode
ERROR_CODE_ILLEGAL_ACTION: ErrorCode
ERROR_CODE_TIMEOUT: ErrorCode
ERROR_CODE_STALE_REPLY: ErrorCode
ERROR_CODE_BOT_ERROR: ErrorCode
ERROR_CODE_CRASH: ErrorCode
ERROR_CODE_ABORTED: ErrorCode
ERROR_CODE_OUTPUT_LIMIT: ErrorCode
ERROR_CODE_PROCESS_LIMIT: ErrorCode
ERROR_CODE_MEMORY_LIMIT: ErrorCode
ERROR_CODE_MESSAGE_TOO_LARGE: ErrorCode
ERROR_CODE_FLOOD: ErrorCode
ERROR_CODE_TOO_MANY: ErrorCode

class BotMessage(_message.Message):
    __slots__ = ("hello", "action", "error")
    HELLO_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    hello: Hello
    action: ActionReply
    error: Error
    def __init__(self, hello: _Optional[_Union[Hello, _Mapping]] = ..., action: _Optional[_Union[ActionReply, _Mapping]] = ..., error: _Optional[_Union[Error, _Mapping]] = ...) -> None: ...

class Hello(_message.Message):
    __slots__ = ("token", "bot_name", "sdk_version", "features")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    SDK_VERSION_FIELD_NUMBER: _ClassVar[int]
    FEATURES_FIELD_NUMBER: _ClassVar[int]
    token: str
    bot_name: str
    sdk_version: str
    features: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, token: _Optional[str] = ..., bot_name: _Optional[str] = ..., sdk_version: _Optional[str] = ..., features: _Optional[_Iterable[str]] = ...) -> None: ...

class ActionReply(_message.Message):
    __slots__ = ("request_id", "code")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    request_id: int
    code: str
    def __init__(self, request_id: _Optional[int] = ..., code: _Optional[str] = ...) -> None: ...

class RefereeMessage(_message.Message):
    __slots__ = ("welcome", "match_start", "turn", "event", "match_end", "error")
    WELCOME_FIELD_NUMBER: _ClassVar[int]
    MATCH_START_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    MATCH_END_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    welcome: Welcome
    match_start: MatchStart
    turn: TurnRequest
    event: Event
    match_end: MatchEnd
    error: Error
    def __init__(self, welcome: _Optional[_Union[Welcome, _Mapping]] = ..., match_start: _Optional[_Union[MatchStart, _Mapping]] = ..., turn: _Optional[_Union[TurnRequest, _Mapping]] = ..., event: _Optional[_Union[Event, _Mapping]] = ..., match_end: _Optional[_Union[MatchEnd, _Mapping]] = ..., error: _Optional[_Union[Error, _Mapping]] = ...) -> None: ...

class Welcome(_message.Message):
    __slots__ = ("match_id", "seat", "features")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FEATURES_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seat: int
    features: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, match_id: _Optional[str] = ..., seat: _Optional[int] = ..., features: _Optional[_Iterable[str]] = ...) -> None: ...

class MatchStart(_message.Message):
    __slots__ = ("match_id", "game", "options", "seat", "players", "time_control")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: OptionValue
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[OptionValue, _Mapping]] = ...) -> None: ...
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    options: _containers.MessageMap[str, OptionValue]
    seat: int
    players: _containers.RepeatedScalarFieldContainer[str]
    time_control: TimeControl
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Mapping[str, OptionValue]] = ..., seat: _Optional[int] = ..., players: _Optional[_Iterable[str]] = ..., time_control: _Optional[_Union[TimeControl, _Mapping]] = ...) -> None: ...

class OptionValue(_message.Message):
    __slots__ = ("text", "integer", "flag", "number")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    INTEGER_FIELD_NUMBER: _ClassVar[int]
    FLAG_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    text: str
    integer: int
    flag: bool
    number: float
    def __init__(self, text: _Optional[str] = ..., integer: _Optional[int] = ..., flag: _Optional[bool] = ..., number: _Optional[float] = ...) -> None: ...

class TimeControl(_message.Message):
    __slots__ = ("per_decision_ms", "bank_ms", "max_strikes")
    PER_DECISION_MS_FIELD_NUMBER: _ClassVar[int]
    BANK_MS_FIELD_NUMBER: _ClassVar[int]
    MAX_STRIKES_FIELD_NUMBER: _ClassVar[int]
    per_decision_ms: int
    bank_ms: int
    max_strikes: int
    def __init__(self, per_decision_ms: _Optional[int] = ..., bank_ms: _Optional[int] = ..., max_strikes: _Optional[int] = ...) -> None: ...

class TurnRequest(_message.Message):
    __slots__ = ("request_id", "wandering_towers", "castle_panic", "wiz_war", "legal", "deadline_ms", "time_bank_ms", "events")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    WANDERING_TOWERS_FIELD_NUMBER: _ClassVar[int]
    CASTLE_PANIC_FIELD_NUMBER: _ClassVar[int]
    WIZ_WAR_FIELD_NUMBER: _ClassVar[int]
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    TIME_BANK_MS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    request_id: int
    wandering_towers: _wandering_towers_pb2.WanderingTowersView
    castle_panic: _castle_panic_pb2.CastlePanicView
    wiz_war: _wiz_war_pb2.WizWarView
    legal: _containers.RepeatedCompositeFieldContainer[LegalAction]
    deadline_ms: int
    time_bank_ms: int
    events: _containers.RepeatedCompositeFieldContainer[Event]
    def __init__(self, request_id: _Optional[int] = ..., wandering_towers: _Optional[_Union[_wandering_towers_pb2.WanderingTowersView, _Mapping]] = ..., castle_panic: _Optional[_Union[_castle_panic_pb2.CastlePanicView, _Mapping]] = ..., wiz_war: _Optional[_Union[_wiz_war_pb2.WizWarView, _Mapping]] = ..., legal: _Optional[_Iterable[_Union[LegalAction, _Mapping]]] = ..., deadline_ms: _Optional[int] = ..., time_bank_ms: _Optional[int] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ...) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ("code", "label")
    CODE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    code: str
    label: str
    def __init__(self, code: _Optional[str] = ..., label: _Optional[str] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("seat", "code", "label")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    code: str
    label: str
    def __init__(self, seat: _Optional[int] = ..., code: _Optional[str] = ..., label: _Optional[str] = ...) -> None: ...

class MatchEnd(_message.Message):
    __slots__ = ("outcome", "seat", "strikes", "events")
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    STRIKES_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    outcome: _containers.RepeatedCompositeFieldContainer[SeatOutcome]
    seat: int
    strikes: _containers.RepeatedCompositeFieldContainer[Strike]
    events: _containers.RepeatedCompositeFieldContainer[Event]
    def __init__(self, outcome: _Optional[_Iterable[_Union[SeatOutcome, _Mapping]]] = ..., seat: _Optional[int] = ..., strikes: _Optional[_Iterable[_Union[Strike, _Mapping]]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ...) -> None: ...

class SeatOutcome(_message.Message):
    __slots__ = ("rank", "score", "disqualified")
    RANK_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    DISQUALIFIED_FIELD_NUMBER: _ClassVar[int]
    rank: int
    score: float
    disqualified: bool
    def __init__(self, rank: _Optional[int] = ..., score: _Optional[float] = ..., disqualified: _Optional[bool] = ...) -> None: ...

class Strike(_message.Message):
    __slots__ = ("decision", "reason", "detail")
    DECISION_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    decision: int
    reason: ErrorCode
    detail: str
    def __init__(self, decision: _Optional[int] = ..., reason: _Optional[_Union[ErrorCode, str]] = ..., detail: _Optional[str] = ...) -> None: ...

class Error(_message.Message):
    __slots__ = ("code", "message", "request_id", "strike")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    STRIKE_FIELD_NUMBER: _ClassVar[int]
    code: ErrorCode
    message: str
    request_id: int
    strike: bool
    def __init__(self, code: _Optional[_Union[ErrorCode, str]] = ..., message: _Optional[str] = ..., request_id: _Optional[int] = ..., strike: _Optional[bool] = ...) -> None: ...
