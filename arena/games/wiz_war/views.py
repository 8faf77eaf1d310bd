"""What each seat may see: the only place in the game that hides anything.

`observe(state, seat)` and `spectate(state)` return the same JSON shape (the protobuf message
`WizWarView`, proto/arena/v1/wiz_war.proto): snake_case keys, never None, no maps keyed by
numbers, nested lists as lists of records, ints for ids. Squares are ints `row * 10 + col`;
edges are named like action codes (`r2c3e`, `r2c3s`) with their two squares `a`, `b`.

Hidden: other seats' hands (only `hand_size`), the order of the magic deck and of every
Specialization deck, which school a player specialised in (until its cards show it), which
Booby Trap token is live (its caster sees it), the cards of a secret choice (Oracle, Thought
Steal, the Specialization decks offered) except to the chooser, the cards out of the game.
`spectate` shows public information only (seat -1, no hand).
"""

from __future__ import annotations

from typing import Any

from arena.games.base import JSON
from arena.games.codes import parse_code
from arena.games.wiz_war import belongings, casting, creatures, effects, figures, hand, sight, turn
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import CARDS, CREATURES
from arena.games.wiz_war.records import GAME_NAME, is_wizard
from arena.games.wiz_war.rules import WizWarState


# --- Records ----------------------------------------------------------------------------------
def card_record(c: int) -> JSON:
    """{id, key, title, school, kind, ev}: the public face of a card."""
    card = CARDS[c]
    return {
        "id": c,
        "key": card.key,
        "title": card.title,
        "school": card.school,
        "kind": card.kind,
        "ev": card.ev,
    }


def observe(state: WizWarState, seat: int) -> JSON:
    view = _public(state, seat)
    view["hand"] = [card_record(c) for c in state.wizards[seat].hand]
    view["choice_cards"] = [card_record(c) for c in _secret_cards(state, seat)]
    return view


def spectate(state: WizWarState, live: bool = False) -> JSON:
    view = _public(state, -1)
    view["hand"] = []
    view["choice_cards"] = []
    return view


def _public(state: WizWarState, seat: int) -> JSON:
    to_move = state.to_move()
    return {
        "seat": seat,
        "game": GAME_NAME,
        "num_players": state.num_players,
        "options": {
            "schools": list(state.schools),
            "black_cantrip": state.black_cantrip,
            "extended_flash_energy": state.extended_flash,
            "more_summons": list(state.more_summons),
            "specializations": state.specializations,
            "round_limit": state.round_limit,
        },
        "round": state.round,
        "round_limit": state.round_limit,
        "turn": state.turn,
        "active": state.active,
        "first_player": state.first_player,
        "to_move": -1 if to_move is None else to_move,
        "phase": state.phase,
        "activation": {
            "creature": state.activation,
            "mp": state.act_mp if state.activation else 0,
            "attacks": state.act_attacks if state.activation else 0,
            "attacks_allowed": state.act_allowed if state.activation else 0,
            "moved": state.act_moved if state.activation else False,
        },
        "turn_flags": _turn_flags(state),
        "players": [_player(state, w.seat, seat) for w in state.wizards],
        "creatures": [_creature(state, name) for name in state.creatures],
        "creature_pool": _pool(state, seat),
        "walls": [_wall(state, e) for e in sorted(state.walls)],
        "doors": [_door(state, e) for e in sorted(state.doors)],
        "fire_walls": [_edge(e) for e in sorted(state.fire_walls)],
        "treasures": [_treasure(state, t) for t in state.treasures],
        "floor_items": [
            {"card": card_record(c), "square": sq, "glued": belongings.glued(state, f"item{c}")}
            for c, sq in sorted(state.floor.items())
        ],
        "objects": [_object(state, o, seat) for o in state.objects.values()],
        "spells": [
            {
                "card": card_record(sp.card),
                "caster": sp.caster,
                "target": sp.target,
                "tokens": sp.tokens,
                "energy": sp.energy,
            }
            for sp in state.spells.values()
        ],
        "deck_size": len(state.deck),
        "discard": [card_record(c) for c in state.discard],
        "casting": [_cast(state, c) for c in state.casts.values() if c["key"] != "pickup"],
        "decision": _decision(state, seat),
        "log": list(state.log[-12:]),
        "over": state.over,
        "winner": state.winner,
        "end_reason": state.end_reason,
        "outcome": [{"seat": p, **r} for p, r in enumerate(state.outcome())] if state.over else [],
    }


def _player(state: WizWarState, p: int, viewer: int) -> JSON:
    w = state.wizards[p]
    own = p == viewer
    return {
        "seat": p,
        "colour": B.COLOURS[w.colour],
        "alive": w.alive,
        "square": w.sq,
        "home": B.HOME_SQUARES[w.colour],
        "life": w.life,
        "vp": w.vp,
        "hand_size": len(w.hand),
        "hand_total": hand.hand_total(state, p),
        "max_hand": hand.max_hand(state, p),
        "items": [card_record(c) for c in w.items],
        "treasure": w.treasure,
        "stun_tokens": w.stun,
        "stunned": w.stunned,
        "stun_mode": w.stun_mode,
        "form": figures.form(state, w.token) if w.alive else "",
        "mp": w.mp,
        "boosted": w.boosted,
        "attacks": w.attacks,
        "attacks_allowed": turn.attacks_allowed(state, w.token),
        "specialization": w.spec_school if own else "",
        "spec_deck_size": len(w.spec_deck),
        "spec_discard": [card_record(c) for c in w.spec_discard],
        "out_order": w.out_order,
    }


def _pool(state: WizWarState, viewer: int) -> list[str]:
    """Creatures the viewer could summon; a spectator sees the public pool only."""
    if 0 <= viewer < state.num_players:
        return creatures.summonable(state, viewer)
    return [n for n in state.pool if n not in state.creatures]


def _creature(state: WizWarState, name: str) -> JSON:
    cr = state.creatures[name]
    return {
        "name": name,
        "title": CREATURES[name].title,
        "controller": cr.controller,
        "square": cr.sq,
        "life": cr.life,
        "start_life": cr.start_life,
        "base_speed": figures.base_speed(state, name),
        "stun_tokens": cr.stun,
        "stunned": cr.stunned,
        "treasure": cr.treasure,
        "activated": cr.activated,
        "form": figures.form(state, name),
        "card": cr.card,
        "guardian_used": cr.guardian_used,
        "mad_dash": cr.mad_dash,
    }


def _turn_flags(state: WizWarState) -> JSON:
    """The active wizard's turn so far: every seat saw it happen, and it decides what may
    be done next (a determinization rebuilds the state from it)."""
    w = state.wizards[state.active]
    return {
        "moved": w.moved,
        "no_move": w.no_move,
        "fresh": w.fresh,
        "unlocked": [B.edge_name(e) for e in w.unlocked],
        "pass_edges": [B.edge_name(e) for e in w.pass_edges],
        "corner": w.corner,
        "drake_eye": w.drake_eye,
        "add_energy": w.add_energy,
        "projection": w.projection,
        "no_treasure": w.no_treasure,
        "disease_hit": list(w.disease_hit),
        "slow": w.slow,
        "raven": w.raven,
        "dashed": state.act_dashed,
    }


def _edge(e: int) -> JSON:
    a, b = B.edge_squares(e)
    return {"edge": B.edge_name(e), "a": a, "b": b}


def _wall(state: WizWarState, e: int) -> JSON:
    return {**_edge(e), "cracks": state.walls[e], "created": e in state.created_walls}


def _door(state: WizWarState, e: int) -> JSON:
    door = state.doors[e]
    return {
        **_edge(e),
        "colour": B.COLOURS[door.colour],
        "cracks": door.cracks,
        "sealed": sight.sealed(state, e),
        "held_by": state.held.get(e, -1),
        "created": door.card >= 0,
    }


def _treasure(state: WizWarState, t: Any) -> JSON:
    return {
        "id": t.id,
        "owner": t.owner,
        "square": t.sq,
        "carrier": t.carrier,
        "scored": t.scored,
        "glued": belongings.glued(state, f"t{t.id}"),
    }


def _object(state: WizWarState, o: Any, viewer: int) -> JSON:
    return {
        "id": o.id,
        "kind": o.kind,
        "name": CARDS[o.card].title,
        "square": o.sq,
        "owner": o.owner,
        "card": o.card,
        "cracks": o.cracks,
        "live": o.live and viewer == o.owner,
    }


def _cast(state: WizWarState, c: JSON) -> JSON:
    return {
        "id": c["id"],
        "card": card_record(c["card"]) if c["card"] >= 0 else _no_card(c["key"]),
        "key": c["key"],
        "mode": c["mode"],
        "caster": c["seat"],
        "actor": c["actor"],
        "targets": list(c["targets"]),
        "objects": list(c["objects"]),
        "energy": c.get("E", 0),
        "attack": bool(c.get("attack")),
        "spell": bool(c.get("spell")),
        "canceled": bool(c.get("canceled")),
        "against": c.get("against", -1),
    }


def _no_card(key: str) -> JSON:
    """A punch or creature attack has no card: an empty record named after the attack."""
    return {
        "id": -1,
        "key": key,
        "title": key.replace("_", " ").title(),
        "school": "",
        "kind": "",
        "ev": 0,
    }


def _decision(state: WizWarState, viewer: int) -> JSON:
    """Who decides what now. Secret slot values (the live Booby Trap token) are shown to
    the decider only."""
    out: JSON = {
        "kind": "",
        "seat": -1,
        "what": "",
        "key": "",
        "card": -1,
        "mode": "",
        "values": [],
        "cast": -1,
        "passes": 0,
    }
    if not state.frames or state.over:
        return out
    top = state.frames[-1]
    out["kind"] = top["kind"]
    out["seat"] = top["seat"]
    if top["kind"] == "choice":
        out["what"] = top["what"]
    elif top["kind"] == "declare":
        out["what"] = top["purpose"]
        out["key"] = top["key"]
        out["card"] = top["card"]
        out["mode"] = top["mode"]
        out["values"] = [
            {"slot": k, "value": _value_text(v)}
            for k, v in top["values"].items()
            if k != "live" or viewer == top["seat"]
        ]
        out["cast"] = top["against"]
    elif top["kind"] == "window":
        out["what"] = top["mode"]
        out["cast"] = top["cast"]
        out["passes"] = top["passes"]
    return out


def _value_text(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(_value_text(v) for v in value)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return str(value)
    return str(value)


def _secret_cards(state: WizWarState, seat: int) -> list[int]:
    """Cards a secret choice shows its chooser (Oracle's, the Thought Steal victim's hand)."""
    if not state.frames:
        return []
    top = state.frames[-1]
    if top["kind"] != "choice" or not top.get("secret") or top["seat"] != seat:
        return []
    cards = []
    for entry in top["options"]:
        card = parse_code(entry["code"]).params.get("card", "")
        if card.isdigit():
            cards.append(int(card))
    return cards


# --- What other seats learn of an action -------------------------------------------------------
SECRET_HEADS = ("keep", "take", "bottom", "live")


def public_action(state: WizWarState, code: str, seat: int) -> tuple[str, str]:
    """Secret choices (Specialization deck kept, cards taken by Thought Steal or kept by
    Oracle, the live Booby Trap token) reach other seats masked."""
    head = parse_code(code).head
    decider = state.to_move()
    if head in SECRET_HEADS and seat != decider:
        return head, _MASKED[head]
    return code, describe(state, code)


_MASKED = {
    "keep": "Keeps one of two school decks as Specialization (secret)",
    "take": "Takes a card (secret)",
    "bottom": "Puts cards at the bottom of the deck (secret order)",
    "live": "Chooses the live Booby Trap token (secret)",
}


# --- Descriptions ------------------------------------------------------------------------------
def describe(state: WizWarState, code: str) -> str:
    """One English line for an action code; legal codes get their full label."""
    label = _labels(state).get(code)
    if label is not None:
        return label
    head = parse_code(code).head
    return _GENERIC.get(head, f"Unknown action {code!r}")


def _labels(state: WizWarState) -> dict[str, str]:
    legal = state._legal_map()
    if state.frames:
        top = state.frames[-1]
        if top["kind"] == "choice":
            return {e["code"]: e["label"] for e in top["options"]}
        if top["kind"] == "declare":
            title = CARDS[top["card"]].title if top["card"] >= 0 else top["key"].replace("_", " ")
            return {c: f"{title}: {lab}" for c, lab, _ in effects.slot_options(state, top)}
        if top["kind"] == "window":
            cast = state.casts[top["cast"]]
            what = (
                casting.cast_text(state, cast)
                if cast["key"] != "pickup"
                else "the treasure pick-up"
            )
            labels = {"pass": f"Let it pass ({what})"}
            for code in legal:
                parsed = parse_code(code)
                if parsed.head == "counter":
                    c = parsed.number("card", parsed.number("item"))
                    labels[code] = f"Answer {what} with {CARDS[c].title}"
            return labels
    return {code: _base_label(state, code) for code in legal}


WAYS = {"n": "north", "e": "east", "s": "south", "w": "west"}


def _base_label(state: WizWarState, code: str) -> str:
    parsed = parse_code(code)
    head, rest, mode = parsed.head, parsed.word, parsed.params.get("mode", "")
    seat = state.active
    actor = state.activation or f"w{seat}"
    who = figures.name_of(state, actor)
    card_id = parsed.number("card")
    title = CARDS[card_id].title if card_id >= 0 else ""
    if head == "step":
        if rest == "roll":
            return f"{who} tries to leave the Dust Cloud (a d4 picks the way, 1 MP)"
        return f"{who} steps {WAYS[rest]} (1 MP)"
    if head == "boost":
        return f"Discard {title} to boost speed by {hand.energy_of(state, seat, card_id)} MP"
    if head == "cast":
        return f"{who} casts {title}" + (f" ({mode.replace('_', ' ')})" if mode else "")
    if head == "play":
        return f"Play {title} and carry it"
    if head == "use":
        return f"Use {title}" + (f" ({mode})" if mode else "")
    if head in ("punch", "spike", "tear"):
        return {
            "punch": f"{who} punches",
            "spike": "Throw a Stone Spike (your attack)",
            "tear": f"{who} tries to tear away a treasure or item (Strength)",
        }[head]
    if head == "attack":
        return f"{who} attacks with {rest.replace('_', ' ').title()}"
    if head == "pickup":
        if rest == "all":
            return "Pick up every item here (Extra Arms, 1 MP)"
        return f"{who} picks up {belongings.describe_thing(state, rest)}"
    if head == "drop":
        return f"{who} drops {belongings.describe_thing(state, rest)}"
    if head == "hold":
        return f"Hold the door {rest} open this turn"
    if head == "activate":
        return f"Activate the {CREATURES[rest].title} (2 MP)"
    if head == "end_spell":
        return f"End your {title}"
    if head == "retrieve":
        return "Spend your whole Move and Cast phase taking the tacks back"
    if head == "end_phase":
        return "End your Move and Cast phase"
    if head == "end_activation":
        return f"End the {who}'s activation"
    if head == "discard":
        return f"Discard {title}"
    if head == "draw":
        n = parsed.params["n"]
        own = " (one of them from your Specialization deck)" if parsed.has("spec") else ""
        return f"Draw {n} card(s){own} and end your turn"
    return _GENERIC.get(head, code)


_GENERIC = {
    "step": "Step one square",
    "boost": "Boost speed with an energy card",
    "cast": "Cast a spell",
    "play": "Play an item",
    "use": "Use a carried item",
    "punch": "Punch",
    "attack": "A creature attacks",
    "pickup": "Pick something up",
    "drop": "Drop something",
    "hold": "Hold a door open",
    "activate": "Activate a creature",
    "end_spell": "End a maintained spell",
    "end_phase": "End the Move and Cast phase",
    "end_activation": "End the creature's activation",
    "discard": "Discard a card",
    "draw": "Draw and end the turn",
    "pass": "Let it pass",
    "counter": "Answer with a counter",
    "target": "Choose a target",
    "energy": "Choose an energy card",
    "keep": "Keep a Specialization deck",
    "take": "Take a card",
    "bottom": "Order cards at the bottom of the deck",
    "live": "Choose the live Booby Trap token",
}


def is_figure_token(token: str) -> bool:
    return is_wizard(token) or token in CREATURES
