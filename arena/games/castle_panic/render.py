"""A plain-text drawing of a spectator view, readable in a 100-column terminal.

One row per arc (R1 R2 G3 G4 B5 B6), the rings from the Forest on the left to the Castle on
the right, the Wall line between the Swordsman ring and the Castle. A monster is its short
name and health (`Trl3` a Troll with 3 health; `WW3+2` a War Wagon at 3 with two crew
under it; `*` marks the Tarred one). Field equipment shows in brackets, the Wall as `##`
(`#F` fortified, `--` missing, `ST` a breached Siege Tower), a standing Tower as `T`.
"""

from __future__ import annotations

from arena.games.base import JSON

CELL = 17  # characters per ring column
SHORT = {
    "goblin": "Gob",
    "orc": "Orc",
    "troll": "Trl",
    "goblin_king": "GKg",
    "orc_warlord": "OWl",
    "troll_mage": "TMg",
    "healer": "Hea",
    "shaman": "Sha",
    "breathtaker": "Bth",
    "goblin_saboteur": "Sab",
    "siege_tower": "ST",
    "war_wagon": "WW",
    "battering_ram": "BR",
    "barracks": "Bar",
    "forward_camp": "FCp",
}
EQUIPMENT = {"barricade": "[Bar]", "pit": "[Pit]", "spring_trap": "[Trp]"}
RINGS = ("Forest", "Archer", "Knight", "Swordsman")
FOREST, ARCHER, KNIGHT, SWORDSMAN, CASTLE = 4, 3, 2, 1, 0


def seat_letter(seat: int) -> str:
    return "ABCDEF"[seat]


def render(view: JSON) -> str:
    lines = [_header(view), ""]
    lines.append("arc " + "".join(f"{r:<{CELL}}" for r in RINGS) + "Wall Castle")
    lines += [_arc_row(view, arc) for arc in view["arcs"]]
    lines.append("")
    lines.append(_keep_line(view))
    lines.append(_decks_line(view))
    lines += [_player_line(view, p) for p in view["players"]]
    lines += _pending(view)
    if view["log"]:
        lines.append("Last: " + " | ".join(view["log"][-4:]))
    lines.append(_status(view))
    return "\n".join(lines)


def _header(view: JSON) -> str:
    mover = "game over" if view["over"] else f"{seat_letter(view['to_move'])} to move"
    return (
        f"Castle Panic: Engines of War ({view['num_players']} players) - turn {view['turn']} "
        f"(round {view['round']}), {seat_letter(view['active'])}'s turn, phase {view['phase']} "
        f"[{view['step']}], {mover}"
    )


def unit_text(unit: JSON) -> str:
    text = f"{SHORT.get(unit['kind'], unit['kind'][:3])}{unit['health']}"
    if unit["crew"]:
        text += "+" + "+".join(str(c["health"]) for c in unit["crew"])
    return text + ("*" if unit["tarred"] else "")


def _cell(view: JSON, arc: int, ring: int) -> str:
    parts = [
        EQUIPMENT[e["kind"]]
        for e in view["field_equipment"]
        if e["arc"] == arc and e["ring"] == ring
    ]
    parts += [
        unit_text(u)
        for u in view["monsters"]
        if u["arc"] == arc and u["ring"] == ring and not u["breached"]
    ]
    text = " ".join(parts) or "."
    return text if len(text) < CELL else text[: CELL - 2] + "~"


def _arc_row(view: JSON, record: JSON) -> str:
    arc = record["arc"]
    label = f"{record['colour'][0].upper()}{arc}  "
    rings = "".join(
        f"{_cell(view, arc, ring):<{CELL}}" for ring in (FOREST, ARCHER, KNIGHT, SWORDSMAN)
    )
    if record["breached_by"] >= 0:
        wall = "ST"
    elif record["wall"]:
        wall = "#F" if record["fortified"] else "##"
    else:
        wall = "--"
    tower = "T" if record["tower"] else "x"
    return f"{label}{rings}{wall:<5}{tower} {_cell(view, arc, CASTLE)}"


def _keep_line(view: JSON) -> str:
    keep = view["keep"]
    weapons = [w for w in ("catapult", "ballista") if keep[w]]
    facing = f", facing {keep['facing']}" if keep["facing"] and weapons else ""
    state = "standing" if keep["standing"] else "destroyed"
    engineer = view["engineer"]
    task = engineer["task"].replace("_", " ") or "no task"
    if engineer["task"]:
        needs = ", ".join(f"{n['count']} {n['resource']}" for n in engineer["needed"]) or "-"
        task += f" ({len(engineer['assigned'])} assigned; needs {needs})"
    supply = view["supply"]
    return (
        f"Keep {state}{' with ' + ' and '.join(weapons) if weapons else ''}{facing}. "
        f"Engineer: {task}. Supply: {supply['barricade']} barricade, {supply['pit']} pit, "
        f"{supply['spring_trap']} trap, {supply['fortify']} fortify"
    )


def _decks_line(view: JSON) -> str:
    return (
        f"Castle deck {view['castle_deck_size']} (discard {len(view['castle_discard'])}), "
        f"Resource deck {view['resource_deck_size']} (discard "
        f"{len(view['resource_discard'])}), banished {len(view['banished'])}; "
        f"Monster pile {view['monster_pile_size']}, crew reserve {len(view['crew_reserve'])}; "
        f"towers {view['towers_standing']}, monsters {view['monsters_counted']}"
    )


def _player_line(view: JSON, player: JSON) -> str:
    cards = ", ".join(c["title"] for c in player["hand"]) or "-"
    marker = ">" if player["seat"] == view["active"] else " "
    return (
        f"{marker}{seat_letter(player['seat'])}: {player['points']:>2} pts "
        f"({len(player['trophies'])} trophies)  hand: {cards}"
    )


def _pending(view: JSON) -> list[str]:
    lines: list[str] = []
    if "offer" in view:
        offer = view["offer"]
        lines.append(
            f"Offer to {seat_letter(offer['partner'])}: {offer['give']['title']} for "
            f"{offer['take']['title']}"
        )
    if "fire" in view:
        fire = view["fire"]
        lines.append(f"Loading the {fire['weapon']} at {fire['space']}")
    if "choice" in view:
        choice = view["choice"]
        where = f" at {choice['space']}" if choice["space"] else ""
        lines.append(f"{seat_letter(choice['seat'])} chooses ({choice['reason']}{where})")
    return lines


def _status(view: JSON) -> str:
    if not view["over"]:
        return "Wall: ## standing, #F fortified, -- missing, ST breached. T tower, x fallen."
    if view["team_won"]:
        ranking = sorted(view["outcome"], key=lambda r: r["rank"])
        scores = ", ".join(f"{seat_letter(r['seat'])} {r['points']}" for r in ranking)
        return f"The team wins! Master Slayer points: {scores}"
    return f"The castle falls ({view['end_reason']})."
