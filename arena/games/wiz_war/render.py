"""A plain-text drawing of a spectator view, readable in a 100-column terminal.

The 10x10 labyrinth with its walls (`|`, `---`), doors (the colour's initial; lower case
while held open, `x` when sealed), fire walls (`!`) and wrap openings (gaps in the frame).
Each square shows up to three markers: wizards by colour initial (B R G Y), creatures by two
letters (Mi Ge Bo Gr Dr Ts Ho), `$` a treasure (lower-case owner initial after it when space
allows), `h` a home base, `#` Stone Block, `*` Rosebush, `%` Thornbush, `~` Dust Cloud, `^`
tacks, `T` a Totem, `?` a Booby Trap token, `i` an item on the floor.
"""

from __future__ import annotations

from typing import Any

from arena.games.base import JSON
from arena.games.wiz_war import board as B

CREATURE_MARKS = {
    "minotaur": "Mi",
    "genie": "Ge",
    "boggart": "Bo",
    "grendel": "Gr",
    "dragon": "Dr",
    "totem_spirit": "Ts",
    "homunculus": "Ho",
}
OBJECT_MARKS = {
    "stone_block": "#",
    "rosebush": "*",
    "thornbush": "%",
    "dust_cloud": "~",
    "tacks": "^",
    "totem": "T",
    "booby": "?",
}


def render(view: JSON) -> str:
    lines = [_header(view), ""]
    lines += _board(view)
    lines.append("")
    lines += [_player_line(view, p) for p in view["players"]]
    lines += [_creature_line(c, view) for c in view["creatures"]]
    if view["spells"]:
        lines.append("In play: " + "; ".join(_spell_text(view, sp) for sp in view["spells"]))
    lines += [f"  {line}" for line in view["log"][-5:]]
    return "\n".join(lines)


def _initial(view: JSON, seat: int) -> str:
    return view["players"][seat]["colour"][0].upper()


def _header(view: JSON) -> str:
    if view["over"]:
        winner = view["winner"]
        who = view["players"][winner]["colour"] if winner >= 0 else "nobody (draw)"
        return f"Wiz-War - game over ({view['end_reason']}): {who} wins"
    active = view["players"][view["active"]]["colour"]
    mover = view["players"][view["to_move"]]["colour"] if view["to_move"] >= 0 else "-"
    return (
        f"Wiz-War ({', '.join(view['options']['schools'])}) - round {view['round']}/"
        f"{view['round_limit']}, {active}'s turn [{view['phase']}], {mover} to decide"
    )


def _cells(view: JSON) -> list[list[str]]:
    marks: list[list[str]] = [[] for _ in B.SQUARES]
    for p in view["players"]:
        if p["alive"]:
            marks[p["square"]].append(_initial(view, p["seat"]))
    for c in view["creatures"]:
        marks[c["square"]].append(CREATURE_MARKS.get(c["name"], "C?"))
    for t in view["treasures"]:
        if t["square"] >= 0 and not t["scored"]:
            marks[t["square"]].append("$" + _initial(view, t["owner"]).lower())
    for o in view["objects"]:
        marks[o["square"]].append(OBJECT_MARKS.get(o["kind"], "o"))
    for item in view["floor_items"]:
        marks[item["square"]].append("i")
    for p in view["players"]:
        if not marks[p["home"]]:
            marks[p["home"]].append("h")
    cells = []
    for r in range(B.SIZE):
        row = []
        for c in range(B.SIZE):
            text = "".join(marks[B.square(r, c)])
            row.append((text or " . ")[:3].center(3))
        cells.append(row)
    return cells


def _edge_marks(view: JSON) -> dict[int, str]:
    out: dict[int, str] = {}
    for w in view["walls"]:
        out[B.parse_edge(w["edge"])] = "wall"
    for e in view["fire_walls"]:
        out.setdefault(B.parse_edge(e["edge"]), "fire")
    for d in view["doors"]:
        letter = d["colour"][0].upper()
        if d["sealed"]:
            letter = "x"
        elif d["held_by"] >= 0:
            letter = letter.lower()
        out[B.parse_edge(d["edge"])] = letter
    return out


def _board(view: JSON) -> list[str]:
    cells = _cells(view)
    edges = _edge_marks(view)
    lines = ["     " + "".join(f" c{c} " for c in range(B.SIZE))]
    lines.append("    " + _frame_row(top=True))
    for r in range(B.SIZE):
        left = " " if r in B.WRAP_ROWS else "|"
        row = f" r{r} {left}"
        for c in range(B.SIZE):
            row += cells[r][c]
            if c < B.SIZE - 1:
                row += _vertical(edges.get(2 * B.square(r, c)))
            else:
                row += " " if r in B.WRAP_ROWS else "|"
        lines.append(row)
        if r < B.SIZE - 1:
            sep = "    +"
            for c in range(B.SIZE):
                sep += _horizontal(edges.get(2 * B.square(r, c) + 1)) + "+"
            lines.append(sep)
    lines.append("    " + _frame_row(top=False))
    return lines


def _frame_row(top: bool) -> str:
    return "+" + "".join(("   " if c in B.WRAP_COLUMNS else "---") + "+" for c in range(B.SIZE))


def _vertical(mark: str | None) -> str:
    if mark is None:
        return " "
    return {"wall": "|", "fire": "!"}.get(mark, mark)


def _horizontal(mark: str | None) -> str:
    if mark is None:
        return "   "
    return {"wall": "---", "fire": "!!!"}.get(mark, f" {mark} ")


def _player_line(view: JSON, p: JSON) -> str:
    if not p["alive"]:
        return f"{p['colour']:>6}: out (VP {p['vp']})"
    items = ", ".join(c["title"] for c in p["items"]) or "-"
    treasure = "-"
    if p["treasure"] >= 0:
        owner = view["treasures"][p["treasure"]]["owner"]
        treasure = view["players"][owner]["colour"]
    stun = (
        f" stun {p['stun_tokens']}{'*' if p['stunned'] else ''}"
        if p["stun_tokens"] or p["stunned"]
        else ""
    )
    form = f" [{p['form']}]" if p["form"] else ""
    return (
        f"{p['colour']:>6}: {B.square_name(p['square'])} life {p['life']:>2} VP {p['vp']} "
        f"hand {p['hand_size']} ({p['hand_total']}/{p['max_hand']}) MP {p['mp']}{stun}{form} "
        f"treasure {treasure} items {items}"
    )


def _creature_line(c: JSON, view: JSON) -> str:
    owner = view["players"][c["controller"]]["colour"]
    return (
        f"{c['title']:>12} ({owner}): {B.square_name(c['square'])} life {c['life']} "
        f"speed {c['base_speed']}{' stun ' + str(c['stun_tokens']) if c['stun_tokens'] else ''}"
    )


def _spell_text(view: JSON, sp: Any) -> str:
    caster = view["players"][sp["caster"]]["colour"]
    on = f" on {sp['target']}" if sp["target"] else ""
    tokens = f" ({sp['tokens']})" if sp["tokens"] else ""
    return f"{caster}'s {sp['card']['title']}{on}{tokens}"
