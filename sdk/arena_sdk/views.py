"""Typed game views <-> the plain dicts bots see.

A bot gets the same dict from `act(view, legal)` whether it runs in-process (the engine's
`observe(seat)`) or hosted (a `TurnRequest` off the wire). The per-game messages mirror
`observe` field by field, so the conversion is mechanical:

* dict -> message: the protobuf constructor, which takes nested dicts and lists natively
  (fast, in C) and rejects unknown keys;
* message -> dict: every field without presence is always written (zeros and empty lists
  included), a field with presence (`optional`, a message, a oneof member) only when set.
  This is `MessageToDict(..., preserving_proto_field_name=True,
  always_print_fields_with_no_presence=True)` minus its JSON quirks (64-bit integers as
  strings, enums as names) and several times faster. Fields come out in declared order,
  which the .proto keeps equal to the order of `observe`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from google.protobuf import message_factory
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from arena_sdk.proto.arena.v1 import referee_pb2

_VIEW_ONEOF = referee_pb2.TurnRequest.DESCRIPTOR.oneofs_by_name["view"]
#: Game registry name -> the field of `TurnRequest.view` carrying its view (named alike).
VIEW_FIELDS: dict[str, str] = {field.name: field.name for field in _VIEW_ONEOF.fields}


class ViewError(ValueError):
    """A view does not fit its message: the engine and the .proto files disagree."""


def view_field(game: str) -> str:
    """The `TurnRequest.view` field for `game`; ViewError if the protocol has none."""
    try:
        return VIEW_FIELDS[game]
    except KeyError:
        known = ", ".join(sorted(VIEW_FIELDS))
        raise ViewError(f"the protocol has no view for game {game!r} (has: {known})") from None


def view_class(game: str) -> type[Message]:
    """The message class of `game`'s view, e.g. WanderingTowersView."""
    field = referee_pb2.TurnRequest.DESCRIPTOR.fields_by_name[view_field(game)]
    return _class_of(field.message_type)


def from_dict(game: str, view: Mapping[str, Any]) -> Message:
    """The typed message for the dict `observe(seat)` returned."""
    cls = view_class(game)
    try:
        return cls(**view)
    except (ValueError, TypeError) as exc:
        raise ViewError(f"{game} view does not fit {cls.DESCRIPTOR.full_name}: {exc}") from exc


def to_dict(message: Message) -> dict[str, Any]:
    """The plain dict for a message: the same dict `observe(seat)` returned."""
    return _converter(message.DESCRIPTOR)(message)


def turn_view(turn: referee_pb2.TurnRequest) -> dict[str, Any]:
    """The view dict carried by a TurnRequest ({} if it carries none)."""
    which = turn.WhichOneof("view")
    return to_dict(getattr(turn, which)) if which else {}


# ---------------------------------------------------------------------------------------
# message -> dict, one converter per message type, built once from its descriptor

_Convert = Callable[[Any], Any]
_CONVERTERS: dict[str, Callable[[Message], dict[str, Any]]] = {}


def _class_of(descriptor: Descriptor) -> type[Message]:
    return message_factory.GetMessageClass(descriptor)


def _converter(descriptor: Descriptor) -> Callable[[Message], dict[str, Any]]:
    found = _CONVERTERS.get(descriptor.full_name)
    if found is not None:
        return found
    # Registered before its fields are compiled, so a message containing itself terminates.
    plan: list[tuple[str, bool, _Convert | None]] = []

    def convert(message: Message) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, presence, value_of in plan:
            if presence and not message.HasField(name):
                continue
            value = getattr(message, name)
            out[name] = value if value_of is None else value_of(value)
        return out

    _CONVERTERS[descriptor.full_name] = convert
    plan.extend((f.name, f.has_presence, _field_converter(f)) for f in descriptor.fields)
    return convert


def _field_converter(field: FieldDescriptor) -> _Convert | None:
    """How to turn the Python value of `field` into plain data (None: use it as is)."""
    message_type = field.message_type
    if message_type is not None and message_type.GetOptions().map_entry:
        value_type = message_type.fields_by_name["value"].message_type
        if value_type is None:
            return dict
        inner = _converter(value_type)
        return lambda entries: {key: inner(value) for key, value in entries.items()}
    if field.is_repeated:
        if message_type is None:
            return list
        element = _converter(message_type)
        return lambda items: [element(item) for item in items]
    if message_type is not None:
        return _converter(message_type)
    return None
