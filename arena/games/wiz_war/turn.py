"""Turn flow (§4): Time Passes, Move and Cast and what a wizard may do in it, Discard and
Draw, the next turn (how the game ends is victory.py).
"""

from __future__ import annotations

from arena.games.wiz_war import belongings, casting, figures, hand, victory
from arena.games.wiz_war.cards import (
    CARDS,
)
from arena.games.wiz_war.config import (
    ATTACKS_PER_TURN,
    DRAWS_PER_TURN,
    NO_ATTACKS_IN_ROUND,
)
from arena.games.wiz_war.hooks import EFFECTS
from arena.games.wiz_war.records import (
    DISCARD_AND_DRAW,
    MOVE_AND_CAST,
    die_roll,
)
from arena.games.wiz_war.resolution import card_options, log_event, push_choice, then
from arena.games.wiz_war.state import State
from arena.games.wiz_war.steps import step


# --- The turn (§4) ------------------------------------------------------------------------
def begin_turn(state: State) -> None:
    """Reset the turn's counters, then the Time Passes phase (§4.1) as steps."""
    state.phase = MOVE_AND_CAST
    state.turn += 1
    w = state.wizards[state.active]
    w.stunned, w.stun_mode, w.mp, w.boosted, w.attacks = False, "", 0, False, 0
    w.moved = w.no_move = w.no_treasure = w.corner = w.drake_eye = False
    w.fresh = True
    w.unlocked, w.pass_edges, w.disease_hit = [], [], []
    w.add_energy = w.projection = -1
    w.slow = w.raven = 0
    for c in state.creatures.values():
        if c.controller == state.active:
            c.activated = c.mad_dash = c.guardian_used = c.stunned = False
    state.activation = ""
    log_event(state, f"Round {state.round}: {figures.name_of(state, w.token)}'s turn")
    state.frames.append(
        {
            "kind": "program",
            "steps": [
                ["remove_stun", {}],
                ["time_passes_effects", {}],
                ["expire_temporary", {}],
                ["start_move_and_cast", {}],
            ],
        }
    )


@step
def remove_stun(state: State) -> None:
    """Remove Stun: one token off the wizard and off each of his creatures (§7.4)."""
    w = state.wizards[state.active]
    if w.stun:
        w.stun -= 1
        w.stunned = True
        log_event(state, f"{figures.name_of(state, w.token)} is stunned this turn")
    for c in state.creatures.values():
        if c.controller == state.active and c.stun:
            c.stun -= 1
            c.stunned = True


@step
def time_passes_effects(state: State) -> None:
    """What the active player's spells and items do as time passes (§4.1 step 2)."""
    EFFECTS.time_passes(state, state.active)


@step
def expire_temporary(state: State) -> None:
    """Each temporary spell the active player maintains loses an energy token (§6.3)."""
    for sp in list(state.spells.values()):
        if sp.caster == state.active and CARDS[sp.card].row.dur == "T" and sp.card in state.spells:
            sp.tokens -= 1
            if sp.tokens <= 0:
                log_event(state, f"{CARDS[sp.card].title} runs out")
                casting.end_spell(state, sp.card)


@step
def start_move_and_cast(state: State) -> None:
    w = state.wizards[state.active]
    if not w.alive:
        return
    w.slow = hand.totem_effect(state, "tortoise_totem", w.sq, enemy_of=w.seat)
    w.mp = figures.base_speed(state, w.token)
    if any(CARDS[c].key == "hermes_sandals" for c in w.items):
        roll = die_roll(state.rng)
        w.mp += roll
        log_event(state, f"Hermes' Sandals: d4={roll}, +{roll} MP")


@step
def end_move_and_cast(state: State) -> None:
    """The Move and Cast phase ends; Discard and Draw begins (§4.3)."""
    if state.phase != MOVE_AND_CAST:
        return
    state.activation = ""
    state.phase = DISCARD_AND_DRAW
    w = state.wizards[state.active]
    w.raven = hand.totem_effect(state, "raven_totem", w.sq, enemy_of=w.seat)


# --- What a wizard may do in his Move and Cast phase (§4.2) ------------------------------
def attacks_allowed(state: State, token: str) -> int:
    return ATTACKS_PER_TURN * (2 if figures.has_spell(state, token, "adrenaline") else 1)


def wizard_can_attack(state: State, seat: int) -> bool:
    """One attack a turn (two under Adrenaline); none in round 1; a stunned wizard who
    moved may not (with Adrenaline: one) (§4.2, §10.6)."""
    w = state.wizards[seat]
    if state.round <= NO_ATTACKS_IN_ROUND or figures.form(state, w.token) in (
        "mist_body",
        "slime_form",
    ):
        return False
    allowed = attacks_allowed(state, w.token)
    if w.stunned and w.moved:
        allowed = 1 if allowed > 1 else 0
    return w.attacks < allowed


def wizard_can_move(state: State, seat: int) -> bool:
    """MP left and leave to move (asked of `may_move` only when stunned: this is asked at
    every decision)."""
    w = state.wizards[seat]
    if w.mp < 1 or w.no_move:
        return False
    return not w.stunned or may_move(state, seat)


def may_move(state: State, seat: int) -> bool:
    """Not held in place; a stunned wizard only while he has not attacked (with
    Adrenaline: once): moving by his own spell counts as moving too (§4.2)."""
    w = state.wizards[seat]
    if w.no_move:
        return False
    if w.stunned:
        return w.attacks <= (1 if attacks_allowed(state, w.token) > 1 else 0)
    return True


# --- Discard and Draw (§4.3) --------------------------------------------------------------
def draws_allowed(state: State, seat: int) -> int:
    """N = max(0, min(2 + bonuses - penalties, max hand - total)) (§4.3)."""
    w = state.wizards[seat]
    bonus = sum(CARDS[c].value("draw") for c in w.items if CARDS[c].key == "spellstone")
    room = hand.max_hand(state, seat) - hand.hand_total(state, seat)
    return max(0, min(DRAWS_PER_TURN + bonus - w.raven, room))


@step
def draw_phase(state: State, count: int, specialization: bool) -> None:
    """Draw `count` cards (one from the Specialization deck if asked), then Slow Death."""
    seat = state.active
    drawn = 0
    for i in range(count):
        if hand.draw_card(state, seat, specialization=specialization and i == 0) is not None:
            drawn += 1
    if drawn:
        log_event(state, f"{figures.name_of(state, f'w{seat}')} draws {drawn}")
    EFFECTS.after_draw(state, seat, drawn)
    then(state, "enforce_hand_limit", seat=seat)
    then(state, "end_turn")


@step
def enforce_hand_limit(state: State, seat: int) -> None:
    """Over the limit: discard, end a maintained spell or drop an item, one at a time."""
    w = state.wizards[seat]
    if not w.alive or hand.hand_total(state, seat) <= hand.max_hand(state, seat):
        return
    reduce, own = "reduce_hand", [c for c, sp in state.spells.items() if sp.caster == seat]
    options = card_options(
        "discard", w.hand, "Discard {}", reduce, {"seat": seat, "how": "discard"}
    )
    options += card_options("end_spell", own, "End your {}", reduce, {"seat": seat, "how": "end"})
    if hand.items_count(state, seat):
        drop = {"seat": seat, "how": "drop"}
        options += card_options("drop", w.items, "Drop {}", reduce, drop, key="item")
    push_choice(state, seat, "hand_limit", options)


@step
def reduce_hand(state: State, seat: int, how: str, card: int) -> None:
    w = state.wizards[seat]
    if how == "discard" and card in w.hand:
        w.hand.remove(card)
        hand.discard_card(state, card)
    elif how == "end":
        casting.end_spell(state, card)
    elif how == "drop" and card in w.items:
        belongings.drop_item(state, seat, card)
    then(state, "enforce_hand_limit", seat=seat)


@step
def end_turn(state: State) -> None:
    w = state.wizards[state.active]
    w.stunned, w.stun_mode, w.mp = False, "", 0
    w.unlocked, w.pass_edges = [], []
    state.held = {e: s for e, s in state.held.items() if s != state.active}
    for c in state.creatures.values():
        if c.controller == state.active:
            c.stunned = False
    state.activation = ""
    next_turn(state)


def next_turn(state: State) -> None:
    """The next living player in seat order; a new round when the order passes the first
    player; the game is drawn after the round limit [designed]."""
    if state.over:
        return
    n = state.num_players
    current = state.active
    nxt = next((current + k) % n for k in range(1, n + 1) if state.wizards[(current + k) % n].alive)

    def rel(seat: int) -> int:
        return (seat - state.first_player) % n

    if rel(nxt) <= rel(current):
        if state.round >= state.round_limit:
            victory.end_game(state, -1, "round_limit")
            return
        state.round += 1
    state.active = nxt
    begin_turn(state)
