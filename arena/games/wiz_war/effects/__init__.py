"""Card effects: what each card asks when declared (its slots) and what it does.

Every card key has a `Spec` (wiz_war/spec.py): the declaration slots (targets, mode, energy,
direction...), how it reaches, whether it is an attack, and the function that resolves it.
One module per school, reading like the card text (spec §10-§11). The effects stand on the
rule modules (damage, casting, belongings, movement, ...): damage is scheduled as steps
(`damage.damage(s, ...)`), so choices that damage can raise (Treasure Lust, Featherweight)
wait in line. Numbers come from the card table (cards.py). The legal map calls the names
below; the rule steps reach the effects only through the specs (wiz_war/spec.py) and the
hooks filled here (wiz_war/hooks.py).

Target tokens: wizards `w0`..`w3`, creatures by name, squares `r2c3`, edges `r2c3e`/`r2c3s`,
objects `o7`, maintained spells `spell45`, treasures `t3`, items `item45`, sectors by colour.
"""

from __future__ import annotations

from arena.games.wiz_war.effects import (  # noqa: F401  each school registers its specs
    alchemy,
    attacks,
    conjuring,
    draconic,
    elemental,
    mentalism,
    mutation,
    mythology,
    thaumaturgy,
    totem,
    white_cantrip,
)
from arena.games.wiz_war.effects.declaring import (
    castable,
    fill_slot,
    fix_targets,
    has_targets,
    slot_options,
    usable_modes,
    use_item,
)
from arena.games.wiz_war.effects.hooks import (
    after_damage,
    after_draw,
    counter_options,
    on_end,
    time_passes,
    treasure_taken,
)
from arena.games.wiz_war.hooks import EFFECTS
from arena.games.wiz_war.spec import SPECS, next_slot, resolve_cast, spec_for

EFFECTS.fix_targets = fix_targets
EFFECTS.on_end = on_end
EFFECTS.after_damage = after_damage
EFFECTS.after_draw = after_draw
EFFECTS.time_passes = time_passes
EFFECTS.treasure_taken = treasure_taken

__all__ = [
    "SPECS",
    "after_damage",
    "after_draw",
    "castable",
    "counter_options",
    "fill_slot",
    "fix_targets",
    "has_targets",
    "next_slot",
    "on_end",
    "resolve_cast",
    "slot_options",
    "spec_for",
    "time_passes",
    "treasure_taken",
    "usable_modes",
    "use_item",
]
