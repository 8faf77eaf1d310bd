from arena_sdk.proto.arena.v1 import referee_pb2 as _referee_pb2
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AttendRequest(_message.Message):
    __slots__ = ("token", "bot_name", "sdk_version")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    SDK_VERSION_FIELD_NUMBER: _ClassVar[int]
    token: str
    bot_name: str
    sdk_version: str
    def __init__(self, token: _Optional[str] = ..., bot_name: _Optional[str] = ..., sdk_version: _Optional[str] = ...) -> None: ...

class LobbyMessage(_message.Message):
    __slots__ = ("welcome", "offer", "error")
    WELCOME_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    welcome: LobbyWelcome
    offer: MatchOffer
    error: _referee_pb2.Error
    def __init__(self, welcome: _Optional[_Union[LobbyWelcome, _Mapping]] = ..., offer: _Optional[_Union[MatchOffer, _Mapping]] = ..., error: _Optional[_Union[_referee_pb2.Error, _Mapping]] = ...) -> None: ...

class LobbyWelcome(_message.Message):
    __slots__ = ("bot", "game", "concurrency", "rejoin_grace_s")
    BOT_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    CONCURRENCY_FIELD_NUMBER: _ClassVar[int]
    REJOIN_GRACE_S_FIELD_NUMBER: _ClassVar[int]
    bot: str
    game: str
    concurrency: int
    rejoin_grace_s: int
    def __init__(self, bot: _Optional[str] = ..., game: _Optional[str] = ..., concurrency: _Optional[int] = ..., rejoin_grace_s: _Optional[int] = ...) -> None: ...

class MatchOffer(_message.Message):
    __slots__ = ("match_id", "game", "seat", "token", "join_within_ms")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    JOIN_WITHIN_MS_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    seat: int
    token: str
    join_within_ms: int
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., seat: _Optional[int] = ..., token: _Optional[str] = ..., join_within_ms: _Optional[int] = ...) -> None: ...
