"""Creatures (§8): summoning, placing, activating, guardians."""

from __future__ import annotations

from arena.games.codes import action_code
from arena.games.wiz_war import board as B
from arena.games.wiz_war import casting, damage, figures, hand, sight
from arena.games.wiz_war.cards import (
    CREATURES,
    GUARDIAN_DAMAGE,
)
from arena.games.wiz_war.config import (
    ACTIVATION_COST,
    CREATURE_LIFE_CAP,
    NO_ATTACKS_IN_ROUND,
    SUMMON_DAMAGE_OFFSET,
)
from arena.games.wiz_war.records import (
    PHYS,
    Creature,
    die_roll,
    new_cast,
)
from arena.games.wiz_war.resolution import log_event, push_choice, then
from arena.games.wiz_war.state import State
from arena.games.wiz_war.steps import step


# --- Creatures (§8) -----------------------------------------------------------------------
def summonable(state: State, seat: int) -> list[str]:
    """Creatures `seat` may summon that are not in play (each figure is unique): the
    public pool (the game's schools and More Summons), and the creatures of the seat's
    own Specialization school, which is hidden from the others (§8.11)."""
    school = state.wizards[seat].spec_school
    own = [n for n, c in CREATURES.items() if school and c.school == school]
    return [n for n in dict.fromkeys(state.pool + own) if n not in state.creatures]


def placements(state: State, seat: int) -> list[int]:
    """The caster's square or one legal step away, without a blocking object [assumed]."""
    token = f"w{seat}"
    sq = state.wizards[seat].sq
    out = [] if sight.objects_at(state, sq, "stone_block") else [sq]
    for d in range(4):
        n = sight.can_step(state, token, d, pushes=False)
        if n is not None and n.square not in out:
            out.append(n.square)
    return out


@step
def summon_roll(state: State, cast: int, creature: str) -> None:
    """§8.3 steps 2-4: the caster suffers d4 - 1 that nothing reduces; the creature's
    life is its base plus the roll (not the damage); then it is placed."""
    c = state.casts.get(cast)
    if c is None:
        return
    seat = c["seat"]
    roll = die_roll(state.rng)
    loss = roll - SUMMON_DAMAGE_OFFSET
    log_event(state, f"Summoning {CREATURES[creature].title}: d4={roll}")
    if loss > 0:
        damage.lose_life(state, f"w{seat}", loss, False, "", -1, [], -1)
    if not state.wizards[seat].alive:
        c["keep"] = False
        return
    life = min(CREATURE_LIFE_CAP, CREATURES[creature].life + roll)
    squares = placements(state, seat)
    if len(squares) == 1:
        place_creature(state, cast, creature, squares[0], life)
        return
    push_choice(
        state,
        seat,
        "placement",
        [
            (
                action_code("place", B.square_name(s)),
                f"Place the {CREATURES[creature].title} on {B.square_name(s)}",
                "place_creature",
                {"cast": cast, "creature": creature, "sq": s, "life": life},
            )
            for s in squares
        ],
    )


@step
def place_creature(state: State, cast: int, creature: str, sq: int, life: int) -> None:
    c = state.casts.get(cast)
    if c is None or not state.wizards[c["seat"]].alive:
        return
    state.creatures[creature] = Creature(creature, c["seat"], sq, life, life, c["card"])
    c["hold"] = creature
    state._memo = {}
    log_event(state, f"{CREATURES[creature].title} enters on {B.square_name(sq)} with {life} life")


def create_creature(state: State, name: str, seat: int, sq: int, card_id: int, life: int) -> None:
    """A creature made without summoning (the Homunculus)."""
    state.creatures[name] = Creature(name, seat, sq, life, life, card_id)
    state._memo = {}


def activate(state: State, name: str) -> None:
    """2 MP of the wizard; the creature moves its base speed and may attack once
    (twice with Adrenaline) this activation (§8.4-§8.6)."""
    w = state.wizards[state.active]
    cr = state.creatures[name]
    w.mp -= ACTIVATION_COST
    w.fresh = False
    cr.activated = True
    state.activation = name
    speed = figures.base_speed(state, name)
    slow = hand.totem_effect(state, "tortoise_totem", cr.sq, enemy_of=cr.controller)
    if slow:
        speed = max(1, speed - slow)
    if cr.mad_dash:
        speed *= 2
        cr.mad_dash = False
    state.act_mp = speed
    state.act_attacks = 0
    state.act_allowed = 2 if figures.has_spell(state, name, "adrenaline") else 1
    state.act_moved = False
    log_event(state, f"{CREATURES[name].title} activates ({speed} MP)")


def end_activation(state: State) -> None:
    if state.activation:
        log_event(state, f"{figures.name_of(state, state.activation)}'s activation ends")
    state.activation = ""
    state.act_mp = 0


def creature_can_attack(state: State, name: str) -> bool:
    cr = state.creatures[name]
    if state.round <= NO_ATTACKS_IN_ROUND or name == "homunculus":
        return False
    if figures.form(state, name) == "slime_form":
        return False
    allowed = state.act_allowed
    if cr.stunned and state.act_moved:
        allowed = 1 if allowed > 1 else 0
    return state.act_attacks < allowed


def creature_can_move(state: State, name: str) -> bool:
    cr = state.creatures[name]
    if state.act_mp < 1:
        return False
    if cr.stunned:
        return state.act_attacks <= (1 if state.act_allowed > 1 else 0)
    return True


@step
def guardian_check(state: State, mover: str) -> None:
    """Labyrinth Guardian: outside its controller's turn, once between two of his turns,
    an enemy ending a paid step in or beside the Minotaur may be struck (§11.1)."""
    m = state.creatures.get("minotaur")
    if m is None or not figures.figure_alive(state, mover):
        return
    seat = m.controller
    if (
        seat == state.active
        or seat == figures.controller(state, mover)
        or m.guardian_used
        or m.stun
        or figures.form(state, "minotaur") == "slime_form"
        or state.round <= NO_ATTACKS_IN_ROUND
        or figures.untargetable(state, mover)
        or figures.figure_sq(state, mover) not in sight.adjacent_squares(state, "minotaur")
    ):
        return
    push_choice(
        state,
        seat,
        "guardian",
        [
            (
                "guard:yes",
                f"The Minotaur strikes {figures.name_of(state, mover)} (Labyrinth Guardian)",
                "guardian_strike",
                {"target": mover},
            ),
            ("guard:no", "Let it pass", "noop", {}),
        ],
    )


@step
def guardian_strike(state: State, target: str) -> None:
    m = state.creatures.get("minotaur")
    if m is None or not figures.figure_alive(state, target):
        return
    m.guardian_used = True
    cid = casting.next_cast_id(state)
    state.casts[cid] = new_cast(
        cid,
        -1,
        "labyrinth_guardian",
        "",
        m.controller,
        "minotaur",
        "creature",
        {},
        spell=False,
        attack=True,
        kind="",
        origin=m.sq,
        unevadable=False,
        reach="adj",
        keep=False,
        against=-1,
        targets=[target],
    )
    log_event(state, f"Labyrinth Guardian: the Minotaur strikes {figures.name_of(state, target)}")
    then(state, "open_window", cast=cid)
    then(state, "guardian_hit", cast=cid)
    then(state, "finish", cast=cid)


@step
def guardian_hit(state: State, cast: int) -> None:
    c = state.casts.get(cast)
    if c is None or c["canceled"] or "minotaur" not in state.creatures:
        return
    for token in casting.hits(state, c):
        damage.damage(state, c, token, [[GUARDIAN_DAMAGE, PHYS, ""]])
