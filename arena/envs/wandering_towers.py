"""Wandering Towers for learners: every action code, and the view as a fixed vector.

Actions (docs/games/wandering-towers.md, "Action codes"), in this order: the bare codes
(`refresh`, `reroll`, `accept`, `dud`, `skip`, `pass`, `stop`, `end_turn`, `request_card`),
`play:card=0..89`, `wizard:id=W` and `free:wizard=W` for every wizard of the table,
`tower:space=S:level=L` (16 spaces x levels 0-9), the `cast:` codes of the eight spells over
the same wizards, towers and spaces, `claim:SPELL:TIMING`, the team codes
(`give_card`, `return_card`, `give_flasks:n=K`). The same list for every option of a player
count, so a policy trained on the basic game reads Master Wizard tables too.

Observation (seats absolute, as in the action codes), segment by segment:
seat, active and to-move one-hots; phase one-hot; the turn (actions done, refresh, spells
cast, spell used, exchange under way); round / cap; per space: shielded, Ghost Lights,
Ravenskeep, tower count, and per level 0-9 the visible wizards of each seat and the hidden
ones; per wizard: in the keep, imprisoned, position unknown, space one-hot, level; per tower:
space one-hot and level; the Ravenskeep's space and level; per seat: hand size, wizards in
the keep / visible / imprisoned, empty / full / spent flasks, finished, goal met; the own hand,
the discard pile and the exchange cards (card ids 0-89); the draw pile size; the spells in
play; the card action (card, roll, re-rolls left, wizard and tower values, committed move,
passengers); the spell being claimed or cast (name, timing, caster).
`Codec.describe_layout()` prints the offsets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.envs.codec import Encoder, index_of
from arena.games.wandering_towers.config import (
    DECK_SIZE,
    FLASKS_PER_PLAYER,
    NUM_SPACES,
    NUM_TOWERS,
    SPELLS,
    WIZARDS_PER_PLAYER,
)

LEVELS = NUM_TOWERS + 1  # level 0 is the board, a space holds at most nine towers
PHASES = (
    "play", "roll", "commit", "refresh_tower", "priority", "cast", "repeat", "choose_freed",
    "give_card", "return_card", "turn_end", "over",
)  # fmt: skip
SPELL_NAMES = tuple(row.name for row in SPELLS)
TIMINGS = ("now", "before", "after", "during")
BARE = ("refresh", "reroll", "accept", "dud", "skip", "pass", "stop", "end_turn", "request_card")
MAX_FLASKS = max(n * f for n, f in FLASKS_PER_PLAYER.items())


def action_codes(players: int, options: Mapping[str, Any]) -> list[str]:
    wizards = range(players * WIZARDS_PER_PLAYER[players])
    places = [(s, lv) for s in range(NUM_SPACES) for lv in range(LEVELS)]
    codes = list(BARE)
    codes += [f"play:card={c}" for c in range(DECK_SIZE)]
    codes += [f"wizard:id={w}" for w in wizards]
    codes += [f"free:wizard={w}" for w in wizards]
    codes += [f"tower:space={s}:level={lv}" for s, lv in places]
    for name in ("advance_wizard", "headwind_wizard", "piggyback"):
        codes += [f"cast:{name}:wizard={w}" for w in wizards]
    for name in ("advance_tower", "headwind_tower", "free_wizard"):
        codes += [f"cast:{name}:space={s}:level={lv}" for s, lv in places]
    codes += [
        f"cast:swap_tower:space={a}:with={b}"
        for a in range(NUM_SPACES)
        for b in range(NUM_SPACES)
        if a != b
    ]
    codes += ["cast:nudge_ravenskeep:dir=cw", "cast:nudge_ravenskeep:dir=ccw"]
    codes += [f"claim:{n}:{t}" for n in SPELL_NAMES for t in ("before", "after", "during")]
    codes += [f"give_card:card={c}" for c in range(DECK_SIZE)]
    codes += [f"return_card:card={c}" for c in range(DECK_SIZE)]
    codes += [f"give_flasks:n={k}" for k in range(MAX_FLASKS + 1)]
    return codes


def encode(view: Mapping[str, Any], enc: Encoder) -> None:
    n = view["num_players"]
    each = WIZARDS_PER_PLAYER[n]
    flasks = FLASKS_PER_PLAYER[n]
    enc.onehot("seat", view.get("seat", -1), n)
    enc.onehot("active", view["active"], n)
    enc.onehot("to_move", view["to_move"], n)
    enc.onehot("phase", index_of(PHASES, view["phase"]), len(PHASES))
    turn = view["turn"]
    enc.scalar("turn.actions_done", turn["actions_done"], 2)
    enc.flag("turn.refresh", turn["refresh"])
    enc.scalar("turn.spells_cast", turn["spells_cast"], 2)
    enc.flag("turn.spell_used", turn["spell_used"])
    enc.flag("turn.exchange", turn["exchange"] != "none")
    enc.scalar("round", view["round"], view["round_cap"])
    per_level = n + 1  # each seat's visible wizards, then the hidden ones
    grid = [0.0] * (NUM_SPACES * LEVELS * per_level)
    for space in view["spaces"]:
        i = space["index"]
        enc.flag("space.shielded", space["shielded"])
        enc.scalar("space.ghost_lights", space["ghost_lights"], 3)
        enc.flag("space.ravenskeep", space["ravenskeep"])
        enc.scalar("space.towers", len(space["towers"]), NUM_TOWERS)
        for lv, here in enumerate(space["levels"][:LEVELS]):
            base = (i * LEVELS + lv) * per_level
            for w in here["wizards"]:
                grid[base + w // each] += 1.0 / each
            grid[base + n] = min(here["hidden"] / (n * each), 1.0)
    enc.block("space.level.wizards_by_seat_then_hidden", grid)
    for w in view["wizards"]:
        enc.flag("wizard.in_keep", w["in_keep"])
        enc.flag("wizard.imprisoned", w["imprisoned"])
        enc.flag("wizard.unknown", w["space"] < 0 and not w["in_keep"])
        enc.onehot("wizard.space", w["space"], NUM_SPACES)
        enc.scalar("wizard.level", w["level"], NUM_TOWERS)
    for t in view["towers"]:
        enc.onehot("tower.space", t["space"], NUM_SPACES)
        enc.scalar("tower.level", t["level"], NUM_TOWERS)
    keep = view["ravenskeep"]
    enc.onehot("ravenskeep.space", keep["space"], NUM_SPACES)
    enc.scalar("ravenskeep.level", keep["level"], NUM_TOWERS)
    for p in view["players"]:
        enc.scalar("player.hand_size", p["hand_size"], 5)
        enc.scalar("player.wizards_in_keep", p["wizards_in_keep"], each)
        enc.scalar("player.wizards_visible", p["wizards_visible"], each)
        enc.scalar("player.wizards_imprisoned", p["wizards_imprisoned"], each)
        enc.scalar("player.flasks_empty", p["flasks_empty"], flasks)
        enc.scalar("player.flasks_full", p["flasks_full"], 2 * flasks)
        enc.scalar("player.flasks_spent", p["flasks_spent"], 2 * flasks)
        enc.flag("player.finished", p["finished"])
        enc.flag("player.goal_met", p["goal_met"])
    enc.multihot("hand", [c["id"] for c in view.get("hand", [])], DECK_SIZE)
    enc.multihot("discard", [c["id"] for c in view["discard"]], DECK_SIZE)
    exchange = view.get("exchange_cards", {})
    enc.onehot("exchange.given", exchange.get("given", {}).get("id", -1), DECK_SIZE)
    enc.onehot("exchange.returned", exchange.get("returned", {}).get("id", -1), DECK_SIZE)
    enc.scalar("draw_pile_size", view["draw_pile_size"], DECK_SIZE)
    enc.multihot("spells", [index_of(SPELL_NAMES, s["name"]) for s in view["spells"]], 8)
    action = view["action"]
    enc.onehot("action.card", action.get("card", {}).get("id", -1), DECK_SIZE)
    enc.scalar("action.roll", action["roll"], 6)
    enc.scalar("action.rolls", action["rolls"], 3)
    enc.scalar("action.rerolls_left", action["rerolls_left"], 3)
    enc.scalar("action.wizard_value", action["wizard_value"], 6)
    enc.scalar("action.tower_value", action["tower_value"], 6)
    committed = action.get("committed", {})
    enc.flag("action.committed_wizard", committed.get("kind") == "wizard")
    enc.flag("action.committed_tower", committed.get("kind") == "tower")
    enc.scalar("action.committed_steps", abs(committed.get("steps", 0)), 6)
    enc.scalar("action.passengers", len(action["passengers"]), n * each)
    enc.flag("action.resolved", action["resolved"])
    spell = view.get("spell") or {}
    enc.onehot("spell.name", index_of(SPELL_NAMES, spell.get("name") or ""), len(SPELL_NAMES))
    enc.onehot("spell.timing", index_of(TIMINGS, spell.get("timing") or ""), len(TIMINGS))
    enc.onehot("spell.caster", spell.get("caster", -1) if spell else -1, n)
    enc.flag("game_end_triggered", view["game_end_triggered"])
