"""Castle Panic for learners: every action code, and the view as a fixed vector.

Actions (docs/games/castle-panic.md, "Action codes"), in this order: the bare codes
(`pass`, `accept`, `reject`, `missing`, `draw_2`, `end_phase`, `cancel_task`), the two draws,
the card codes over card ids 0-56 (`discard`, `scavenge`, `assign`, `ammo`), the monster codes
over token ids 0-49 (`barbarian`, `tar`, `drive_back`, `pick`, the Ballista), `hit` and
`nice_shot` over every (card, monster), `trade:seat=P:give=C:take=D` over the table's seats
and every pair of cards, the Walls and spaces (`fortify`, `place`, the Catapult), the
Engineer's tasks and the Keep's colours (`face`, `rotate`).

Observation (hands are public in Castle Panic: every view holds them; seats absolute):
seat, active and to-move one-hots; step one-hot and phase; turn / cap; this turn's counters;
per arc: Wall, Fortify, Tower, breached; per monster token 0-49: on the board, ring one-hot
(Castle, Swordsman, Knight, Archer, Forest), arc one-hot, health and its maximum, tarred,
breached, crew size; field equipment per space and kind; the Keep (standing, Catapult,
Ballista, facing); the Engineer (task, assigned cards); the supply; deck and pile sizes;
the Castle and Resource discard piles and the banished cards; per seat: hand (card ids),
trophy points and trophy count; the trade offer (partner, cards); the weapon being fired;
the choice under way (monsters and cards offered, chooser); towers standing, monsters counted.
`Codec.describe_layout()` prints the offsets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.envs.codec import Encoder, index_of
from arena.games.castle_panic.config import (
    ARCS,
    COLOURS,
    EQUIPMENT,
    FIELD_EQUIPMENT,
    RING_LETTERS,
)

CARDS = 57  # ids 0-40 Castle, 41-56 Resource
TOKENS = 50  # monster token ids
SPACES = tuple(f"{ring}{arc}" for ring in RING_LETTERS for arc in ARCS)
STEPS = (
    "draw", "discard", "redraw", "trade", "answer", "play", "draw_2", "place", "face",
    "ammo", "choose", "over",
)  # fmt: skip
BARE = ("pass", "accept", "reject", "missing", "draw_2", "end_phase", "cancel_task")
TURN_COUNTERS = (
    "exchanges_done", "trades_done", "proposals_rejected", "task_sets", "keep_rotated",
    "catapult_fired", "ballista_fired", "missing_played", "draws_left",
)  # fmt: skip


def action_codes(players: int, options: Mapping[str, Any]) -> list[str]:
    cards, tokens = range(CARDS), range(TOKENS)
    codes = list(BARE)
    codes += ["draw:deck=castle", "draw:deck=resource"]
    for head in ("discard", "scavenge", "assign", "ammo"):
        codes += [f"{head}:card={c}" for c in cards]
    for head in ("barbarian", "tar", "drive_back", "pick"):
        codes += [f"{head}:monster={m}" for m in tokens]
    codes += [f"fire:weapon=ballista:monster={m}" for m in tokens]
    codes += [f"fire:weapon=catapult:space={s}" for s in SPACES]
    for head in ("hit", "nice_shot"):
        codes += [f"{head}:card={c}:monster={m}" for c in cards for m in tokens]
    codes += [
        f"trade:seat={p}:give={c}:take={d}" for p in range(players) for c in cards for d in cards
    ]
    codes += [f"fortify:arc={a}" for a in ARCS]
    codes += [f"place:arc={a}" for a in ARCS]
    codes += [f"place:space={s}" for s in SPACES]
    codes += [f"task:equip={e}" for e in EQUIPMENT]
    codes += [f"face:colour={c}" for c in COLOURS]
    codes += [f"rotate:colour={c}" for c in COLOURS]
    return codes


def encode(view: Mapping[str, Any], enc: Encoder) -> None:
    n = view["num_players"]
    enc.onehot("seat", view.get("seat", -1), n)
    enc.onehot("active", view["active"], n)
    enc.onehot("to_move", view["to_move"], n)
    enc.onehot("step", index_of(STEPS, view["step"]), len(STEPS))
    enc.onehot("phase", view["phase"] - 1, 4)
    enc.scalar("turn", view["turn"], view["turn_cap"])
    this_turn = view["this_turn"]
    for key in TURN_COUNTERS:
        enc.scalar("this_turn.", this_turn[key], 3)
    for arc in view["arcs"]:
        enc.flag("arc.wall", arc["wall"])
        enc.flag("arc.fortified", arc["fortified"])
        enc.flag("arc.tower", arc["tower"])
        enc.flag("arc.breached", arc["breached_by"] >= 0)
    monsters = {m["id"]: m for m in view["monsters"]}
    for t in range(TOKENS):
        m = monsters.get(t)
        enc.flag("monster.on_board", m is not None)
        enc.onehot("monster.ring", m["ring"] if m else -1, len(RING_LETTERS))
        enc.onehot("monster.arc", m["arc"] - 1 if m else -1, len(ARCS))
        enc.scalar("monster.health", m["health"] if m else 0, 10)
        enc.scalar("monster.max_health", m["max_health"] if m else 0, 10)
        enc.flag("monster.tarred", m and m["tarred"])
        enc.flag("monster.breached", m and m["breached"])
        enc.scalar("monster.crew", len(m["crew"]) if m else 0, 3)
    field = {(f["space"], f["kind"]) for f in view["field_equipment"]}
    for kind in FIELD_EQUIPMENT:
        enc.multihot("field.", [SPACES.index(s) for s, k in field if k == kind], 30)
    keep = view["keep"]
    enc.flag("keep.standing", keep["standing"])
    enc.flag("keep.catapult", keep["catapult"])
    enc.flag("keep.ballista", keep["ballista"])
    enc.onehot("keep.facing", index_of(COLOURS, keep["facing"]), len(COLOURS))
    engineer = view["engineer"]
    enc.onehot("engineer.task", index_of(EQUIPMENT, engineer["task"]), len(EQUIPMENT))
    enc.multihot("engineer.assigned", [c["id"] for c in engineer["assigned"]], CARDS)
    for key in ("wall", *FIELD_EQUIPMENT, "keep", "catapult", "ballista", "fortify", "tar"):
        enc.scalar("supply.", view["supply"].get(key, 0), 6)
    enc.scalar("castle_deck_size", view["castle_deck_size"], CARDS)
    enc.scalar("resource_deck_size", view["resource_deck_size"], CARDS)
    enc.scalar("monster_pile_size", view["monster_pile_size"], TOKENS)
    enc.scalar("pending_draws", view["pending_draws"], 6)
    enc.multihot("castle_discard", [c["id"] for c in view["castle_discard"]], CARDS)
    enc.multihot("resource_discard", [c["id"] for c in view["resource_discard"]], CARDS)
    enc.multihot("banished", [c["id"] for c in view["banished"]], CARDS)
    enc.multihot("used_tokens", [t["id"] for t in view["used_tokens"]], TOKENS)
    for p in view["players"]:
        enc.multihot("player.hand", [c["id"] for c in p["hand"]], CARDS)
        enc.scalar("player.points", p["points"], 40)
        enc.scalar("player.trophies", len(p["trophies"]), 20)
    offer = view.get("offer")
    enc.onehot("offer.partner", offer["partner"] if offer else -1, n)
    enc.onehot("offer.give", offer["give"]["id"] if offer else -1, CARDS)
    enc.onehot("offer.take", offer["take"]["id"] if offer else -1, CARDS)
    fire = view.get("fire")
    enc.onehot("fire.weapon", index_of(("catapult", "ballista"), fire["weapon"]) if fire else -1, 2)
    enc.onehot("fire.space", SPACES.index(fire["space"]) if fire else -1, len(SPACES))
    enc.multihot("fire.cards", [c["id"] for c in fire["cards"]] if fire else [], CARDS)
    choice = view.get("choice")
    enc.onehot("choice.seat", choice["seat"] if choice else -1, n)
    enc.multihot("choice.monsters", choice["monsters"] if choice else [], TOKENS)
    enc.multihot("choice.cards", [c["id"] for c in choice["cards"]] if choice else [], CARDS)
    enc.scalar("towers_standing", view["towers_standing"], len(ARCS))
    enc.scalar("monsters_counted", view["monsters_counted"], TOKENS)
