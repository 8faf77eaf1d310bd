"""A game's fixed numeric face for learners: every action code it can ever offer, in one
stable order, and its views encoded as one fixed-length vector.

Built only from the public engine API (docs/engine-api.md): the action codes each game
documents and the views `observe(seat)` returns. Nothing here reads a state. Each game's
module (`arena.envs.wandering_towers`, ...) supplies two functions:

- `action_codes(players, options) -> list[str]`: every code the engine can offer at such a
  table, in a stable order (a superset: most are illegal at any one moment);
- `encode(view, enc)`: writes the view into an `Encoder`, always the same named segments of
  the same lengths for a table, so the vector has a fixed shape.

Why these choices: docs/decisions/rl-encodings.md.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import arena.games

#: The games with a codec, and the module holding it.
MODULES = {
    "wandering_towers": "arena.envs.wandering_towers",
    "castle_panic": "arena.envs.castle_panic",
    "wiz_war": "arena.envs.wiz_war",
}


class UnknownCode(LookupError):
    """An engine offered a code its game's action enumeration does not hold (a bug here)."""


class Encoder:
    """Writes a view as numbers in [0, 1], segment by named segment.

    Every write takes the segment's name, so the layout (name, offset, length) of a table's
    vector is known and can be printed: `Codec.layout`.
    """

    __slots__ = ("record", "segments", "values")

    def __init__(self, record: bool = False) -> None:
        self.values: list[float] = []
        self.segments: list[tuple[str, int, int]] = []
        self.record = record  # keep the layout (once per table: it costs a third of the time)

    def _mark(self, name: str, length: int) -> None:
        if self.record:
            self.segments.append((name, len(self.values), length))

    def block(self, name: str, values: list[float]) -> None:
        """Numbers the game's encoder worked out itself (already in [0, 1])."""
        self._mark(name, len(values))
        self.values.extend(values)

    def flag(self, name: str, value: Any) -> None:
        """1.0 if `value` is true, else 0.0."""
        self._mark(name, 1)
        self.values.append(1.0 if value else 0.0)

    def scalar(self, name: str, value: float, scale: float) -> None:
        """`value / scale`, clipped to [0, 1]."""
        self._mark(name, 1)
        self.values.append(min(max(float(value) / scale, 0.0), 1.0))

    def onehot(self, name: str, index: int, size: int) -> None:
        """`size` zeros with a 1 at `index`; all zeros when `index` is out of range (-1)."""
        self._mark(name, size)
        row = [0.0] * size
        if 0 <= index < size:
            row[index] = 1.0
        self.values.extend(row)

    def multihot(self, name: str, indices: Iterable[int], size: int) -> None:
        """`size` zeros with a 1 at each index in range."""
        self._mark(name, size)
        row = [0.0] * size
        for i in indices:
            if 0 <= i < size:
                row[i] = 1.0
        self.values.extend(row)

    def counts(self, name: str, indices: Iterable[int], size: int, scale: float) -> None:
        """How many times each index occurs, divided by `scale` and clipped to [0, 1]."""
        self._mark(name, size)
        row = [0.0] * size
        for i in indices:
            if 0 <= i < size:
                row[i] += 1.0
        self.values.extend(min(v / scale, 1.0) for v in row)


def index_of(choices: Sequence[str], value: str) -> int:
    """The position of `value` in `choices`, or -1 (an unknown word encodes as all zeros)."""
    try:
        return choices.index(value)
    except ValueError:
        return -1


@dataclass
class Codec:
    """The action enumeration and the observation encoding of one table configuration."""

    game: str
    players: int
    options: dict[str, Any]
    actions: tuple[str, ...]
    _encode: Callable[[Mapping[str, Any], Encoder], None]
    index: dict[str, int] = field(init=False)
    size: int = field(init=False)
    layout: tuple[tuple[str, int, int], ...] = field(init=False)

    def __post_init__(self) -> None:
        self.index = {code: i for i, code in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{self.game}: the action enumeration repeats a code")
        probe = arena.games.get(self.game).new_state(self.players, 0, self.options)
        enc = Encoder(record=True)
        self._encode(probe.observe(0), enc)
        self.size = len(enc.values)
        self.layout = tuple(enc.segments)

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        """The view as a float32 vector of `size` numbers in [0, 1]."""
        enc = Encoder()
        self._encode(view, enc)
        if len(enc.values) != self.size:
            raise AssertionError(
                f"{self.game}: encoding has {len(enc.values)} numbers, expected {self.size}"
            )
        return np.asarray(enc.values, dtype=np.float32)

    def action_index(self, code: str) -> int:
        try:
            return self.index[code]
        except KeyError:
            raise UnknownCode(f"{self.game}: {code!r} is not in the action enumeration") from None

    def mask(self, legal: Iterable[str]) -> np.ndarray:
        """1 at the index of each legal code, 0 elsewhere (int8, as PettingZoo expects)."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        for code in legal:
            mask[self.action_index(code)] = 1
        return mask

    def describe_layout(self) -> str:
        """The vector's segments, one a line: offset, length, name (a run of segments of the
        same name, one per space or seat, is one line with its count)."""
        lines: list[tuple[str, int, int, int]] = []  # name, start, length, repeats
        for name, start, length in self.layout:
            if lines and lines[-1][0] == name and lines[-1][2] == length:
                head = lines[-1]
                lines[-1] = (name, head[1], length, head[3] + 1)
            else:
                lines.append((name, start, length, 1))
        return "\n".join(
            f"{start:6d} {length:5d}{f' x{times}' if times > 1 else '':>6}  {name}"
            for name, start, length, times in lines
        )


_CACHE: dict[tuple[str, int, str], Codec] = {}


def codec(game: str, players: int, options: Mapping[str, Any] | None = None) -> Codec:
    """The codec of a table: game name, player count, options (defaults filled in)."""
    resolved = arena.games.get(game).resolve_options(options)
    key = (game, players, repr(sorted(resolved.items())))
    found = _CACHE.get(key)
    if found is None:
        module = importlib.import_module(MODULES[game])
        codes = tuple(module.action_codes(players, resolved))
        found = _CACHE[key] = Codec(game, players, resolved, codes, module.encode)
    return found
