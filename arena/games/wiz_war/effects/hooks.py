"""Hooks the rules call: Time Passes, after drawing, after damage, treasure taken, a
spell ending, and the counter spells that may answer a cast.
"""

from __future__ import annotations

from arena.games.base import JSON
from arena.games.codes import action_code
from arena.games.wiz_war import belongings, casting, damage, figures, hand, sight
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    CARDS,
    COUNTER,
)
from arena.games.wiz_war.effects.shared import value
from arena.games.wiz_war.records import MAG, Spell, is_wizard, new_declaration
from arena.games.wiz_war.resolution import log_event
from arena.games.wiz_war.spec import SPECS, TIME_PASSES, next_slot, spec_for
from arena.games.wiz_war.state import State


def counter_options(s: State, seat: int, frame: JSON, cast: JSON) -> list[tuple[str, JSON]]:
    """What `seat` may answer with in this window (§6.5): counters and "when attacked"
    spells from the hand, Null Powder from the play area."""
    w = s.wizards[seat]
    out: list[tuple[str, JSON]] = []
    window = frame["mode"]
    flood = figures.spell_in_play(s, "flood")
    for c in w.hand:
        card = CARDS[c]
        key = card.key
        if window == "anti":
            mode = "" if key == "anti_anti" else None
        elif window == "ward":
            mode = "" if key == "ward" else None
        elif card.kind == COUNTER and key not in ("anti_anti", "ward"):
            mode = ""
        elif card.has("when_attacked") or key == "wall_of_fire":
            mode = "counter"
        else:
            mode = None
        if mode is None or (flood and card.has("fire")):
            continue
        spec = spec_for(key, mode)
        if spec.counter is None or not spec.counter(s, seat, cast):
            continue
        if not _probe_counter(s, seat, key, c, mode, frame["cast"]):
            continue
        code = action_code("counter", card=c, mode=mode)
        out.append((code, {"key": key, "card": c, "mode": mode, "source": "hand"}))
    if window == "counter":
        for c in w.items:
            if CARDS[c].key == "null_powder" and SPECS["null_powder:counter"].counter(
                s, seat, cast
            ):
                out.append(
                    (
                        action_code("counter", item=c),
                        {"key": "null_powder", "card": c, "mode": "counter", "source": "spent"},
                    )
                )
    return out


def _probe_counter(s: State, seat: int, key: str, c: int, mode: str, against: int) -> bool:
    frame = new_declaration(seat, f"w{seat}", key, c, mode, "hand", "counter", against)
    slot = next_slot(s, frame)
    return slot is None or bool(slot.options(s, frame))


def time_passes(s: State, seat: int) -> None:
    """§4.1 step 2, in a fixed order [assumed]: maintained spells in play order, then items."""
    for sp in list(s.spells.values()):
        if sp.caster == seat and sp.card in s.spells:
            effect = TIME_PASSES.get(CARDS[sp.card].key)
            if effect is not None:
                effect(s, sp)
    w = s.wizards[seat]
    for c in w.items:
        if CARDS[c].key in ("lifestone", "golden_fleece"):
            damage.heal(s, w.token, CARDS[c].value("heal"))


def after_draw(s: State, seat: int, drawn: int) -> None:
    """Slow Death: 1 mag (not an attack) per card drawn."""
    token = f"w{seat}"
    if figures.has_spell(s, token, "slow_death"):
        for _ in range(drawn):
            damage.damage(s, None, token, [[value("slow_death", "damage"), MAG, ""]])


def after_damage(
    s: State, target: str, amount: int, attack: bool, source: str, packets: list[list]
) -> None:
    """Triggers of suffered damage (§7.2 step 5): Pain Link, Fire Cloak, Magic Stones and
    fire, water ending Acid Bath and the Cloak."""
    fire = any(p[2] == "fire" and p[0] > 0 for p in packets)
    water = any(p[2] == "water" for p in packets)
    if water:
        for sp in figures.spells_on(s, target):
            if CARDS[sp.card].key == "acid_bath":
                casting.end_spell(s, sp.card)
    if not is_wizard(target):
        return
    w = s.wizards[int(target[1])]
    attacker = source if source and source != target and figures.figure_alive(s, source) else ""
    if attack and attacker and figures.has_spell(s, target, "pain_link"):
        damage.damage(s, None, attacker, [[amount, MAG, ""]])
    for c in list(w.items):
        if CARDS[c].key != "fire_cloak":
            continue
        if water:
            w.items.remove(c)
            hand.discard_card(s, c)
            log_event(s, "Water destroys the Fire Cloak")
        elif (
            attack
            and attacker
            and figures.figure_sq(s, attacker) in sight.adjacent_squares(s, target)
        ):
            damage.damage(s, None, attacker, [[value("fire_cloak", "damage"), MAG, "fire"]])
    if fire:
        for c in [c for c in w.items if CARDS[c].has("magic_stone")]:
            w.items.remove(c)
            hand.discard_card(s, c)
            belongings.lose_item(s, w.seat, c)
            log_event(s, f"Fire destroys {CARDS[c].title}")
            if CARDS[c].key == "boomstone":
                damage.damage(s, None, target, [[value("boomstone", "damage"), MAG, "fire"]])


def treasure_taken(s: State, seat: int, tid: int, where: int) -> None:
    """Fool's Gold and Hoard Guard answer an enemy wizard's pick-up."""
    for sp in list(s.spells.values()):
        key = CARDS[sp.card].key
        if sp.caster == seat:
            continue
        if key == "fools_gold" and where >= 0 and B.sector_of(where) == s.wizards[sp.caster].colour:
            damage.damage(s, None, f"w{seat}", [[value("fools_gold", "damage"), MAG, ""]])
            casting.end_spell(s, sp.card)
        elif key == "hoard_guard" and sp.target == f"t{tid}":
            damage.damage(s, None, f"w{seat}", [[value("hoard_guard", "damage"), MAG, "fire"]])
            casting.end_spell(s, sp.card)


def on_end(s: State, sp: Spell) -> None:
    """Undo what a maintained spell holds in place when it ends (§6.3)."""
    key = CARDS[sp.card].key
    target = sp.target
    if key == "create_wall":
        e = B.parse_edge(target)
        if s.created_walls.get(e) == sp.card:
            del s.created_walls[e]
            s.walls.pop(e, None)
    elif key == "create_door":
        e = B.parse_edge(target)
        door = s.doors.get(e)
        if door is not None and door.card == sp.card:
            del s.doors[e]
            s.held.pop(e, None)
            if door.wall_cracks >= 0:
                s.walls[e] = door.wall_cracks
    elif key == "wall_of_fire":
        e = B.parse_edge(target)
        if s.fire_walls.get(e) == sp.card:
            del s.fire_walls[e]
    elif key in ("summon", "planar_call", "homunculus"):
        creature = s.creatures.get(target)
        if creature is not None and creature.card == sp.card:
            damage.kill_creature(s, target)
    for oid in [o.id for o in s.objects.values() if o.card == sp.card and o.kind != "tacks"]:
        del s.objects[oid]
    s._memo = {}
