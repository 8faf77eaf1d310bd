"""How a card is declared and resolved: its `Spec` (slots, reach, effect), the registry of
specs by card key, the Time Passes effects by key, and which slot a declaration asks next.

The effects package fills the registries when it is imported (effects/, one module per
school); the rules read them here, below both, so that casting need not import the effects.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from arena.games.base import JSON
from arena.games.wiz_war.cards import (
    ATTACK,
    CREATURE_ATTACK,
)
from arena.games.wiz_war.records import Spell
from arena.games.wiz_war.state import State

Options = list[tuple[str, str, Any]]  # (code, label, value)


class Slot(NamedTuple):
    """One thing a declaration asks, e.g. `target` or `energy`."""

    name: str
    options: Callable[[State, JSON], Options]
    count: Callable[[State, JSON], int] | None = None  # a repeated slot: how many
    when: Callable[[State, JSON], bool] | None = None  # asked only if this holds
    #: Whether `options` would offer anything, answered without listing them all: probes
    #: of whether a card can be cast now ask this for every card in hand at every decision.
    exists: Callable[[State, JSON], bool] | None = None


@dataclass(frozen=True)
class Spec:
    slots: tuple[Slot, ...] = ()
    resolve: Callable[[State, JSON], None] | None = None
    reach: str = "self"  # los, losN, adj, path, area, line, self
    attack: bool | None = None  # None: from the card kind
    spell: bool = True
    unevadable: bool = False
    uses_energy: bool = False
    cancels: bool = False  # a counter that cancels what it answers (Anti-Anti may reply)
    counter: Callable[[State, int, JSON], bool] | None = None
    targets: Callable[[State, JSON], None] | None = None  # fixes the targets when paid
    deep: bool = False  # later slots may run dry: offer only options that can be completed
    #: Whether a declaration can be completed now, answered without trying every one (a
    #: deep spec's probe otherwise searches them all).
    probe: Callable[[State, JSON], bool] | None = None

    def is_attack(self, kind: str) -> bool:
        if self.attack is not None:
            return self.attack
        return kind in (ATTACK, CREATURE_ATTACK)


SPECS: dict[str, Spec] = {}
TIME_PASSES: dict[str, Callable[[State, Spell], None]] = {}


_BY_MODE: dict[tuple[str, str], Spec] = {}


def spec_for(key: str, mode: str = "") -> Spec:
    """The spec of a card played in a mode, looked up once (probes ask at every decision;
    SPECS is complete once the effects modules are imported)."""
    found = _BY_MODE.get((key, mode))
    if found is None:
        found = _BY_MODE[key, mode] = SPECS.get(f"{key}:{mode}") or SPECS[key]
    return found


# --- Declaring: the slot machine (§6.4 step 1) -------------------------------------------------
def next_slot(s: State, frame: JSON) -> Slot | None:
    return first_open_slot(spec_for(frame["key"], frame["mode"]), s, frame)


def first_open_slot(spec: Spec, s: State, frame: JSON) -> Slot | None:
    """The first slot of `spec` the frame has still to fill, or None when it is complete."""
    values = frame["values"]
    for slot in spec.slots:
        if slot.when is not None and not slot.when(s, frame):
            continue
        if slot.count is not None:
            if len(values.get(slot.name, [])) < slot.count(s, frame):
                return slot
        elif slot.name not in values:
            return slot
    return None


def resolve_cast(s: State, cast: JSON) -> None:
    """What the card does (§6.4 step 4): its spec's effect, a counter's included."""
    spec = spec_for(cast["key"], cast["mode"])
    assert spec.resolve is not None
    spec.resolve(s, cast)
