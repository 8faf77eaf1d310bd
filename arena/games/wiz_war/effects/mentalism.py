"""Mentalism (§10.5)."""

from __future__ import annotations

from collections.abc import Callable

from arena.games.base import JSON
from arena.games.codes import action_code
from arena.games.wiz_war import board as B
from arena.games.wiz_war import casting, damage, figures, hand, movement, sight
from arena.games.wiz_war.cards import (
    CARDS,
)
from arena.games.wiz_war.config import (
    CREATURE_LIFE_CAP,
    MAX_LIFE,
    TELEPORT_STEPS,
)
from arena.games.wiz_war.effects.conjuring import moved_by_own_spell
from arena.games.wiz_war.effects.elemental import self_spell
from arena.games.wiz_war.effects.shared import (
    against,
    attacked,
    cancel,
    damage_spell,
    spell_cast,
    value,
    wizard_of,
)
from arena.games.wiz_war.effects.targets import (
    ENERGY_SLOT,
    gather,
    in_range,
    target_slot,
    token_options,
)
from arena.games.wiz_war.records import MAG, is_wizard
from arena.games.wiz_war.resolution import card_options, log_event, push_choice, then
from arena.games.wiz_war.spec import SPECS, Options, Slot, Spec
from arena.games.wiz_war.state import State
from arena.games.wiz_war.steps import step


def absorb_spell(s: State, ct: JSON) -> None:
    """Cancel it and put that card in your hand; its energy cards stay discarded."""
    target = against(s, ct)
    cancel(s, target)
    c = target["card"]
    if c in s.pending:
        s.pending.remove(c)
        s.wizards[ct["seat"]].hand.append(c)
        target["absorbed"] = True
        log_event(s, f"{figures.name_of(s, wizard_of(ct))} absorbs {CARDS[c].title}")


SPECS["absorb_spell"] = Spec(
    resolve=absorb_spell, cancels=True, counter=lambda s, seat, c: spell_cast(c)
)


def brain_burn(s: State, cast: JSON) -> None:
    """The target may first discard cards or end spells; then suffers mag = hand cards +
    maintained spells (items excluded)."""
    for t in casting.hits(s, cast):
        then(s, "brain_burn_choice", cast=cast["id"], target=t)


@step
def brain_burn_choice(s: State, cast: int, target: str) -> None:
    if not figures.figure_alive(s, target):
        return
    seat = int(target[1])
    w = s.wizards[seat]
    args = {"cast": cast, "target": target}
    options = card_options("discard", w.hand, "Discard {} first", "brain_burn_shed", args)
    own = [c for c, sp in s.spells.items() if sp.caster == seat]
    options += card_options("end_spell", own, "End your {} first", "brain_burn_shed", args)
    options.append(
        ("done", "Suffer the Brain Burn now", "brain_burn_hit", {"cast": cast, "target": target})
    )
    push_choice(s, seat, "brain_burn", options)


@step
def brain_burn_shed(s: State, cast: int, target: str, card: int) -> None:
    w = s.wizards[int(target[1])]
    if card in w.hand:
        w.hand.remove(card)
        hand.discard_card(s, card)
    else:
        casting.end_spell(s, card)
    then(s, "brain_burn_choice", cast=cast, target=target)


@step
def brain_burn_hit(s: State, cast: int, target: str) -> None:
    seat = int(target[1])
    amount = len(s.wizards[seat].hand) + sum(1 for sp in s.spells.values() if sp.caster == seat)
    c = s.casts.get(cast)
    damage.damage(s, c, target, [[amount, MAG, ""]])


SPECS["brain_burn"] = Spec(
    slots=(target_slot("los", creatures=False),), resolve=brain_burn, reach="los"
)


def mental_force(s: State, cast: JSON) -> None:
    """You move the target up to E+3 legal steps (its own door permissions)."""
    for t in casting.hits(s, cast):
        then(
            s,
            "lead",
            target=t,
            steps=cast["E"] + value("mental_force", "steps"),
            chooser=cast["seat"],
            toward=-1,
        )


@step
def lead(s: State, target: str, steps: int, chooser: int, toward: int) -> None:
    """Move a figure one chosen legal step at a time (Mental Force; Siren Song: each step
    must bring it one closer, by walking distance, to `toward`)."""
    if steps <= 0 or not figures.figure_alive(s, target):
        return
    here = figures.figure_sq(s, target)
    ways = []
    for d in range(4):
        n = sight.can_step(s, target, d, pushes=False)
        if n is None:
            continue
        if toward >= 0:
            before = sight.walking_distance(s, target, here, toward, 40)
            after = sight.walking_distance(s, target, n.square, toward, 40)
            if before < 0 or after != before - 1:
                continue
        ways.append(d)
    if not ways:
        return
    options = [
        (
            action_code("move", B.DIRS[d]),
            f"Move {figures.name_of(s, target)} {B.DIRS[d]}",
            "lead_step",
            {"target": target, "d": d, "steps": steps, "chooser": chooser, "toward": toward},
        )
        for d in ways
    ]
    options.append(("stop", "Stop moving it", "noop", {}))
    push_choice(s, chooser, "lead", options)


@step
def lead_step(s: State, target: str, d: int, steps: int, chooser: int, toward: int) -> None:
    then(s, "shove", token=target, d=d)
    then(s, "lead", target=target, steps=steps - 1, chooser=chooser, toward=toward)


SPECS["mental_force"] = Spec(
    slots=(target_slot("los"), ENERGY_SLOT), resolve=mental_force, reach="los", uses_energy=True
)
SPECS["powerthrust"] = Spec(
    slots=(target_slot("los", objects=True), ENERGY_SLOT),
    resolve=damage_spell(lambda s, c: c["E"] + value("powerthrust", "damage")),
    reach="los",
    uses_energy=True,
)


def _squares_in_sight(s: State, frame: JSON) -> Options:
    return token_options(
        s,
        "target",
        gather(frame, (B.square_name(sq) for sq in B.SQUARES if in_range(s, frame, sq, "los"))),
    )


def _storm_targets(s: State, cast: JSON) -> None:
    """The square and its four orthogonal neighbours, through walls, never wrapping."""
    centre = B.parse_square(cast["values"]["target"])
    r, c = B.row_col(centre)
    area = [centre] + [
        B.square(r + dr, c + dc)
        for dr, dc in B.DELTA
        if 0 <= r + dr < B.SIZE and 0 <= c + dc < B.SIZE
    ]
    cast["area"] = area
    cast["targets"] = [
        f
        for f in figures.figures(s)
        if figures.figure_sq(s, f) in area and figures.form(s, f) != "mist_body"
    ]


def psychic_storm(s: State, cast: JSON) -> None:
    for t in casting.hits(s, cast):
        damage.damage(s, cast, t, [[cast["E"], MAG, ""]])


SPECS["psychic_storm"] = Spec(
    slots=(Slot("target", _squares_in_sight), ENERGY_SLOT),
    resolve=psychic_storm,
    reach="area",
    unevadable=True,
    uses_energy=True,
    targets=_storm_targets,
)


def share_life(s: State, cast: JSON) -> None:
    """Both lives totalled and split evenly; the caster gets the odd point (cap 20)."""

    me = cast["actor"]
    for t in casting.hits(s, cast):
        mine = s.wizards[int(me[1])] if is_wizard(me) else s.creatures[me]
        theirs = s.wizards[int(t[1])]
        total = mine.life + theirs.life
        cap = MAX_LIFE if is_wizard(me) else CREATURE_LIFE_CAP
        mine.life = min(cap, total - total // 2)
        theirs.life = total // 2
        mine_name, theirs_name = figures.name_of(s, me), figures.name_of(s, t)
        log_event(s, f"Share Life: {mine_name} {mine.life}, {theirs_name} {theirs.life}")


SPECS["share_life"] = Spec(
    slots=(target_slot("los", creatures=False),), resolve=share_life, reach="los"
)


def thought_steal(s: State, cast: JSON) -> None:
    """See the target's hand, take up to 2 cards, then discard down to your hand size."""
    for t in casting.hits(s, cast):
        then(
            s,
            "steal_choice",
            cast=cast["id"],
            target=t,
            left=value("thought_steal", "take"),
            thief=cast["seat"],
        )
        then(s, "enforce_hand_limit", seat=cast["seat"])


@step
def steal_choice(s: State, cast: int, target: str, left: int, thief: int) -> None:
    victim = s.wizards[int(target[1])]
    if left <= 0 or not victim.hand or not s.wizards[thief].alive:
        return
    args = {"cast": cast, "target": target, "left": left, "thief": thief}
    options = card_options("take", victim.hand, "Take {}", "steal_card", args)
    options.append(("done", "Take no more", "noop", {}))
    push_choice(s, thief, "thought_steal", options, secret=True, info={"seen": target})


@step
def steal_card(s: State, cast: int, target: str, left: int, thief: int, card: int) -> None:
    victim = s.wizards[int(target[1])]
    if card in victim.hand:
        victim.hand.remove(card)
        s.wizards[thief].hand.append(card)
    then(s, "steal_choice", cast=cast, target=target, left=left - 1, thief=thief)


SPECS["thought_steal"] = Spec(
    slots=(target_slot("los", creatures=False),), resolve=thought_steal, reach="los"
)

SPECS["pain_link"] = Spec(resolve=self_spell)
SPECS["pain_link:counter"] = Spec(resolve=self_spell, counter=attacked)


def _teleport_squares(s: State, frame: JSON) -> Options:
    """Up to 4 orthogonal steps ignoring walls, doors and objects, not ending on a square a
    figure could not enter (Stone Block, another's Big Man)."""
    actor = frame["actor"]
    here = figures.figure_sq(s, actor)
    out = []
    for sq in B.SQUARES:
        if (
            sq == here
            or B.manhattan(here, sq) > TELEPORT_STEPS
            or sight.objects_at(s, sq, "stone_block")
        ):
            continue
        if any(figures.form(s, f) == "big_man_form" for f in figures.figures_at(s, sq)):
            continue
        out.append(B.square_name(sq))
    return token_options(s, "target", out)


def teleport(s: State, cast: JSON) -> None:
    me = cast["actor"]
    sq = B.parse_square(cast["values"]["target"])
    movement.relocate(s, me, sq)
    moved_by_own_spell(s, cast)
    s.wizards[cast["seat"]].no_move = True
    then(s, "enter", token=me, sq=sq, paid=False)


def teleport_counter(s: State, ct: JSON) -> None:
    """As a counter: if the attacker then lacks LOS or range, the attack is evaded."""
    teleport(s, ct)
    against(s, ct)["teleported"].append(wizard_of(ct))


SPECS["teleport"] = Spec(
    slots=(Slot("target", _teleport_squares),), resolve=teleport, targets=lambda s, c: None
)
SPECS["teleport:counter"] = Spec(
    slots=(Slot("target", _teleport_squares),),
    resolve=teleport_counter,
    counter=attacked,
    targets=lambda s, c: None,
)


def _projection_squares(s: State, frame: JSON) -> Options:
    here = figures.figure_sq(s, frame["actor"])
    squares = [
        sq
        for sq in B.SQUARES
        if 0 < B.manhattan(here, sq) <= value("astral_projection", "steps")
        and sight.empty_square(s, sq)
    ]
    return token_options(s, "target", [B.square_name(sq) for sq in squares])


def astral_projection(s: State, cast: JSON) -> None:
    """Your next spell this turn is cast as if you stood there."""
    s.wizards[cast["seat"]].projection = B.parse_square(cast["values"]["target"])


SPECS["astral_projection"] = Spec(
    slots=(Slot("target", _projection_squares),),
    resolve=astral_projection,
    targets=lambda s, c: None,
)


def draw_then_trim(
    count: Callable[[State, JSON], int],
) -> Callable[[State, JSON], None]:
    def resolve_it(s: State, cast: JSON) -> None:
        for _ in range(count(s, cast)):
            hand.draw_card(s, cast["seat"])
        then(s, "enforce_hand_limit", seat=cast["seat"])

    return resolve_it


SPECS["meditate"] = Spec(resolve=draw_then_trim(lambda s, c: value("meditate", "draw")))
SPECS["shatter"] = Spec(resolve=self_spell)
