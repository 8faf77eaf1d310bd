"""Targets: what a token names, and the range and line of sight of a declaration
(the masks of sight.py and board.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from arena.games.base import JSON
from arena.games.codes import action_code
from arena.games.wiz_war import belongings, figures, hand, sight
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    CARDS,
    CREATURES,
)
from arena.games.wiz_war.records import is_wizard
from arena.games.wiz_war.spec import Options, Slot
from arena.games.wiz_war.state import State


# --- Tokens and what they name -----------------------------------------------------------------
def is_figure(token: str) -> bool:
    return is_wizard(token) or token in CREATURES


def token_square(s: State, token: str) -> int:
    """The square a target stands on or borders (an edge: -1)."""
    if is_figure(token):
        return figures.figure_sq(s, token)
    if token.startswith("o"):
        return s.objects[int(token[1:])].sq
    if token.startswith("t") and token[1:].isdigit():
        return s.treasures[int(token[1:])].sq
    if token.startswith("item"):
        return s.floor.get(int(token[4:]), -1)
    if token.startswith("r") and token[-1].isdigit():
        return B.parse_square(token)
    return -1


def describe_target(s: State, token: str) -> str:
    if is_figure(token):
        return figures.name_of(s, token)
    if token.startswith("o") and token[1:].isdigit():
        obj = s.objects.get(int(token[1:]))
        if obj is None:
            return token
        what = CARDS[obj.card].title if obj.kind == "totem" else obj.kind.replace("_", " ")
        return f"the {what} on {B.square_name(obj.sq)}"
    if token.startswith("spell"):
        c = int(token[5:])
        sp = s.spells.get(c)
        who = figures.name_of(s, f"w{sp.caster}") if sp else "?"
        return f"{who}'s {CARDS[c].title}"
    if token.startswith("item"):
        return CARDS[int(token[4:])].title
    if token.startswith("t") and token[1:].isdigit():
        return belongings.describe_thing(s, token)
    if token in B.COLOURS:
        return f"the {token} sector"
    if token.startswith("r") and token[-1] in "es":
        e = B.parse_edge(token)
        kind = "wall" if e in s.walls else "door" if e in s.doors else "edge"
        return f"the {kind} {token}"
    return token


def token_options(s: State, slot: str, tokens: list[str]) -> Options:
    if s._probing:  # only the values count: no code or label is shown
        return [("", "", t) for t in tokens]
    if s._unlabelled:
        return [(action_code(slot, t), "", t) for t in tokens]
    return [(action_code(slot, t), describe_target(s, t), t) for t in tokens]


def gather(frame: JSON, tokens: Iterable[str]) -> list[str]:
    """All the tokens, or while probing whether a declaration is possible just the first."""
    if frame.get("probe"):
        for token in tokens:
            return [token]
        return []
    return list(tokens)


# --- Range and line of sight as a declaration sees it -------------------------------------------
def _view(s: State, frame: JSON) -> tuple[str, int, int, bool]:
    """(actor, origin, walls to ignore, Around the Corner) for the thing being declared."""
    actor = frame["actor"]
    if not is_wizard(actor) or frame["source"] != "hand":
        return actor, -1, 0, False
    w = s.wizards[int(actor[1])]
    ignore = int(w.drake_eye) + (1 if any(CARDS[c].key == "visionstone" for c in w.items) else 0)
    return actor, w.projection, ignore, w.corner


def origin_of(s: State, frame: JSON) -> int:
    actor, origin, _, _ = _view(s, frame)
    return origin if origin >= 0 else figures.figure_sq(s, actor)


def in_range(s: State, frame: JSON, sq: int, reach: str) -> bool:
    return _in_view(s, _view(s, frame), sq, reach)


def _in_view(s: State, view: tuple[str, int, int, bool], sq: int, reach: str) -> bool:
    """`in_range` for a view already worked out (one per declaration, not per square)."""
    actor, origin, ignore, corner = view
    here = origin if origin >= 0 else figures.figure_sq(s, actor)
    if reach == "adj":
        return sq in sight.adjacent_squares(s, actor)
    if reach == "own":
        return sq == here
    if reach.startswith("path"):
        return sight.walking_distance(s, actor, here, sq, int(reach[4:])) >= 0
    if reach.startswith("los"):
        if len(reach) > 3 and B.MANHATTAN[here][sq] > int(reach[3:]):
            return False
        return sight.sight(s, actor, origin, ignore, corner) >> sq & 1 == 1
    return True


def squares_in_sight(s: State, frame: JSON) -> int:
    """Mask of the squares in range `los` (no limit) of the thing being declared."""
    actor, origin, ignore, corner = _view(s, frame)
    return sight.sight(s, actor, origin, ignore, corner)


def edges_in_range(s: State, frame: JSON, reach: str) -> int:
    """Mask of the edges in range: beside the square for `adj` and `own`, else seen and
    (for `losN`) with a bordering square nearer than N."""
    actor, origin, ignore, _ = _view(s, frame)
    here = origin if origin >= 0 else figures.figure_sq(s, actor)
    if reach in ("adj", "own"):
        return B.BORDER_EDGES[here]
    limit = int(reach[3:]) if reach.startswith("los") and len(reach) > 3 else 99
    return sight.edge_sight(s, actor, origin, ignore) & B.edges_nearer(here, limit)


def edge_in_range(s: State, frame: JSON, edge: int, reach: str) -> bool:
    return edges_in_range(s, frame, reach) >> edge & 1 == 1


def figure_targets(
    s: State,
    frame: JSON,
    reach: str,
    wizards: bool = True,
    creatures: bool = True,
    own: bool = False,
    attack: bool = True,
) -> list[str]:
    """Figures the declaration may target: attacks never target the attacker's own wizard
    or creatures [assumed], nor Mist Body or the Homunculus (§10.4, §10.2)."""
    seat, actor = frame["seat"], frame["actor"]
    view = _view(s, frame)
    probe = frame.get("probe")
    found = []
    for f in figures.figures(s):
        if f == actor and attack:
            continue
        if (attack or f == "homunculus") and figures.untargetable(s, f):
            continue
        if attack and not own and figures.controller(s, f) == seat:
            continue
        if not (wizards if is_wizard(f) else creatures):
            continue
        if _in_view(s, view, figures.figure_sq(s, f), reach):
            found.append(f)
            if probe:  # as `gather`: a probe needs only the first
                break
    return found


ATTACKABLE = ("stone_block", "rosebush", "thornbush", "totem")


def barriers_in_range(s: State, frame: JSON, reach: str) -> int:
    """Mask of the walls and doors in range that an attack may target (never outer walls)."""
    hits = sight.barriers(s) & edges_in_range(s, frame, reach)
    if reach in ("adj", "own"):
        hits &= B.BORDER_EDGES[figures.figure_sq(s, frame["actor"])]
    return hits


def object_targets(s: State, frame: JSON, reach: str, edges: bool = True) -> list[str]:
    """Attackable objects and walls/doors (never outer walls) in range (§7.5)."""

    def found() -> Iterable[str]:
        for o in s.objects.values():
            if o.kind in ATTACKABLE and in_range(s, frame, o.sq, reach):
                yield f"o{o.id}"
        if not edges:
            return
        hits = barriers_in_range(s, frame, reach)
        if hits and frame.get("probe") and reach not in ("adj", "own"):
            # the nearest, as a probe has always taken
            here = origin_of(s, frame)
            distance = B.MANHATTAN[here]
            yield B.edge_name(min(B.bits(hits), key=lambda e: (distance[e // 2], e)))
            return
        for e in B.bits(hits):
            yield B.edge_name(e)

    return gather(frame, found())


def target_slot(
    reach: str,
    wizards: bool = True,
    creatures: bool = True,
    objects: bool = False,
    own: bool = False,
    attack: bool = True,
    name: str = "target",
) -> Slot:
    def offered(s: State, frame: JSON) -> Options:
        tokens = figure_targets(s, frame, reach, wizards, creatures, own, attack)
        if objects and not (tokens and frame.get("probe")):
            tokens += object_targets(s, frame, reach)
        return token_options(s, name, tokens)

    def exists(s: State, frame: JSON) -> bool:
        """A wall or door in range answers at once; only then are figures looked at. The
        answer reads only who declares, from where and the slot's reach, so the cards of a
        hand that share those share it within a decision."""
        key = ("target_exists", reach, wizards, creatures, objects, own, attack)
        key += (frame["seat"], frame["actor"], frame["source"], bool(frame.get("probe")))
        found = s._memo.get(key)
        if found is None:
            found = s._memo[key] = _exists(s, frame)
        return found

    def _exists(s: State, frame: JSON) -> bool:
        if objects and barriers_in_range(s, frame, reach):
            return True
        return bool(offered(s, frame))

    return Slot(name, offered, exists=exists)


def self_or_creature(s: State, frame: JSON) -> Options:
    """`self or creature you control`: the caster, or one of his creatures in LOS (§9)."""
    seat = frame["seat"]
    tokens = [f"w{seat}"] + [
        n
        for n, c in s.creatures.items()
        if c.controller == seat and n != "homunculus" and in_range(s, frame, c.sq, "los")
    ]
    return token_options(s, "target", tokens)


def self_only(s: State, frame: JSON) -> Options:
    return token_options(s, "target", [f"w{frame['seat']}"])


def energy_options(s: State, frame: JSON) -> Options:
    """No energy, or one card with an energy value from the hand (Flash Energy allowed)."""
    seat = frame["seat"]
    used = {v for k, v in frame["values"].items() if k.startswith("energy")}
    cards = [
        c for c in s.wizards[seat].hand if c != frame["card"] and c not in used and CARDS[c].ev > 0
    ]
    return [
        ("energy:none", "No energy card", -1),
        *energy_cards(s, "energy", seat, cards, "Power it with"),
    ]


def energy_cards(s: State, head: str, seat: int, cards: Iterable[int], verb: str) -> Options:
    """A slot's choice among `seat`'s energy cards: per card the code `head:card=N`, the label
    "`verb` <title> (E <its energy>)", and the card; unlabelled where nobody reads labels."""
    if s._probing or s._unlabelled:
        return [(action_code(head, card=c), "", c) for c in cards]
    return [
        (action_code(head, card=c), f"{verb} {CARDS[c].title} (E {hand.energy_of(s, seat, c)})", c)
        for c in cards
    ]


def _needs_energy(s: State, frame: JSON) -> bool:
    """Add's total replaces the energy card of the wizard's next spell (§10.2)."""
    actor = frame["actor"]
    return not (
        is_wizard(actor) and frame["source"] == "hand" and s.wizards[int(actor[1])].add_energy >= 0
    )


ENERGY_SLOT = Slot("energy", energy_options, when=_needs_energy)


def direction_options(s: State, frame: JSON) -> Options:
    return [(action_code("dir", d), f"Direction {d}", i) for i, d in enumerate(B.DIRS)]


def energy_value(s: State, frame: JSON) -> int:
    """E as it will be when paid: the chosen card (+ Powerstones), or Add's total."""
    actor = frame["actor"]
    seat = frame["seat"]
    if is_wizard(actor) and frame["source"] == "hand" and s.wizards[seat].add_energy >= 0:
        return s.wizards[seat].add_energy
    c = frame["values"].get("energy", -1)
    return hand.energy_of(s, seat, c) if isinstance(c, int) and c >= 0 else 0
