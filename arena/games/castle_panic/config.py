"""Every number and every [assumed] choice of Castle Panic + Engines of War, in one table.

Spec: docs/games/castle-panic-rules.md (section numbers and A-numbers below refer to it;
its Appendix A is this file's source). Tags: [manual] the Engines of War rulebook; [source]
a published fact about the base game; [assumed] a gap filled by the spec (A1..A52) or by
this engine. Change a number here and the engine, the views and the docs follow; nothing
else in the package repeats these values.
"""

from __future__ import annotations

from typing import NamedTuple

# --- Board (§1.1) -------------------------------------------------------------------------------
ARCS = (1, 2, 3, 4, 5, 6)  # clockwise = increasing number; arc 1 follows arc 6 [source]
COLOURS = ("red", "green", "blue")
ARC_COLOUR = {1: "red", 2: "red", 3: "green", 4: "green", 5: "blue", 6: "blue"}  # [source]
#: Rings by distance to the castle: the engine's ring index.
CASTLE, SWORDSMAN, KNIGHT, ARCHER, FOREST = 0, 1, 2, 3, 4
RING_NAMES = ("castle", "swordsman", "knight", "archer", "forest")
RING_LETTERS = ("C", "S", "K", "A", "F")  # space codes: "K3" = Knight ring of arc 3

# --- Players and hands (§3 step 7; Appendix A hand_by_players) [manual] ------------------------
MIN_PLAYERS = 1
MAX_PLAYERS = 6


class HandRow(NamedTuple):
    castle_dealt: int
    resource_dealt: int
    hand_size: int  # the draw-up target; Resource cards count toward it
    trades: int  # trades per turn (Phase 3)
    exchanges: int  # Discard & Draw per turn (Phase 2)


HANDS = {
    1: HandRow(5, 1, 6, 0, 2),
    2: HandRow(5, 1, 6, 1, 1),
    3: HandRow(4, 1, 5, 1, 1),
    4: HandRow(4, 1, 5, 1, 1),
    5: HandRow(4, 1, 5, 1, 1),
    6: HandRow(3, 1, 4, 2, 1),
}


# --- Castle deck (§2.2): 41 cards once Brick and Mortar are removed [manual] --------------------
class CardRow(NamedTuple):
    name: str  # used in views and descriptions
    title: str
    kind: str  # archer | knight | swordsman | hero | barbarian | ... | brick | mortar | ...
    colour: str  # red | green | blue | any | "" (no colour)
    copies: int


CASTLE_DECK: tuple[CardRow, ...] = (
    *(CardRow(f"{c}_archer", f"{c.title()} Archer", "archer", c, 3) for c in COLOURS),
    CardRow("any_archer", "Any Color Archer", "archer", "any", 1),
    *(CardRow(f"{c}_knight", f"{c.title()} Knight", "knight", c, 3) for c in COLOURS),
    CardRow("any_knight", "Any Color Knight", "knight", "any", 1),
    *(CardRow(f"{c}_swordsman", f"{c.title()} Swordsman", "swordsman", c, 3) for c in COLOURS),
    CardRow("any_swordsman", "Any Color Swordsman", "swordsman", "any", 1),
    *(CardRow(f"{c}_hero", f"{c.title()} Hero", "hero", c, 1) for c in COLOURS),
    CardRow("barbarian", "Barbarian", "barbarian", "", 1),
    CardRow("nice_shot", "Nice Shot", "nice_shot", "", 1),
    CardRow("tar", "Tar", "tar", "", 1),
    CardRow("fortify_wall", "Fortify Wall", "fortify_wall", "", 1),
    CardRow("drive_him_back", "Drive Him Back!", "drive_him_back", "", 1),
    CardRow("missing", "Missing", "missing", "", 1),
    CardRow("scavenge", "Scavenge", "scavenge", "", 1),
    CardRow("draw_2_cards", "Draw 2 Cards", "draw_2_cards", "", 1),
)
#: The Resource deck (§2.3) [manual].
RESOURCES = ("brick", "mortar", "wood", "rope")
RESOURCE_DECK: tuple[CardRow, ...] = tuple(CardRow(r, r.title(), r, "", 4) for r in RESOURCES)
RESOURCE_RESHUFFLE_BANISH = 2  # banished at random on each Resource reshuffle [manual]
HIT_KINDS = ("archer", "knight", "swordsman", "hero")  # "hit" cards [manual]
#: The ring each hit-card kind attacks (a Hero attacks all three).
HIT_RINGS = {
    "archer": (ARCHER,),
    "knight": (KNIGHT,),
    "swordsman": (SWORDSMAN,),
    "hero": (ARCHER, KNIGHT, SWORDSMAN),
}


# --- Monster tokens (§2.4, §2.5) ------------------------------------------------------------------
class MonsterRow(NamedTuple):
    title: str
    category: str  # creature | boss | engine | encampment | effect
    max_health: int  # 0 for effect tokens
    points: int  # trophy points; 0 for effect tokens


MONSTERS: dict[str, MonsterRow] = {
    "goblin": MonsterRow("Goblin", "creature", 1, 1),
    "orc": MonsterRow("Orc", "creature", 2, 2),
    "troll": MonsterRow("Troll", "creature", 3, 3),
    "goblin_king": MonsterRow("Goblin King", "boss", 2, 4),
    "orc_warlord": MonsterRow("Orc Warlord", "boss", 3, 4),
    "troll_mage": MonsterRow("Troll Mage", "boss", 3, 4),
    "healer": MonsterRow("Healer", "boss", 2, 4),
    "shaman": MonsterRow("Shaman", "creature", 3, 5),  # health [assumed A3]
    "breathtaker": MonsterRow("Breathtaker", "creature", 3, 5),  # health [assumed A3]
    "goblin_saboteur": MonsterRow("Goblin Saboteur", "creature", 2, 2),  # [assumed A4]
    "siege_tower": MonsterRow("Siege Tower", "engine", 3, 3),  # health [assumed A2]
    "war_wagon": MonsterRow("War Wagon", "engine", 3, 3),  # health [assumed A2]
    "battering_ram": MonsterRow("Battering Ram", "engine", 3, 3),  # health [assumed A2]
    "barracks": MonsterRow("Barracks", "encampment", 2, 2),  # health [assumed A5]
    "forward_camp": MonsterRow("Forward Camp", "encampment", 2, 2),  # health [assumed A5]
    "giant_boulder": MonsterRow("Giant Boulder", "effect", 0, 0),
    "red_move_1": MonsterRow("Red Monsters Move 1", "effect", 0, 0),
    "green_move_1": MonsterRow("Green Monsters Move 1", "effect", 0, 0),
    "blue_move_1": MonsterRow("Blue Monsters Move 1", "effect", 0, 0),
    "move_clockwise": MonsterRow("Monsters Move Clockwise", "effect", 0, 0),
    "move_counter_clockwise": MonsterRow("Monsters Move Counter-Clockwise", "effect", 0, 0),
    "plague_archers": MonsterRow("Plague! Archers", "effect", 0, 0),
    "plague_knights": MonsterRow("Plague! Knights", "effect", 0, 0),
    "plague_swordsmen": MonsterRow("Plague! Swordsmen", "effect", 0, 0),
    "all_players_discard_1": MonsterRow("All Players Discard 1 Card", "effect", 0, 0),
    "draw_3": MonsterRow("Draw 3 Monster Tokens", "effect", 0, 0),
    "draw_4": MonsterRow("Draw 4 Monster Tokens", "effect", 0, 0),
    "equalizer": MonsterRow("Equalizer", "effect", 0, 0),
    "roll_and_move": MonsterRow("Roll and Move", "effect", 0, 0),
}

#: The 49 base tokens [source: REPOS; DIZED].
BASE_MONSTER_TOKENS = {
    "goblin": 6,
    "orc": 11,
    "troll": 10,
    "goblin_king": 1,
    "orc_warlord": 1,
    "troll_mage": 1,
    "healer": 1,
    "giant_boulder": 4,
    "red_move_1": 2,
    "green_move_1": 2,
    "blue_move_1": 2,
    "move_clockwise": 1,
    "move_counter_clockwise": 1,
    "plague_archers": 1,
    "plague_knights": 1,
    "plague_swordsmen": 1,
    "all_players_discard_1": 1,
    "draw_3": 1,
    "draw_4": 1,
}
#: The 11 Engines of War tokens [manual].
EOW_MONSTER_TOKENS = {
    "siege_tower": 1,
    "war_wagon": 1,
    "battering_ram": 1,
    "shaman": 1,
    "breathtaker": 1,
    "goblin_saboteur": 2,
    "equalizer": 1,
    "roll_and_move": 1,
    "forward_camp": 1,
    "barracks": 1,
}
#: Returned to the box when playing Castle Panic with Engines of War only [manual].
SETUP_REMOVED = {
    "goblin": 3,
    "troll": 2,
    "giant_boulder": 2,
    "red_move_1": 1,
    "green_move_1": 1,
    "blue_move_1": 1,
}
#: One per Archer space at setup [manual]; which arc gets which: seeded permutation [A7].
STARTING_MONSTERS = ("goblin", "goblin", "goblin", "orc", "orc", "troll")
CREW_RESERVE = ("orc",) * 6  # set aside as Siege Engine crew [manual]
CREW_PER_ENGINE = 2  # [manual]
#: Alternative-crew variant (option siege_crew=random): the crew are drawn at random from
#: these kinds among the crew Orcs and the pile's plain monsters [manual variant; A52].
RANDOM_CREW_KINDS = ("goblin", "orc", "troll")
MONSTER_PILE_SIZE = 38  # derived; asserted at setup with the default options

# --- Equipment (§2.6, §7) -------------------------------------------------------------------------
FIELD_EQUIPMENT = ("barricade", "pit", "spring_trap")
CASTLE_EQUIPMENT = ("wall", "keep", "catapult", "ballista")
EQUIPMENT = ("wall", "barricade", "pit", "spring_trap", "keep", "catapult", "ballista")
EQUIPMENT_TITLES = {
    "wall": "Wall",
    "barricade": "Barricade",
    "pit": "Pit",
    "spring_trap": "Spring Trap",
    "keep": "Keep",
    "catapult": "Catapult",
    "ballista": "Ballista",
}
EQUIPMENT_TOKENS = {
    "wall": 6,
    "barricade": 2,
    "pit": 2,
    "spring_trap": 2,
    "keep": 1,
    "catapult": 1,
    "ballista": 1,
}  # [manual]
#: Building costs: only the Keep's is printed legibly; the rest [assumed A6].
EQUIPMENT_COST: dict[str, dict[str, int]] = {
    "wall": {"brick": 1, "mortar": 1},
    "barricade": {"brick": 1, "rope": 1},
    "pit": {"wood": 1, "mortar": 1},
    "spring_trap": {"wood": 1, "rope": 1},
    "keep": {"brick": 1, "mortar": 1, "wood": 1, "rope": 1},  # [manual]
    "ballista": {"wood": 2, "rope": 2},
    "catapult": {"wood": 2, "rope": 2, "brick": 1},
}
FORTIFY_TOKENS = 2  # [source: DOCSLIB]
FORTIFY_PER_WALL = 1  # [assumed A12]
TAR_TOKENS = 1  # one token: Tar can't be played while it is on the board [assumed A11]

# --- Weapons (§8) [manual] ------------------------------------------------------------------------
CATAPULT_DAMAGE = 3
BALLISTA_TARGET_DAMAGE = 2
BALLISTA_BEHIND_DAMAGE = 1
WEAPON_FIRE_CARDS = 2
HERO_MATCHES_ANY_RING = True  # [assumed A21]

# --- Dice tables [manual] -------------------------------------------------------------------------
DIE_FACES = 6
WAR_WAGON_CCW_FACES = (1, 2, 3)  # 4-6: clockwise
ROLL_AND_MOVE = {1: "cw", 2: "cw", 3: "forward", 4: "forward", 5: "ccw", 6: "ccw"}
EQUALIZER_THRESHOLD = 6  # draw while fewer Monsters than this are on the board [manual]
GOBLIN_KING_DRAWS = 3
DRAW_2_CARDS = 2
MONSTERS_PER_TURN = 2  # Phase 6 draws [source]

# --- [assumed] choices read by the engine ---------------------------------------------------------
START_PLAYER_RANDOM = False  # A8: seat 0 starts unless the option says otherwise
TRADE_PROPOSALS_PER_TRADE = 3  # A9: rejected proposals allowed per trade slot
#: Engine safeguard: `task` actions (setting or changing the Engineer's task) in a row with
#: no card assigned and nothing built in between, so that a bot cannot stall Phase 4 by
#: flipping an empty task for ever. Manual p.7 sets no limit on tasks per turn: assigning a
#: card or completing a build starts the count again.
TASK_SETS_IN_A_ROW = 3
#: Engine safeguard: after this many turns the team loses ("turn_cap"). Missing and Scavenge
#: could otherwise starve the Monster pile for ever.
TURN_CAP = 300
#: Score of a seat = its trophy points, plus this bonus when the team won, so a solo
#: leaderboard sorted by score orders by (win, points).
TEAM_WIN_BONUS = 1000
#: How a game ended, as `table_result()["ending"]` names it, from the rules' `end_reason`.
ENDINGS = {"monsters": "monsters_slain", "towers": "castle_fell", "turn_cap": "turn_cap"}
#: Those endings in words, for every page and the `arena play` table (`Game.endings`).
ENDING_WORDS = {
    "monsters_slain": "Castle held — all monsters slain",
    "castle_fell": "Castle fell — every tower destroyed",
    "turn_cap": f"Castle lost — still under siege after turn {TURN_CAP}",
}

# --- Options (the engine's `Game.options`) --------------------------------------------------------
OPTIONS: dict[str, dict[str, object]] = {
    "siege_crew": {"choices": ["orcs", "random"], "default": "orcs"},
    "first_player": {"choices": ["seat_0", "random"], "default": "seat_0"},
}
