"""Mythology (§11.2)."""

from __future__ import annotations

from arena.games.base import JSON
from arena.games.codes import action_code
from arena.games.wiz_war import board as B
from arena.games.wiz_war import casting, creatures, damage, figures, sight
from arena.games.wiz_war.cards import (
    CARDS,
    CREATURES,
)
from arena.games.wiz_war.effects.alchemy import destroy_target
from arena.games.wiz_war.effects.elemental import self_spell
from arena.games.wiz_war.effects.mentalism import draw_then_trim
from arena.games.wiz_war.effects.shared import (
    against,
    cancel,
    damage_spell,
    own_in_targets,
    spell_cast,
    value,
)
from arena.games.wiz_war.effects.targets import (
    ATTACKABLE,
    ENERGY_SLOT,
    direction_options,
    figure_targets,
    self_or_creature,
    target_slot,
    token_options,
)
from arena.games.wiz_war.records import PHYS, is_wizard
from arena.games.wiz_war.resolution import card_options, log_event, push_choice, then
from arena.games.wiz_war.spec import SPECS, Options, Slot, Spec
from arena.games.wiz_war.state import State
from arena.games.wiz_war.steps import step


def _summon_creature(s: State, frame: JSON) -> Options:
    seat = frame["seat"]
    if not creatures.placements(s, seat):
        return []
    if frame["key"] == "summon":
        name = CARDS[frame["card"]].value("creature")
        names = [name] if name in creatures.summonable(s, seat) else []
    else:  # Planar Call: never names another player's hidden Specialization (§11.2)
        names = creatures.summonable(s, seat)
    return [(action_code("creature", n), f"Summon the {CREATURES[n].title}", n) for n in names]


def summon(s: State, cast: JSON) -> None:
    """§8.3: the card is in play, nobody countered: roll, suffer, place."""
    then(s, "summon_roll", cast=cast["id"], creature=cast["values"]["creature"])


SPECS["summon"] = Spec(
    slots=(Slot("creature", _summon_creature),), resolve=summon, targets=lambda s, c: None
)
SPECS["planar_call"] = SPECS["summon"]


def _smash_targets(s: State, frame: JSON) -> Options:
    here = figures.figure_sq(s, frame["actor"])
    tokens = [
        f"o{o.id}"
        for o in s.objects.values()
        if o.kind in ATTACKABLE and o.sq in sight.adjacent_squares(s, frame["actor"])
    ]
    tokens += [
        B.edge_name(n.edge)
        for n in B.NEIGHBOURS[here]
        if n is not None and (n.edge in s.walls or n.edge in s.doors)
    ]
    return token_options(s, "target", tokens)


def hammer_smash(s: State, cast: JSON) -> None:
    """Destroy a wall or door of your square, or an object beside you, whatever its cracks."""
    destroy_target(s, cast["values"]["target"])


SPECS["thors_hammer:smash"] = Spec(
    slots=(Slot("target", _smash_targets),),
    resolve=hammer_smash,
    reach="adj",
    attack=True,
    spell=False,
)
SPECS["thors_hammer:strike"] = Spec(
    slots=(target_slot("adj"),),
    resolve=damage_spell(lambda s, c: value("thors_hammer", "damage"), PHYS),
    reach="adj",
    attack=True,
    spell=False,
)
SPECS["thors_hammer"] = SPECS["thors_hammer:strike"]


def _charge(s: State, actor: str, d: int) -> list[int]:
    """The squares a Bull Rush charge in direction d passes, in order: up to its length,
    stopping before a blocked edge or a wrap."""
    squares, sq = [], figures.figure_sq(s, actor)
    while len(squares) < value("bull_rush", "steps"):
        n = sight.can_step(s, actor, d, at=sq, pushes=False)
        if n is None or n.edge == B.WRAP:
            break
        sq = n.square
        squares.append(sq)
    return squares


def _rush_steps(s: State, frame: JSON) -> Options:
    k = len(_charge(s, frame["actor"], frame["values"]["dir"]))
    return [(action_code("steps", i), f"Charge {i} squares", i) for i in range(k + 1)]


def _rush_end(s: State, frame: JSON) -> int:
    actor, d = frame["actor"], frame["values"]["dir"]
    sq = figures.figure_sq(s, actor)
    for _ in range(frame["values"]["steps"]):
        n = B.NEIGHBOURS[sq][d]
        assert n is not None
        sq = n.square
    return sq


def _rush_candidates(s: State, frame: JSON) -> list[str]:
    """Every figure_targets(..., "any"), even for a probe (whichever is beside the charge's end
    counts, not the first found): the same for every direction and length of charge, so a
    probe, which tries them all within one decision, works it out once (the memo)."""
    if not frame.get("probe"):
        return figure_targets(s, frame, "any")
    key = ("rush_candidates", frame["seat"], frame["actor"], frame["source"])
    found = s._memo.get(key)
    if found is None:
        found = s._memo[key] = figure_targets(s, {**frame, "probe": False}, "any")
    return found


def _rush_targets(s: State, frame: JSON) -> Options:
    end = _rush_end(s, frame)
    near = sight.adjacent_squares(s, frame["actor"], at=end)
    tokens = [t for t in _rush_candidates(s, frame) if figures.figure_sq(s, t) in near]
    return token_options(s, "target", tokens)


def _rush_possible(s: State, frame: JSON) -> bool:
    """Whether some charge ends beside a target: what trying every direction, length and
    target would find, asked directly (probes ask it at every decision)."""
    candidates = _rush_candidates(s, frame)
    if not candidates:
        return False
    actor = frame["actor"]
    squares = {figures.figure_sq(s, t) for t in candidates}
    ends = [figures.figure_sq(s, actor)] + [sq for d in range(4) for sq in _charge(s, actor, d)]
    return any(not squares.isdisjoint(sight.adjacent_squares(s, actor, at=end)) for end in ends)


def bull_rush(s: State, cast: JSON) -> None:
    """The caster charges 0-2 straight steps, then deals 3 phys and 1 stun to a target that
    must then be in range adj."""
    for _ in range(cast["values"]["steps"]):
        then(s, "shove", token=cast["actor"], d=cast["values"]["dir"])
    then(s, "bull_rush_strike", cast=cast["id"])


@step
def bull_rush_strike(s: State, cast: int) -> None:
    c = s.casts.get(cast)
    if c is None or not figures.figure_alive(s, c["actor"]):
        return
    target = c["values"]["target"]
    if not figures.figure_alive(s, target) or figures.figure_sq(
        s, target
    ) not in sight.adjacent_squares(s, c["actor"]):
        log_event(s, "Bull Rush misses: the target is out of reach")
        return
    for t in casting.hits(s, c):
        damage.damage(s, c, t, [[value("bull_rush", "damage"), PHYS, ""]])
        then(s, "stun", target=t, tokens=value("bull_rush", "stun"))


SPECS["bull_rush"] = Spec(
    slots=(
        Slot("dir", direction_options),
        Slot("steps", _rush_steps),
        Slot("target", _rush_targets),
    ),
    resolve=bull_rush,
    reach="adj",
    deep=True,
    probe=_rush_possible,
)
SPECS["cyclops_boulder"] = Spec(
    slots=(target_slot(f"los{value('cyclops_boulder', 'range')}", objects=True),),
    resolve=damage_spell(lambda s, c: value("cyclops_boulder", "damage"), PHYS),
    reach=f"los{value('cyclops_boulder', 'range')}",
)


def gorgons_gaze(s: State, cast: JSON) -> None:
    """2 stun tokens, 3 if E >= 5."""
    strong = cast["E"] >= value("gorgons_gaze", "strong_energy")
    tokens = value("gorgons_gaze", "strong_stun" if strong else "stun")
    for t in casting.hits(s, cast):
        then(s, "stun", target=t, tokens=tokens)


SPECS["gorgons_gaze"] = Spec(
    slots=(target_slot("los"), ENERGY_SLOT), resolve=gorgons_gaze, reach="los", uses_energy=True
)


def siren_song(s: State, cast: JSON) -> None:
    """Move the target up to 3 legal steps, each one closer (walking distance) to you."""
    for t in casting.hits(s, cast):
        then(
            s,
            "lead",
            target=t,
            steps=value("siren_song", "steps"),
            chooser=cast["seat"],
            toward=figures.figure_sq(s, cast["actor"]),
        )


SPECS["siren_song"] = Spec(slots=(target_slot("los"),), resolve=siren_song, reach="los")


def ambrosia(s: State, cast: JSON) -> None:
    damage.heal(s, cast["values"]["target"], value("ambrosia", "heal") + cast["E"] // 2)


SPECS["ambrosia"] = Spec(
    slots=(Slot("target", self_or_creature), ENERGY_SLOT),
    resolve=ambrosia,
    uses_energy=True,
    targets=lambda s, c: None,
)


def oracle(s: State, cast: JSON) -> None:
    """Look at the top 3 cards; one to your hand, the others to the bottom in your order."""
    seat = cast["seat"]
    top = s.deck[-value("oracle", "look") :][::-1]
    for c in top:
        s.deck.remove(c)
    s.pending.extend(top)
    then(s, "oracle_keep", seat=seat, cards=top)


@step
def oracle_keep(s: State, seat: int, cards: list[int]) -> None:
    if not cards:
        return
    args = {"seat": seat, "cards": cards}
    options = card_options("take", cards, "Keep {}", "oracle_kept", args)
    push_choice(s, seat, "oracle", options, secret=True)


@step
def oracle_kept(s: State, seat: int, cards: list[int], card: int) -> None:
    s.pending.remove(card)
    s.wizards[seat].hand.append(card)
    then(s, "oracle_bottom", seat=seat, cards=[c for c in cards if c != card])


@step
def oracle_bottom(s: State, seat: int, cards: list[int]) -> None:
    """Choose which card goes to the very bottom; the next goes just above it."""
    if len(cards) <= 1:
        for c in cards:
            s.pending.remove(c)
            s.deck.insert(0, c)
        return
    args = {"seat": seat, "cards": cards}
    options = card_options("bottom", cards, "Put {} at the very bottom", "oracle_under", args)
    push_choice(s, seat, "oracle_order", options, secret=True)


@step
def oracle_under(s: State, seat: int, cards: list[int], card: int) -> None:
    s.pending.remove(card)
    s.deck.insert(0, card)
    then(s, "oracle_bottom", seat=seat, cards=[c for c in cards if c != card])


SPECS["oracle"] = Spec(resolve=oracle)


def _wishes(s: State, cast: JSON) -> int:
    genie = s.creatures.get("genie")
    mine = genie is not None and genie.controller == cast["seat"]
    return value("three_wishes", "genie_draw" if mine else "draw")


SPECS["three_wishes"] = Spec(resolve=draw_then_trim(_wishes))


def heroic_labour(s: State, cast: JSON) -> None:
    """Remove all its stun tokens; it stops being stunned this turn."""
    target = cast["values"]["target"]
    if is_wizard(target):
        w = s.wizards[int(target[1])]
        w.stun, w.stunned, w.stun_mode = 0, False, ""
    elif target in s.creatures:
        s.creatures[target].stun = 0
        s.creatures[target].stunned = False


SPECS["heroic_labour"] = Spec(
    slots=(Slot("target", self_or_creature),), resolve=heroic_labour, targets=lambda s, c: None
)


def _nemesis_protects(s: State, seat: int, cast: JSON) -> bool:
    return (
        spell_cast(cast)
        and bool(cast.get("attack"))
        and bool(own_in_targets(s, seat, cast, wizard=False))
    )


SPECS["nemesis"] = Spec(
    resolve=lambda s, ct: cancel(
        s, against(s, ct), protect=own_in_targets(s, ct["seat"], against(s, ct), False)
    ),
    cancels=True,
    counter=_nemesis_protects,
)
SPECS["ariadnes_thread"] = Spec(resolve=self_spell)
