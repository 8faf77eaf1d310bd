"""A bracket as boxes on a grid, for drawing as text (the CLI) or SVG (the site).

A box is one bracket slot (or one knockout table): its entrants, their points at the
table, who went through, and where it sits — section, column, and a row that centres each
box between the two boxes feeding it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arena.tournament import elimination, knockout
from arena.tournament.model import History, Settings
from arena.tournament.tables import table_done, table_order, table_points

SECTIONS = {"winners": "Winners' bracket", "losers": "Losers' bracket", "final": "Grand final"}


@dataclass
class Box:
    slot: str
    section: str
    column: int
    row: float
    names: list[str]
    points: list[float | None]
    #: Indices into `names` of those who went through (the winner; a knockout's top k).
    through: list[int] = field(default_factory=list)
    status: str = "pending"
    round: int | None = None
    table: int | None = None
    #: Slots whose winners come into this box (drawn as connectors).
    feeds: list[str] = field(default_factory=list)


def boxes(settings: Settings, history: History) -> list[Box]:
    if settings.format == "knockout":
        return _knockout(settings, history)
    return _elimination(settings, history)


def _name(history: History, entrant: int | None, source: tuple) -> str:
    if entrant is None:
        kind, ref = source
        return f"{kind} of {ref}" if kind != "seed" else "?"
    if entrant == elimination.BYE:
        return "(bye)"
    return history.entrants[entrant]


def _elimination(settings: Settings, history: History) -> list[Box]:
    slots, states = elimination.resolve(settings, history)
    result = []
    for slot in slots:
        state = states[slot.name]
        if slot.name == "GF2" and state.status == "skipped":
            continue
        if slot.section == "final":
            row = 0.0
        else:
            # Losers' rounds come in pairs of equal size: L1 and L2, L3 and L4, ...
            level = (slot.column + 1) // 2 if slot.section == "losers" else slot.column
            row = (slot.index - 0.5) * 2 ** (level - 1) - 0.5
        points: list[float | None] = [None, None]
        if state.table is not None and state.round is not None:
            got = table_points(history, state.round, state.table)
            points = [got.get(p) if p is not None else None for p in state.players]
        through = []
        if state.winner is not None and state.winner in state.players:
            through = [state.players.index(state.winner)]
        feeds = [
            ref
            for kind, ref in slot.inputs
            if kind == "winner" and str(ref)[0] == slot.name[0] and slot.name != "GF2"
        ]
        result.append(
            Box(
                slot=slot.name,
                section=slot.section,
                column=slot.column,
                row=row,
                names=[_name(history, p, src) for p, src in zip(state.players, slot.inputs)],  # noqa: B905
                points=points,
                through=through,
                status=state.status,
                round=state.round,
                table=state.table.number if state.table else None,
                feeds=[str(f) for f in feeds],
            )
        )
    return result


def _knockout(settings: Settings, history: History) -> list[Box]:
    result = []
    for rnd in history.rounds:
        for index, table in enumerate(rnd.tables):
            done = table_done(history, rnd.number, table)
            got = table_points(history, rnd.number, table)
            ranked = table_order(history, rnd.number, table) if done else []
            final = table.slot == "F"
            keep = 1 if final else settings.advancing
            result.append(
                Box(
                    slot=table.slot,
                    section="knockout",
                    column=rnd.number,
                    row=float(index),
                    names=[history.entrants[p] for p in table.players],
                    points=[got[p] for p in table.players],
                    through=[table.players.index(p) for p in ranked[:keep]],
                    status="done" if done else "playing",
                    round=rnd.number,
                    table=table.number,
                )
            )
    return result


def column_title(settings: Settings, history: History, section: str, column: int) -> str:
    if section == "final":
        return "Grand final" if column == 1 else "Reset"
    if section == "losers":
        return f"Losers {column}"
    if section == "knockout":
        last = history.rounds[-1] if history.rounds else None
        if last and last.number == column and knockout._is_final(last):
            return "Final table"
        return f"Round {column}"
    k = elimination.levels(history.size)
    named = {k: "Final", k - 1: "Semi-finals", k - 2: "Quarter-finals"}
    return named.get(column, f"Round {column}")


def to_text(settings: Settings, history: History) -> str:
    """The bracket drawn in columns, one section after another; ▸ marks who went through."""
    all_boxes = boxes(settings, history)
    sections = ["knockout"] if settings.format == "knockout" else list(SECTIONS)
    out: list[str] = []
    for section in sections:
        mine = [b for b in all_boxes if b.section == section]
        if not mine:
            continue
        if section in SECTIONS:
            out.append(SECTIONS[section])
        out.extend(_draw_section(settings, history, section, mine))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _draw_section(settings: Settings, history: History, section: str, mine: list[Box]) -> list:
    height = max(len(b.names) for b in mine)
    step = height + 1
    columns = sorted({b.column for b in mine})
    titles = [column_title(settings, history, section, c) for c in columns]
    name_width = max(len(n) for b in mine for n in b.names)
    width = max(name_width + 8, *(len(t) + 2 for t in titles))
    low = min(b.row for b in mine)
    lines_total = round((max(b.row for b in mine) - low) * step) + height
    grid = [[" " * width for _ in columns] for _ in range(lines_total)]
    for b in mine:
        col = columns.index(b.column)
        top = round((b.row - low) * step)
        for i, name in enumerate(b.names):
            mark = "▸" if i in b.through else " "
            cell = f"{mark}{name:<{name_width}} {points_text(b.points[i]):>5}"
            grid[top + i][col] = f"{cell:<{width}}"
    header = "".join(f"{t:<{width}}" for t in titles).rstrip()
    return [header] + ["".join(row).rstrip() for row in grid]


def points_text(points: float | None) -> str:
    """Points as people write them: 1, 0.5, 0.67."""
    if points is None:
        return ""
    return f"{points:.2f}".rstrip("0").rstrip(".")
