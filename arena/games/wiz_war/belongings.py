"""Items, relics and treasures (§5.2, §5.3, §8.8): carrying, dropping, picking up, scoring."""

from __future__ import annotations

from arena.games.codes import action_code
from arena.games.wiz_war import board as B
from arena.games.wiz_war import figures, hand, sight, victory
from arena.games.wiz_war.cards import (
    CARDS,
    RELIC,
)
from arena.games.wiz_war.hooks import EFFECTS
from arena.games.wiz_war.records import (
    is_wizard,
)
from arena.games.wiz_war.resolution import card_options, log_event, push_choice, then
from arena.games.wiz_war.state import State
from arena.games.wiz_war.steps import step


# --- Items, relics and treasures (§5.2, §5.3, §8.8) ---------------------------------------
def carried_treasure(state: State, token: str) -> int:
    if is_wizard(token):
        return state.wizards[int(token[1])].treasure
    c = state.creatures.get(token)
    return c.treasure if c else -1


def set_carried_treasure(state: State, token: str, tid: int) -> None:
    if is_wizard(token):
        state.wizards[int(token[1])].treasure = tid
    else:
        state.creatures[token].treasure = tid


def relics(state: State, seat: int) -> list[int]:
    return [c for c in state.wizards[seat].items if CARDS[c].kind == RELIC]


def slot_full(state: State, seat: int) -> bool:
    """One treasure or one relic per wizard (§8.8)."""
    return state.wizards[seat].treasure >= 0 or bool(relics(state, seat))


def glued(state: State, token: str) -> bool:
    return any(sp.target == token and CARDS[sp.card].key == "glue" for sp in state.spells.values())


def room_for_item(state: State, seat: int) -> bool:
    if figures.form(state, f"w{seat}") == "extra_arms":
        return True
    return hand.hand_total(state, seat) < hand.max_hand(state, seat)


def can_pick_item(state: State, seat: int, c: int) -> bool:
    """1 MP, room in hand, not glued; a relic needs an empty relic/treasure slot (§8.8)."""
    if glued(state, f"item{c}") or not room_for_item(state, seat):
        return False
    return not (CARDS[c].kind == RELIC and slot_full(state, seat))


def drop_slot(state: State, seat: int) -> None:
    """Drop the carried treasure or relic into the wizard's square."""
    w = state.wizards[seat]
    if w.treasure >= 0:
        drop_carried_treasure(state, w.token)
    for c in relics(state, seat):
        drop_item(state, seat, c)


def play_item(state: State, seat: int, c: int) -> None:
    """An item or relic goes from hand to the play area: carried (§5.2, §8.8)."""
    w = state.wizards[seat]
    w.hand.remove(c)
    gain_item(state, seat, c)


def gain_item(state: State, seat: int, c: int) -> None:
    w = state.wizards[seat]
    before = figures.base_speed(state, w.token)
    w.items.append(c)
    figures.speed_shift(state, w.token, before)
    log_event(state, f"{figures.name_of(state, w.token)} now carries {CARDS[c].title}")
    if CARDS[c].key == "brainstone":
        for _ in range(CARDS[c].value("draw")):
            hand.draw_card(state, seat)
    if CARDS[c].kind == RELIC:
        then(state, "settle_slot", seat=seat)


@step
def settle_slot(state: State, seat: int) -> None:
    """Carrying more than one relic/treasure: drop (his choice) until only one (§8.8)."""
    w = state.wizards[seat]
    held = [f"t{w.treasure}"] if w.treasure >= 0 else []
    held += [f"item{c}" for c in relics(state, seat)]
    if len(held) <= 1:
        return
    push_choice(
        state,
        seat,
        "drop_one",
        [
            (
                action_code("drop", h),
                f"Drop {describe_thing(state, h)}",
                "drop_thing",
                {"seat": seat, "thing": h},
            )
            for h in held
        ],
    )


@step
def drop_thing(state: State, seat: int, thing: str) -> None:
    if thing.startswith("t"):
        drop_carried_treasure(state, f"w{seat}")
    else:
        drop_item(state, seat, int(thing[4:]))
    then(state, "settle_slot", seat=seat)


def describe_thing(state: State, thing: str) -> str:
    if thing.startswith("item"):
        return CARDS[int(thing[4:])].title
    if thing.startswith("t"):
        owner = state.treasures[int(thing[1:])].owner
        return f"{figures.name_of(state, 'w' + str(owner))}'s treasure"
    return thing


def drop_item(state: State, seat: int, c: int) -> None:
    """Free on your own turn: the item lies in your square as a marker (§5.2)."""
    w = state.wizards[seat]
    w.items.remove(c)
    state.floor[c] = w.sq
    state._memo = {}
    lose_item(state, seat, c)


def lose_item(state: State, seat: int, c: int) -> None:
    """An item left its carrier: Brainstone makes him discard two cards (§10.2); losing
    a Speedstone costs the MP it gave."""
    if CARDS[c].key == "speedstone" and state.wizards[seat].alive:
        token = f"w{seat}"
        figures.speed_shift(
            state, token, figures.base_speed(state, token) + CARDS[c].value("speed")
        )
    if CARDS[c].key == "brainstone" and state.wizards[seat].alive:
        for _ in range(min(2, len(state.wizards[seat].hand))):
            then(state, "discard_choice", seat=seat, reason="Brainstone")


@step
def lost_item(state: State, seat: int, card: int) -> None:
    lose_item(state, seat, card)


@step
def discard_choice(state: State, seat: int, reason: str) -> None:
    cards = state.wizards[seat].hand
    if not cards:
        return
    label = "Discard {} (" + reason + ")"
    options = card_options("discard", cards, label, "discard_from_hand", {"seat": seat})
    push_choice(state, seat, "discard", options)


@step
def discard_from_hand(state: State, seat: int, card: int) -> None:
    cards = state.wizards[seat].hand
    if card in cards:
        cards.remove(card)
        hand.discard_card(state, card)


def pick_up_item(state: State, seat: int, c: int) -> None:
    w = state.wizards[seat]
    del state.floor[c]
    state._memo = {}
    gain_item(state, seat, c)
    w.fresh = False


def drop_carried_treasure(state: State, token: str) -> None:
    tid = carried_treasure(state, token)
    if tid < 0:
        return
    treasure = state.treasures[tid]
    treasure.sq, treasure.carrier = figures.figure_sq(state, token), ""
    set_carried_treasure(state, token, -1)
    state._memo = {}
    log_event(state, f"{figures.name_of(state, token)} drops {describe_thing(state, f't{tid}')}")


def give_treasure(state: State, token: str, tid: int) -> None:
    """A figure takes a treasure; any creature but the Boggart drops it at once (§8.7)."""
    treasure = state.treasures[tid]
    if treasure.carrier:
        set_carried_treasure(state, treasure.carrier, -1)
    if not is_wizard(token) and token != "boggart":
        treasure.sq, treasure.carrier = figures.figure_sq(state, token), ""
        return
    treasure.sq, treasure.carrier = -1, token
    set_carried_treasure(state, token, tid)
    state._memo = {}
    check_scoring(state, token)


def check_scoring(state: State, token: str) -> None:
    """A figure carrying an enemy's treasure onto its controller's home base scores it: 1 VP
    (§5.3)."""
    seat = figures.controller(state, token)
    tid = carried_treasure(state, token)
    if tid < 0:
        return
    treasure = state.treasures[tid]
    home = B.HOME_SQUARES[state.wizards[seat].colour]
    if figures.figure_sq(state, token) == home and treasure.owner != seat:
        set_carried_treasure(state, token, -1)
        treasure.scored, treasure.carrier, treasure.sq = True, "", -1
        state.wizards[seat].vp += 1
        log_event(
            state,
            f"{figures.name_of(state, token)} brings "
            f"{figures.name_of(state, f'w{treasure.owner}')}'s treasure "
            f"home: {figures.name_of(state, f'w{seat}')} scores (VP {state.wizards[seat].vp})",
        )
        victory.check_victory(state)


def can_take_treasure(state: State, token: str, tid: int) -> bool:
    """Not glued, no Gravity, not guarded by an enemy Dragon's Hoard Keeper (§11.1):
    the Dragon guards only its controller's own treasures ("ele irá proteger seus
    tesouros como se fossem seus próprios")."""
    treasure = state.treasures[tid]
    if treasure.scored or treasure.carrier or glued(state, f"t{tid}"):
        return False
    if figures.spell_in_play(state, "gravity"):
        return False
    dragon = state.creatures.get("dragon")
    guarded = dragon is not None and dragon.controller == treasure.owner
    if guarded and dragon.controller != figures.controller(state, token):
        return treasure.sq not in sight.adjacent_squares(state, "dragon")
    return True


@step
def take_treasure(state: State, token: str, tid: int, ends: bool) -> None:
    """Pick up a treasure (§5.3): Ward, Fool's Gold and Hoard Guard may answer; a wizard's
    Move and Cast phase then ends unless a form says otherwise."""
    if not figures.figure_alive(state, token) or not can_take_treasure(state, token, tid):
        return
    seat = figures.controller(state, token)
    treasure = state.treasures[tid]
    where = treasure.sq
    log_event(state, f"{figures.name_of(state, token)} picks up {describe_thing(state, f't{tid}')}")
    give_treasure(state, token, tid)
    if state.over:
        return
    if is_wizard(token) and treasure.owner != seat:
        EFFECTS.treasure_taken(state, seat, tid, where)
        then(state, "ward_window", picker=seat, treasure=tid)
    if ends:
        then(state, "end_move_and_cast")
