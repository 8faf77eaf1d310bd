"""Movement (§5.1): stepping, what entering a square does, pushes and shoves."""

from __future__ import annotations

from arena.games.codes import action_code
from arena.games.wiz_war import belongings, casting, creatures, damage, figures, sight
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    CARDS,
)
from arena.games.wiz_war.records import (
    MAG,
    PHYS,
    Obj,
    is_wizard,
)
from arena.games.wiz_war.resolution import log_event, push_choice, then
from arena.games.wiz_war.state import State
from arena.games.wiz_war.steps import step


# --- Movement and entering squares (§5.1) -------------------------------------------------
def relocate(state: State, token: str, sq: int) -> None:
    """Put a figure on a square by any means; held doors it no longer borders close, and a
    carrier on his own home base scores (§5.3)."""
    if is_wizard(token):
        seat = int(token[1])
        state.wizards[seat].sq = sq
        for edge, holder in list(state.held.items()):
            if holder == seat and sq not in B.edge_squares(edge):
                del state.held[edge]
    else:
        state.creatures[token].sq = sq
    state._memo = {}
    belongings.check_scoring(state, token)


@step
def take_step(state: State, token: str, d: int, paid: bool) -> None:
    """One step; a Big Man first shoves the figures in the square he enters."""
    if not figures.figure_alive(state, token):
        return
    n = sight.can_step(state, token, d)
    if n is None:
        return
    if figures.form(state, token) == "big_man_form":
        for other in figures.figures_at(state, n.square):
            if other == token:
                continue
            ways = sight.shove_options(state, other, n.square, d)
            if len(ways) == 1:
                then(state, "shove", token=other, d=ways[0])
            elif ways:
                push_choice(
                    state,
                    figures.controller(state, other),
                    "shove",
                    [
                        (
                            action_code("push", B.DIRS[x]),
                            f"{figures.name_of(state, other)} is pushed {B.DIRS[x]}",
                            "shove",
                            {"token": other, "d": x},
                        )
                        for x in ways
                    ],
                )
    then(state, "arrive", token=token, d=d, paid=paid)


@step
def arrive(state: State, token: str, d: int, paid: bool) -> None:
    if not figures.figure_alive(state, token):
        return
    n = sight.can_step(state, token, d, pushes=False)
    if n is None:
        return
    edge = n.edge
    form = figures.form(state, token)
    if is_wizard(token):
        w = state.wizards[int(token[1])]
        if edge in w.pass_edges:
            w.pass_edges.remove(edge)
        if edge in w.unlocked:
            w.unlocked.remove(edge)  # an unlocked door re-locks once passed (§2.5)
    if edge in state.doors and form == "slime_form" and not sight.door_open_for(state, edge, token):
        belongings.drop_carried_treasure(state, token)
    relocate(state, token, n.square)
    if state.over:
        return
    if edge in state.fire_walls and form != "mist_body":
        amount = CARDS[state.fire_walls[edge]].value("damage")
        damage.hurt(state, token, amount, MAG, "fire", n.square)
    then(state, "enter", token=token, sq=n.square, paid=paid)


@step
def shove(state: State, token: str, d: int) -> None:
    """A push of one square (not a voluntary step): entering effects apply."""
    if not figures.figure_alive(state, token):
        return
    n = sight.can_step(state, token, d, pushes=False)
    if n is None:
        return
    relocate(state, token, n.square)
    if not state.over:
        then(state, "enter", token=token, sq=n.square, paid=False)


@step
def enter(state: State, token: str, sq: int, paid: bool) -> None:
    """What entering a square does: traps, bushes, tacks, Disease, Slime; then the
    Minotaur's Labyrinth Guardian may react to a paid step (§11.1)."""
    if not figures.figure_alive(state, token) or figures.figure_sq(state, token) != sq:
        return
    seat = figures.controller(state, token)
    if not figures.hovers(state, token):
        for obj in sight.objects_at(state, sq, "booby"):
            if obj.owner != seat:
                _spring_booby_trap(state, token, obj)
                break
        for obj in sight.objects_at(state, sq):
            key = CARDS[obj.card].key
            if obj.kind == "rosebush":
                damage.hurt(state, token, CARDS[obj.card].value("damage"), PHYS, "", sq)
            elif obj.kind == "thornbush":
                damage.hurt(state, token, CARDS[obj.card].value("damage"), PHYS, "", sq)
                then(state, "stun", target=token, tokens=CARDS[obj.card].value("stun"))
                then(state, "halt", token=token)
            elif obj.kind == "tacks" and key == "handful_of_tacks":
                damage.hurt(state, token, CARDS[obj.card].value("damage"), PHYS, "", sq)
    if is_wizard(token) and figures.has_spell(state, token, "disease"):
        w = state.wizards[seat]
        for other in figures.figures_at(state, sq):
            if other != token and other not in w.disease_hit:
                w.disease_hit.append(other)
                damage.hurt(
                    state,
                    other,
                    CARDS[_spell_card(state, token, "disease")].value("damage"),
                    PHYS,
                    "",
                    sq,
                )
    if figures.form(state, token) == "slime_form":
        for other in figures.figures_at(state, sq):
            if other != token:
                damage.hurt(state, other, 1, PHYS, "", sq)
    if paid:
        then(state, "guardian_check", mover=token)


def _spell_card(state: State, token: str, key: str) -> int:
    return next(sp.card for sp in figures.spells_on(state, token) if CARDS[sp.card].key == key)


def _spring_booby_trap(state: State, token: str, obj: Obj) -> None:
    """A face-down token is revealed: blank ones vanish; the live one hurts and ends the
    whole trap (§10.3)."""
    spell_card = obj.card
    if not obj.live:
        del state.objects[obj.id]
        log_event(state, f"{figures.name_of(state, token)} reveals a blank Booby Trap token")
        return
    log_event(state, f"{figures.name_of(state, token)} springs the live Booby Trap!")
    damage.hurt(state, token, CARDS[spell_card].value("damage"), MAG, "", obj.sq)
    casting.end_spell(state, spell_card)


@step
def halt(state: State, token: str) -> None:
    """Thornbush: the figure's Move and Cast phase (creature: activation) ends at once."""
    if token == state.activation:
        creatures.end_activation(state)
    elif is_wizard(token) and int(token[1]) == state.active and not state.activation:
        then(state, "end_move_and_cast")


def push_directions(state: State, token: str, origin: int) -> list[int]:
    """ "Directly away from" a square (§9): along the axis on which the figure is farther;
    on a tie, or from its own square, every way that does not come closer (the pushing
    player chooses). Pushes never wrap."""
    sq = figures.figure_sq(state, token)
    r, c = B.row_col(sq)
    r0, c0 = B.row_col(origin)
    dr, dc = r - r0, c - c0
    if sq == origin:
        ways = [0, 1, 2, 3]
    elif abs(dr) > abs(dc):
        ways = [2 if dr > 0 else 0]
    elif abs(dc) > abs(dr):
        ways = [1 if dc > 0 else 3]
    else:
        ways = [2 if dr > 0 else 0, 1 if dc > 0 else 3]
    out = []
    for d in ways:
        n = sight.can_step(state, token, d, pushes=False)
        if n is not None and n.edge != B.WRAP:
            out.append(d)
    return out


@step
def push_away(state: State, token: str, origin: int, count: int, chooser: int) -> None:
    """Push a figure `count` squares directly away from `origin`, one square at a time;
    a blocked step ends the push."""
    if count <= 0 or not figures.figure_alive(state, token):
        return
    ways = push_directions(state, token, origin)
    if not ways:
        return
    if len(ways) == 1:
        then(state, "shove", token=token, d=ways[0])
        then(state, "push_away", token=token, origin=origin, count=count - 1, chooser=chooser)
        return
    push_choice(
        state,
        chooser,
        "push",
        [
            (
                action_code("push", B.DIRS[d]),
                f"Push {figures.name_of(state, token)} {B.DIRS[d]}",
                "push_then",
                {"token": token, "d": d, "origin": origin, "count": count, "chooser": chooser},
            )
            for d in ways
        ],
    )


@step
def push_then(state: State, token: str, d: int, origin: int, count: int, chooser: int) -> None:
    then(state, "shove", token=token, d=d)
    then(state, "push_away", token=token, origin=origin, count=count - 1, chooser=chooser)


@step
def noop(state: State) -> None:
    """A choice that changes nothing (declining a reaction)."""
