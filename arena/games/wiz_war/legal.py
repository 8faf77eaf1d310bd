"""Legal actions (§4.2 and every decision): what may be done now, as a map from action
code to the handler `apply` calls, and the handlers themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from arena.games.base import JSON, LegalMap
from arena.games.codes import action_code
from arena.games.wiz_war import belongings, casting, creatures, effects, figures, hand, sight, turn
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    ATTACK,
    CARDS,
    CREATURE_ATTACK,
    CREATURES,
    FLASH,
    ITEM,
    RELIC,
)
from arena.games.wiz_war.config import (
    ACTIVATION_COST,
    DUST_CLOUD_DIRECTIONS,
    EXTRA_ARMS_PICKUP_MP,
    GOLEM_TREASURE_PICKUP_MP,
    ITEM_PICKUP_MP,
    TREASURE_PICKUP_MP,
)
from arena.games.wiz_war.records import (
    DISCARD_AND_DRAW,
    MOVE_AND_CAST,
    die_roll,
)
from arena.games.wiz_war.resolution import log_event, then
from arena.games.wiz_war.state import State

_STEP_CODES = tuple(action_code("step", d) for d in B.DIRS)


@cache
def _code(head: str, word: str) -> str:
    """`head:word` for a word naming a thing (`drop:item12`, `hold:r2c3e`), written once."""
    return action_code(head, word)


@cache
def _draw_code(n: int, spec: bool) -> str:
    return action_code("draw", n=n, spec=spec)


@cache
def _card_code(head: str, card: int, mode: str = "") -> str:
    """`head:card=N`, with `:mode=M` for a card played one way of several; written once per
    card and mode, since the legal map is rebuilt for every decision."""
    return action_code(head, card=card, mode=mode)


def legal_map(state: State) -> LegalMap:
    """Every action legal now, by code, with the handler `apply` runs and its argument:
    built once per decision (LegalMapState), so its codes are listed, labelled and played
    from one map."""
    if state.over:
        return {}
    if state.frames:
        top = state.frames[-1]
        if top["kind"] == "choice":
            return {e["code"]: (_do_choice, e) for e in top["options"]}
        if top["kind"] == "declare":
            state._unlabelled = True
            try:
                options = effects.slot_options(state, top)
            finally:
                state._unlabelled = False
            return {code: (_do_slot, (top, value)) for code, _, value in options}
        if top["kind"] == "window":
            options: LegalMap = {"pass": (_do_pass, top)}
            cast = state.casts[top["cast"]]
            for code, entry in effects.counter_options(state, top["seat"], top, cast):
                options[code] = (_do_counter, (top, entry))
            return options
        return {}
    if state.phase == MOVE_AND_CAST:
        return _activation_options(state) if state.activation else _turn_options(state)
    if state.phase == DISCARD_AND_DRAW:
        return _discard_options(state)
    return {}


# --- What a wizard may do in his turn (§4.2, §4.3, §8.4) ---------------------------------------
def _turn_options(state: State) -> LegalMap:
    seat = state.active
    w = state.wizards[seat]
    me = w.token
    opts: LegalMap = {}
    if turn.wizard_can_move(state, seat):
        opts.update(_step_options(state, me, w.sq, _do_step))
    if not w.boosted:
        for c in w.hand:
            if CARDS[c].ev > 0 and CARDS[c].kind != FLASH:
                opts[_card_code("boost", c)] = (_do_boost, c)
    flood = figures.spell_in_play(state, "flood")
    for c, modes in zip(w.hand, effects.castable(state, seat, me, w.hand), strict=True):
        for mode in modes:
            opts[_card_code("cast", c, mode)] = (_do_cast, (c, mode))
        playable = CARDS[c].kind in (ITEM, RELIC) and not figures.only_counters(state, me)
        if playable and not (flood and CARDS[c].has("fire")):
            opts[_card_code("play", c)] = (_do_play, c)
    for c in w.items:
        for mode in effects.usable_modes(state, seat, c):
            opts[_card_code("use", c, mode)] = (_do_use, (c, mode))
    if turn.wizard_can_attack(state, seat):
        for key in ("punch", "spike", "tear"):
            if effects.has_targets(state, seat, me, key):
                opts[key] = (_do_special_attack, key)
    _pickup_options(state, seat, opts)
    for c in w.items:
        opts[_code("drop", f"item{c}")] = (_do_drop_item, c)
    if w.treasure >= 0:
        opts[_code("drop", f"t{w.treasure}")] = (_do_drop_treasure, w.treasure)
    for n in B.NEIGHBOURS[w.sq]:
        if (
            n is None
            or n.edge not in state.doors
            or n.edge in state.held
            or sight.sealed(state, n.edge)
        ):
            continue
        if (
            state.doors[n.edge].colour == w.colour
            or n.edge in w.unlocked
            or figures.has_spell(state, me, "ariadnes_thread")
        ):
            opts[_code("hold", B.edge_name(n.edge))] = (_do_hold, n.edge)
    for name, cr in state.creatures.items():
        if cr.controller == seat and not cr.activated and w.mp >= ACTIVATION_COST:
            opts[_code("activate", name)] = (_do_activate, name)
    for c, sp in state.spells.items():
        if sp.caster == seat:
            opts[_card_code("end_spell", c)] = (_do_end_spell, c)
    if w.fresh and belongings.room_for_item(state, seat):
        near = sight.adjacent_squares(state, me)
        for o in state.objects.values():
            if o.kind == "tacks" and o.sq in near:
                opts[_code("retrieve", f"o{o.id}")] = (_do_retrieve, o.id)
    opts["end_phase"] = (_do_end_phase, None)
    return opts


def _pickup_options(state: State, seat: int, opts: LegalMap) -> None:
    w = state.wizards[seat]
    if figures.spell_in_play(state, "gravity"):
        return
    arms = figures.form(state, w.token) == "extra_arms"
    if w.mp >= ITEM_PICKUP_MP and not arms:
        for c, sq in state.floor.items():
            if sq == w.sq and belongings.can_pick_item(state, seat, c):
                opts[_code("pickup", f"item{c}")] = (_do_pickup_item, c)
    if arms and w.mp >= EXTRA_ARMS_PICKUP_MP:
        here = [
            c
            for c, sq in state.floor.items()
            if sq == w.sq and belongings.can_pick_item(state, seat, c)
        ]
        if here:
            opts["pickup:all"] = (_do_pickup_all, None)
    here = [t for t in state.treasures if t.sq == w.sq and not t.carrier and not t.scored]
    if not here or belongings.slot_full(state, seat) or w.no_treasure:  # most squares hold none
        return
    cost = (
        GOLEM_TREASURE_PICKUP_MP
        if figures.form(state, w.token) == "golem_form"
        else TREASURE_PICKUP_MP
    )
    if w.mp < cost:
        return
    for t in here:
        if belongings.can_take_treasure(state, w.token, t.id):
            opts[_code("pickup", f"t{t.id}")] = (_do_pickup_treasure, t.id)


def _step_options(state: State, figure: str, sq: int, step: Callable) -> LegalMap:
    """One square in each open direction, or a die roll to leave a Dust Cloud."""
    if (
        state.objects
        and sight.objects_at(state, sq, "dust_cloud")
        and not figures.hovers(state, figure)
    ):
        return {action_code("step", "roll"): (_do_dust_step, figure)}
    return {
        _STEP_CODES[d]: (step, d)
        for d in range(4)
        if sight.can_step(state, figure, d, sq) is not None
    }


def _activation_options(state: State) -> LegalMap:
    """During an activation the controller only directs the creature (§8.4)."""

    name = state.activation
    cr = state.creatures[name]
    seat = cr.controller
    opts: LegalMap = {}
    if creatures.creature_can_move(state, name):
        opts.update(_step_options(state, name, cr.sq, _do_creature_step))
    if creatures.creature_can_attack(state, name):
        for attack in CREATURES[name].attacks:
            if effects.has_targets(state, seat, name, attack.name):
                opts[action_code("attack", attack.name)] = (_do_creature_attack, attack.name)
        for key in ("punch", "tear"):
            if effects.has_targets(state, seat, name, key):
                opts[key] = (_do_creature_attack, key)
        cards = [
            c
            for c in state.wizards[seat].hand
            if CARDS[c].kind == CREATURE_ATTACK or (name == "genie" and CARDS[c].kind == ATTACK)
        ]
        for c, modes in zip(cards, effects.castable(state, seat, name, cards), strict=True):
            for mode in modes:
                opts[_card_code("cast", c, mode)] = (_do_creature_cast, (c, mode))
    if name == "boggart" and not figures.spell_in_play(state, "gravity"):
        if cr.treasure < 0 and not state.act_dashed:
            for t in state.treasures:
                if (
                    t.sq == cr.sq
                    and not t.carrier
                    and not t.scored
                    and belongings.can_take_treasure(state, name, t.id)
                ):
                    opts[_code("pickup", f"t{t.id}")] = (_do_boggart_pickup, t.id)
        if cr.treasure >= 0:
            opts[action_code("drop", f"t{cr.treasure}")] = (_do_boggart_drop, cr.treasure)
    opts["end_activation"] = (_do_end_activation, None)
    return opts


def _discard_options(state: State) -> LegalMap:
    seat = state.active
    w = state.wizards[seat]
    opts: LegalMap = {}
    for c in w.hand:
        opts[_card_code("discard", c)] = (_do_discard, c)
    for c, sp in state.spells.items():
        if sp.caster == seat:
            opts[_card_code("end_spell", c)] = (_do_end_spell, c)
    for c in w.items:
        opts[_code("drop", f"item{c}")] = (_do_drop_item, c)
    n = turn.draws_allowed(state, seat)
    counts = range(n + 1) if figures.has_spell(state, w.token, "slow_death") else [n]
    own = bool(w.spec_school) and bool(w.spec_deck or w.spec_discard)
    for k in counts:
        opts[_draw_code(k, False)] = (_do_draw, (k, False))
        if own and k >= 1:
            opts[_draw_code(k, True)] = (_do_draw, (k, True))
    return opts


# --- Action handlers: `apply` calls these with the argument stored in the legal map ------------
def _do_choice(state: State, entry: JSON) -> None:
    then(state, entry["step"], **entry["args"])


def _do_slot(state: State, argument: tuple[JSON, Any]) -> None:
    frame, value = argument
    effects.fill_slot(state, frame, value)
    casting.advance_declaration(state, frame)


def _do_pass(state: State, frame: JSON) -> None:
    frame["passes"] += 1
    frame["i"] += 1


def _do_counter(state: State, argument: tuple[JSON, JSON]) -> None:
    frame, entry = argument
    seat = frame["seat"]
    frame["done"].append(seat)
    frame["passes"] = 0
    frame["i"] += 1
    casting.declare(
        state,
        seat,
        f"w{seat}",
        entry["key"],
        entry["card"],
        entry["mode"],
        entry["source"],
        purpose="counter",
        against=frame["cast"],
    )


def _do_step(state: State, d: int) -> None:
    w = state.wizards[state.active]
    w.mp -= 1
    w.moved = True
    w.fresh = False
    if w.stunned and not w.stun_mode:
        w.stun_mode = "move"
    then(state, "take_step", token=w.token, d=d, paid=True)


def _do_creature_step(state: State, d: int) -> None:
    state.act_mp -= 1
    state.act_moved = True
    then(state, "take_step", token=state.activation, d=d, paid=True)


def _do_dust_step(state: State, token: str) -> None:
    """Leaving a Dust Cloud: the d4 picks the way; an illegal way costs 1 MP (§10.3)."""
    roll = die_roll(state.rng)
    d = B.DIRS.index(DUST_CLOUD_DIRECTIONS[roll - 1])
    if token == state.activation:
        state.act_mp -= 1
        state.act_moved = True
    else:
        w = state.wizards[state.active]
        w.mp -= 1
        w.moved = True
        w.fresh = False
        if w.stunned and not w.stun_mode:
            w.stun_mode = "move"
    if sight.can_step(state, token, d) is None:
        log_event(
            state, f"Dust Cloud: d4={roll} ({B.DIRS[d]}), {figures.name_of(state, token)} stays"
        )
        return
    log_event(state, f"Dust Cloud: d4={roll}, {figures.name_of(state, token)} stumbles {B.DIRS[d]}")
    then(state, "take_step", token=token, d=d, paid=True)


def _do_boost(state: State, c: int) -> None:
    """Once a turn, discard a card with EV > 0 (never Flash Energy) for +EV MP (§4.2)."""
    w = state.wizards[state.active]
    w.hand.remove(c)
    hand.discard_card(state, c)
    gain = hand.energy_of(state, w.seat, c)
    w.mp += gain
    w.boosted = True
    w.fresh = False
    log_event(
        state, f"{figures.name_of(state, w.token)} boosts speed with {CARDS[c].title} (+{gain} MP)"
    )


def _do_cast(state: State, argument: tuple[int, str]) -> None:
    c, mode = argument
    casting.declare(state, state.active, f"w{state.active}", CARDS[c].key, c, mode, "hand")


def _do_creature_cast(state: State, argument: tuple[int, str]) -> None:
    c, mode = argument
    seat = state.creatures[state.activation].controller
    casting.declare(state, seat, state.activation, CARDS[c].key, c, mode, "creature_hand")


def _do_play(state: State, c: int) -> None:
    w = state.wizards[state.active]
    w.fresh = False
    belongings.play_item(state, state.active, c)


def _do_use(state: State, argument: tuple[int, str]) -> None:
    c, mode = argument
    effects.use_item(state, state.active, c, mode)


def _do_special_attack(state: State, key: str) -> None:
    casting.declare(state, state.active, f"w{state.active}", key, -1, "", key)


def _do_creature_attack(state: State, key: str) -> None:
    seat = state.creatures[state.activation].controller
    casting.declare(state, seat, state.activation, key, -1, "", "creature")


def _do_pickup_item(state: State, c: int) -> None:
    w = state.wizards[state.active]
    w.mp -= ITEM_PICKUP_MP
    belongings.pick_up_item(state, state.active, c)


def _do_pickup_all(state: State, _: None) -> None:
    """Extra Arms: 1 MP for every item in the square (§10.6)."""
    seat = state.active
    w = state.wizards[seat]
    w.mp -= EXTRA_ARMS_PICKUP_MP
    for c, sq in list(state.floor.items()):
        if sq == w.sq and belongings.can_pick_item(state, seat, c):
            belongings.pick_up_item(state, seat, c)


def _do_pickup_treasure(state: State, tid: int) -> None:
    """0 MP and the Move and Cast phase ends (Golem Form: 1 MP; Golem and Extra Arms: it
    does not end) (§5.3)."""
    w = state.wizards[state.active]
    form = figures.form(state, w.token)
    if form == "golem_form":
        w.mp -= GOLEM_TREASURE_PICKUP_MP
    w.fresh = False
    then(
        state,
        "take_treasure",
        token=w.token,
        tid=tid,
        ends=form not in ("golem_form", "extra_arms"),
    )


def _do_boggart_pickup(state: State, tid: int) -> None:
    """The Boggart takes a treasure (0 MP); its activation ends [assumed]."""
    then(state, "take_treasure", token="boggart", tid=tid, ends=False)
    creatures.end_activation(state)


def _do_boggart_drop(state: State, tid: int) -> None:
    belongings.drop_carried_treasure(state, "boggart")


def _do_drop_item(state: State, c: int) -> None:
    state.wizards[state.active].fresh = False
    belongings.drop_item(state, state.active, c)


def _do_drop_treasure(state: State, tid: int) -> None:
    belongings.drop_carried_treasure(state, f"w{state.active}")


def _do_hold(state: State, edge: int) -> None:
    state.held[edge] = state.active
    state._memo = {}
    log_event(
        state,
        f"{figures.name_of(state, f'w{state.active}')} holds the door {B.edge_name(edge)} open",
    )


def _do_activate(state: State, name: str) -> None:
    state.act_dashed = state.creatures[name].mad_dash
    creatures.activate(state, name)


def _do_end_activation(state: State, _: None) -> None:
    creatures.end_activation(state)


def _do_end_spell(state: State, c: int) -> None:
    log_event(state, f"{figures.name_of(state, f'w{state.active}')} ends {CARDS[c].title}")
    casting.end_spell(state, c)


def _do_retrieve(state: State, oid: int) -> None:
    """Handful of Tacks: a wizard who starts his turn beside them may spend his whole Move and
    Cast phase taking them back as an item (§10.3)."""
    obj = state.objects.pop(oid)
    state._memo = {}
    belongings.gain_item(state, state.active, obj.card)
    then(state, "end_move_and_cast")


def _do_end_phase(state: State, _: None) -> None:
    then(state, "end_move_and_cast")


def _do_discard(state: State, c: int) -> None:
    w = state.wizards[state.active]
    w.hand.remove(c)
    hand.discard_card(state, c)


def _do_draw(state: State, argument: tuple[int, bool]) -> None:
    count, own = argument
    then(state, "draw_phase", count=count, specialization=own)
