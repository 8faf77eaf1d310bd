"""What each seat may see: the only place in the game that hides anything.

Castle Panic hands are played face up (spec §3 step 7: "no need to keep cards secret"), so
every seat sees every hand, the discard piles, the banished cards, the Engineer, the board
and the trophies. Hidden from everyone: the order of the Castle deck, the Resource deck and
the Monster pile (only their sizes are shown), and the RNG. `observe(seat)` is therefore the
spectator view plus `seat`.

The dicts are shaped for the protobuf message `CastlePanicView`
(proto/arena/v1/castle_panic.proto): snake_case keys, never None, no maps keyed by numbers,
nested lists are lists of records, ids are ints. Every key is always present except the
optional records `offer` (a trade proposal awaits its answer), `fire` (a weapon is being
loaded) and `choice` (a decision inside a resolution).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from arena.games.base import JSON
from arena.games.castle_panic.config import (
    ARC_COLOUR,
    ARCS,
    EQUIPMENT_COST,
    EQUIPMENT_TITLES,
    EQUIPMENT_TOKENS,
    FIELD_EQUIPMENT,
    FORTIFY_TOKENS,
    MONSTERS,
    RING_NAMES,
    TAR_TOKENS,
    TRADE_PROPOSALS_PER_TRADE,
    TURN_CAP,
)
from arena.games.castle_panic.rules import (
    CARDS,
    GAME_NAME,
    MAX_HEALTH,
    NUM_SPACES,
    NUM_TOKENS,
    POINTS,
    SPACE_ARC,
    SPACE_BY_CODE,
    SPACE_CODE,
    SPACE_COLOUR,
    SPACE_RING,
    TOKEN_CAT,
    TOKEN_KIND,
    CastlePanicState,
    Choice,
)
from arena.games.codes import parse_code


# --- Records --------------------------------------------------------------------------------------
def card_record(card: int) -> JSON:
    c = CARDS[card]
    return {
        "id": c.id,
        "name": c.name,
        "title": c.title,
        "deck": c.deck,
        "kind": c.kind,
        "colour": c.colour,
    }


def token_record(token: int) -> JSON:
    kind = TOKEN_KIND[token]
    return {
        "id": token,
        "kind": kind,
        "title": MONSTERS[kind].title,
        "category": TOKEN_CAT[token],
        "points": POINTS[token],
    }


def spectate(state: CastlePanicState, live: bool = False) -> JSON:
    """Everything but the order of the decks and the Monster pile."""
    return _public(state)


def observe(state: CastlePanicState, seat: int) -> JSON:
    """Hands are public in Castle Panic: a seat sees what a spectator sees."""
    return {"seat": seat, **_public(state)}


def _public(state: CastlePanicState) -> JSON:
    to_move = state.to_move()
    view: JSON = {
        "game": GAME_NAME,
        "num_players": state.num_players,
        "options": {"siege_crew": state.siege_crew, "first_player": state.first_player},
        "hands_public": True,
        "turn": state.turn,
        "round": (state.turn - 1) // state.num_players + 1,
        "turn_cap": TURN_CAP,
        "active": state.active,
        "start_player": state.start_player,
        "to_move": -1 if to_move is None else to_move,
        "phase": state.phase,
        "step": state.step,
        "limits": {
            "hand_size": state.hand_limit,
            "trades_per_turn": state.trades_per_turn,
            "exchanges_per_turn": state.exchanges_per_turn,
            "proposals_per_turn": TRADE_PROPOSALS_PER_TRADE * state.trades_per_turn,
        },
        "this_turn": {
            "exchanges_done": state.exchanges_done,
            "trades_done": state.trades_done,
            "proposals_rejected": state.proposals,
            "task_sets": state.task_sets,
            "keep_rotated": state.rotated,
            "catapult_fired": state.fired_catapult,
            "ballista_fired": state.fired_ballista,
            "missing_played": state.missing,
            "draws_left": state.draws_left,
        },
        "arcs": [_arc(state, a) for a in ARCS],
        "field_equipment": [
            {"kind": kind, **_space(s)} for s, kind in enumerate(state.field) if kind
        ],
        "monsters": [_unit(state, u) for u in state.board],
        "keep": {
            "standing": state.keep,
            "catapult": state.catapult,
            "ballista": state.ballista,
            "facing": state.facing,
        },
        "engineer": {
            "task": state.task,
            "assigned": [card_record(c) for c in state.engineer],
            "needed": [{"resource": r, "count": n} for r, n in state.still_needed().items()],
        },
        "supply": _supply(state),
        "castle_deck_size": len(state.castle_deck),
        "castle_discard": [card_record(c) for c in state.castle_discard],
        "resource_deck_size": len(state.resource_deck),
        "resource_discard": [card_record(c) for c in state.resource_discard],
        "banished": [card_record(c) for c in state.banished],
        "monster_pile_size": len(state.pile),
        "crew_reserve": [token_record(t) for t in state.reserve],
        "set_aside": [token_record(t) for t in state.set_aside],
        "used_tokens": [token_record(t) for t in state.used],
        "pending_draws": sum(1 for item in state.work if item[0] == "draw"),
        "players": [_player(state, p) for p in range(state.num_players)],
        "placing": state.placing,
        "towers_standing": sum(state.towers),
        "monsters_counted": state.count_monsters(),
        "log": list(state.log),
        "over": state.over,
        "team_won": state.over and state.won,
        "end_reason": state.end_reason,
        "outcome": [{"seat": p, **r} for p, r in enumerate(state.outcome())] if state.over else [],
    }
    if state.offer is not None:
        partner, give, take = state.offer
        view["offer"] = {"partner": partner, "give": card_record(give), "take": card_record(take)}
    if state.fire_weapon:
        s = state._fire_space()
        view["fire"] = {
            "weapon": state.fire_weapon,
            "target": state.fire_target if state.fire_weapon == "ballista" else -1,
            **_space(s),
            "cards": [card_record(c) for c in state.fire_cards],
        }
    if state.choice is not None:
        view["choice"] = _choice(state)
    return view


def _space(s: int) -> JSON:
    return {"space": SPACE_CODE[s], "arc": SPACE_ARC[s], "ring": SPACE_RING[s]}


def _arc(state: CastlePanicState, arc: int) -> JSON:
    breached = [t for t in state.breached if SPACE_ARC[state.pos[t]] == arc]
    return {
        "arc": arc,
        "colour": ARC_COLOUR[arc],
        "wall": state.walls[arc],
        "fortified": state.fortified[arc],
        "tower": state.towers[arc],
        "breached_by": breached[0] if breached else -1,
    }


def _unit(state: CastlePanicState, u: int) -> JSON:
    s = state.pos[u]
    return {
        **token_record(u),
        **_space(s),
        "colour": SPACE_COLOUR[s],
        "health": state.health[u],
        "max_health": MAX_HEALTH[u],
        "tarred": u == state.tarred,
        "breached": u in state.breached,
        "crew": [
            {**token_record(c), "health": state.health[c], "max_health": MAX_HEALTH[c]}
            for c in state.crew.get(u, ())
        ],
    }


def _supply(state: CastlePanicState) -> JSON:
    supply = {
        equip: EQUIPMENT_TOKENS[equip] - state.field.count(equip) for equip in FIELD_EQUIPMENT
    }
    return {
        "wall": EQUIPMENT_TOKENS["wall"] - sum(state.walls),
        **supply,
        "keep": 0 if state.keep else 1,
        "catapult": 0 if state.catapult else 1,
        "ballista": 0 if state.ballista else 1,
        "fortify": FORTIFY_TOKENS - sum(state.fortified),
        "tar": TAR_TOKENS - (1 if state.tarred >= 0 else 0),
    }


def _player(state: CastlePanicState, seat: int) -> JSON:
    return {
        "seat": seat,
        "hand": [card_record(c) for c in state.hands[seat]],
        "hand_count": len(state.hands[seat]),
        "trophies": [token_record(t) for t in state.trophies[seat]],
        "points": state.points(seat),
    }


def _choice(state: CastlePanicState) -> JSON:
    choice = state.choice
    assert choice is not None
    reason = choice.item[0]
    where = choice.item[1] if reason in _SPACE_REASONS else -1
    if reason == "wall":
        where = SPACE_BY_CODE[f"S{choice.item[1]}"]
    return {
        "reason": reason,
        "seat": choice.seat,
        "monsters": list(choice.options) if choice.kind == "monster" else [],
        "cards": [card_record(c) for c in choice.options] if choice.kind == "card" else [],
        "space": SPACE_CODE[where] if 0 <= where < NUM_SPACES else "",
    }


_SPACE_REASONS = ("barricade", "spring_trap", "pit", "tower", "catapult", "behind")


# --- Descriptions ---------------------------------------------------------------------------------
def describe(state: CastlePanicState, code: str) -> str:
    """One English line for an action code, using the state for names where it helps."""
    parsed = parse_code(code)
    try:
        return _DESCRIBE[parsed.head](state, parsed.params)
    except (KeyError, ValueError, IndexError):
        return f"Unknown action {code!r}"


def _card(card: str | int) -> str:
    return f"{CARDS[int(card)].title} (card {int(card)})"


def _monster(state: CastlePanicState, token: str | int) -> str:
    u = int(token)
    title = MONSTERS[TOKEN_KIND[u]].title
    s = state.pos[u]
    if s < 0:
        return f"{title} #{u}"
    return f"{title} #{u} ({state.health[u]}/{MAX_HEALTH[u]}) in {_where(s)}"


def _where(s: int) -> str:
    return f"{RING_NAMES[SPACE_RING[s]].title()} {SPACE_ARC[s]}"


def _describe_draw(state: CastlePanicState, p: dict) -> str:
    return f"Draw a card from the {p['deck'].title()} deck"


def _describe_discard(state: CastlePanicState, p: dict) -> str:
    if state.choice is not None:
        return f"Discard {_card(p['card'])} (All Players Discard 1 Card)"
    return f"Discard {_card(p['card'])}, then draw a card"


def _describe_trade(state: CastlePanicState, p: dict) -> str:
    return f"Offer seat {p['seat']} your {_card(p['give'])} for their {_card(p['take'])}"


def _describe_answer(accept: bool) -> Any:
    def text(state: CastlePanicState, p: dict) -> str:
        if state.offer is None:
            return "Accept the trade" if accept else "Reject the trade"
        _, give, take = state.offer
        verb = "Accept" if accept else "Reject"
        return f"{verb} the trade: your {_card(take)} for {_card(give)}"

    return text


def _describe_fire(state: CastlePanicState, p: dict) -> str:
    if p["weapon"] == "catapult":
        return f"Fire the Catapult at {_where(SPACE_BY_CODE[p['space']])} (3 damage to share)"
    return f"Fire the Ballista at {_monster(state, p['monster'])}"


def _describe_pick(state: CastlePanicState, p: dict) -> str:
    reason = state.choice.item[0] if state.choice is not None else ""
    what = _PICK_REASONS.get(reason, "is picked")
    return f"{_monster(state, p['monster'])} {what}"


_PICK_REASONS = {
    "wall": "takes the damage of the Wall (or Fortify token)",
    "barricade": "takes the damage of the Barricade",
    "pit": "falls into the Pit (1 damage)",
    "spring_trap": "is thrown back to the Forest by the Spring Trap",
    "tower": "takes the damage of the Tower",
    "catapult": "takes 1 point of the Catapult's damage",
    "overflow": "takes 1 point of the Ballista's overflow damage",
    "behind": "takes the Ballista's damage in that space",
}


def _describe_place(state: CastlePanicState, p: dict) -> str:
    title = EQUIPMENT_TITLES.get(state.placing, "the equipment")
    if "arc" in p:
        return f"Build the {title} on the wall line of arc {p['arc']}"
    return f"Place the {title} in {_where(SPACE_BY_CODE[p['space']])}"


def _describe_task(state: CastlePanicState, p: dict) -> str:
    cost = ", ".join(f"{n} {r}" for r, n in EQUIPMENT_COST[p["equip"]].items())
    return f"Set the Engineer's task: {EQUIPMENT_TITLES[p['equip']]} ({cost})"


def _fixed(text: str) -> Any:
    return lambda state, p: text


_DESCRIBE = {
    "draw": _describe_draw,
    "discard": _describe_discard,
    "pass": _fixed("Skip the rest of this phase"),
    "trade": _describe_trade,
    "accept": _describe_answer(True),
    "reject": _describe_answer(False),
    "hit": lambda s, p: f"Play {_card(p['card'])}: 1 damage to {_monster(s, p['monster'])}",
    "nice_shot": lambda s, p: (
        f"Play Nice Shot with {_card(p['card'])}: slay {_monster(s, p['monster'])}"
    ),
    "barbarian": lambda s, p: f"Play Barbarian: slay {_monster(s, p['monster'])}",
    "tar": lambda s, p: f"Play Tar on {_monster(s, p['monster'])}: it does not move this turn",
    "drive_back": lambda s, p: (
        f"Play Drive Him Back!: {_monster(s, p['monster'])} back to the Forest"
    ),
    "fortify": lambda s, p: f"Play Fortify Wall on the wall of arc {p['arc']}",
    "missing": _fixed("Play Missing: no Monster tokens are drawn this turn"),
    "scavenge": lambda s, p: f"Play Scavenge: take {_card(p['card'])} from the discard pile",
    "draw_2": _fixed("Play Draw 2 Cards"),
    "task": _describe_task,
    "cancel_task": _fixed("Cancel the Engineer's task (the assigned cards are lost)"),
    "assign": lambda s, p: f"Give {_card(p['card'])} to the Engineer",
    "fire": _describe_fire,
    "ammo": lambda s, p: f"Discard {_card(p['card'])} to fire the {s.fire_weapon.title()}",
    "rotate": lambda s, p: f"Turn the Keep to face {p['colour']}",
    "face": lambda s, p: f"Set the Keep's weapons facing {p['colour']}",
    "place": _describe_place,
    "pick": _describe_pick,
    "end_phase": _fixed("End the play phase: the monsters move"),
}


# --- The inverse: a throw-away state from a view --------------------------------------------------
def state_from_view(view: Mapping[str, Any], seed: int = 0) -> CastlePanicState:
    """Rebuild a state that shows exactly `view`; what the view hides (the order of the decks
    and of the Monster pile) is filled at random from `seed`, so a simulation on it uses
    nothing the view's owner may not know. The resolution queue is not part of a view: a
    rebuilt state has none, so it is faithful at the players' own decisions (Phases 1-4)."""
    rng = random.Random(seed)
    state = CastlePanicState(view["num_players"], seed, view["options"])
    _restore_board(state, view)
    _restore_cards(state, view, rng)
    _restore_tokens(state, view, rng)
    _restore_turn(state, view)
    return state


def _restore_board(state: CastlePanicState, view: Mapping[str, Any]) -> None:
    state.pos = [-1] * NUM_TOKENS
    state.health = [0] * NUM_TOKENS
    state.board, state.crew, state.breached, state.tarred = [], {}, [], -1
    for unit in view["monsters"]:
        u = unit["id"]
        state.board.append(u)
        state.pos[u], state.health[u] = SPACE_BY_CODE[unit["space"]], unit["health"]
        if unit["crew"]:
            state.crew[u] = [c["id"] for c in unit["crew"]]
            for c in unit["crew"]:
                state.pos[c["id"]], state.health[c["id"]] = state.pos[u], c["health"]
        if unit["breached"]:
            state.breached.append(u)
        if unit["tarred"]:
            state.tarred = u
    for arc in view["arcs"]:
        a = arc["arc"]
        state.walls[a], state.fortified[a], state.towers[a] = (
            arc["wall"],
            arc["fortified"],
            arc["tower"],
        )
    state.field = [""] * NUM_SPACES
    for equipment in view["field_equipment"]:
        state.field[SPACE_BY_CODE[equipment["space"]]] = equipment["kind"]
    keep = view["keep"]
    state.keep, state.catapult, state.ballista = (
        keep["standing"],
        keep["catapult"],
        keep["ballista"],
    )
    state.facing = keep["facing"]
    state.task = view["engineer"]["task"]
    state.engineer = [c["id"] for c in view["engineer"]["assigned"]]


def _restore_cards(state: CastlePanicState, view: Mapping[str, Any], rng: random.Random) -> None:
    state.hands = [[c["id"] for c in p["hand"]] for p in view["players"]]
    state.castle_discard = [c["id"] for c in view["castle_discard"]]
    state.resource_discard = [c["id"] for c in view["resource_discard"]]
    state.banished = [c["id"] for c in view["banished"]]
    seen = {c for hand in state.hands for c in hand}
    seen |= {*state.castle_discard, *state.resource_discard, *state.banished, *state.engineer}
    unseen = [c for c in range(len(CARDS)) if c not in seen]
    rng.shuffle(unseen)
    state.castle_deck = [c for c in unseen if CARDS[c].deck == "castle"]
    state.resource_deck = [c for c in unseen if CARDS[c].deck == "resource"]


def _restore_tokens(state: CastlePanicState, view: Mapping[str, Any], rng: random.Random) -> None:
    state.trophies = [[t["id"] for t in p["trophies"]] for p in view["players"]]
    state.used = [t["id"] for t in view["used_tokens"]]
    state.set_aside = [t["id"] for t in view["set_aside"]]
    state.reserve = [t["id"] for t in view["crew_reserve"]]
    seen = {t for trophies in state.trophies for t in trophies}
    seen |= {*state.used, *state.set_aside, *state.reserve, *state.board}
    seen |= {c for crew in state.crew.values() for c in crew}
    state.pile = [t for t in range(NUM_TOKENS) if t not in seen]
    rng.shuffle(state.pile)


def _restore_turn(state: CastlePanicState, view: Mapping[str, Any]) -> None:
    turn = view["this_turn"]
    state.turn, state.active = view["turn"], view["active"]
    state.start_player = view["start_player"]
    state.phase, state.step = view["phase"], view["step"]
    state.exchanges_done, state.trades_done = turn["exchanges_done"], turn["trades_done"]
    state.proposals, state.task_sets = turn["proposals_rejected"], turn["task_sets"]
    state.rotated, state.missing = turn["keep_rotated"], turn["missing_played"]
    state.fired_catapult, state.fired_ballista = turn["catapult_fired"], turn["ballista_fired"]
    state.draws_left = turn["draws_left"]
    state.placing = view["placing"]
    state.log = list(view["log"])
    state.work, state.choice, state.offer = [], None, None
    if "offer" in view:
        offer = view["offer"]
        state.offer = (offer["partner"], offer["give"]["id"], offer["take"]["id"])
    if "fire" in view:
        fire = view["fire"]
        state.fire_weapon = fire["weapon"]
        state.fire_target = fire["target"] if fire["target"] >= 0 else SPACE_BY_CODE[fire["space"]]
        state.fire_cards = [c["id"] for c in fire["cards"]]
    if "choice" in view:
        state.choice = _restore_choice(view["choice"])
    state.over, state.won, state.end_reason = view["over"], view["team_won"], view["end_reason"]
    state._legal = None


def _restore_choice(choice: Mapping[str, Any]) -> Choice:
    """The pending decision, with just what its resolution reads (reason, space, options)."""
    reason = choice["reason"]
    options = tuple(choice["monsters"]) or tuple(c["id"] for c in choice["cards"])
    kind = "card" if choice["cards"] else "monster"
    s = SPACE_BY_CODE.get(choice["space"], -1)
    if reason == "wall":
        item: tuple[Any, ...] = (reason, SPACE_ARC[s], options)
    elif reason == "discard_one":
        item = (reason, choice["seat"])
    elif reason == "overflow":
        item = (reason, options)
    else:
        item = (reason, s, options)
    return Choice(kind, choice["seat"], options, item)
