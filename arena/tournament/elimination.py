"""Single and double elimination for 2-player games.

The bracket is a graph of slots fixed by the field size: each slot takes two inputs, an
entrant by draw number (1 meets the last seed), the winner of a slot, or the loser of one.
Fields that are not a power of two fill with byes, which the top seeds receive; a slot with
a bye is a walkover and plays no game. A slot's winner is the entrant with more points over
its games, then the higher summed game score, then the better seed.

Double elimination: losers of the winners' bracket drop into the losers' bracket (in
reversed order every other round, to avoid early rematches); its champion meets the
winners' champion in the grand final, and if the losers' champion wins that, a second
grand final (the bracket reset) decides, since both then have one loss.

A tournament round is every slot whose two entrants are known and that has not been played,
so the winners' and losers' brackets advance side by side.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arena.tournament.model import History, Round, Settings, Table
from arena.tournament.tables import make_table, seat_counts, table_done, table_order

BYE = -1
Source = tuple[str, object]  # ("seed", n) | ("winner", slot) | ("loser", slot)


@dataclass(frozen=True)
class Slot:
    name: str
    section: str  # "winners" | "losers" | "final"
    column: int
    index: int
    inputs: tuple[Source, Source]


@dataclass
class State:
    players: list[int | None] = field(default_factory=lambda: [None, None])
    winner: int | None = None
    loser: int | None = None
    #: "pending", "ready", "playing", "done", "walkover", "skipped"
    status: str = "pending"
    round: int | None = None
    table: Table | None = None


def seeding(size: int) -> list[int]:
    """Draw numbers in bracket-line order, so that seed 0 and seed 1 meet only in the final."""
    order = [0]
    while len(order) < size:
        total = 2 * len(order)
        order = [x for s in order for x in (s, total - 1 - s)]
    return order


def levels(entrants: int) -> int:
    k = 1
    while 2**k < entrants:
        k += 1
    return k


def bracket(entrants: int, double: bool) -> list[Slot]:
    """Every slot, in an order where each slot comes after the slots it takes from."""
    k = levels(entrants)
    size = 2**k
    lines = seeding(size)
    slots = [
        Slot(f"W1-{i}", "winners", 1, i, (("seed", lines[2 * i - 2]), ("seed", lines[2 * i - 1])))
        for i in range(1, size // 2 + 1)
    ]
    for r in range(2, k + 1):
        for i in range(1, size // 2**r + 1):
            inputs = (("winner", f"W{r - 1}-{2 * i - 1}"), ("winner", f"W{r - 1}-{2 * i}"))
            slots.append(Slot(f"W{r}-{i}", "winners", r, i, inputs))
    if not double:
        return slots
    if k == 1:
        losers_champion: Source = ("loser", "W1-1")
    else:
        for i in range(1, size // 4 + 1):
            inputs = (("loser", f"W1-{2 * i - 1}"), ("loser", f"W1-{2 * i}"))
            slots.append(Slot(f"L1-{i}", "losers", 1, i, inputs))
        for m in range(1, k):
            count = size // 2 ** (m + 1)
            for i in range(1, count + 1):
                drop = count + 1 - i if m % 2 else i
                inputs = (("winner", f"L{2 * m - 1}-{i}"), ("loser", f"W{m + 1}-{drop}"))
                slots.append(Slot(f"L{2 * m}-{i}", "losers", 2 * m, i, inputs))
            if m < k - 1:
                for i in range(1, size // 2 ** (m + 2) + 1):
                    inputs = (("winner", f"L{2 * m}-{2 * i - 1}"), ("winner", f"L{2 * m}-{2 * i}"))
                    slots.append(Slot(f"L{2 * m + 1}-{i}", "losers", 2 * m + 1, i, inputs))
        losers_champion = ("winner", f"L{2 * (k - 1)}-1")
    slots.append(Slot("GF", "final", 1, 1, (("winner", f"W{k}-1"), losers_champion)))
    slots.append(Slot("GF2", "final", 2, 1, (("winner", "GF"), ("loser", "GF"))))
    return slots


def resolve(settings: Settings, history: History) -> tuple[list[Slot], dict[str, State]]:
    """Every slot's entrants and result as far as the results so far decide them."""
    slots = bracket(history.size, settings.format == "double-elim")
    played = {t.slot: (rnd.number, t) for rnd in history.rounds for t in rnd.tables}
    states: dict[str, State] = {}

    def value(source: Source) -> int | None:
        kind, ref = source
        if kind == "seed":
            return ref if ref < history.size else BYE  # type: ignore[operator]
        state = states[ref]  # type: ignore[index]
        return state.winner if kind == "winner" else state.loser

    for slot in slots:
        state = State(players=[value(slot.inputs[0]), value(slot.inputs[1])])
        states[slot.name] = state
        if slot.name == "GF2":
            final = states["GF"]
            if final.status not in ("done", "walkover"):
                continue
            if final.winner != final.players[1] or BYE in final.players:
                state.status, state.winner, state.loser = "skipped", final.winner, final.loser
                continue
        a, b = state.players
        if a is None or b is None:
            continue
        if a == BYE or b == BYE:
            state.status = "walkover"
            state.winner = b if a == BYE else a
            state.loser = BYE
            continue
        if slot.name not in played:
            state.status = "ready"
            continue
        number, table = played[slot.name]
        state.round, state.table = number, table
        if not table_done(history, number, table):
            state.status = "playing"
            continue
        ranked = table_order(history, number, table)
        state.status, state.winner, state.loser = "done", ranked[0], ranked[1]
    return slots, states


def next_round(settings: Settings, history: History) -> Round | None:
    slots, states = resolve(settings, history)
    ready = [s for s in slots if states[s.name].status == "ready"]
    if not ready:
        return None
    number = len(history.rounds) + 1
    counts = seat_counts(history)
    tables = tuple(
        make_table(
            settings,
            history,
            number,
            index,
            [p for p in states[slot.name].players if p is not None],
            slot=slot.name,
            counts=counts,
        )
        for index, slot in enumerate(ready, 1)
    )
    return Round(number=number, tables=tables)


def champion(settings: Settings, history: History) -> int | None:
    slots, states = resolve(settings, history)
    last = states[slots[-1].name]
    if last.status in ("done", "walkover", "skipped") and last.winner not in (None, BYE):
        return last.winner
    return None


def stages(settings: Settings, history: History) -> dict[int, tuple[tuple, str]]:
    """How far each entrant got, as a sort key (higher is better) and a label."""
    double = settings.format == "double-elim"
    slots, states = resolve(settings, history)
    k = levels(history.size)
    top = champion(settings, history)
    result: dict[int, tuple[tuple, str]] = {}

    def depth(slot: Slot) -> int:
        if not double:
            return slot.column
        if slot.section == "winners":
            return 2 * (slot.column - 1)
        if slot.section == "losers":
            return slot.column
        return 2 * k - 1

    for slot in slots:
        state = states[slot.name]
        for player in state.players:
            if player in (None, BYE):
                continue
            if state.status in ("ready", "playing", "pending"):
                result[player] = ((depth(slot), 1), "playing")
            elif state.status == "done" and player == state.loser:
                out = slot.section != "winners" or not double
                if out:
                    result[player] = ((depth(slot), 0), _label(slot, k, double))
    if top is not None:
        final = 2 * k if double else k + 1
        result[top] = ((final, 0), "champion")
    return result


def _label(slot: Slot, k: int, double: bool) -> str:
    if slot.section == "final" or (not double and slot.column == k):
        return "runner-up"
    if slot.section == "losers":
        return f"out in L{slot.column}"
    return f"out in W{slot.column}" if double else f"out in round {slot.column}"
