"""The state of a game of Wiz-War as a record (§1-§4): the board, the figures, the cards in
every zone, the turn and the resolution stack, every field typed.

Rule functions take this record (resolution.py, figures.py, sight.py, hand.py); the engine
API around it lives in rules.py. Plain data, so a state copies cheaply and replays exactly:
the seeded generator is the only thing it owns that is not a list, dict or record.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from arena.games.base import JSON, SharedRng
from arena.games.wiz_war.records import (
    SETUP,
    Creature,
    Door,
    Obj,
    Spell,
    SpellIndex,
    Treasure,
    Wizard,
)


@dataclass(slots=True, eq=False, repr=False)
class State(SharedRng):
    """One game's data (the generator, `rng`, comes from SharedRng)."""

    # --- Table and options (§3) ---------------------------------------------------------------
    num_players: int = 0
    round_limit: int = 0
    black_cantrip: bool = False
    extended_flash: bool = False
    specializations: bool = False
    schools: list[str] = field(default_factory=list)
    more_summons: list[str] = field(default_factory=list)
    first_player: int = 0
    # --- The board (§2) -----------------------------------------------------------------------
    walls: dict[int, int] = field(default_factory=dict)  # edge -> cracks
    created_walls: dict[int, int] = field(default_factory=dict)  # edge -> Create Wall card
    doors: dict[int, Door] = field(default_factory=dict)
    fire_walls: dict[int, int] = field(default_factory=dict)  # edge -> Wall of Fire card
    held: dict[int, int] = field(default_factory=dict)  # door edge -> seat holding it open
    treasures: list[Treasure] = field(default_factory=list)
    objects: dict[int, Obj] = field(default_factory=dict)
    next_object: int = 1
    floor: dict[int, int] = field(default_factory=dict)  # item card -> square
    # --- Figures and spells in play (§6.3, §8) ------------------------------------------------
    wizards: list[Wizard] = field(default_factory=list)
    creatures: dict[str, Creature] = field(default_factory=dict)
    spells: dict[int, Spell] = field(default_factory=dict)
    # --- Cards (§3 item 5, §8.11) -------------------------------------------------------------
    deck: list[int] = field(default_factory=list)  # the top card is the last one
    discard: list[int] = field(default_factory=list)
    pending: list[int] = field(default_factory=list)  # cards being cast
    box: list[int] = field(default_factory=list)  # cards out of the game
    universe: list[int] = field(default_factory=list)  # every card of this game
    pool: list[str] = field(default_factory=list)  # creatures that may be summoned
    spec_owner: dict[int, int] = field(default_factory=dict)  # Specialization card -> seat
    unused: dict[str, list[int]] = field(default_factory=dict)  # school decks not yet kept
    spec_turn: int = 0  # Specializations: how many players have kept theirs
    # --- The turn (§4) ------------------------------------------------------------------------
    round: int = 1
    turn: int = 0
    active: int = 0
    phase: str = SETUP
    activation: str = ""  # the creature being activated
    act_mp: int = 0
    act_attacks: int = 0
    act_allowed: int = 0
    act_moved: bool = False
    act_dashed: bool = False
    over: bool = False
    winner: int = -1
    end_reason: str = ""
    outs: int = 0  # wizards out so far
    log: list[str] = field(default_factory=list)
    # --- Resolution (rules.py) ----------------------------------------------------------------
    casts: dict[int, JSON] = field(default_factory=dict)
    next_cast: int = 1
    frames: list[JSON] = field(default_factory=list)
    #: Where `then` puts the steps the running step schedules.
    _sink: list | None = None
    # --- Derived, kept for one decision or while unchanged ------------------------------------
    #: Answers worked out during one decision; emptied before and after every move.
    _memo: dict[Any, Any] = field(default_factory=dict)
    #: The last spell index built, with the spells it was built from (figures.spell_index).
    _spells_kept: tuple[tuple[tuple[int, int, str], ...], SpellIndex] | None = None
    #: Edge masks by name, each with the edges it was made from (sight.edges_mask).
    _masks_kept: dict[str, tuple[tuple[int, ...], int]] | None = None
    #: True while a probe asks whether a card can be declared now: nobody reads the labels
    #: of the options it lists, so they go unwritten (effects/declaring.py).
    _probing: bool = False
    #: True while the legal map of a declaration is built: it keeps each option's code and
    #: value, and `describe` lists the options again with their labels (legal.py).
    _unlabelled: bool = False


#: The record's fields, in order: what a copy carries over (rules.py, `clone`).
FIELDS = tuple(f.name for f in fields(State))
