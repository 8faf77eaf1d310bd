"""Every number and every [assumed]/[designed] rules choice of Wiz-War, in one table.

Spec: docs/games/wiz-war-rules.md (section numbers below refer to it). Card and creature
numbers live in cards.py; this module holds the rest. Change a value here and the engine, the
views and the docs' tables follow.
"""

from __future__ import annotations

from itertools import combinations

from arena.games.wiz_war.cards import BESTIAL_SCHOOLS, CHOOSABLE

# --- Players and victory (§1.1, §7.8) --------------------------------------------------------
MIN_PLAYERS = 2
MAX_PLAYERS = 4
#: Colour index per seat: 2 players sit in opposite corners [designed] (§2.6).
SEAT_COLOURS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
VICTORY_POINTS = 2  # [rb:S1]
DEFAULT_ROUND_LIMIT = 100  # the game is drawn after this many full rounds [designed]
ROUND_LIMITS = (5, 10, 20, 50, 100)

# --- Wizards (§1.1) --------------------------------------------------------------------------
START_LIFE = 15
MAX_LIFE = 20
BASE_SPEED = 3
MAX_HAND = 7  # hand cards + maintained spells + carried items
STARTING_HAND = 5
SPEC_STARTING_HAND = (3, 2)  # Specializations: from the magic deck, from the own deck [manual]
DRAWS_PER_TURN = 2
PUNCH_DAMAGE = 1  # physical [source:S15, assumed unchanged]
ATTACKS_PER_TURN = 1
DIE_SIDES = 4

# --- Creatures (§8) --------------------------------------------------------------------------
ACTIVATION_COST = 2  # MP of the controlling wizard [manual]
CREATURE_LIFE_CAP = 12  # [manual]
SUMMON_DAMAGE_OFFSET = 1  # the caster suffers d4 - 1 [manual]

# --- Objects and cracks (§7.5) ----------------------------------------------------------------
DAMAGE_PER_CRACK = 3
WALL_CRACKS = 5
DOOR_CRACKS = 3
STONE_BLOCK_CRACKS = 8
BUSH_CRACKS = 1  # Rosebush, Thornbush: 1 crack or any fire damage
TOTEM_BREAKS_AT = 1  # damage or cracks (§8.12)

# --- Item and treasure handling (§5) ----------------------------------------------------------
ITEM_PICKUP_MP = 1  # [assumed]
TREASURE_PICKUP_MP = 0  # [rb:S3]; ends the Move and Cast phase [source:S9]
GOLEM_TREASURE_PICKUP_MP = 1
EXTRA_ARMS_PICKUP_MP = 1

# --- Card details filled in by the arena (§10-§11) --------------------------------------------
INVISIBLE_EVADES = (2, 3, 4)  # d4 faces [recon]
GNOME_EVADES = (1, 2)
STRENGTH_TEAR_SUCCEEDS = (2, 3, 4)
WARD_DROPS = (1, 2)
DUST_CLOUD_DIRECTIONS = "nesw"  # d4 1..4 -> N, E, S, W [assumed]
TELEPORT_STEPS = 4
LIGHTNING_DAMAGE_PER_ENTRY = 3

# --- Arena rulings worth a name, read by the engine (§14) ------------------------------------
FIRST_PLAYER_RANDOM = True  # §3 item 6
NO_ATTACKS_IN_ROUND = 1  # §3 item 7: wizards and creatures alike

# --- Options ----------------------------------------------------------------------------------
#: Three schools (besides the White Cantrip), written in alphabetical order, or "random".
SCHOOL_CHOICES = [",".join(sorted(trio)) for trio in combinations(CHOOSABLE, 3)]
DEFAULT_SCHOOLS = ",".join(sorted(BESTIAL_SCHOOLS))
#: More Summons: extra Bestial Forces schools whose creatures join (validated against the deck).
MORE_SUMMONS_CHOICES = ["none"] + [
    ",".join(sorted(c)) for n in (1, 2, 3) for c in combinations(BESTIAL_SCHOOLS, n)
]

OPTIONS: dict[str, dict[str, object]] = {
    "schools": {"choices": ["random", *SCHOOL_CHOICES], "default": DEFAULT_SCHOOLS},
    "black_cantrip": {"choices": [False, True], "default": False},
    "extended_flash_energy": {"choices": [False, True], "default": False},
    "more_summons": {"choices": MORE_SUMMONS_CHOICES, "default": "none"},
    "specializations": {"choices": [False, True], "default": False},
    "round_limit": {"choices": list(ROUND_LIMITS), "default": DEFAULT_ROUND_LIMIT},
}
