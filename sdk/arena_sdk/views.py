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

A hosted bot's `act` gets a `View`: a dict whose top-level fields are converted the first
time the bot reads them. Converting a whole view costs more than the rest of a turn
together (bench/overhead.py), and most bots read a few fields of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
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
    """The view carried by a TurnRequest, as a `View` ({} if it carries none)."""
    which = turn.WhichOneof("view")
    return View(getattr(turn, which)) if which else {}


class View(dict):
    """The dict `observe(seat)` returned, read from its message one top-level field at a time.

    It is a real dict (json, `dict(view)`, `==`, `in`, mutation all behave as on the
    in-process dict), built lazily: reading `view["hand"]` converts that field only, and
    the first operation that needs every field (items, equality, json, a write) converts
    the rest once; from then on it is a plain dict in all but name.
    """

    __slots__ = ("_keys", "_message", "_readers")

    def __init__(self, message: Message) -> None:
        super().__init__()
        readers, presence = _readers(message.DESCRIPTOR)
        self._message: Message | None = message
        self._readers = readers
        self._keys = [name for name in readers if name not in presence or message.HasField(name)]
        if self._keys:  # C code that finds a dict empty (json's encoder) looks no further
            self.__missing__(self._keys[0])

    def __missing__(self, key: str) -> Any:
        if self._message is None or key not in self._readers or key not in self._keys:
            raise KeyError(key)
        value = self._readers[key](self._message)
        dict.__setitem__(self, key, value)
        return value

    def _whole(self) -> View:
        """Convert every field not read yet; from then on the dict itself is the view."""
        if self._message is not None:
            for key in self._keys:
                if not dict.__contains__(self, key):
                    self.__missing__(key)
            ordered = {key: dict.__getitem__(self, key) for key in self._keys}
            dict.clear(self)
            dict.update(self, ordered)  # in declared order, as `observe` wrote them
            self._message = None
        return self

    # Reads that need no conversion.
    def __contains__(self, key: object) -> bool:
        if self._message is None:
            return dict.__contains__(self, key)
        return key in self._keys

    def __iter__(self) -> Iterator[str]:
        return dict.__iter__(self) if self._message is None else iter(self._keys)

    def __len__(self) -> int:
        return dict.__len__(self) if self._message is None else len(self._keys)

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default  # noqa: SIM401 (self.get is this)

    # Everything else sees the whole dict.
    def keys(self):  # type: ignore[override]
        return dict.keys(self._whole())

    def values(self):  # type: ignore[override]
        return dict.values(self._whole())

    def items(self):  # type: ignore[override]
        return dict.items(self._whole())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, View):
            other._whole()
        return dict.__eq__(self._whole(), other)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return dict.__repr__(self._whole())

    def __reversed__(self) -> Iterator[str]:
        return dict.__reversed__(self._whole())

    def __or__(self, other: Any) -> Any:
        return dict.__or__(self._whole(), other)

    def __ror__(self, other: Any) -> Any:
        return dict.__ror__(self._whole(), other)

    def copy(self) -> dict[str, Any]:
        return dict(self.items())

    def __copy__(self) -> dict[str, Any]:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        import copy

        return copy.deepcopy(self.copy(), memo)

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (self.copy(),))

    def __setitem__(self, key: str, value: Any) -> None:
        dict.__setitem__(self._whole(), key, value)

    def __delitem__(self, key: str) -> None:
        dict.__delitem__(self._whole(), key)

    def __ior__(self, other: Any) -> View:
        dict.update(self._whole(), other)
        return self

    def update(self, *args: Any, **kwargs: Any) -> None:
        dict.update(self._whole(), *args, **kwargs)

    def setdefault(self, key: str, default: Any = None) -> Any:
        return dict.setdefault(self._whole(), key, default)

    def pop(self, key: str, *default: Any) -> Any:
        return dict.pop(self._whole(), key, *default)

    def popitem(self) -> tuple[str, Any]:
        return dict.popitem(self._whole())

    def clear(self) -> None:
        dict.clear(self._whole())


# ---------------------------------------------------------------------------------------
# message -> dict, one converter per message type, compiled once from its descriptor
#
# Reading a field of a protobuf message costs about as much as a Python call, and a view
# has hundreds, so this is the SDK's hottest code: each message type gets a plain function
# written out field by field (as `dataclasses` does for __init__), a third faster than
# walking the descriptor for every message.

_CONVERTERS: dict[str, Callable[[Message], dict[str, Any]]] = {}
#: Message type -> (a reader per top-level field, the fields with presence), for `View`.
_READERS: dict[str, tuple[dict[str, Callable[[Message], Any]], frozenset[str]]] = {}


def _class_of(descriptor: Descriptor) -> type[Message]:
    return message_factory.GetMessageClass(descriptor)


def _converter(descriptor: Descriptor) -> Callable[[Message], dict[str, Any]]:
    found = _CONVERTERS.get(descriptor.full_name)
    if found is None:
        namespace: dict[str, Any] = {}
        _compile(descriptor, namespace)
        found = _CONVERTERS[descriptor.full_name]
    return found


def _readers(
    descriptor: Descriptor,
) -> tuple[dict[str, Callable[[Message], Any]], frozenset[str]]:
    found = _READERS.get(descriptor.full_name)
    if found is None:
        namespace: dict[str, Any] = {}
        readers = {}
        for field in descriptor.fields:
            access = f"getattr(m, {field.name!r})" if iskeyword(field.name) else f"m.{field.name}"
            value = _value_expression(field, access, namespace)
            exec(f"def read(m):\n    return {value}", namespace)  # names from the descriptor
            readers[field.name] = namespace.pop("read")
        presence = frozenset(field.name for field in descriptor.fields if field.has_presence)
        found = _READERS.setdefault(descriptor.full_name, (readers, presence))
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
