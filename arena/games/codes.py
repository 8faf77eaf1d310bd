"""Action codes, read and written one way for every game.

A code is a head, then `:`-separated parts, each either a bare word or `key=value`:
`tower:space=5:level=1`, `step:n`, `cast:fireball:wizard=2`, `draw:n=2:spec`. Games write
codes with `action_code` and read them (views, bots) with `parse_code`.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ActionCode:
    """A code taken apart: its head, its parts in order, and the `key=value` ones by key."""

    head: str
    parts: tuple[str, ...] = ()
    params: dict[str, str] = field(default_factory=dict)

    @property
    def words(self) -> tuple[str, ...]:
        """The bare parts, in order (`fireball` in `cast:fireball:wizard=2`)."""
        return tuple(p for p in self.parts if "=" not in p)

    @property
    def word(self) -> str:
        """The first bare part, or "" (`n` in `step:n`)."""
        return next(iter(self.words), "")

    def number(self, key: str, default: int = -1) -> int:
        """The integer value of `key`, or `default` when the code has no such part."""
        value = self.params.get(key)
        return default if value is None else int(value)

    def has(self, word: str) -> bool:
        """Is `word` one of the bare parts (`spec` in `draw:n=2:spec`)?"""
        return word in self.words


def parse_code(code: str) -> ActionCode:
    """Take a code apart; any string parses, so a describer can report unknown ones."""
    head, *parts = code.split(":")
    params = dict(p.split("=", 1) for p in parts if "=" in p)
    return ActionCode(head, tuple(parts), params)


def action_code(head: str, *words: object, **params: object) -> str:
    """Write a code: the bare words first, then `key=value` for each keyword in order.

    A keyword set to True writes its bare key (`spec=True` gives `:spec`); one set to
    None, False or "" is left out, so an optional part needs no branch at the call.
    """
    parts = [head, *(str(w) for w in words)]
    for key, value in params.items():
        if value is True:
            parts.append(key)
        elif value is not None and value is not False and value != "":
            parts.append(f"{key}={value}")
    return ":".join(parts)
