"""Casting (§6.4-§6.5): declaring, paying, the counter windows, resolving, maintained
spells, and who an attack hits.
"""

from __future__ import annotations

from arena.games.base import JSON
from arena.games.codes import action_code
from arena.games.wiz_war import board as B
from arena.games.wiz_war import figures, hand, sight
from arena.games.wiz_war.cards import (
    CARDS,
    SLIPPERY_FACES,
)
from arena.games.wiz_war.config import (
    GNOME_EVADES,
    INVISIBLE_EVADES,
)
from arena.games.wiz_war.hooks import EFFECTS
from arena.games.wiz_war.records import (
    Spell,
    die_roll,
    is_wizard,
    new_cast,
    new_declaration,
)
from arena.games.wiz_war.resolution import log_event, push_choice, then
from arena.games.wiz_war.spec import next_slot, resolve_cast, spec_for
from arena.games.wiz_war.state import State
from arena.games.wiz_war.steps import step


# --- Casting (§6.4) -----------------------------------------------------------------------
def next_cast_id(state: State) -> int:
    """Casts are kept by id from payment to their end (§6.4): a new one's id."""
    cid = state.next_cast
    state.next_cast += 1
    return cid


def declare(
    state: State,
    seat: int,
    actor: str,
    key: str,
    card_id: int = -1,
    mode: str = "",
    source: str = "hand",
    purpose: str = "cast",
    against: int = -1,
) -> None:
    """Start declaring a card, punch, item use or creature attack: its targets, mode and
    energy are then asked one slot at a time (effects/declaring.py), then it is paid
    and cast."""
    frame = new_declaration(seat, actor, key, card_id, mode, source, purpose, against)
    state.frames.append(frame)
    advance_declaration(state, frame)


def advance_declaration(state: State, frame: JSON) -> None:
    """Pay and cast once every slot is filled; until then the frame waits for the next."""
    if next_slot(state, frame) is None:
        _remove_frame(state, frame)
        commit(state, frame)


def _remove_frame(state: State, frame: JSON) -> None:
    for i in range(len(state.frames) - 1, -1, -1):
        if state.frames[i] is frame:
            del state.frames[i]
            return


def commit(state: State, frame: JSON) -> None:
    """Pay (§6.4 step 2): the card to a pending zone, energy to the discard pile; a
    declared attack is used up even if later cancelled. Then the counter window."""
    spec = spec_for(frame["key"], frame["mode"])
    seat, actor = frame["seat"], frame["actor"]
    w = state.wizards[seat]
    c = frame["card"]
    values = frame["values"]
    kind = CARDS[c].kind if c >= 0 else ""
    is_spell = spec.spell and frame["source"] in ("hand", "creature_hand") and c >= 0
    is_attack = spec.is_attack(kind)
    origin = figures.figure_sq(state, actor)
    if is_wizard(actor) and is_spell and w.projection >= 0:
        origin = w.projection
    cid = next_cast_id(state)
    cast = new_cast(
        cid,
        c,
        frame["key"],
        frame["mode"],
        seat,
        actor,
        frame["source"],
        values,
        spell=is_spell,
        attack=is_attack,
        kind=kind,
        origin=origin,
        unevadable=spec.unevadable,
        reach=spec.reach,
        keep=True,
        against=frame["against"],
    )
    state.casts[cid] = cast
    energy_cards = [
        v for k, v in values.items() if k.startswith("energy") and isinstance(v, int) and v >= 0
    ]
    if spec.uses_energy:
        if is_wizard(actor) and w.add_energy >= 0 and is_spell:
            cast["E"] = w.add_energy
            w.add_energy = -1
        else:
            cast["E"] = sum(hand.energy_of(state, seat, e) for e in energy_cards)
    for e in energy_cards:
        if e in w.hand:
            w.hand.remove(e)
            hand.discard_card(state, e)
    cast["energy"] = energy_cards
    if c >= 0 and frame["source"] in ("hand", "creature_hand"):
        if c in w.hand:
            w.hand.remove(c)
        state.pending.append(c)
    elif c >= 0 and frame["source"] in ("thrown", "spent"):
        w.items.remove(c)
        state.pending.append(c)
        then(state, "lost_item", seat=seat, card=c)
    if is_spell and is_wizard(actor):
        cast["corner"], cast["drake"] = w.corner, w.drake_eye
        w.corner = w.drake_eye = False
        w.projection = -1
    if is_attack:
        _use_attack(state, actor)
    if is_wizard(actor):
        w.fresh = False
    EFFECTS.fix_targets(state, cast)
    log_event(state, cast_text(state, cast))
    if frame["purpose"] == "counter":
        target = state.casts.get(frame["against"])
        if (
            spec.cancels
            and target is not None
            and target["spell"]
            and cast["spell"]
            and frame["key"] != "anti_anti"
        ):
            then(state, "anti_window", counter=cid)
        then(state, "resolve_counter", counter=cid)
        then(state, "finish", cast=cid)
        return
    then(state, "open_window", cast=cid)
    then(state, "resolve", cast=cid)
    then(state, "finish", cast=cid)


def cast_text(state: State, cast: JSON) -> str:
    who = figures.name_of(state, cast["actor"])
    what = CARDS[cast["card"]].title if cast["card"] >= 0 else cast["key"].replace("_", " ")
    text = f"{who} uses {what}"
    if cast["targets"] or cast["objects"]:
        names = [figures.name_of(state, t) for t in cast["targets"]] + list(cast["objects"])
        text += " on " + ", ".join(names)
    if cast["E"]:
        text += f" (E={cast['E']})"
    return text


def _use_attack(state: State, actor: str) -> None:
    if actor == state.activation:
        state.act_attacks += 1
        return
    if is_wizard(actor):
        w = state.wizards[int(actor[1])]
        w.attacks += 1
        if w.stunned and not w.stun_mode:
            w.stun_mode = "attack"


@step
def open_window(state: State, cast: int) -> None:
    """The counter window (§6.5): in seat order from the caster's left, the caster last,
    every player who holds a card may answer once; it closes when all pass in a row."""
    c = state.casts.get(cast)
    if c is None or c["canceled"]:
        return
    order = window_order(state, c)
    if order:
        _push_window(state, "counter", cast, order)


def _push_window(state: State, mode: str, cast: int, order: list[int]) -> None:
    """A window in which the seats of `order` answer `cast` in turn, or pass (§6.5)."""
    state.frames.append(
        {
            "kind": "window",
            "mode": mode,
            "cast": cast,
            "order": order,
            "i": 0,
            "passes": 0,
            "done": [],
            "seat": order[0],
        }
    )


def window_order(state: State, c: JSON) -> list[int]:
    key_card = CARDS[c["card"]] if c["card"] >= 0 else None
    mundane = key_card is not None and key_card.has("mundane")
    if mundane and not c["attack"]:
        return []
    n = state.num_players
    seats = [(c["seat"] + k) % n for k in range(1, n + 1)]
    targeted = {
        figures.controller(state, t) for t in c["targets"] if figures.figure_alive(state, t)
    }
    if c["spell"] and not mundane:
        wanted = set(seats)
        if c["seat"] not in targeted:
            wanted.discard(c["seat"])  # the caster answers only what strikes his own
    elif c["attack"]:
        wanted = targeted
    else:
        return []
    return [s for s in seats if s in wanted and state.wizards[s].alive]


def advance_window(state: State, frame: JSON) -> bool:
    """True if the window closed or skipped a seat; False when a seat must answer."""
    cast = state.casts.get(frame["cast"])
    order = frame["order"]
    if cast is None or cast["canceled"] or frame["passes"] >= len(order):
        state.frames.pop()
        return True
    seat = order[frame["i"] % len(order)]
    frame["seat"] = seat
    if seat in frame["done"] or not may_respond(state, seat, frame["mode"]):
        frame["passes"] += 1
        frame["i"] += 1
        return True
    return False


def may_respond(state: State, seat: int, mode: str) -> bool:
    """Asked only if he could hold an answer, judged from public facts: cards in hand (or
    Null Powder carried), so being asked reveals nothing."""
    w = state.wizards[seat]
    if not w.alive:
        return False
    if w.hand:
        return True
    return mode == "counter" and any(CARDS[c].key == "null_powder" for c in w.items)


@step
def anti_window(state: State, counter: int) -> None:
    """A counter aimed at a spell: its caster may answer with Anti-Anti (§10.7)."""
    ct = state.casts.get(counter)
    if ct is None:
        return
    target = state.casts.get(ct["against"])
    if target is None:
        return
    seat = target["seat"]
    if seat != ct["seat"] and may_respond(state, seat, "anti"):
        _push_window(state, "anti", counter, [seat])


@step
def ward_window(state: State, picker: int, treasure: int) -> None:
    """Ward (§10.3): the treasure's owner may answer its pick-up."""
    owner = state.treasures[treasure].owner
    if not state.wizards[picker].alive or not may_respond(state, owner, "ward"):
        return
    cid = next_cast_id(state)
    pickup = new_cast(
        cid,
        -1,
        "pickup",
        "",
        picker,
        f"w{picker}",
        "pickup",
        {},
        spell=False,
        attack=False,
        kind="",
        origin=state.wizards[picker].sq,
        unevadable=False,
        reach="self",
        keep=False,
        against=-1,
    )
    pickup["treasure"] = treasure
    state.casts[cid] = pickup
    _push_window(state, "ward", cid, [owner])
    then(state, "forget_cast", cast=cid)


@step
def forget_cast(state: State, cast: int) -> None:
    state.casts.pop(cast, None)


@step
def resolve(state: State, cast: int) -> None:
    """Resolve a cast that was not cancelled (§6.4 step 4)."""
    c = state.casts.get(cast)
    if c is None:
        return
    if c["canceled"]:
        log_event(state, f"{cast_text(state, c)}: cancelled")
        return
    if not figures.figure_alive(state, c["actor"]):
        return
    resolve_cast(state, c)


@step
def resolve_counter(state: State, counter: int) -> None:
    """A counter not itself cancelled acts on the cast it answers, if that is still on."""
    ct = state.casts.get(counter)
    if ct is None or ct["canceled"]:
        return
    if ct["against"] in state.casts:
        resolve_cast(state, ct)


@step
def finish(state: State, cast: int) -> None:
    """Instant spells and cancelled ones are discarded, temporary and permanent ones stay
    in the caster's play area (§6.4 step 5); a thrown rock lands."""
    c = state.casts.pop(cast, None)
    if c is None:
        return
    card_id = c["card"]
    if card_id < 0 or card_id not in state.pending:
        return
    state.pending.remove(card_id)
    row = CARDS[card_id].row
    if c["source"] == "thrown":
        if c["land"] >= 0 and row.key == "large_rock":
            state.floor[card_id] = c["land"]
            state._memo = {}
        else:
            hand.discard_card(state, card_id)
        return
    keep = row.dur in ("T", "P") and c["keep"] and not c["canceled"]
    if keep and state.wizards[c["seat"]].alive:
        add_spell(state, card_id, c["seat"], c["hold"], c["E"])
    else:
        hand.discard_card(state, card_id)


def add_spell(state: State, card_id: int, caster: int, target: str, energy: int) -> None:
    tokens = max(1, energy) if CARDS[card_id].row.dur == "T" else 0
    state.spells[card_id] = Spell(card_id, caster, target, tokens, energy)
    state._memo = {}


def end_spell(state: State, card_id: int) -> None:
    """End a maintained spell: undo what it holds in place, discard the card (§6.3)."""

    sp = state.spells.get(card_id)
    if sp is None:
        return
    mover = sp.target if sp.target and figures.figure_alive(state, sp.target) else ""
    before = figures.base_speed(state, mover) if mover else 0
    del state.spells[card_id]
    state._memo = {}
    EFFECTS.on_end(state, sp)
    hand.discard_card(state, card_id)
    if mover and figures.figure_alive(state, mover):
        figures.speed_shift(state, mover, before)


# --- Attacks: who is hit (§6.5) -----------------------------------------------------------
def hits(state: State, cast: JSON) -> list[str]:
    """The figure targets still there and not evading; evasion rolls happen now."""
    out = []
    for token in cast["targets"]:
        if figures.figure_alive(state, token) and not (
            cast["attack"] and evades(state, cast, token)
        ):
            out.append(token)
    return out


def evades(state: State, cast: JSON, token: str) -> bool:
    """Evasion (§6.5): out of reach after a teleport, Invisible, Gnome Form, the Boggart."""
    if cast["unevadable"]:
        return False
    name = figures.name_of(state, token)
    if token in cast["teleported"] and not in_reach(state, cast, token):
        log_event(state, f"{name} teleported out of reach")
        return True
    if is_wizard(token) and figures.has_spell(state, token, "invisible"):
        roll = die_roll(state.rng)
        if roll in INVISIBLE_EVADES:
            log_event(state, f"{name} is invisible: d4={roll}, evaded")
            return True
        log_event(state, f"{name} is invisible: d4={roll}, hit")
    if figures.form(state, token) == "gnome_form":
        roll = die_roll(state.rng)
        if roll in GNOME_EVADES:
            log_event(state, f"{name} (Gnome Form): d4={roll}, evaded")
            return True
    if token == "boggart":
        roll = die_roll(state.rng)
        if roll in SLIPPERY_FACES:
            log_event(state, f"Boggart slips away: d4={roll}")
            _offer_slippery_step(state)
            return True
    return False


def _offer_slippery_step(state: State) -> None:
    seat = state.creatures["boggart"].controller
    options = [("stay", "The Boggart stays where it is", "noop", {})]
    for d in range(4):
        if sight.can_step(state, "boggart", d) is not None:
            options.append(
                (
                    action_code("step", B.DIRS[d]),
                    f"The Boggart slips {B.DIRS[d]}",
                    "shove",
                    {"token": "boggart", "d": d},
                )
            )
    push_choice(state, seat, "slippery", options)


def in_reach(state: State, cast: JSON, token: str) -> bool:
    """Is a (teleported) target still within the attack's range and LOS?"""
    actor, reach = cast["actor"], cast["reach"]
    if not figures.figure_alive(state, actor):
        return False
    sq = figures.figure_sq(state, token)
    if reach in ("area", "line"):
        return sq in cast["area"]
    if reach == "adj":
        return sq in sight.adjacent_squares(state, actor)
    if reach == "path":
        return sight.walking_distance(state, actor, figures.figure_sq(state, actor), sq, 6) >= 0
    if reach.startswith("los"):
        limit = int(reach[3:]) if len(reach) > 3 else 99
        return B.manhattan(figures.figure_sq(state, actor), sq) <= limit and sight.sees(
            state, actor, sq
        )
    return True
