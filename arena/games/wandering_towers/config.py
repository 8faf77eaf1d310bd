"""Every number and every [assumed] choice of Wandering Towers, in one table.

Spec: docs/games/wandering-towers-rules.md (section numbers below refer to it). Tags:
[rulebook] the Portuguese rulebook; [BGA] the licensed Board Game Arena code; [assumed] a
choice made where no source settles it (spec §16). Change a number here and the engine, the
views and the docs' tables follow; nothing else in the package repeats these values.
"""

from __future__ import annotations

from typing import NamedTuple

# --- Board (§2) -------------------------------------------------------------------------------
NUM_SPACES = 16  # a closed loop; clockwise = increasing index [rulebook]
RAVENSKEEP_START = 0  # [rulebook; BGA space 1]
SHIELDED_SPACES = frozenset({0, 4, 8, 12})  # raven shields printed on the ground [BGA]
#: Ghost lights per space: the setup capacity of the tower starting there [rulebook].
GHOST_LIGHTS = (0, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0)
NUM_TOWERS = 9  # ids 1..9; tower k starts on space k [rulebook]
SHIELDED_TOWERS = frozenset({1, 3, 5, 7, 9})  # alternate, the first shielded [rulebook]
SURFACE_CAPACITY = 6  # visible wizards on one top surface, ground or tower [rulebook]

# --- Players (§3.1) ---------------------------------------------------------------------------
MIN_PLAYERS = 2
MAX_PLAYERS = 6
WIZARDS_PER_PLAYER = {2: 5, 3: 4, 4: 4, 5: 3, 6: 3}  # [rulebook]
FLASKS_PER_PLAYER = {2: 6, 3: 5, 4: 5, 5: 4, 6: 4}  # all start empty [rulebook]
TEAM_PLAYER_COUNTS = (4, 6)  # partners sit opposite: seat s with s + n/2 [rulebook]

# --- Cards (§4) -------------------------------------------------------------------------------
HAND_SIZE = 3  # dealt at setup and refilled at the end of a turn [rulebook]
ACTIONS_PER_TURN = 2  # two card actions, or the refresh turn [rulebook]
DIE_FACES = 6


class CardRow(NamedTuple):
    """One line of the deck table: `wizard`/`tower` are 0 where the card has no such value
    or where the value is rolled (`dice` > 0 is the number of rolls allowed)."""

    kind: str  # "wizard" | "tower" | "dual"
    wizard: int
    tower: int
    dice: int
    copies: int


#: The 90 movement cards [BGA `MOVES`, copied by the fan spec]. Card ids follow this order.
DECK: tuple[CardRow, ...] = (
    CardRow("wizard", 1, 0, 0, 4),
    CardRow("wizard", 2, 0, 0, 4),
    CardRow("wizard", 3, 0, 0, 4),
    CardRow("wizard", 4, 0, 0, 4),
    CardRow("wizard", 5, 0, 0, 4),
    CardRow("tower", 0, 1, 0, 4),
    CardRow("tower", 0, 2, 0, 4),
    CardRow("tower", 0, 3, 0, 4),
    CardRow("tower", 0, 4, 0, 4),
    CardRow("tower", 0, 5, 0, 4),
    CardRow("dual", 1, 1, 0, 3),
    CardRow("dual", 2, 2, 0, 3),
    CardRow("dual", 3, 3, 0, 3),
    CardRow("dual", 4, 4, 0, 3),
    CardRow("dual", 1, 5, 0, 6),
    CardRow("dual", 2, 4, 0, 6),
    CardRow("dual", 4, 2, 0, 6),
    CardRow("dual", 5, 1, 0, 6),
    CardRow("dual", 0, 0, 1, 6),  # one roll, then choose wizard or tower
    CardRow("tower", 0, 0, 2, 3),
    CardRow("wizard", 0, 0, 2, 3),
    CardRow("tower", 0, 0, 3, 1),
    CardRow("wizard", 0, 0, 3, 1),
)
DECK_SIZE = sum(row.copies for row in DECK)  # 90

# --- Movement distances -----------------------------------------------------------------------
REFRESH_TOWER_STEPS = 1  # the optional tower move of the refresh turn [rulebook]
ADVANCE_WIZARD_STEPS = 1
ADVANCE_TOWER_STEPS = 2
HEADWIND_WIZARD_STEPS = 1  # counter-clockwise
HEADWIND_TOWER_STEPS = 2  # counter-clockwise
SWAP_DISTANCE = 2  # only with the option swap_distance_2 (BGA's reading) [assumed]


# --- Spells (§10.2) ---------------------------------------------------------------------------
class SpellRow(NamedTuple):
    id: int
    name: str  # used in action codes
    title: str  # English edition / BGA
    portuguese: str  # rulebook
    cost: int  # full flasks per cast


#: Costs are BGA's final data (§16): Free a Wizard and Piggyback are the uncertain ones.
SPELLS: tuple[SpellRow, ...] = (
    SpellRow(1, "advance_wizard", "Advance a Wizard", "Mover um mago", 2),
    SpellRow(2, "advance_tower", "Advance a Tower", "Mover uma torre", 1),
    SpellRow(3, "headwind_wizard", "Headwind for a Wizard", "Vento contrário para magos", 2),
    SpellRow(4, "headwind_tower", "Headwind for a Tower", "Vento contrário para torres", 1),
    SpellRow(5, "swap_tower", "Swap a Tower", "Trocar torres", 1),
    SpellRow(6, "nudge_ravenskeep", "Nudge the Ravenskeep", "Mover o Castelo do Corvo", 2),
    SpellRow(7, "free_wizard", "Free a Wizard", "Libertar um mago", 2),
    SpellRow(8, "piggyback", "Piggyback", "Carona", 2),
)
BASIC_SPELLS = ("advance_wizard", "advance_tower")  # the basic game's two spells [rulebook]
DEFAULT_MASTER_SPELLS = 8  # how many the Master Wizard variant draws [assumed]

# --- Safeguards (§13) [assumed: engine rules, not rulebook rules] -----------------------------
ROUND_CAP = 200  # the game ends after this many rounds; fallback ranking decides
END_ON_DEADLOCK = True  # no wizard left on the board and nobody at the goal: end at once

# --- [assumed] choices (§16), each read by the engine -----------------------------------------
START_PLAYER_RANDOM = True  # §3.2 step 4: drawn from the state's RNG (else seat 0)
REFRESH_TOWER_OPTIONAL = True  # §16: the rulebook's "may" (BGA forces a move)
BASIC_SPELLS_PER_TURN = 1  # §9.3: one use per turn, no repeats
MASTER_REPEATS = True  # §11.6: a caster may repeat the same spell, paying each time
FREE_WIZARD_BARRED_ON_FULL_TOP = True  # §10.2 #7: no lift where the top holds 6 wizards
SWAP_BARS_RAVENSKEEP_SPACE = True  # §10.2 #5: neither swapped space may hold the Ravenskeep
PIGGYBACK_NEEDS_ROOM_FOR_ALL = True  # §10.2 #8: mover + passengers fit at the destination

# --- Options (the engine's `Game.options`) ----------------------------------------------------
OPTIONS: dict[str, dict[str, object]] = {
    "variant": {"choices": ["base", "master_wizard"], "default": "base"},
    "teams": {"choices": [False, True], "default": False},
    "spells": {"choices": list(range(1, len(SPELLS) + 1)), "default": DEFAULT_MASTER_SPELLS},
    "swap_distance_2": {"choices": [False, True], "default": False},
    "team_end_immediate": {"choices": [False, True], "default": True},
    "hide_prisoners": {"choices": [False, True], "default": False},
}
