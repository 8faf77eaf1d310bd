"""Helpers the card effects share: placing spells, cancelling, hitting, objects, forms."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from arena.games.base import JSON
from arena.games.wiz_war import board as B
from arena.games.wiz_war import casting, damage, figures
from arena.games.wiz_war.cards import (
    CARDS,
)
from arena.games.wiz_war.config import (
    PUNCH_DAMAGE,
)
from arena.games.wiz_war.records import MAG, PHYS, Obj, die_roll, is_wizard
from arena.games.wiz_war.resolution import log_event
from arena.games.wiz_war.state import State

PUNCHING_FORMS = {"big_man_form", "werewolf_form", "golem_form", "dragon_form"}


# --- Helpers effects share ---------------------------------------------------------------------
def place_spell(s: State, cast: JSON, hold: str) -> None:
    """A temporary or permanent spell goes to its caster's play area now (§6.3)."""
    c = cast["card"]
    if c in s.pending:
        s.pending.remove(c)
    casting.add_spell(s, c, cast["seat"], hold, cast["E"])


def cancel(s: State, cast: JSON, protect: list[str] | None = None) -> None:
    """If any target cancels a multi-target spell, no target suffers it (§6.5); each Fire
    Dart is countered separately (its card text)."""
    if cast["key"] == "fire_darts" and protect:
        cast.setdefault("immune", []).extend(protect)
        return
    cast["canceled"] = True


def punch_packets(s: State, actor: str) -> list[list]:
    """A punch: 1 physical, or the form's punch; Mightstone +d4; Fire Cloak +2 mag·fire."""
    form = figures.form_spell(s, actor)
    packets: list[list] = []
    if form is not None and CARDS[form.card].key in PUNCHING_FORMS:
        key = CARDS[form.card].key
        if key == "werewolf_form":
            packets.append([die_roll(s.rng), PHYS, ""])
        elif key == "dragon_form":
            packets.append([CARDS[form.card].value("punch"), MAG, "fire"])
        else:
            packets.append([CARDS[form.card].value("punch"), PHYS, ""])
    else:
        packets.append([PUNCH_DAMAGE, PHYS, ""])
    if is_wizard(actor):
        w = s.wizards[int(actor[1])]
        for c in w.items:
            if CARDS[c].key == "mightstone":
                packets[0][0] += die_roll(s.rng)
            elif CARDS[c].key == "fire_cloak":
                packets.append([CARDS[c].value("punch"), MAG, "fire"])
    return packets


def hit_all(s: State, cast: JSON, packets: Callable[[], list[list]] | list[list]) -> list[str]:
    """Damage every target that is hit (figures) and every object target; returns the
    figures hit."""
    hit = casting.hits(s, cast)
    immune = cast.get("immune", [])
    for token in hit:
        if token not in immune:
            damage.damage(s, cast, token, packets() if callable(packets) else packets)
    for token in cast["objects"]:
        if object_exists(s, token):
            damage.damage(s, cast, token, packets() if callable(packets) else packets)
    return hit


def object_exists(s: State, token: str) -> bool:
    if token.startswith("o"):
        return int(token[1:]) in s.objects
    e = B.parse_edge(token)
    return e in s.walls or e in s.doors


def damage_spell(
    amount: Callable[[State, JSON], int], kind: str = MAG, element: str = ""
) -> Callable:
    def resolve_it(s: State, cast: JSON) -> None:
        hit_all(s, cast, [[amount(s, cast), kind, element]])

    return resolve_it


@cache
def value(key: str, name: str) -> int:
    """A number from the card table, by card key (all copies of a key share it)."""
    for c in CARDS:
        if c.key == key and name in c.row.values:
            return c.value(name)
    raise KeyError(f"{key}.{name}")


def add_object(
    s: State, kind: str, sq: int, cast: JSON, card_id: int = -1, live: bool = False
) -> int:

    oid = s.next_object
    s.next_object += 1
    s.objects[oid] = Obj(
        oid, kind, sq, cast["seat"], card_id if card_id >= 0 else cast["card"], live=live
    )
    s._memo = {}
    return oid


def set_form(s: State, cast: JSON, target: str) -> None:
    """One Transformation per figure: a new one ends the old; the wizard's remaining MP
    follow a base-speed change (§7.6, §5.1)."""
    old = figures.form_spell(s, target)
    if old is not None:
        casting.end_spell(s, old.card)
    before = figures.base_speed(s, target)
    place_spell(s, cast, target)
    figures.speed_shift(s, target, before)
    log_event(s, f"{figures.name_of(s, target)} takes {CARDS[cast['card']].title}")


def wizard_of(cast: JSON) -> str:
    return f"w{cast['seat']}"


def _mundane(cast: JSON) -> bool:
    return cast.get("card", -1) >= 0 and CARDS[cast["card"]].has("mundane")


def spell_cast(cast: JSON) -> bool:
    return bool(cast.get("spell")) and not _mundane(cast)


def targets_me(seat: int, cast: JSON) -> bool:
    return f"w{seat}" in cast.get("targets", [])


def attacked(s: State, seat: int, cast: JSON) -> bool:
    """ "When you are attacked": an attack with this wizard among its targets."""
    return bool(cast.get("attack")) and targets_me(seat, cast)


def own_in_targets(s: State, seat: int, cast: JSON, wizard: bool = True) -> list[str]:
    return [
        t
        for t in cast.get("targets", [])
        if figures.figure_alive(s, t)
        and figures.controller(s, t) == seat
        and (wizard or not is_wizard(t))
    ]


def against(s: State, ct: JSON) -> JSON:
    return s.casts[ct["against"]]


def cancel_it(s: State, ct: JSON) -> None:
    cancel(s, against(s, ct), protect=[wizard_of(ct)])
