"""How a card is declared and resolved: its `Spec` (slots, reach, effect), the registry
of specs by card key, and the Time Passes effects by key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from arena.games.base import JSON
from arena.games.wiz_war.cards import (
    ATTACK,
    CREATURE_ATTACK,
)
from arena.games.wiz_war.records import Spell

if TYPE_CHECKING:
    from arena.games.wiz_war.rules import WizWarState


Options = list[tuple[str, str, Any]]  # (code, label, value)


class Slot(NamedTuple):
    """One thing a declaration asks, e.g. `target` or `energy`."""

    name: str
    options: Callable[[WizWarState, JSON], Options]
    count: Callable[[WizWarState, JSON], int] | None = None  # a repeated slot: how many
    when: Callable[[WizWarState, JSON], bool] | None = None  # asked only if this holds
    #: Whether `options` would offer anything, answered without listing them all: probes
    #: of whether a card can be cast now ask this for every card in hand at every decision.
    exists: Callable[[WizWarState, JSON], bool] | None = None


@dataclass(frozen=True)
class Spec:
    slots: tuple[Slot, ...] = ()
    resolve: Callable[[WizWarState, JSON], None] | None = None
    reach: str = "self"  # los, losN, adj, path, area, line, self
    attack: bool | None = None  # None: from the card kind
    spell: bool = True
    unevadable: bool = False
    uses_energy: bool = False
    cancels: bool = False  # a counter that cancels what it answers (Anti-Anti may reply)
    counter: Callable[[WizWarState, int, JSON], bool] | None = None
    targets: Callable[[WizWarState, JSON], None] | None = None  # fixes the targets when paid
    deep: bool = False  # later slots may run dry: offer only options that can be completed
    #: Whether a declaration can be completed now, answered without trying every one (a
    #: deep spec's probe otherwise searches them all).
    probe: Callable[[WizWarState, JSON], bool] | None = None

    def is_attack(self, kind: str) -> bool:
        if self.attack is not None:
            return self.attack
        return kind in (ATTACK, CREATURE_ATTACK)


SPECS: dict[str, Spec] = {}
TIME_PASSES: dict[str, Callable[[WizWarState, Spell], None]] = {}


_BY_MODE: dict[tuple[str, str], Spec] = {}


def spec_for(key: str, mode: str = "") -> Spec:
    """The spec of a card played in a mode, looked up once (probes ask at every decision;
    SPECS is complete once the effects modules are imported)."""
    found = _BY_MODE.get((key, mode))
    if found is None:
        found = _BY_MODE[key, mode] = SPECS.get(f"{key}:{mode}") or SPECS[key]
    return found
