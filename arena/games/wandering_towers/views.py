"""What each seat may see: the only place in the game that hides anything.

`observe(state, seat)` and `spectate(state)` return JSON dicts shaped for a protobuf message:
snake_case keys, never None (an absent record is an omitted key, documented below), no maps
keyed by numbers, nested lists are lists of records, ids are ints.

Hidden: other seats' hands (observe shows only the seat's own `hand`), the draw pile's order,
the cards of a team exchange (only the two partners see them), the RNG. With the option
`hide_prisoners`, observations also hide who is imprisoned where, and so does a live
spectator's view (`spectate(live=True)`); a replay's does not. Everything else is public (§2.4).

`state_from_view` is the inverse: a throw-away state rebuilt from a view for simulations. It
fills what the view hides (other hands, draw order, hidden prisoners) arbitrarily, so it
cannot leak anything the view did not contain.

Optional keys: `hand` and `exchange_cards` (observe only), `action.card` (a card is in
play), `action.committed` (a move was committed), `spell` (a spell use is in progress).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from arena.games.base import JSON
from arena.games.codes import parse_code
from arena.games.wandering_towers.config import (
    BASIC_SPELLS_PER_TURN,
    DECK_SIZE,
    GHOST_LIGHTS,
    NUM_SPACES,
    NUM_TOWERS,
    REFRESH_TOWER_STEPS,
    ROUND_CAP,
    SHIELDED_SPACES,
    SHIELDED_TOWERS,
)
from arena.games.wandering_towers.rules import (
    CARDS,
    GAME_NAME,
    MOVE_TOWER,
    MOVE_WIZARD,
    OVER,
    PRIORITY,
    SPELL,
    WanderingTowersState,
)


# --- Records ----------------------------------------------------------------------------------
def card_record(card: int) -> JSON:
    """{id, kind, wizard, tower, dice}: values are 0 where absent or rolled."""
    c = CARDS[card]
    return {"id": c.id, "kind": c.kind, "wizard": c.wizard, "tower": c.tower, "dice": c.dice}


def spectate(state: WanderingTowersState, live: bool = False) -> JSON:
    """Everything public, no hand. Imprisoned wizards are shown to replay viewers, but to
    someone watching live only where the players see them too (`hide_prisoners`)."""
    return _public(state, hide=live and state.hide_prisoners)


def observe(state: WanderingTowersState, seat: int) -> JSON:
    """What `seat` may know: the public view plus its own hand and its exchange cards."""
    view = {"seat": seat, **_public(state, hide=state.hide_prisoners)}
    view["hand"] = [card_record(c) for c in state.hands[seat]]
    if state.teams and seat in _exchange_seats(state) and state.exchange_given >= 0:
        cards = {"given": card_record(state.exchange_given)}
        if state.exchange_returned >= 0:
            cards["returned"] = card_record(state.exchange_returned)
        view["exchange_cards"] = cards
    return view


def _public(state: WanderingTowersState, hide: bool) -> JSON:
    to_move = state.to_move()
    view: JSON = {
        "game": GAME_NAME,
        "num_players": state.num_players,
        "variant": state.variant,
        "options": _options(state),
        "teams": [{"seats": side} for side in state.sides()] if state.teams else [],
        "round": state.round,
        "round_cap": ROUND_CAP,
        "active": state.active,
        "start_player": state.start_player,
        "last_seat": (state.start_player - 1) % state.num_players,
        "to_move": -1 if to_move is None else to_move,
        "phase": state.phase,
        "turn": _turn(state),
        "spaces": [_space(state, s, hide) for s in range(NUM_SPACES)],
        "towers": [_tower(state, t) for t in range(1, NUM_TOWERS + 1)],
        "ravenskeep": {
            "space": state.keep_space,
            "level": len(state.towers[state.keep_space]),
            "inside": list(state.keep_inside),
        },
        "wizards": [_wizard(state, w, hide) for w in range(state.num_wizards)],
        "players": [_player(state, p) for p in range(state.num_players)],
        "draw_pile_size": len(state.draw_pile),
        "discard": [card_record(c) for c in state.discard],
        "spells": [
            {"id": SPELL[n].id, "name": n, "title": SPELL[n].title, "cost": SPELL[n].cost}
            for n in state.spells
        ],
        "action": _action(state),
        "game_end_triggered": state.end_triggered,
        "end_reason": state.end_reason,
        "over": state.over,
        "outcome": [{"seat": p, **r} for p, r in enumerate(state.outcome())] if state.over else [],
    }
    if state.spell:
        view["spell"] = {
            "caster": state.caster,
            "name": state.spell,
            "timing": state.timing,
            "window": state.window,
            "casts": state.casts,
            "free_choices": list(state.free_choices),
        }
    return view


def _options(state: WanderingTowersState) -> JSON:
    return {
        "variant": state.variant,
        "teams": state.teams,
        "spells": state.spell_count,
        "swap_distance_2": state.swap_distance_2,
        "team_end_immediate": state.team_end_immediate,
        "hide_prisoners": state.hide_prisoners,
    }


def _turn(state: WanderingTowersState) -> JSON:
    return {
        "number": state.turn,
        "actions_done": state.actions_done,
        "refresh": state.refreshing,
        "spells_cast": state.spells_this_turn,
        "spell_used": (
            state.spell_used_action
            if state.master
            else state.spells_this_turn >= BASIC_SPELLS_PER_TURN
        ),
        "exchange": state.exchange,
    }


def _space(state: WanderingTowersState, space: int, hide: bool) -> JSON:
    height = len(state.towers[space])
    levels = []
    for level, group in enumerate(state.levels[space]):
        if hide and level < height:
            levels.append({"wizards": [], "hidden": len(group)})
        else:
            levels.append({"wizards": list(group), "hidden": 0})
    return {
        "index": space,
        "shielded": space in SHIELDED_SPACES,
        "ghost_lights": GHOST_LIGHTS[space],
        "ravenskeep": space == state.keep_space,
        "towers": list(state.towers[space]),
        "levels": levels,
    }


def _tower(state: WanderingTowersState, tower: int) -> JSON:
    space, level = state.tower_position(tower)
    return {"id": tower, "shielded": tower in SHIELDED_TOWERS, "space": space, "level": level}


def _wizard(state: WanderingTowersState, wizard: int, hide: bool) -> JSON:
    space, level = state.wizard_space[wizard], state.wizard_level[wizard]
    visible = state.is_visible(wizard)
    imprisoned = space >= 0 and not visible
    if hide and imprisoned:
        space = level = -1
    return {
        "id": wizard,
        "owner": state.wizard_owner[wizard],
        "space": space,
        "level": level,
        "visible": visible,
        "imprisoned": imprisoned,
        "in_keep": state.wizard_space[wizard] < 0,
    }


def _player(state: WanderingTowersState, seat: int) -> JSON:
    own = range(seat * state.wizards_each, (seat + 1) * state.wizards_each)
    visible = sum(1 for w in own if state.is_visible(w))
    return {
        "seat": seat,
        "team": state.side_of(seat) if state.teams else -1,
        "partner": state.partner[seat],
        "hand_size": len(state.hands[seat]),
        "wizards": state.wizards_each,
        "wizards_in_keep": state.in_keep[seat],
        "wizards_visible": visible,
        "wizards_imprisoned": state.wizards_each - state.in_keep[seat] - visible,
        "flasks_empty": state.empty[seat],
        "flasks_full": state.full[seat],
        "flasks_spent": state.spent[seat],
        "finished": state.in_keep[seat] == state.wizards_each,
        "goal_met": state.meets_goal(seat),
    }


def _action(state: WanderingTowersState) -> JSON:
    """The card action in progress: card, roll, values, the committed move."""
    action: JSON = {
        "roll": state.roll,
        "rolls": state.rolls,
        "rerolls_left": 0,
        "wizard_value": 0,
        "tower_value": REFRESH_TOWER_STEPS if state.refreshing else 0,
        "passengers": list(state.passengers),
        "resolved": state.resolved,
        "move_lost": state.move_lost,
    }
    if state.card >= 0:
        card = CARDS[state.card]
        action["card"] = card_record(state.card)
        action["rerolls_left"] = max(0, card.dice - state.rolls)
        if card.moves_wizard:
            action["wizard_value"] = card.wizard or state.roll
        if card.moves_tower:
            action["tower_value"] = card.tower or state.roll
    if state.committed is not None:
        kind, piece, steps = state.committed
        action["committed"] = {
            "kind": kind,
            "wizard": piece if kind == MOVE_WIZARD else -1,
            "tower": piece if kind == MOVE_TOWER else -1,
            "steps": steps,
        }
    return action


def public_action(state: WanderingTowersState, code: str, seat: int) -> tuple[str, str]:
    """How `seat` learns of `code`: a card passed between partners is face down (§2.4)."""
    head = parse_code(code).head
    if head in ("give_card", "return_card") and seat not in _exchange_seats(state):
        return head, "Hands a card to their partner, face down"
    return code, describe(state, code)


def _exchange_seats(state: WanderingTowersState) -> tuple[int, int]:
    return state.active, state.partner[state.active]


# --- Descriptions -----------------------------------------------------------------------------
def describe(state: WanderingTowersState, code: str) -> str:
    """One English line for an action code, using the state for values where it helps."""
    parsed = parse_code(code)
    try:
        return _DESCRIBE[parsed.head](state, list(parsed.parts), parsed.params)
    except (KeyError, ValueError, IndexError):
        return f"Unknown action {code!r}"


def _card_text(card: int) -> str:
    c = CARDS[card]
    die = f"{c.dice} {'die' if c.dice == 1 else 'dice'}"
    wizard = f"wizard {c.wizard or die}" if c.moves_wizard else ""
    tower = f"tower {c.tower or die}" if c.moves_tower else ""
    if c.kind == "dual" and c.dice:
        return f"card {card} (wizard or tower, {die})"
    return f"card {card} ({' or '.join(t for t in (wizard, tower) if t)})"


def _wizard_text(state: WanderingTowersState, wizard: int) -> str:
    return f"wizard {wizard} (seat {state.wizard_owner[wizard]})"


def _describe_play(state: WanderingTowersState, parts: list[str], params: dict) -> str:
    return f"Play {_card_text(int(params['card']))}"


def _describe_commit_wizard(state: WanderingTowersState, parts: list[str], params: dict) -> str:
    wizard = int(params["id"])
    steps = state.card_value(MOVE_WIZARD) if state.card >= 0 else 0
    where = f" from space {state.wizard_space[wizard]}" if state.wizard_space[wizard] >= 0 else ""
    return f"Move {_wizard_text(state, wizard)}{where} {steps} spaces clockwise"


def _describe_commit_tower(state: WanderingTowersState, parts: list[str], params: dict) -> str:
    space, level = int(params["space"]), int(params["level"])
    steps = state.card_value(MOVE_TOWER) if state.card >= 0 or state.refreshing else 0
    tower = state.towers[space][level - 1]
    return (
        f"Move tower T{tower} (space {space}, level {level}) and everything above it "
        f"{steps} spaces clockwise"
    )


def _describe_cast(state: WanderingTowersState, parts: list[str], params: dict) -> str:
    spell = SPELL[parts[0]]
    paid = f"Cast {spell.title} ({spell.cost} full flask{'s' if spell.cost > 1 else ''})"
    if "wizard" in params:
        verb = "take along" if spell.name == "piggyback" else "move"
        return f"{paid}: {verb} {_wizard_text(state, int(params['wizard']))}"
    if "with" in params:
        return f"{paid}: swap the top towers of spaces {params['space']} and {params['with']}"
    if "dir" in params:
        way = "clockwise" if params["dir"] == "cw" else "counter-clockwise"
        return f"{paid}: move the Ravenskeep {way}"
    verb = "lift" if spell.name == "free_wizard" else "move"
    return f"{paid}: {verb} the tower at space {params['space']}, level {params['level']}"


def _describe_claim(state: WanderingTowersState, parts: list[str], params: dict) -> str:
    spell, timing = SPELL[parts[0]], parts[1]
    when = {"before": "before", "after": "after", "during": "during"}[timing]
    return f"Claim {spell.title} for this action, cast {when} the committed move"


def _fixed(text: str) -> Any:
    return lambda state, parts, params: text


_DESCRIBE = {
    "play": _describe_play,
    "refresh": _fixed("Refresh: discard your 3 cards, draw 3, then you may move a tower 1 space"),
    "reroll": lambda s, p, q: f"Roll the die again (current roll {s.roll})",
    "accept": lambda s, p, q: f"Accept the roll of {s.roll}",
    "wizard": _describe_commit_wizard,
    "tower": _describe_commit_tower,
    "dud": _fixed("Discard the card in play without effect: it has no legal move"),
    "skip": _fixed("Make no tower move and end the refresh"),
    "cast": _describe_cast,
    "claim": _describe_claim,
    "pass": _fixed("Do not claim this action's spell; the right passes clockwise"),
    "stop": _fixed("Stop casting the spell"),
    "free": lambda s, p, q: f"Free {_wizard_text(s, int(q['wizard']))} onto the top of its stack",
    "request_card": _fixed("Ask your partner for a card"),
    "give_card": lambda s, p, q: f"Hand {_card_text(int(q['card']))} to your partner",
    "return_card": lambda s, p, q: f"Give {_card_text(int(q['card']))} back to your partner",
    "give_flasks": lambda s, p, q: f"Pass {int(q['n'])} full flask(s) to your partner",
    "end_turn": _fixed("End your turn and refill your hand to 3 cards"),
}


# --- The inverse: a throw-away state from a view ------------------------------------------------
def state_from_view(view: Mapping[str, Any], seed: int = 0) -> WanderingTowersState:
    """Rebuild a state that shows exactly `view`; hidden parts are filled arbitrarily (from
    `seed`), so simulations on it use nothing the view's owner may not know."""
    rng = random.Random(seed)
    state = WanderingTowersState(view["num_players"], seed, view["options"])
    state.spells = tuple(s["name"] for s in view["spells"])
    _restore_board(state, view)
    _restore_cards(state, view, rng)
    _restore_turn(state, view)
    return state


def _restore_board(state: WanderingTowersState, view: Mapping[str, Any]) -> None:
    unplaced = [w["id"] for w in view["wizards"] if w["imprisoned"] and w["space"] < 0]
    spaces = {}
    for record in view["spaces"]:
        levels = []
        for level in record["levels"]:
            levels.append([*level["wizards"], *(unplaced.pop() for _ in range(level["hidden"]))])
        spaces[record["index"]] = (record["towers"], levels)
    state.set_board(spaces, view["ravenskeep"]["space"], view["ravenskeep"]["inside"])
    for record in view["players"]:
        seat = record["seat"]
        state.empty[seat] = record["flasks_empty"]
        state.full[seat] = record["flasks_full"]
        state.spent[seat] = record["flasks_spent"]


def _restore_cards(
    state: WanderingTowersState, view: Mapping[str, Any], rng: random.Random
) -> None:
    seat = view.get("seat", -1)
    hand = [c["id"] for c in view.get("hand", [])]
    state.discard = [c["id"] for c in view["discard"]]
    known = set(hand) | set(state.discard)  # a card in play is already on the discard pile
    unseen = [c for c in range(DECK_SIZE) if c not in known]
    rng.shuffle(unseen)
    for record in view["players"]:
        p = record["seat"]
        if p == seat:
            state.hands[p] = hand
        else:
            state.hands[p] = [unseen.pop() for _ in range(record["hand_size"])]
    state.draw_pile = unseen
    exchange = view.get("exchange_cards", {})
    state.exchange_given = exchange.get("given", {}).get("id", -1)
    state.exchange_returned = exchange.get("returned", {}).get("id", -1)


def _restore_turn(state: WanderingTowersState, view: Mapping[str, Any]) -> None:
    turn, action = view["turn"], view["action"]
    state.start_player = view["start_player"]
    state.active = view["active"]
    state.round = view["round"]
    state.phase = view["phase"]
    state.turn = turn["number"]
    state.actions_done = turn["actions_done"]
    state.refreshing = turn["refresh"]
    state.spells_this_turn = turn["spells_cast"]
    state.spell_used_action = state.master and turn["spell_used"]
    state.exchange = turn["exchange"]
    state.card = action["card"]["id"] if "card" in action else -1
    state.roll, state.rolls = action["roll"], action["rolls"]
    state.resolved, state.move_lost = action["resolved"], action["move_lost"]
    state.passengers = list(action["passengers"])
    committed = action.get("committed")
    if committed is not None:
        piece = committed["wizard"] if committed["kind"] == MOVE_WIZARD else committed["tower"]
        state.committed = (committed["kind"], piece, committed["steps"])
    spell = view.get("spell")
    if spell is not None:
        state.caster, state.spell, state.timing = spell["caster"], spell["name"], spell["timing"]
        state.window, state.casts = spell["window"], spell["casts"]
        state.free_choices = list(spell["free_choices"])
    if state.phase == PRIORITY:
        state.priority_index = (view["to_move"] - state.active) % state.num_players
    state.end_triggered = view["game_end_triggered"]
    state.end_reason = view["end_reason"]
    state.over = view["over"] or state.phase == OVER
    state._legal = None
