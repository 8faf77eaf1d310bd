"""What the rule steps ask of the card effects: a declaration's targets fixed when it is
paid, and the triggers of a spell ending, damage suffered, cards drawn, Time Passes and an
enemy's treasure taken.

The effects package fills `EFFECTS` when it is imported (effects/__init__.py), so the rule
steps reach the effects without importing them: the effects stand on the rule steps (they
damage, move and end spells through them), never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arena.games.base import JSON
from arena.games.wiz_war.records import Spell
from arena.games.wiz_war.state import State


class Effects:
    """The card effects the rules call, one attribute each, set by the effects package."""

    #: Fix the targets of a cast as it is paid (§6.5).
    fix_targets: Callable[[State, JSON], None]
    #: Undo what a maintained spell holds in place as it ends (§6.3).
    on_end: Callable[[State, Spell], None]
    #: Triggers of suffered damage (§7.2 step 5): (target, amount, attack, source, packets).
    after_damage: Callable[[State, str, int, bool, str, list[list]], None]
    #: After the Discard and Draw phase drew cards (§4.3): (seat, cards drawn).
    after_draw: Callable[[State, int, int], None]
    #: The Time Passes effects of a seat's spells and items (§4.1 step 2).
    time_passes: Callable[[State, int], None]
    #: An enemy wizard took a treasure (§5.3): (seat, treasure, the square it lay on).
    treasure_taken: Callable[[State, int, int, int], None]

    def __init__(self) -> None:
        for name in self.__annotations__:
            setattr(self, name, _not_loaded(name))


def _not_loaded(name: str) -> Callable[..., Any]:
    """A hook the effects package has not filled: calling it says so."""

    def missing(*args: Any) -> Any:
        raise RuntimeError(
            f"no card effect {name!r}: the effects package (arena.games.wiz_war.effects) fills "
            "these hooks when it is imported"
        )

    return missing


EFFECTS = Effects()
