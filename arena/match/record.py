"""Match records: the replay (a contract) plus timings, strikes and captured stderr.

Text a bot can influence (its name, stderr, strike details, why it was disqualified) is made
storable (`arena.storable`) as it enters the record, so the record can always be written to
JSON and to the database, whatever bytes the bot produced.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from arena.storable import NAME_CAP, REASON_CAP, RECORD_STDERR_CAP, storable

REPLAY_FORMAT = "arena-replay/1"
#: Characters kept of a strike's detail.
DETAIL_CAP = 500


@dataclass(frozen=True)
class Strike:
    decision: int
    reason: str
    detail: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", storable(self.reason, NAME_CAP))
        object.__setattr__(self, "detail", storable(self.detail, DETAIL_CAP))


@dataclass
class SeatReport:
    name: str
    strikes: list[Strike] = field(default_factory=list)
    disqualified: bool = False
    disqualified_reason: str = ""
    stderr: str = ""
    decisions: int = 0
    time_used_ms: float = 0.0
    #: The seed the seat's bot was started with (arena.match.seeds.bot_seed): with it the
    #: bot's own play can be reproduced. Never sent to any bot.
    bot_seed: int | None = None

    def __post_init__(self) -> None:
        self.name = storable(self.name, NAME_CAP)

    def strike_dicts(self) -> list[dict[str, Any]]:
        return [asdict(s) for s in self.strikes]

    def make_storable(self) -> None:
        """Clean the text fields the referee filled in while the match ran."""
        self.name = storable(self.name, NAME_CAP)
        self.disqualified_reason = storable(self.disqualified_reason, REASON_CAP)
        self.stderr = storable(self.stderr, RECORD_STDERR_CAP)


def final_outcome(engine: list[dict[str, Any]], disqualified: list[bool]) -> list[dict[str, Any]]:
    """Rank disqualified seats last (sharing that rank), keeping the others' order.

    Ranks stay dense: 0 best, ties share a rank, the next rank follows directly.
    """
    kept = sorted({r["rank"] for r, dq in zip(engine, disqualified, strict=True) if not dq})
    dense = {rank: i for i, rank in enumerate(kept)}
    last = len(kept)
    return [
        {**r, "rank": last if dq else dense[r["rank"]], "disqualified": dq}
        for r, dq in zip(engine, disqualified, strict=True)
    ]


@dataclass
class MatchRecord:
    match_id: str
    game: str
    options: dict[str, Any]
    seed: int
    players: list[str]
    actions: list[str]
    outcome: list[dict[str, Any]]
    timings: list[dict[str, Any]]
    seats: list[SeatReport]
    time_control: dict[str, Any]
    started_at: float
    duration_ms: float
    arena_version: str
    #: The game's numbers about the whole table (GameState.table_result), not part of the
    #: replay's outcome, so replays recorded before a game reported any still verify.
    table: dict[str, Any] = field(default_factory=dict)
    #: Which attempt at the match this is (1 unless the platform played it again after a
    #: worker died or its infrastructure failed; each attempt is dealt afresh, and `seed`
    #: is the one this attempt played).
    attempt: int = 1

    def __post_init__(self) -> None:
        self.players = [storable(p, NAME_CAP) for p in self.players]
        for seat in self.seats:
            seat.make_storable()

    @property
    def disqualified(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.disqualified]

    def replay(self) -> dict[str, Any]:
        """The replay document: enough to re-simulate the match and check its outcome."""
        return {
            "format": REPLAY_FORMAT,
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
            "actions": self.actions,
            "outcome": self.outcome,
            "disqualified": self.disqualified,
            "match_id": self.match_id,
            "arena_version": self.arena_version,
        }

    def to_dict(self) -> dict[str, Any]:
        """Everything: the replay plus per-decision timings and per-seat reports."""
        return {
            **self.replay(),
            "timings": self.timings,
            "seats": [asdict(s) for s in self.seats],
            "time_control": self.time_control,
            "started_at": self.started_at,
            "duration_ms": self.duration_ms,
            "table": self.table,
            "attempt": self.attempt,
        }
