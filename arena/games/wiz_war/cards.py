"""Every card and creature of the game, in one data table (spec §10-§11).

Each row is one card face: its effect key (effects/ holds the code, one module per school),
title, school, kind, traits, energy value (EV), duration, copies per school, the spec's
confidence tag and the numbers its effect uses (`values`). Card ids are fixed for all games:
the catalogue lists the schools in `SCHOOLS` order and each school's rows in order, one id per
copy, so a bot can keep a static id -> card table.

Kinds: attack, neutral, counter, item, relic, energy, flash, summon, creature_attack.
Durations: I instant, T temporary (max(1, E) energy tokens), P permanent, C carried item,
"-" energy only. Traits name what other cards refer to (fire, water, creation, ...) and
a few rules flags: `when_attacked` (a neutral spell that may also be cast as a counter when
you are attacked), `form` (transformation), `creature_form` (may target a creature you
control), `uses_energy` (E matters, so the caster is asked for an energy card).
"""

from __future__ import annotations

from typing import Any, NamedTuple

ATTACK = "attack"
NEUTRAL = "neutral"
COUNTER = "counter"
ITEM = "item"
RELIC = "relic"
ENERGY = "energy"
FLASH = "flash"
SUMMON = "summon"
CREATURE_ATTACK = "creature_attack"

WHITE = "white_cantrip"
BLACK = "black_cantrip"
BASE_SCHOOLS = ("alchemy", "conjuring", "elemental", "mentalism", "mutation", "thaumaturgy")
BESTIAL_SCHOOLS = ("mythology", "totem", "draconic")
SCHOOLS = (WHITE, BLACK, *BASE_SCHOOLS, *BESTIAL_SCHOOLS)
#: The schools a game may choose three of (§3 item 3).
CHOOSABLE = (*BASE_SCHOOLS, *BESTIAL_SCHOOLS)


class CardRow(NamedTuple):
    key: str
    title: str
    kind: str
    ev: int
    dur: str
    copies: int
    traits: frozenset[str]
    tag: str
    values: dict[str, Any]


def row(
    key: str,
    title: str,
    kind: str,
    ev: int = 0,
    dur: str = "I",
    copies: int = 1,
    traits: str = "",
    tag: str = "recon",
    **values: Any,
) -> CardRow:
    return CardRow(key, title, kind, ev, dur, copies, frozenset(traits.split()), tag, values)


def energy(ev: int, copies: int = 1, tag: str = "recon") -> CardRow:
    return row("energy", f"Energy {ev}", ENERGY, ev, "-", copies, tag=tag)


def flash(ev: int) -> CardRow:
    return row("flash_energy", f"Flash Energy {ev}", FLASH, ev, "-", 1, tag="designed value")


_CANTRIP = (
    row("full_shield", "Full Shield", COUNTER),
    row("negate_neutral", "Negate Neutral", COUNTER),
    row("drop_object", "Drop Object", NEUTRAL, 2),
    row("zot", "Zot!", ATTACK, traits="uses_energy", stun=2),
    row("around_the_corner", "Around the Corner", NEUTRAL),
    row("create_wall", "Create Wall", NEUTRAL, dur="P", traits="creation"),
    row("destroy_wall", "Destroy Wall", NEUTRAL, damage=2),
    row("dispel", "Dispel", NEUTRAL),
    row("pick_lock", "Pick Lock", NEUTRAL, 3, traits="mundane"),
    row("rotate_sector", "Rotate Sector", NEUTRAL),
    row("large_rock", "Large Rock", ITEM, 3, "C", traits="thrown", damage=2),
    energy(6),
)

SCHOOL_CARDS: dict[str, tuple[CardRow, ...]] = {
    WHITE: _CANTRIP,
    BLACK: _CANTRIP,
    "alchemy": (
        row("acid_bath", "Acid Bath", ATTACK, 0, "T", 2, "curse", damage=2),
        row("stone_dead", "Stone Dead", ATTACK, 3, traits="uses_energy"),
        row("add", "Add", NEUTRAL),
        row("homunculus", "Homunculus", NEUTRAL, 0, "P", traits="creation", tag="recon, low"),
        row("bloodshard", "Bloodshard", ITEM, 0, "C", traits="trinket", reduce=1),
        row("boomstone", "Boomstone", ITEM, 0, "C", 3, "magic_stone thrown", damage=4),
        row("brainstone", "Brainstone", ITEM, 0, "C", traits="magic_stone", hand=2, draw=2),
        row("lifestone", "Lifestone", ITEM, 0, "C", traits="magic_stone", heal=1),
        row("mightstone", "Mightstone", ITEM, 2, "C", traits="magic_stone"),
        row("null_powder", "Null Powder", ITEM, 0, "C"),
        row("powerstone", "Powerstone", ITEM, 0, "C", 2, "magic_stone", bonus=1),
        row("speedstone", "Speedstone", ITEM, 0, "C", 2, "magic_stone", speed=1),
        row("spellstone", "Spellstone", ITEM, 0, "C", traits="magic_stone", draw=1),
        row("universal_solvent", "Universal Solvent", ITEM, 4, "C", 2, "thrown"),
        row("visionstone", "Visionstone", ITEM, 0, "C", traits="magic_stone"),
        row("fools_gold", "Fool's Gold", NEUTRAL, 0, "P", tag="recon, low", damage=3),
        energy(4),
        energy(5),
    ),
    "conjuring": (
        row("negate_neutral", "Negate Neutral", COUNTER),
        row("shield", "Shield", COUNTER, 2, copies=2, traits="uses_energy", reduce=2),
        row("wall_of_earth", "Wall of Earth", COUNTER, traits="creation"),
        row("ward", "Ward", COUNTER, damage=3),
        row("fire_darts", "Fire Darts", ATTACK, traits="fire uses_energy", damage=1),
        row("ka_bong", "Ka-Bong!", ATTACK, copies=2, damage=4),
        row("swap", "Swap", NEUTRAL),
        row("around_the_corner", "Around the Corner", NEUTRAL),
        row("booby_trap", "Booby Trap", NEUTRAL, 0, "P", traits="creation", damage=4, tokens=4),
        row("create_door", "Create Door", NEUTRAL, 2, "P", traits="creation"),
        row("create_wall", "Create Wall", NEUTRAL, dur="P", traits="creation"),
        row("dispel", "Dispel", NEUTRAL),
        row("dust_cloud", "Dust Cloud", NEUTRAL, 0, "P", traits="creation"),
        row("glue", "Glue", NEUTRAL, 3, "P"),
        row("rosebush", "Rosebush", NEUTRAL, 0, "P", 2, "creation", damage=3),
        row("thornbush", "Thornbush", NEUTRAL, 0, "P", 2, "creation", damage=1, stun=1),
        row("handful_of_tacks", "Handful of Tacks", ITEM, 3, "C", traits="trinket", damage=3),
        energy(4, 2),
        energy(5),
    ),
    "elemental": (
        row("wall_of_earth", "Wall of Earth", COUNTER, copies=2, traits="creation"),
        row("fireball", "Fireball", ATTACK, copies=3, traits="fire", damage=5),
        row(
            "lightning_bolt",
            "Lightning Bolt",
            ATTACK,
            0,
            "I",
            2,
            "lightning uses_energy",
            damage=3,
            stun=1,
        ),
        row("waterbolt", "Waterbolt", ATTACK, 3, "I", 2, "water uses_energy"),
        row("flood", "Flood", NEUTRAL, 0, "T", traits="global water when_attacked"),
        row("wall_of_fire", "Wall of Fire", NEUTRAL, 2, "P", traits="creation fire", damage=4),
        row("create_wall", "Create Wall", NEUTRAL, 0, "P", 2, "creation"),
        row("destroy_wall", "Destroy Wall", NEUTRAL, damage=2),
        row("fog", "Fog", NEUTRAL, 0, "T", traits="global"),
        row("mist_body", "Mist Body", NEUTRAL, 0, "T", traits="form"),
        row("stone_block", "Stone Block", NEUTRAL, 0, "P", traits="creation", cracks=8),
        row("stone_spikes", "Stone Spikes", NEUTRAL, 2, "T", damage=3),
        row("windrider", "Windrider", NEUTRAL, copies=2, traits="uses_energy"),
        row("fire_cloak", "Fire Cloak", ITEM, 2, "C", traits="fire", punch=2, damage=2),
        energy(4, 2),
        energy(5),
    ),
    "mentalism": (
        row("absorb_spell", "Absorb Spell", COUNTER),
        row("shield", "Shield", COUNTER, 2, traits="uses_energy", reduce=2),
        row("brain_burn", "Brain Burn", ATTACK, copies=2),
        row("mental_force", "Mental Force", ATTACK, copies=2, traits="uses_energy", steps=3),
        row("powerthrust", "Powerthrust", ATTACK, 2, "I", 2, "uses_energy", damage=2),
        row("psychic_storm", "Psychic Storm", ATTACK, traits="uses_energy"),
        row("share_life", "Share Life", ATTACK, tag="recon; attack [assumed]"),
        row(
            "thought_steal",
            "Thought Steal",
            ATTACK,
            2,
            "I",
            2,
            tag="recon; attack [assumed]",
            take=2,
        ),
        row("pain_link", "Pain Link", NEUTRAL, 0, "T", 2, "when_attacked"),
        row("teleport", "Teleport", NEUTRAL, traits="when_attacked", steps=4),
        row("add", "Add", NEUTRAL, copies=2),
        row("astral_projection", "Astral Projection", NEUTRAL, copies=2, steps=3),
        row("meditate", "Meditate", NEUTRAL, 3, copies=2, draw=3),
        row("pick_lock", "Pick Lock", NEUTRAL, 3, traits="mundane"),
        row("shatter", "Shatter", NEUTRAL, 3, "T"),
        energy(4),
    ),
    "mutation": (
        row("featherweight", "Featherweight", COUNTER, 0, "T", 2),
        row("disease", "Disease", ATTACK, 0, "T", damage=3),
        row("heave_ho", "Heave-Ho", ATTACK, traits="mundane"),
        row(
            "gnome_form",
            "Gnome Form",
            NEUTRAL,
            2,
            "T",
            traits="form creature_form when_attacked",
            speed=2,
        ),
        row("stretch", "Stretch", NEUTRAL, 2, copies=2),
        row("adrenaline", "Adrenaline", NEUTRAL, 0, "T", 2),
        row(
            "big_man_form",
            "Big Man Form",
            NEUTRAL,
            0,
            "T",
            traits="form creature_form",
            speed=3,
            punch=3,
        ),
        row("dispel", "Dispel", NEUTRAL),
        row("extra_arms", "Extra Arms", NEUTRAL, 3, "T", 2, "form"),
        row(
            "golem_form",
            "Golem Form",
            NEUTRAL,
            0,
            "T",
            traits="form creature_form",
            speed=2,
            punch=2,
            reduce=2,
        ),
        row("mad_dash", "Mad Dash", NEUTRAL),
        row("mist_body", "Mist Body", NEUTRAL, 0, "T", traits="form"),
        row(
            "slime_form",
            "Slime Form",
            NEUTRAL,
            0,
            "T",
            traits="form creature_form",
            speed=3,
            damage=1,
        ),
        row("strength", "Strength", NEUTRAL, 0, "T"),
        row("wallivore", "Wallivore", NEUTRAL, copies=2, heal=2),
        row(
            "werewolf_form", "Werewolf Form", NEUTRAL, 0, "T", traits="form creature_form", speed=4
        ),
        energy(4, 2),
        energy(5),
    ),
    "thaumaturgy": (
        row("anti_anti", "Anti-Anti", COUNTER, 3),
        row("backlash", "Backlash", COUNTER),
        row("full_shield", "Full Shield", COUNTER),
        row("negate_neutral", "Negate Neutral", COUNTER),
        row("drop_object", "Drop Object", NEUTRAL, 2),
        row("fire_darts", "Fire Darts", ATTACK, traits="fire uses_energy", damage=1),
        row("globe_of_pain", "Globe of Pain", ATTACK, 3, "I", 2, "uses_energy", path=6),
        row("powerthrust", "Powerthrust", ATTACK, 2, traits="uses_energy", damage=2),
        row("slow_death", "Slow Death", ATTACK, 0, "P", traits="curse", damage=1),
        row("yoink", "Yoink!", ATTACK),
        row("invisible", "Invisible", NEUTRAL, 0, "T", traits="when_attacked"),
        row("around_the_corner", "Around the Corner", NEUTRAL),
        row("dispel", "Dispel", NEUTRAL),
        row("gravity", "Gravity", NEUTRAL, 0, "T", traits="global"),
        row("pass_through_wall", "Pass Through Wall", NEUTRAL),
        row("pick_lock", "Pick Lock", NEUTRAL, 3, traits="mundane"),
        row("rotate_sector", "Rotate Sector", NEUTRAL),
        row("seal_door", "Seal Door", NEUTRAL, 2, "P"),
        row("master_key", "Master Key", ITEM, 0, "C", traits="trinket"),
        row("dagger", "Dagger", ITEM, 0, "C", traits="weapon", tag="designed", damage=3),
        row(
            "wizardblade",
            "Wizardblade",
            ITEM,
            0,
            "C",
            traits="weapon uses_energy",
            tag="recon; range adj [assumed]",
        ),
        energy(5, 2),
    ),
    "mythology": (
        row("summon", "Summon Minotaur", SUMMON, 0, "P", tag="designed", creature="minotaur"),
        row("summon", "Summon Genie", SUMMON, 0, "P", tag="designed", creature="genie"),
        row("summon", "Summon Boggart", SUMMON, 0, "P", tag="designed", creature="boggart"),
        row("summon", "Summon Grendel", SUMMON, 0, "P", tag="designed", creature="grendel"),
        row("planar_call", "Planar Call", SUMMON, 0, "P", tag="manual name; effect designed"),
        row("hermes_sandals", "Hermes' Sandals", RELIC, 0, "C", tag="source:S6; exact assumed"),
        row(
            "thors_hammer",
            "Thor's Hammer",
            RELIC,
            0,
            "C",
            traits="weapon",
            tag="designed",
            damage=3,
        ),
        row("aegis", "Aegis", RELIC, 0, "C", tag="designed", reduce=1),
        row("golden_fleece", "Golden Fleece", RELIC, 0, "C", tag="designed", heal=1),
        row(
            "bull_rush",
            "Bull Rush",
            CREATURE_ATTACK,
            0,
            "I",
            2,
            tag="designed",
            damage=3,
            steps=2,
            stun=1,
        ),
        row(
            "cyclops_boulder",
            "Cyclops Boulder",
            CREATURE_ATTACK,
            3,
            tag="designed",
            damage=4,
            range=4,
        ),
        row(
            "gorgons_gaze",
            "Gorgon's Gaze",
            ATTACK,
            0,
            traits="uses_energy",
            tag="designed",
            stun=2,
            strong_stun=3,
            strong_energy=5,
        ),
        row("siren_song", "Siren Song", ATTACK, tag="designed", steps=3),
        row("ambrosia", "Ambrosia", NEUTRAL, 2, "I", 2, "uses_energy", tag="designed", heal=3),
        row("oracle", "Oracle", NEUTRAL, 2, tag="designed", look=3),
        row("three_wishes", "Three Wishes", NEUTRAL, tag="designed", draw=2, genie_draw=3),
        row("heroic_labour", "Heroic Labour", NEUTRAL, tag="designed"),
        row("nemesis", "Nemesis", COUNTER, tag="designed"),
        row("ariadnes_thread", "Ariadne's Thread", NEUTRAL, 0, "T", tag="designed"),
        energy(5, tag="designed"),
        flash(6),
        flash(7),
    ),
    "totem": (
        row(
            "summon", "Summon Totem Spirit", SUMMON, 0, "P", tag="designed", creature="totem_spirit"
        ),
        row("planar_call", "Planar Call", SUMMON, 0, "P", tag="manual name; effect designed"),
        row("seer_totem", "Seer Totem", NEUTRAL, 0, "P", 2, "creation totem", tag="designed"),
        row(
            "stone_totem",
            "Stone Totem",
            NEUTRAL,
            0,
            "P",
            2,
            "creation totem",
            tag="designed",
            reduce=1,
        ),
        row(
            "tortoise_totem",
            "Tortoise Totem",
            NEUTRAL,
            0,
            "P",
            2,
            "creation totem",
            tag="designed",
            slow=1,
        ),
        row(
            "wolf_totem",
            "Wolf Totem",
            NEUTRAL,
            0,
            "P",
            2,
            "creation totem",
            tag="designed",
            bonus=1,
        ),
        row(
            "salmon_totem",
            "Salmon Totem",
            NEUTRAL,
            0,
            "P",
            2,
            "creation totem",
            tag="designed",
            heal=1,
        ),
        row(
            "raven_totem",
            "Raven Totem",
            NEUTRAL,
            0,
            "P",
            2,
            "creation totem",
            tag="designed",
            draw=1,
        ),
        row(
            "spirit_bolt", "Spirit Bolt", CREATURE_ATTACK, 0, "I", 2, "uses_energy", tag="designed"
        ),
        row("spirit_drain", "Spirit Drain", ATTACK, 2, tag="designed", damage=2),
        row("ancestral_ward", "Ancestral Ward", COUNTER, tag="designed"),
        row("spirit_walk", "Spirit Walk", NEUTRAL, tag="designed"),
        row("uproot", "Uproot", NEUTRAL, tag="designed"),
        row("spirit_call", "Spirit Call", NEUTRAL, tag="designed"),
        energy(5, tag="designed"),
        flash(6),
        flash(7),
    ),
    "draconic": (
        row("summon", "Summon Dragon", SUMMON, 0, "P", tag="designed", creature="dragon"),
        row("planar_call", "Planar Call", SUMMON, 0, "P", tag="manual name; effect designed"),
        row("treasure_lust", "Treasure Lust", NEUTRAL, 0, "P", 2, tag="source:S6", bonus=3),
        row("tail_slap", "Tail Slap", CREATURE_ATTACK, 0, "I", 2, tag="source:S6; drop designed"),
        row(
            "flame_breath",
            "Flame Breath",
            CREATURE_ATTACK,
            0,
            "I",
            2,
            "fire",
            tag="designed",
            damage=4,
            reach=3,
        ),
        row("dragon_wings", "Dragon Wings", NEUTRAL, 0, "T", 2, tag="designed", speed=2),
        row(
            "dragon_scales",
            "Dragon Scales",
            NEUTRAL,
            2,
            "T",
            2,
            tag="designed",
            reduce=1,
            physical=2,
        ),
        row(
            "dragon_form",
            "Dragon Form",
            NEUTRAL,
            0,
            "T",
            traits="form creature_form",
            tag="designed",
            speed=3,
            punch=3,
            reduce=1,
        ),
        row("dragons_roar", "Dragon's Roar", ATTACK, tag="designed", stun=1),
        row("scorch", "Scorch", CREATURE_ATTACK, 0, "I", 2, "fire", tag="designed", damage=3),
        row("hoard_guard", "Hoard Guard", NEUTRAL, 0, "P", tag="designed", damage=3),
        row(
            "ancient_scales",
            "Ancient Scales",
            COUNTER,
            3,
            traits="uses_energy",
            tag="designed",
            reduce=2,
        ),
        row("drake_eye", "Drake Eye", NEUTRAL, tag="designed"),
        row(
            "dragons_hunger",
            "Dragon's Hunger",
            NEUTRAL,
            2,
            tag="designed",
            creature_heal=4,
            wizard_heal=2,
        ),
        row("wing_buffet", "Wing Buffet", CREATURE_ATTACK, tag="designed", damage=1, push=2),
        energy(5, tag="designed"),
        flash(6),
        flash(7),
    ),
}


class Card(NamedTuple):
    """One physical card of the catalogue, with its row's key, title, kind and energy value
    copied alongside: the rules read them at every decision."""

    id: int
    school: str
    row: CardRow
    key: str
    title: str
    kind: str
    ev: int

    def has(self, trait: str) -> bool:
        return trait in self.row.traits

    def value(self, name: str) -> Any:
        return self.row.values[name]


def _catalogue() -> tuple[Card, ...]:
    cards: list[Card] = []
    for school in SCHOOLS:
        for card_row in SCHOOL_CARDS[school]:
            for _ in range(card_row.copies):
                cards.append(
                    Card(
                        len(cards),
                        school,
                        card_row,
                        card_row.key,
                        card_row.title,
                        card_row.kind,
                        card_row.ev,
                    )
                )
    return tuple(cards)


CARDS: tuple[Card, ...] = _catalogue()
CARDS_OF: dict[str, tuple[int, ...]] = {
    school: tuple(c.id for c in CARDS if c.school == school) for school in SCHOOLS
}
assert all(len(CARDS_OF[s]) == 24 for s in CHOOSABLE), "24 cards per school"
assert len(CARDS_OF[WHITE]) == len(CARDS_OF[BLACK]) == 12


# --- Creatures (§11.1: every speed, life and attack number is [designed]) ---------------------
class Attack(NamedTuple):
    """A non-spell attack printed on a creature's card."""

    name: str  # used in action codes
    title: str
    reach: str  # "adj" | "los" | "los3"
    figures_only: bool  # W/C only (no objects)
    damage: int  # fixed part
    die: bool  # + one d4
    kind: str  # "phys" | "mag"
    fire: bool = False


class CreatureRow(NamedTuple):
    name: str
    title: str
    school: str
    speed: int
    life: int
    attacks: tuple[Attack, ...]
    tag: str


CREATURES: dict[str, CreatureRow] = {
    c.name: c
    for c in (
        CreatureRow(
            "minotaur",
            "Minotaur",
            "mythology",
            3,
            6,
            (Attack("gore", "Gore", "adj", False, 4, False, "phys"),),
            "designed",
        ),
        CreatureRow(
            "genie",
            "Genie",
            "mythology",
            4,
            4,
            (Attack("djinn_bolt", "Djinn Bolt", "los", False, 2, False, "mag"),),
            "designed",
        ),
        CreatureRow(
            "boggart",
            "Boggart",
            "mythology",
            4,
            3,
            (Attack("bite", "Bite", "adj", True, 2, False, "phys"),),
            "designed",
        ),
        CreatureRow(
            "grendel",
            "Grendel",
            "mythology",
            3,
            7,
            (Attack("maul", "Maul", "adj", False, 2, True, "phys"),),
            "designed",
        ),
        CreatureRow(
            "dragon",
            "Dragon",
            "draconic",
            3,
            8,
            (
                Attack("claws", "Claws", "adj", False, 3, False, "phys"),
                Attack("fire_breath", "Fire Breath", "los3", False, 3, False, "mag", True),
            ),
            "designed",
        ),
        CreatureRow(
            "totem_spirit",
            "Totem Spirit",
            "totem",
            3,
            4,
            (Attack("spirit_fangs", "Spirit Fangs", "adj", True, 1, False, "mag"),),
            "designed",
        ),
        CreatureRow("homunculus", "Homunculus", "alchemy", 1, 5, (), "recon, low; designed"),
    )
}
#: Minotaur's Labyrinth Guardian reaction damage (physical) [designed].
GUARDIAN_DAMAGE = 2
#: Totem Spirit's Spirit Fangs: 1 + this many per Totem its controller has in play [designed].
FANGS_PER_TOTEM = 2
#: Boggart's Slippery: the d4 faces that evade [designed].
SLIPPERY_FACES = (4,)
#: Grendel's Iron Hide: physical damage reduction per source [designed].
IRON_HIDE = 1
