"""Damage and death (§7.2-§7.4, §7.7, §8.9): damage, healing, stun, cracks and death."""

from __future__ import annotations

from typing import Any

from arena.games.base import JSON
from arena.games.codes import action_code
from arena.games.wiz_war import belongings, casting, figures, hand, sight, victory
from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import (
    CARDS,
    CREATURES,
    IRON_HIDE,
)
from arena.games.wiz_war.config import (
    BUSH_CRACKS,
    CREATURE_LIFE_CAP,
    DAMAGE_PER_CRACK,
    DOOR_CRACKS,
    MAX_LIFE,
    STONE_BLOCK_CRACKS,
    TOTEM_BREAKS_AT,
    WALL_CRACKS,
)
from arena.games.wiz_war.hooks import EFFECTS
from arena.games.wiz_war.records import (
    MAG,
    PHYS,
    is_wizard,
)
from arena.games.wiz_war.resolution import log_event, push_choice, then
from arena.games.wiz_war.state import State
from arena.games.wiz_war.steps import step


# --- Damage, healing, stun (§7.2-§7.4) ----------------------------------------------------
def damage(
    state: State,
    cast: JSON | None,
    target: str,
    packets: list[list],
    attack: bool | None = None,
    source: str | None = None,
    source_sq: int = -1,
) -> None:
    """Schedule damage from a cast to one target (figure, object or edge); without a
    cast, damage that is no attack unless said so, from `source_sq` if from a square."""
    if cast is None:
        then(
            state,
            "suffer_damage",
            target=target,
            packets=packets,
            attack=bool(attack),
            source=source or "",
            source_sq=source_sq,
        )
        return
    actor = cast["actor"] if source is None else source
    sq = (
        figures.figure_sq(state, actor)
        if actor and figures.figure_alive(state, actor)
        else cast.get("origin", -1)
    )
    then(
        state,
        "suffer_damage",
        target=target,
        packets=packets,
        attack=cast["attack"] if attack is None else attack,
        source=actor,
        source_sq=sq,
        scorer=cast["seat"],
        cast=cast["id"],
    )


def hurt(state: State, token: str, amount: int, kind: str, element: str, sq: int) -> None:
    """Schedule non-attack damage from the board (bushes, tacks, traps, fire walls)."""
    damage(state, None, token, [[amount, kind, element]], attack=False, source="", source_sq=sq)


@step
def suffer_damage(
    state: State,
    target: str,
    packets: list[list],
    attack: bool,
    source: str,
    source_sq: int,
    scorer: int = -1,
    cast: int = -1,
    lust: str = "",
    pure: bool = False,
) -> None:
    """§7.2: base amount; multiplications (Strength) then additions (Treasure Lust, Wolf
    Totem); reductions once per source; Featherweight; life loss; triggers; death."""
    if not (is_wizard(target) or target in CREATURES):
        damage_thing(state, target, packets, source)
        return
    if not figures.figure_alive(state, target):
        return
    packets = [list(p) for p in packets]
    if sum(p[0] for p in packets) <= 0:
        return
    if pure:
        lose_life(state, target, sum(p[0] for p in packets), False, "", -1, [], cast)
        return
    if attack and not lust and _lust_applies(state, source, scorer, target):
        args = {
            "target": target,
            "packets": packets,
            "attack": attack,
            "source": source,
            "source_sq": source_sq,
            "scorer": scorer,
            "cast": cast,
        }
        push_choice(
            state,
            int(target[1]),
            "treasure_lust",
            [
                (
                    "lust:drop",
                    "Drop what you carry: no extra damage",
                    "suffer_damage",
                    {**args, "lust": "drop"},
                ),
                (
                    "lust:suffer",
                    "Keep it and suffer 3 more damage",
                    "suffer_damage",
                    {**args, "lust": "suffer"},
                ),
            ],
        )
        return
    if (
        source
        and figures.figure_alive(state, source)
        and figures.has_spell(state, source, "strength")
    ):
        for p in packets:
            if p[1] == PHYS:
                p[0] *= 2
    if lust == "drop":
        belongings.drop_slot(state, int(target[1]))
    elif lust == "suffer":
        packets[0][0] += _lust_bonus(state, scorer)
    if attack and source and not is_wizard(source) and source in state.creatures:
        packets[0][0] += hand.totem_effect(
            state,
            "wolf_totem",
            figures.figure_sq(state, target),
            owner=state.creatures[source].controller,
        )
    packets = _reduce(state, target, packets, attack, cast)
    total = sum(p[0] for p in packets)
    if total <= 0:
        log_event(state, f"{figures.name_of(state, target)} takes no damage")
        return
    if is_wizard(target) and figures.has_spell(state, target, "featherweight"):
        then(
            state,
            "feather",
            target=target,
            points=total,
            packets=packets,
            attack=attack,
            source=source,
            source_sq=source_sq,
            scorer=scorer,
            cast=cast,
        )
        return
    lose_life(state, target, total, attack, source, scorer, packets, cast)


def _lust_applies(state: State, source: str, scorer: int, target: str) -> bool:
    if not is_wizard(target) or scorer < 0:
        return False
    seat = int(target[1])
    if not belongings.slot_full(state, seat):
        return False
    return any(
        sp.caster == scorer and CARDS[sp.card].key == "treasure_lust"
        for sp in state.spells.values()
    )


def _lust_bonus(state: State, scorer: int) -> int:
    for sp in state.spells.values():
        if sp.caster == scorer and CARDS[sp.card].key == "treasure_lust":
            return CARDS[sp.card].value("bonus")
    return 0


def _reduce(state: State, target: str, packets: list[list], attack: bool, cast: int) -> list[list]:
    """Each reduction once per source (§7.2 step 3); physical-only ones first."""
    general = 0
    physical = 0
    c = state.casts.get(cast)
    if c is not None:
        general += c.get("reduce", {}).get(target, 0)
    form = figures.form_spell(state, target)
    if form is not None and CARDS[form.card].key in ("golem_form", "dragon_form"):
        general += CARDS[form.card].value("reduce")
    if is_wizard(target):
        seat = int(target[1])
        for item in state.wizards[seat].items:
            key = CARDS[item].key
            if key == "bloodshard" or (key == "aegis" and attack):
                general += CARDS[item].value("reduce")
        for sp in figures.spells_on(state, target):
            if CARDS[sp.card].key == "dragon_scales":
                general += CARDS[sp.card].value("reduce")
                physical += CARDS[sp.card].value("physical") - CARDS[sp.card].value("reduce")

    physical += hand.totem_effect(
        state,
        "stone_totem",
        figures.figure_sq(state, target),
        owner=figures.controller(state, target),
    )
    if target == "grendel":
        physical += IRON_HIDE
    for p in packets:
        if p[1] == PHYS and physical:
            cut = min(p[0], physical)
            p[0] -= cut
            physical -= cut
    for p in packets:
        cut = min(p[0], general)
        p[0] -= cut
        general -= cut
    return packets


@step
def feather(
    state: State,
    target: str,
    points: int,
    packets: list[list],
    attack: bool,
    source: str,
    source_sq: int,
    scorer: int,
    cast: int,
) -> None:
    """Featherweight: each point pushes one square away from the source instead (he
    chooses where several ways lead away); points that cannot move him are suffered."""
    if points <= 0 or not figures.figure_alive(state, target):
        return
    here = figures.figure_sq(state, target)
    origin = source_sq if source_sq >= 0 else here
    ways = []
    for d in range(4):
        n = sight.can_step(state, target, d, pushes=False)
        if n is None or n.edge == B.WRAP:
            continue
        if here == origin or B.manhattan(n.square, origin) > B.manhattan(here, origin):
            ways.append(d)
    rest = {
        "target": target,
        "points": points - 1,
        "packets": packets,
        "attack": attack,
        "source": source,
        "source_sq": source_sq,
        "scorer": scorer,
        "cast": cast,
    }
    if not ways:
        kind = packets[0][1] if packets else MAG
        lose_life(state, target, points, attack, source, scorer, [[points, kind, ""]], cast)
        return
    if len(ways) == 1:
        then(state, "shove", token=target, d=ways[0])
        then(state, "feather", **rest)
        return
    push_choice(
        state,
        int(target[1]),
        "featherweight",
        [
            (
                action_code("push", B.DIRS[d]),
                f"Float one square {B.DIRS[d]}",
                "feather_step",
                {**rest, "d": d},
            )
            for d in ways
        ],
    )


@step
def feather_step(state: State, d: int, **rest: Any) -> None:
    then(state, "shove", token=rest["target"], d=d)
    then(state, "feather", **rest)


def lose_life(
    state: State,
    target: str,
    amount: int,
    attack: bool,
    source: str,
    scorer: int,
    packets: list[list],
    cast: int,
) -> None:
    """Apply the loss, then the triggers (§7.2 step 5) and death (§7.7)."""
    if is_wizard(target):
        w = state.wizards[int(target[1])]
        w.life -= amount
        life = w.life
    else:
        cr = state.creatures[target]
        cr.life -= amount
        life = cr.life
    log_event(state, f"{figures.name_of(state, target)} loses {amount} life ({life} left)")
    c = state.casts.get(cast)
    if c is not None and "lost" in c:
        c["lost"][target] = c["lost"].get(target, 0) + amount

    EFFECTS.after_damage(state, target, amount, attack, source, packets)
    if life <= 0:
        if is_wizard(target):
            kill_wizard(state, int(target[1]), scorer if attack else -1)
        else:
            kill_creature(state, target)


def damage_thing(state: State, target: str, packets: list[list], source: str) -> None:
    """Objects and walls take cracks: one per full 3 damage of a single attack (Shatter,
    Wizardblade: one per point); walls fall at 5, doors at 3, Stone Blocks at 8; bushes at
    one crack or any fire damage; Totems at any damage (§7.5, §8.12)."""
    amount = sum(p[0] for p in packets)
    fire = any(p[2] == "fire" and p[0] > 0 for p in packets)
    per_point = (
        bool(source)
        and figures.figure_alive(state, source)
        and (
            figures.has_spell(state, source, "shatter") or any(len(p) > 3 and p[3] for p in packets)
        )
    )
    cracks = amount if per_point else amount // DAMAGE_PER_CRACK
    if target.startswith("o"):
        obj = state.objects.get(int(target[1:]))
        if obj is None:
            return
        obj.cracks += cracks
        if (
            (obj.kind == "stone_block" and obj.cracks >= STONE_BLOCK_CRACKS)
            or (obj.kind in ("rosebush", "thornbush") and (obj.cracks >= BUSH_CRACKS or fire))
            or (obj.kind == "totem" and max(amount, cracks) >= TOTEM_BREAKS_AT)
        ):
            destroy_object(state, obj.id)
        return
    edge = B.parse_edge(target)
    if edge in state.walls:
        state.walls[edge] += cracks
        if cracks:
            log_event(state, f"Wall {target}: {state.walls[edge]} cracks")
        if state.walls[edge] >= WALL_CRACKS:
            destroy_edge(state, edge)
    elif edge in state.doors:
        state.doors[edge].cracks += cracks
        if state.doors[edge].cracks >= DOOR_CRACKS:
            destroy_edge(state, edge)


def destroy_edge(state: State, edge: int) -> None:
    """A destroyed wall or door leaves an open edge (§7.5)."""
    state._memo = {}
    name = B.edge_name(edge)
    if edge in state.walls:
        del state.walls[edge]
        spell = state.created_walls.pop(edge, -1)
        log_event(state, f"The wall at {name} is destroyed")
        if spell >= 0:
            casting.end_spell(state, spell)
    elif edge in state.doors:
        door = state.doors.pop(edge)
        state.held.pop(edge, None)
        log_event(state, f"The door at {name} is destroyed")
        if door.card >= 0:
            door.wall_cracks = -1
            casting.end_spell(state, door.card)
        for sp in list(state.spells.values()):
            if sp.target == name:
                casting.end_spell(state, sp.card)


def destroy_object(state: State, oid: int) -> None:
    obj = state.objects.get(oid)
    if obj is None:
        return
    state._memo = {}
    log_event(state, f"The {obj.kind.replace('_', ' ')} at {B.square_name(obj.sq)} is destroyed")
    if obj.card in state.spells:
        casting.end_spell(state, obj.card)
    state.objects.pop(oid, None)
    if obj.kind == "tacks":
        hand.discard_card(state, obj.card)


def heal(state: State, token: str, amount: int) -> None:
    """Wizards up to 20, creatures up to 12, excess lost (§7.3)."""
    if not figures.figure_alive(state, token) or amount <= 0:
        return
    if is_wizard(token):
        w = state.wizards[int(token[1])]
        w.life = min(MAX_LIFE, w.life + amount)
    else:
        cr = state.creatures[token]
        cr.life = min(CREATURE_LIFE_CAP, cr.life + amount)
    log_event(state, f"{figures.name_of(state, token)} heals {amount}")


@step
def stun(state: State, target: str, tokens: int) -> None:
    if not figures.figure_alive(state, target):
        return
    if is_wizard(target):
        state.wizards[int(target[1])].stun += tokens
    else:
        state.creatures[target].stun += tokens
    log_event(state, f"{figures.name_of(state, target)} gets {tokens} stun token(s)")


# --- Death (§7.7, §8.9) -------------------------------------------------------------------
def kill_wizard(state: State, seat: int, scorer: int) -> None:
    """He drops what he carries; hand and maintained spells are discarded; his creatures
    die; the player is out. An attack by another player's figure scores 1 VP."""
    w = state.wizards[seat]
    if not w.alive:
        return
    w.alive = False
    state.outs += 1
    w.out_order = state.outs
    state._memo = {}
    log_event(state, f"{figures.name_of(state, w.token)} dies")
    if scorer >= 0 and scorer != seat and state.wizards[scorer].alive:
        state.wizards[scorer].vp += 1
        name = figures.name_of(state, f"w{scorer}")
        log_event(state, f"{name} scores a kill (VP {state.wizards[scorer].vp})")
    for c in list(w.items):
        w.items.remove(c)
        state.floor[c] = w.sq
    if w.treasure >= 0:
        belongings.drop_carried_treasure(state, w.token)
    state.box += w.spec_deck + w.spec_discard
    w.spec_deck, w.spec_discard = [], []
    for c in w.hand:
        hand.discard_card(state, c)
    w.hand = []
    for c, sp in list(state.spells.items()):
        if sp.caster == seat:
            casting.end_spell(state, c)
    for name, cr in list(state.creatures.items()):
        if cr.controller == seat:
            kill_creature(state, name)
    for sp in list(state.spells.values()):
        if sp.target == w.token:
            casting.end_spell(state, sp.card)
    state.held = {e: s for e, s in state.held.items() if s != seat}
    victory.check_victory(state)


def kill_creature(state: State, name: str) -> None:
    """Life 0, controller dead or summoning card discarded: remove it, discard its card
    and every spell maintained on it (§8.9). No VP [assumed]."""
    cr = state.creatures.pop(name, None)
    if cr is None:
        return
    state._memo = {}
    log_event(state, f"{CREATURES[name].title} dies")
    if cr.treasure >= 0:
        t = state.treasures[cr.treasure]
        t.sq, t.carrier = cr.sq, ""
    for sp in list(state.spells.values()):
        if sp.target == name:
            casting.end_spell(state, sp.card)
    casting.end_spell(state, cr.card)
    if state.activation == name:
        state.activation = ""
