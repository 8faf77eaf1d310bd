"""Wiz-War for learners: every action code, and the view as a fixed vector.

Actions (docs/games/wiz-war.md, "Action codes"), built from the grammar of its codes over
bounded ids: card ids 0-239, the 10x10 squares `rNcM` and their east/south edges, wizards
`w0-w3`, the seven creatures, treasures `t0-t15`, objects `o1-o64`, spells in play
`spellN` and items `itemN` by card id, sector colours; numbers (distances, splits) 0-10.
Every head with every argument it takes; the same list for every option and player count.

Observation (seats absolute): seat, active and to-move one-hots; phase; round / limit;
the activation (creature, MP, attacks); the active wizard's turn flags; per square
(100): each seat's wizard, creatures by controller (or none), treasures, floor items,
objects, each seat's home; per edge (200): wall, door, fire wall, held door; per seat:
alive, life, VP, hand size and total, hand limit, items carried, treasure, stun, MP,
boosted, attacks, Specialization deck size; per creature: in play, controller, life,
stunned, activated; the own hand, the discard pile, items carried by anyone and spells in
play (card ids 0-239); the deck size; the creature pool the seat may summon from.
`Codec.describe_layout()` prints the offsets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.envs.codec import Encoder, index_of

SIZE = 10  # the board is 10 x 10 squares, numbered row * 10 + column
CARDS = 240  # card ids
TREASURES = 16
OBJECTS = 64
NUMBERS = 11  # distances, splits, Booby Trap tokens: 0-10
DIRS = ("n", "e", "s", "w")
COLOURS = ("blue", "red", "green", "yellow")
CREATURES = ("minotaur", "genie", "boggart", "grendel", "dragon", "totem_spirit", "homunculus")
ATTACKS = ("gore", "djinn_bolt", "bite", "maul", "claws", "fire_breath", "spirit_fangs")
SCHOOLS = (
    "alchemy", "conjuring", "elemental", "mentalism", "mutation", "thaumaturgy", "mythology",
    "totem", "draconic",
)  # fmt: skip
PHASES = ("specialization", "move_and_cast", "discard_and_draw", "over")
BARE = (
    "punch", "spike", "tear", "end_phase", "end_activation", "pass", "done", "stay", "stop",
    "lust:drop", "lust:suffer", "guard:yes", "guard:no", "pickup:all", "step:roll",
    "rotate:cw", "rotate:ccw", "rotate:180", "energy:none", "energy1:none", "energy2:none",
)  # fmt: skip
CARD_HEADS = (
    "boost", "cast", "play", "use", "end_spell", "discard", "take", "bottom", "counter",
    "energy", "energy1", "energy2",
)  # fmt: skip
CARD_MODES = {
    "cast": ("damage", "stun", "pick_up", "drop", "punch"),
    "use": ("dispel", "smash", "strike"),
    "counter": ("counter",),
}
SQUARES = tuple(f"r{r}c{c}" for r in range(SIZE) for c in range(SIZE))
EDGES = tuple(f"{sq}{side}" for sq in SQUARES for side in ("e", "s"))


def _tokens() -> list[str]:
    """Everything a `target:`, `targets:` or `thing:` slot can name."""
    return [
        *(f"w{s}" for s in range(4)),
        *CREATURES,
        *SQUARES,
        *EDGES,
        *(f"spell{c}" for c in range(CARDS)),
        *(f"item{c}" for c in range(CARDS)),
        *(f"t{t}" for t in range(TREASURES)),
        *(f"o{o}" for o in range(1, OBJECTS + 1)),
        *COLOURS,
        "all",
    ]


def action_codes(players: int, options: Mapping[str, Any]) -> list[str]:
    codes = list(BARE)
    for head in ("step", "dir", "move", "push"):
        codes += [f"{head}:{d}" for d in DIRS]
    for head in ("push", "steps", "split", "live", "rotate"):
        codes += [f"{head}:{k}" for k in range(NUMBERS)]
    codes += [f"draw:n={k}" for k in range(NUMBERS)]
    codes += [f"draw:n={k}:spec" for k in range(NUMBERS)]
    codes += [f"keep:{s}" for s in SCHOOLS]
    codes += [f"creature:{c}" for c in CREATURES]
    codes += [f"activate:{c}" for c in CREATURES]
    codes += [f"attack:{a}" for a in ATTACKS]
    for head in CARD_HEADS:
        codes += [f"{head}:card={c}" for c in range(CARDS)]
        for mode in CARD_MODES.get(head, ()):
            codes += [f"{head}:card={c}:mode={mode}" for c in range(CARDS)]
    codes += [f"counter:item={c}" for c in range(CARDS)]
    codes += [f"drop:item={c}" for c in range(CARDS)]
    for head in ("pickup", "drop"):
        codes += [f"{head}:t{t}" for t in range(TREASURES)]
        codes += [f"{head}:item{c}" for c in range(CARDS)]
    codes += [f"hold:{e}" for e in EDGES]
    codes += [f"retrieve:o{o}" for o in range(1, OBJECTS + 1)]
    codes += [f"place:{sq}" for sq in SQUARES]
    tokens = _tokens()
    for head in ("target", "targets", "thing"):
        codes += [f"{head}:{t}" for t in tokens]
    return codes


def _edge_index(name: str) -> int:
    """`r2c3e` -> its place in EDGES."""
    return index_of(EDGES, name)


def encode(view: Mapping[str, Any], enc: Encoder) -> None:
    n = view["num_players"]
    squares = SIZE * SIZE
    enc.onehot("seat", view.get("seat", -1), n)
    enc.onehot("active", view["active"], n)
    enc.onehot("to_move", view["to_move"], n)
    enc.onehot("phase", index_of(PHASES, view["phase"]), len(PHASES))
    enc.scalar("round", view["round"], view["round_limit"])
    act = view["activation"]
    enc.onehot("activation.creature", index_of(CREATURES, act["creature"]), len(CREATURES))
    enc.scalar("activation.mp", act["mp"], 8)
    enc.scalar("activation.attacks", act["attacks"], 3)
    enc.scalar("activation.attacks_allowed", act["attacks_allowed"], 3)
    enc.flag("activation.moved", act["moved"])
    flags = view["turn_flags"]
    for key in ("moved", "no_move", "fresh", "corner", "drake_eye", "no_treasure", "dashed"):
        enc.flag("turn.", flags[key])
    enc.flag("turn.add_energy", flags["add_energy"] >= 0)
    enc.flag("turn.projection", flags["projection"] >= 0)
    enc.scalar("turn.slow", flags["slow"], 3)
    enc.scalar("turn.raven", flags["raven"], 3)
    players = view["players"]
    for p in players:
        enc.onehot("board.wizard", p["square"] if p["alive"] else -1, squares)
    creatures = {c["name"]: c for c in view["creatures"]}
    for s in range(n):
        where = [c["square"] for c in creatures.values() if c["controller"] == s]
        enc.multihot("board.creatures_of", where, squares)
    free = [c["square"] for c in creatures.values() if not 0 <= c["controller"] < n]
    enc.multihot("board.creatures_uncontrolled", free, squares)
    enc.multihot("board.treasures", [t["square"] for t in view["treasures"]], squares)
    enc.multihot("board.items", [i["square"] for i in view["floor_items"]], squares)
    enc.multihot("board.objects", [o["square"] for o in view["objects"]], squares)
    for p in players:
        enc.onehot("board.home", p["home"], squares)
    enc.multihot("edges.wall", [_edge_index(w["edge"]) for w in view["walls"]], len(EDGES))
    enc.multihot("edges.door", [_edge_index(d["edge"]) for d in view["doors"]], len(EDGES))
    held = [_edge_index(d["edge"]) for d in view["doors"] if d["held_by"] >= 0]
    enc.multihot("edges.door_held", held, len(EDGES))
    fire = [_edge_index(f["edge"]) for f in view["fire_walls"]]
    enc.multihot("edges.fire_wall", fire, len(EDGES))
    for p in players:
        enc.flag("player.alive", p["alive"])
        enc.scalar("player.life", p["life"], 15)
        enc.scalar("player.vp", p["vp"], 3)
        enc.scalar("player.hand_size", p["hand_size"], 10)
        enc.scalar("player.hand_total", p["hand_total"], 10)
        enc.scalar("player.max_hand", p["max_hand"], 10)
        enc.scalar("player.items", len(p["items"]), 5)
        enc.flag("player.treasure", p["treasure"] >= 0)
        enc.scalar("player.stun_tokens", p["stun_tokens"], 3)
        enc.flag("player.stunned", p["stunned"])
        enc.scalar("player.mp", p["mp"], 8)
        enc.flag("player.boosted", p["boosted"])
        enc.scalar("player.attacks", p["attacks"], 3)
        enc.scalar("player.attacks_allowed", p["attacks_allowed"], 3)
        enc.scalar("player.spec_deck_size", p["spec_deck_size"], 20)
    for name in CREATURES:
        c = creatures.get(name)
        enc.flag("creature..in_play", c is not None)
        enc.onehot("creature..controller", c["controller"] if c else -1, n)
        enc.scalar("creature..life", c["life"] if c else 0, 15)
        enc.flag("creature..stunned", c and c["stunned"])
        enc.flag("creature..activated", c and c["activated"])
    enc.multihot("hand", [c["id"] for c in view.get("hand", [])], CARDS)
    enc.multihot("discard", [c["id"] for c in view["discard"]], CARDS)
    enc.multihot("items", [c["id"] for p in players for c in p["items"]], CARDS)
    enc.multihot("spells", [s["card"]["id"] for s in view["spells"]], CARDS)
    enc.scalar("deck_size", view["deck_size"], CARDS)
    pool = [index_of(CREATURES, c) for c in view["creature_pool"]]
    enc.multihot("creature_pool", pool, len(CREATURES))
