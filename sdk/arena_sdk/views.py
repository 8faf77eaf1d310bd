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

Both directions run on every turn of a hosted bot, so both are built for speed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from keyword import iskeyword
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
# message -> dict, one converter per message type, compiled once from its descriptor
#
# Reading a field of a protobuf message costs about as much as a Python call, and a view
# has hundreds, so this is the SDK's hottest code: each message type gets a plain function
# written out field by field (as `dataclasses` does for __init__), a third faster than
# walking the descriptor for every message.

_CONVERTERS: dict[str, Callable[[Message], dict[str, Any]]] = {}


def _class_of(descriptor: Descriptor) -> type[Message]:
    return message_factory.GetMessageClass(descriptor)


def _converter(descriptor: Descriptor) -> Callable[[Message], dict[str, Any]]:
    found = _CONVERTERS.get(descriptor.full_name)
    if found is None:
        namespace: dict[str, Any] = {}
        _compile(descriptor, namespace)
        found = _CONVERTERS[descriptor.full_name]
    return found


def _compile(descriptor: Descriptor, namespace: dict[str, Any]) -> str:
    """Define the converter of `descriptor` (and of the messages inside it) in `namespace`."""
    name = "to_dict_" + descriptor.full_name.replace(".", "_")
    if name in namespace:
        return name
    namespace[name] = None  # claimed first, so a message containing itself terminates
    lines = [f"def {name}(m):", "    d = {}"]
    for field in descriptor.fields:
        access = f"getattr(m, {field.name!r})" if iskeyword(field.name) else f"m.{field.name}"
        value = _value_expression(field, access, namespace)
        if field.has_presence:
            lines.append(f"    if m.HasField({field.name!r}):")
            lines.append(f"        d[{field.name!r}] = {value}")
        else:
            lines.append(f"    d[{field.name!r}] = {value}")
    lines.append("    return d")
    exec("\n".join(lines), namespace)  # the source holds only names from the descriptors
    _CONVERTERS.setdefault(descriptor.full_name, namespace[name])
    return name


def _value_expression(field: FieldDescriptor, access: str, namespace: dict[str, Any]) -> str:
    """Python source turning the value of `field` (read by `access`) into plain data."""
    message_type = field.message_type
    if message_type is not None and message_type.GetOptions().map_entry:
        value_type = message_type.fields_by_name["value"].message_type
        if value_type is None:
            return f"dict({access})"
        inner = _compile(value_type, namespace)
        return f"{{k: {inner}(v) for k, v in {access}.items()}}"
    if field.is_repeated:
        if message_type is None:
            return f"list({access})"
        return f"[{_compile(message_type, namespace)}(x) for x in {access}]"
    if message_type is not None:
        return f"{_compile(message_type, namespace)}({access})"
    return access
