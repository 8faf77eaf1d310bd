"""Determinization: a full Wiz-War state rebuilt from one seat's view, the hidden part drawn.

What a seat cannot know is drawn afresh from the caller's `rng`: the other wizards' hands,
the magic deck's order, the cards out of the game (the Energy cards Extended Flash Energy
swapped out, and which Flash Energy cards came in), which of another seat's Booby Trap
tokens is live, and the generator behind future dice. Everything else is read off the view:
the board, figures, items, maintained spells, the discard pile and the active wizard's turn
so far (`turn_flags`).

Supported points (`supported`): the game is not over, the seat is the active player and
decides at the top of its own turn: no decision frame, no cast, no card being cast
(`decision.kind == ""`, `casting == []`), in Move and Cast or Discard and Draw, and the
Specializations rule is off (the other seats' secret schools are not drawn). Resolution in
progress (counter windows, declarations, choices) is kept in frames a view does not show;
there a search bot should decide by rule.

Not rebuilt because no view shows it and no decision at a supported point depends on it:
the log beyond its last twelve lines, the next cast and object ids (the next free ones are
used), and the cracks a stone wall had under a Create Door (it comes back whole).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import BESTIAL_SCHOOLS, CARDS, CARDS_OF, FLASH
from arena.games.wiz_war.records import (
    DISCARD_AND_DRAW,
    MOVE_AND_CAST,
    Creature,
    Door,
    Obj,
    Spell,
    Treasure,
    Wizard,
)
from arena.games.wiz_war.rules import WizWarState

SUPPORTED_PHASES = (MOVE_AND_CAST, DISCARD_AND_DRAW)


def supported(view: Mapping[str, Any]) -> bool:
    """True at the decision points `determinize` rebuilds faithfully (module docstring)."""
    return (
        not view["over"]
        and view["seat"] == view["active"] == view["to_move"]
        and view["phase"] in SUPPORTED_PHASES
        and not view["decision"]["kind"]
        and not view["casting"]
        and not view["options"]["specializations"]
    )


def determinize(view: Mapping[str, Any], seat: int, rng: random.Random) -> WizWarState:
    """A state whose `observe(seat)` is `view`, hidden cards and dice drawn from `rng`."""
    if not supported(view):
        raise ValueError("wiz_war: determinization is supported at the top of one's own turn")
    state = _blank(view, rng.randrange(1 << 62))
    _read_board(state, view)
    _read_figures(state, view)
    _deal_hidden(state, view, seat, rng)
    _pick_live_traps(state, seat, rng)
    return state


def _blank(view: Mapping[str, Any], seed: int) -> WizWarState:
    """A fresh game with the view's options (its schools named), to be overwritten."""
    opts = view["options"]
    options = {
        "schools": ",".join(opts["schools"]),
        "black_cantrip": opts["black_cantrip"],
        "extended_flash_energy": opts["extended_flash_energy"],
        "more_summons": ",".join(opts["more_summons"]) or "none",
        "specializations": False,
        "round_limit": opts["round_limit"],
    }
    state = WizWarState(view["num_players"], seed, options)
    state.round, state.turn = view["round"], view["turn"]
    state.active, state.first_player = view["active"], view["first_player"]
    state.phase = view["phase"]
    act = view["activation"]
    state.activation = act["creature"]
    state.act_mp, state.act_attacks = act["mp"], act["attacks"]
    state.act_allowed, state.act_moved = act["attacks_allowed"], act["moved"]
    state.act_dashed = view["turn_flags"]["dashed"]
    state.frames, state.casts, state.pending = [], {}, []
    state.log = list(view["log"])
    state.over, state.winner, state.end_reason = False, -1, ""
    state.outs = sum(1 for p in view["players"] if p["out_order"])
    state._legal, state._memo = None, {}
    return state


def _read_board(state: WizWarState, view: Mapping[str, Any]) -> None:
    """Walls, doors, fire walls, treasures, floor items, objects and maintained spells."""
    state.spells = {
        sp["card"]["id"]: Spell(
            sp["card"]["id"], sp["caster"], sp["target"], sp["tokens"], sp["energy"]
        )
        for sp in view["spells"]
    }
    on_edge = {
        (CARDS[sp.card].key, sp.target): sp.card for sp in state.spells.values() if sp.target
    }
    state.walls = {B.parse_edge(w["edge"]): w["cracks"] for w in view["walls"]}
    state.created_walls = {
        B.parse_edge(w["edge"]): on_edge[("create_wall", w["edge"])]
        for w in view["walls"]
        if w["created"]
    }
    state.doors, state.held = {}, {}
    for d in view["doors"]:
        e = B.parse_edge(d["edge"])
        card = on_edge[("create_door", d["edge"])] if d["created"] else -1
        wall = 0 if d["created"] and e in B.WALL_EDGES else -1
        state.doors[e] = Door(B.COLOURS.index(d["colour"]), d["cracks"], card, wall)
        if d["held_by"] >= 0:
            state.held[e] = d["held_by"]
    state.fire_walls = {
        B.parse_edge(f["edge"]): on_edge[("wall_of_fire", f["edge"])] for f in view["fire_walls"]
    }
    state.treasures = [
        Treasure(t["id"], t["owner"], t["square"], t["carrier"], t["scored"])
        for t in view["treasures"]
    ]
    state.floor = {f["card"]["id"]: f["square"] for f in view["floor_items"]}
    state.objects = {
        o["id"]: Obj(o["id"], o["kind"], o["square"], o["owner"], o["card"], o["cracks"], o["live"])
        for o in view["objects"]
    }
    state.next_object = max(state.objects, default=0) + 1
    state.discard = [c["id"] for c in view["discard"]]


def _read_figures(state: WizWarState, view: Mapping[str, Any]) -> None:
    """Wizards (the active one's turn flags too) and creatures."""
    state.wizards = []
    for p in view["players"]:
        w = Wizard(p["seat"], B.COLOURS.index(p["colour"]), p["square"])
        w.life, w.alive, w.vp = p["life"], p["alive"], p["vp"]
        w.items = [c["id"] for c in p["items"]]
        w.treasure, w.stun, w.stunned = p["treasure"], p["stun_tokens"], p["stunned"]
        w.stun_mode, w.mp, w.boosted, w.attacks = (
            p["stun_mode"],
            p["mp"],
            p["boosted"],
            p["attacks"],
        )
        w.out_order = p["out_order"]
        state.wizards.append(w)
    w, flags = state.wizards[view["active"]], view["turn_flags"]
    w.moved, w.no_move, w.fresh = flags["moved"], flags["no_move"], flags["fresh"]
    w.unlocked = [B.parse_edge(e) for e in flags["unlocked"]]
    w.pass_edges = [B.parse_edge(e) for e in flags["pass_edges"]]
    w.corner, w.drake_eye = flags["corner"], flags["drake_eye"]
    w.add_energy, w.projection = flags["add_energy"], flags["projection"]
    w.no_treasure, w.disease_hit = flags["no_treasure"], list(flags["disease_hit"])
    w.slow, w.raven = flags["slow"], flags["raven"]
    state.creatures = {}
    for c in view["creatures"]:
        cr = Creature(
            c["name"], c["controller"], c["square"], c["life"], c["start_life"], c["card"]
        )
        cr.stun, cr.stunned, cr.treasure = c["stun_tokens"], c["stunned"], c["treasure"]
        cr.activated, cr.guardian_used, cr.mad_dash = (
            c["activated"],
            c["guardian_used"],
            c["mad_dash"],
        )
        state.creatures[c["name"]] = cr


def visible_cards(view: Mapping[str, Any]) -> set[int]:
    """Every card the seat sees where it lies: its hand, items, discard, spells, floor,
    tacks on the board."""
    seen = {c["id"] for c in view["hand"]} | {c["id"] for c in view["discard"]}
    seen |= {c["id"] for p in view["players"] for c in p["items"]}
    seen |= {sp["card"]["id"] for sp in view["spells"]}
    seen |= {f["card"]["id"] for f in view["floor_items"]}
    seen |= {o["card"] for o in view["objects"] if o["kind"] == "tacks"}
    return seen


def _universe(state: WizWarState, seen: set[int], rng: random.Random) -> list[int]:
    """The game's cards: the blank game's, its Flash Energy swap redrawn around the seen."""
    if not state.extended_flash:
        return list(state.universe)
    pool = {
        c
        for school in BESTIAL_SCHOOLS
        if school not in state.schools
        for c in CARDS_OF[school]
        if CARDS[c].kind == FLASH
    }
    base = [c for c in state.universe if c not in pool]
    added = len(state.universe) - len(base)
    shown = sorted(pool & seen)
    rest = sorted(pool - seen)
    return sorted(base + shown + rng.sample(rest, added - len(shown)))


def _deal_hidden(
    state: WizWarState, view: Mapping[str, Any], seat: int, rng: random.Random
) -> None:
    """Unseen cards shuffled into the other hands, the deck and the box, by their sizes."""
    seen = visible_cards(view)
    state.universe = _universe(state, seen, rng)
    hidden = [c for c in state.universe if c not in seen]
    rng.shuffle(hidden)
    for p, w in zip(view["players"], state.wizards, strict=True):
        if p["seat"] == seat:
            w.hand = [c["id"] for c in view["hand"]]
        else:
            w.hand = [hidden.pop() for _ in range(p["hand_size"])]
    state.deck = [hidden.pop() for _ in range(view["deck_size"])]
    state.box = hidden
    state.spec_owner, state.unused = {}, {}


def _pick_live_traps(state: WizWarState, seat: int, rng: random.Random) -> None:
    """Another seat's Booby Trap: one token per card is live, which one is drawn."""
    tokens: dict[int, list[Obj]] = {}
    for o in state.objects.values():
        if o.kind == "booby" and o.owner != seat:
            tokens.setdefault(o.card, []).append(o)
    for group in tokens.values():
        rng.choice(group).live = True
