"""Declaring (§6.4): the slot machine that asks a declaration's questions one at a time,
and the probes that tell whether a card can be cast or an item used now.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from arena.games.base import JSON
from arena.games.wiz_war import casting, creatures, figures, turn
from arena.games.wiz_war.cards import (
    CARDS,
    COUNTER,
    ENERGY,
    FLASH,
    ITEM,
    RELIC,
)
from arena.games.wiz_war.effects.shared import PUNCHING_FORMS
from arena.games.wiz_war.effects.targets import is_figure
from arena.games.wiz_war.records import is_wizard, new_declaration
from arena.games.wiz_war.spec import Options, first_open_slot, next_slot, spec_for
from arena.games.wiz_war.state import State


# --- Declaring: the slot machine ---------------------------------------------------------------
def slot_options(s: State, frame: JSON) -> Options:
    slot = next_slot(s, frame)
    if slot is None:
        return []
    options = slot.options(s, frame)
    if spec_for(frame["key"], frame["mode"]).deep:
        options = [o for o in options if _completable(s, _filled(s, frame, o[2]))]
    return options


def _filled(s: State, frame: JSON, value: Any) -> JSON:
    child = dict(frame)
    child["values"] = {k: list(v) if isinstance(v, list) else v for k, v in frame["values"].items()}
    fill_slot(s, child, value)
    return child


def _completable(s: State, frame: JSON) -> bool:
    """Depth first, stopping at the first full declaration found."""
    slot = next_slot(s, frame)
    if slot is None:
        return True
    return any(_completable(s, _filled(s, frame, o[2])) for o in slot.options(s, frame))


def fill_slot(s: State, frame: JSON, value: Any) -> None:
    slot = next_slot(s, frame)
    assert slot is not None
    if slot.count is not None:
        frame["values"].setdefault(slot.name, []).append(value)
    else:
        frame["values"][slot.name] = value


def _probe(s: State, seat: int, actor: str, key: str, card_id: int, mode: str, source: str) -> bool:
    """Could a declaration of this be started and completed now? (Its first slot has an
    option; later slots always have one by construction.) Copies of a card answer alike."""
    title = CARDS[card_id].row.title if card_id >= 0 else ""
    memo_key = ("probe", seat, actor, key, mode, source, title)
    found = s._memo.get(memo_key)
    if found is None:
        found = s._memo[memo_key] = _probe_now(s, seat, actor, key, card_id, mode, source)
    return found


def _probe_now(
    s: State, seat: int, actor: str, key: str, card_id: int, mode: str, source: str
) -> bool:
    spec = spec_for(key, mode)
    if spec.resolve is None:
        return False
    # a probe (the last argument), by position: a call with keywords costs more, and this
    # one is made for every card in hand at every decision
    frame = new_declaration(seat, actor, key, card_id, mode, source, "cast", -1, True)
    s._probing = True
    try:
        if spec.probe is not None:
            return spec.probe(s, frame)
        if spec.deep:
            return _completable(s, frame)
        slot = first_open_slot(spec, s, frame)
        if slot is None:
            return True
        if slot.exists is not None:
            return slot.exists(s, frame)
        return bool(slot.options(s, frame))
    finally:
        s._probing = False


MODES: dict[str, tuple[str, ...]] = {
    "zot": ("damage", "stun"),
    "stretch": ("pick_up", "drop", "punch"),
    "thors_hammer": ("smash", "strike"),
    "null_powder": ("dispel",),
}
ONLY_AS_COUNTER = ("wall_of_earth", "ward", "anti_anti", "shield", "ancient_scales")


class _CastProfile(NamedTuple):
    """What the catalogue says about casting a card from the hand, read once per card."""

    key: str
    castable: bool  # not an energy, Flash Energy, item, relic or counter-only card
    fire: bool
    moving: bool  # moves its caster (a stunned wizard who attacked may not, §4.2)
    modes: tuple[tuple[str, bool], ...]  # (mode, whether cast that way it is an attack)


@cache
def _cast_profile(c: int) -> _CastProfile:
    card = CARDS[c]
    key, kind = card.key, card.kind
    castable = kind not in (ENERGY, FLASH, ITEM, RELIC, COUNTER)
    modes = MODES.get(key, ("",)) if castable else ()
    attacks = tuple((m, spec_for(key, m).is_attack(kind)) for m in modes)
    return _CastProfile(key, castable, card.has("fire"), key in MOVING_SPELLS, attacks)


def castable(s: State, seat: int, actor: str, cards: list[int]) -> list[list[str]]:
    """For each of `cards`, the modes in which `actor` (a wizard on his turn, or a creature
    in its activation) may cast it now from the hand; whether the actor may cast or attack
    at all is asked once for the whole hand."""
    wizard_actor = is_wizard(actor)
    if wizard_actor and figures.only_counters(s, actor):
        return [[] for _ in cards]
    source = "hand" if wizard_actor else "creature_hand"
    may_attack: bool | None = None  # asked once, and only if an attack is in hand
    out = []
    for c in cards:
        profile = _cast_profile(c)
        modes: list[str] = []
        out.append(modes)
        if not profile.castable or (profile.fire and figures.spell_in_play(s, "flood")):
            continue
        for mode, attack in profile.modes:
            if attack:
                if may_attack is None:
                    may_attack = (
                        turn.wizard_can_attack(s, seat)
                        if wizard_actor
                        else creatures.creature_can_attack(s, actor)
                    )
                if not may_attack:
                    continue
            elif not wizard_actor:
                continue
            if wizard_actor and profile.moving and not turn.may_move(s, seat):
                continue
            if _probe(s, seat, actor, profile.key, c, mode, source):
                modes.append(mode)
    return out


MOVING_SPELLS = ("swap", "windrider", "teleport")


def usable_modes(s: State, seat: int, c: int) -> list[str]:
    """Uses of a carried item now: throwing, striking, Null Powder, Master Key, tacks."""
    card = CARDS[c]
    me = f"w{seat}"
    if figures.only_counters(s, me) or (card.has("fire") and figures.spell_in_play(s, "flood")):
        return []
    key = card.key
    if key not in USES:
        return []
    source, _ = USES[key]
    out = []
    for mode in MODES.get(key, ("",)):
        spec = spec_for(key, mode)
        if spec.is_attack("") and not turn.wizard_can_attack(s, seat):
            continue
        if _probe(s, seat, me, key, c, mode, source):
            out.append(mode)
    return out


#: Carried items that can be used: (declaration source, kept after use).
USES = {
    "large_rock": ("thrown", False),
    "boomstone": ("thrown", False),
    "universal_solvent": ("thrown", False),
    "dagger": ("weapon", True),
    "wizardblade": ("weapon", True),
    "thors_hammer": ("weapon", True),
    "master_key": ("weapon", True),
    "null_powder": ("spent", False),
    "handful_of_tacks": ("place", False),
}


def use_item(s: State, seat: int, c: int, mode: str) -> None:
    source, _ = USES[CARDS[c].key]
    casting.declare(s, seat, f"w{seat}", CARDS[c].key, c, mode, source)


def has_targets(s: State, seat: int, actor: str, key: str) -> bool:
    """Punch, Stone Spikes, Strength's tear and creature card attacks: any target now?"""
    if key == "spike" and not figures.has_spell(s, actor, "stone_spikes"):
        return False
    if key == "tear" and not figures.has_spell(s, actor, "strength"):
        return False
    if key == "punch" and not is_wizard(actor) and figures.form(s, actor) not in PUNCHING_FORMS:
        return False
    return _probe(s, seat, actor, key, -1, "", key)


def fix_targets(s: State, cast: JSON) -> None:
    """Fix the targets at declaration (§6.5): figures in `targets`, objects and edges in
    `objects`; the card's own rule where it has one (areas, lines)."""
    spec = spec_for(cast["key"], cast["mode"])
    if spec.targets is not None:
        spec.targets(s, cast)
        return
    values = cast["values"]
    chosen = []
    for name in ("target", "targets"):
        value = values.get(name)
        if isinstance(value, list):
            chosen += value
        elif isinstance(value, str):
            chosen.append(value)
    for token in chosen:
        if is_figure(token):
            if token not in cast["targets"]:
                cast["targets"].append(token)
        elif token not in cast["objects"]:
            cast["objects"].append(token)
