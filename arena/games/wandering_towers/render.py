"""A plain-text drawing of a spectator view, readable in a 100-column terminal.

The 16 spaces of the loop are columns (space 15 wraps round to space 0). Each column is a
stack drawn bottom-up: the ground, then every tower with the wizards standing on it, then
the Ravenskeep where it is. Wizards are seat letters: upper case when visible, lower case
when imprisoned. `T3*` is a shielded tower, `[4]` a shielded space.
"""

from __future__ import annotations

from typing import Any

from arena.games.base import JSON

WIDTH = 6  # characters per space column: 16 x 6 = 96
PER_CELL = WIDTH - 1  # wizard letters per cell; a crowded surface takes several cells


def seat_letter(seat: int) -> str:
    return "ABCDEF"[seat]


def render(view: JSON) -> str:
    owners = {w["id"]: w["owner"] for w in view["wizards"]}
    lines = [_header(view), ""]
    lines += _board(view, owners)
    lines += ["", _ravenskeep(view, owners)]
    lines += [_player_line(view, p) for p in view["players"]]
    lines += _cards_and_spells(view)
    lines.append(_status(view))
    lines.append("Upper case: visible wizard; lower case: imprisoned. T3*: shielded tower.")
    return "\n".join(lines)


def _header(view: JSON) -> str:
    teams = " teams" if view["teams"] else ""
    mover = "game over" if view["over"] else f"{seat_letter(view['to_move'])} to move"
    return (
        f"Wandering Towers ({view['variant']}{teams}, {view['num_players']} players) - "
        f"round {view['round']}, {seat_letter(view['active'])}'s turn, {mover} "
        f"[{view['phase']}]"
    )


def _wizard_cells(
    wizards: list[int], owners: dict[int, int], visible: bool, hidden: int
) -> list[str]:
    letters = "".join(seat_letter(owners[w]) for w in wizards) + "?" * hidden
    if not visible:
        letters = letters.lower()
    return [letters[i : i + PER_CELL] for i in range(0, len(letters), PER_CELL)]


def _column(space: JSON, owners: dict[int, int], shielded: set[int]) -> list[str]:
    """The cells of one space, bottom to top (the ground cell is always there)."""
    height = len(space["towers"])
    ground = space["levels"][0]
    cells = _wizard_cells(ground["wizards"], owners, height == 0, ground["hidden"]) or ["."]
    for level, tower in enumerate(space["towers"], 1):
        cells.append(f"T{tower}{'*' if tower in shielded else ''}")
        group = space["levels"][level]
        cells += _wizard_cells(group["wizards"], owners, level == height, group["hidden"])
    if space["ravenskeep"]:
        cells.append("KEEP")
    return cells


def _board(view: JSON, owners: dict[int, int]) -> list[str]:
    shielded = {t["id"] for t in view["towers"] if t["shielded"]}
    columns = [_column(space, owners, shielded) for space in view["spaces"]]
    tallest = max(len(column) for column in columns)
    rows = []
    for row in range(tallest - 1, -1, -1):
        cells = [column[row] if row < len(column) else "" for column in columns]
        rows.append("".join(cell.center(WIDTH) for cell in cells).rstrip())
    labels = [f"[{s['index']}]" if s["shielded"] else str(s["index"]) for s in view["spaces"]]
    rows.append("".join(label.center(WIDTH) for label in labels).rstrip() + " -> 0")
    return rows


def _ravenskeep(view: JSON, owners: dict[int, int]) -> str:
    keep = view["ravenskeep"]
    where = "on the ground" if keep["level"] == 0 else f"on a stack of {keep['level']}"
    inside = " ".join(seat_letter(owners[w]) for w in keep["inside"]) or "nobody"
    return f"Ravenskeep: space {keep['space']} {where}; inside: {inside}"


def _player_line(view: JSON, player: JSON) -> str:
    seat = player["seat"]
    flasks = "#" * player["flasks_full"] + "." * player["flasks_empty"]
    spent = "x" * player["flasks_spent"]
    marks = "*" if seat == view["active"] else " "
    team = f" team {player['team']}" if player["team"] >= 0 else ""
    goal = "  GOAL" if player["goal_met"] else ""
    return (
        f" {marks}{seat_letter(seat)} (seat {seat}{team}): hand {player['hand_size']}, "
        f"home {player['wizards_in_keep']}/{player['wizards']}, "
        f"flasks [{flasks}] spent [{spent}]{goal}"
    )


def _card_text(card: JSON) -> str:
    die = f"{card['dice']}d" if card["dice"] else ""
    parts = []
    if card["kind"] in ("wizard", "dual"):
        parts.append(f"W{card['wizard'] or die}")
    if card["kind"] in ("tower", "dual"):
        parts.append(f"T{card['tower'] or die}")
    return f"#{card['id']} {'/'.join(parts)}"


def _cards_and_spells(view: JSON) -> list[str]:
    top = _card_text(view["discard"][-1]) if view["discard"] else "none"
    spells = [f"{s['title']} ({s['cost']})" for s in view["spells"]]
    lines = [f"Draw pile {view['draw_pile_size']}, discard top {top}"]
    for start in range(0, len(spells), 3):  # three spells a line keep within 100 columns
        label = "Spells (cost): " if start == 0 else "               "
        lines.append(label + ", ".join(spells[start : start + 3]))
    return lines


def _status(view: JSON) -> str:
    if view["over"]:
        ranks = ", ".join(
            f"{seat_letter(o['seat'])}: rank {o['rank']} ({o['score']})" for o in view["outcome"]
        )
        return f"Game over ({view['end_reason']}): {ranks}"
    action: dict[str, Any] = view["action"]
    parts = [f"Actions done {view['turn']['actions_done']}"]
    if "card" in action:
        parts.append(f"card in play {_card_text(action['card'])}")
    if action["roll"]:
        parts.append(f"roll {action['roll']}")
    if "committed" in action:
        committed = action["committed"]
        piece = {
            "wizard": f"wizard {committed['wizard']}",
            "tower": f"tower T{committed['tower']}",
        }.get(committed["kind"], "no move")
        parts.append(f"committed {piece} +{committed['steps']}")
    if "spell" in view:
        spell = view["spell"]
        parts.append(f"{seat_letter(spell['caster'])} casts {spell['name']} ({spell['timing']})")
    if view["game_end_triggered"]:
        parts.append("game end triggered")
    return "; ".join(parts)
