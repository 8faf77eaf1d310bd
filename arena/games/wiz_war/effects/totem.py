"""Totem (§11.3)."""

from __future__ import annotations

from arena.games.base import JSON
from arena.games.codes import action_code
from arena.games.wiz_war import board as B
from arena.games.wiz_war import damage, figures, hand, sight
from arena.games.wiz_war.cards import (
    CARDS,
)
from arena.games.wiz_war.effects.conjuring import object_spell
from arena.games.wiz_war.effects.mutation import own_walls
from arena.games.wiz_war.effects.shared import (
    against,
    cancel,
    damage_spell,
    hit_all,
    own_in_targets,
    spell_cast,
    value,
    wizard_of,
)
from arena.games.wiz_war.effects.targets import ENERGY_SLOT, in_range, target_slot, token_options
from arena.games.wiz_war.effects.thaumaturgy import pass_through
from arena.games.wiz_war.records import MAG, Spell
from arena.games.wiz_war.resolution import then
from arena.games.wiz_war.spec import SPECS, TIME_PASSES, Options, Slot, Spec
from arena.games.wiz_war.state import State
from arena.games.wiz_war.steps import step


def _open_squares(s: State, actor: str) -> list[int]:
    """The empty squares beside the caster where a totem may stand."""
    here = figures.figure_sq(s, actor)
    return [
        sq for sq in sight.adjacent_squares(s, actor) if sq != here and sight.empty_square(s, sq)
    ]


def _totem_squares(s: State, frame: JSON) -> Options:
    squares = _open_squares(s, frame["actor"])
    return token_options(s, "target", [B.square_name(sq) for sq in squares])


def _totem_room(s: State, frame: JSON) -> bool:
    """Whether `_totem_squares` offers a square: one answer for every totem in the hand."""
    key = ("totem_room", frame["actor"])
    found = s._memo.get(key)
    if found is None:
        found = s._memo[key] = bool(_open_squares(s, frame["actor"]))
    return found


for _totem in (
    "seer_totem",
    "stone_totem",
    "tortoise_totem",
    "wolf_totem",
    "salmon_totem",
    "raven_totem",
):
    SPECS[_totem] = Spec(
        slots=(Slot("target", _totem_squares, exists=_totem_room),),
        resolve=object_spell("totem"),
        targets=lambda s, c: None,
    )


def salmon_totem(s: State, sp: Spell) -> None:
    """Your wizard (in its sector) and each of your creatures there gain 1 life."""
    obj = next((o for o in s.objects.values() if o.card == sp.card), None)
    if obj is None:
        return
    sector = B.sector_of(obj.sq)
    for f in figures.figures(s):
        if figures.controller(s, f) == sp.caster and B.sector_of(figures.figure_sq(s, f)) == sector:
            damage.heal(s, f, value("salmon_totem", "heal"))


TIME_PASSES["salmon_totem"] = salmon_totem
SPECS["spirit_bolt"] = Spec(
    slots=(target_slot("los", objects=True), ENERGY_SLOT),
    resolve=damage_spell(lambda s, c: c["E"] + hand.totems_of(s, c["seat"])),
    reach="los",
    uses_energy=True,
)


def spirit_drain(s: State, cast: JSON) -> None:
    """2 mag; you gain life equal to the life the target lost."""
    hit_all(s, cast, [[value("spirit_drain", "damage"), MAG, ""]])
    then(s, "drain_heal", cast=cast["id"])


@step
def drain_heal(s: State, cast: int) -> None:
    c = s.casts.get(cast)
    if c is not None:
        damage.heal(s, c["actor"], sum(c["lost"].values()))


SPECS["spirit_drain"] = Spec(slots=(target_slot("los"),), resolve=spirit_drain, reach="los")


def _ward_applies(s: State, seat: int, cast: JSON) -> bool:
    if not (spell_cast(cast) and cast.get("attack")):
        return False
    sectors = {
        B.sector_of(o.sq) for o in s.objects.values() if o.kind == "totem" and o.owner == seat
    }
    return any(
        B.sector_of(figures.figure_sq(s, t)) in sectors for t in own_in_targets(s, seat, cast)
    )


SPECS["ancestral_ward"] = Spec(
    resolve=lambda s, ct: cancel(s, against(s, ct), protect=[wizard_of(ct)]),
    cancels=True,
    counter=_ward_applies,
)


def _own_wall_edges(s: State, frame: JSON) -> Options:
    return own_walls(s, frame)


SPECS["spirit_walk"] = Spec(
    slots=(Slot("target", _own_wall_edges),), resolve=pass_through, targets=lambda s, c: None
)


def _own_totems(s: State, frame: JSON) -> Options:
    if not _totem_squares(s, frame):
        return []
    tokens = [
        f"o{o.id}"
        for o in s.objects.values()
        if o.kind == "totem" and o.owner == frame["seat"] and in_range(s, frame, o.sq, "los")
    ]
    return token_options(s, "target", tokens)


def _uproot_squares(s: State, frame: JSON) -> Options:
    return [(action_code("place", o[2]), o[1], o[2]) for o in _totem_squares(s, frame)]


def uproot(s: State, cast: JSON) -> None:
    obj = s.objects.get(int(cast["values"]["target"][1:]))
    sq = B.parse_square(cast["values"]["place"])
    if obj is not None and sight.empty_square(s, sq):
        obj.sq = sq
        s._memo = {}


SPECS["uproot"] = Spec(
    slots=(Slot("target", _own_totems), Slot("place", _uproot_squares)),
    resolve=uproot,
    targets=lambda s, c: None,
)


def _totem_cards(s: State, frame: JSON) -> Options:
    w = s.wizards[frame["seat"]]
    cards = [c for c in s.discard + w.spec_discard if CARDS[c].has("totem")]
    return [
        (action_code("take", card=c), f"Take {CARDS[c].title} from the discard pile", c)
        for c in cards
    ]


def spirit_call(s: State, cast: JSON) -> None:
    c = cast["values"]["take"]
    w = s.wizards[cast["seat"]]
    for pile in (s.discard, w.spec_discard):
        if c in pile:
            pile.remove(c)
            w.hand.append(c)
            return


SPECS["spirit_call"] = Spec(
    slots=(Slot("take", _totem_cards),), resolve=spirit_call, targets=lambda s, c: None
)
