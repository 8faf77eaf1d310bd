"""What a tournament is made of: settings, rounds of tables, and game results.

Entrants are numbers 0..N-1 in draw order (the frozen field); names live with the caller.
Everything here is plain data that round-trips through JSON, so the platform can store a
round's plan and rebuild the whole tournament from its matches.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import arena.games
from arena.tournament.scoring import game_points

FORMATS = ("swiss", "round-robin", "single-elim", "double-elim", "knockout")
SEATINGS = ("rotations", "permutations")


@dataclass(frozen=True)
class Settings:
    """How a tournament is played; fixed when it starts."""

    game: str
    format: str
    #: Swiss: rounds; round robin: complete cycles; eliminations: ignored (the field decides).
    rounds: int = 5
    table_size: int = 2
    games_per_pairing: int = 1
    seed: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    #: The same deals for every table of a round, each deal played at every seat rotation.
    duplicate: bool = False
    #: Knockout by table: how many of each table go through (0: half the table).
    advance: int = 0
    #: Round robin: every seat rotation of each table, or every permutation.
    seating: str = "rotations"
    #: The game's legal table sizes (copied from the registry so pairing stays pure).
    min_players: int = 2
    max_players: int = 2

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise ValueError(f"unknown format {self.format!r}; known: {', '.join(FORMATS)}")
        if self.seating not in SEATINGS:
            raise ValueError(f"seating must be one of {', '.join(SEATINGS)}")
        if not self.min_players <= self.table_size <= self.max_players:
            raise ValueError(
                f"{self.game} takes {self.min_players}–{self.max_players} players a table, "
                f"not {self.table_size}"
            )
        if self.games_per_pairing < 1:
            raise ValueError("games per pairing must be at least 1")
        if self.rounds < 1:
            raise ValueError("rounds must be at least 1")
        if self.format == "swiss" and not 2 <= self.table_size <= 6:
            raise ValueError("Swiss pairs tables of 2 to 6 players")
        if self.format in ("single-elim", "double-elim") and self.table_size != 2:
            raise ValueError(f"{self.format} is for 2-player tables; use knockout for more")
        if self.format == "knockout" and not 0 <= self.advance < self.table_size:
            raise ValueError(
                f"advance must be below the table size, {self.table_size} (0: half the table)"
            )

    @property
    def advancing(self) -> int:
        return self.advance or max(1, self.table_size // 2)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "format": self.format,
            "rounds": self.rounds,
            "table_size": self.table_size,
            "games_per_pairing": self.games_per_pairing,
            "seed": self.seed,
            "options": dict(self.options),
            "duplicate": self.duplicate,
            "advance": self.advance,
            "seating": self.seating,
            "min_players": self.min_players,
            "max_players": self.max_players,
        }


def settings_for(game: Any, **values: Any) -> Settings:
    """Settings for a registered `arena.games.Game`, its table sizes filled in."""
    values.setdefault("table_size", max(2, game.min_players))
    return Settings(
        game=game.name, min_players=game.min_players, max_players=game.max_players, **values
    )


@dataclass(frozen=True)
class GameSpec:
    """One game at a table: its seed and the entrant in each seat."""

    seed: int
    seats: tuple[int, ...]


@dataclass(frozen=True)
class Table:
    """Entrants meeting in one round, and the games they play."""

    number: int
    players: tuple[int, ...]
    games: tuple[GameSpec, ...]
    #: Where the table sits in a bracket ("W2-1", "L3-2", "GF", "K1-3"); "" otherwise.
    slot: str = ""


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    #: Entrants who sit this round out.
    byes: tuple[int, ...] = ()
    #: Points a bye is worth (Swiss: a win of every game a table plays; elsewhere nothing).
    bye_points: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "byes": list(self.byes),
            "bye_points": self.bye_points,
            "tables": [
                {
                    "number": t.number,
                    "players": list(t.players),
                    "slot": t.slot,
                    "games": [{"seed": g.seed, "seats": list(g.seats)} for g in t.games],
                }
                for t in self.tables
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Round:
        return cls(
            number=int(data["number"]),
            byes=tuple(data.get("byes", ())),
            bye_points=float(data.get("bye_points", 0.0)),
            tables=tuple(
                Table(
                    number=int(t["number"]),
                    players=tuple(t["players"]),
                    slot=t.get("slot", ""),
                    games=tuple(GameSpec(int(g["seed"]), tuple(g["seats"])) for g in t["games"]),
                )
                for t in data["tables"]
            ),
        )


@dataclass(frozen=True)
class GameResult:
    """What one game gave each seat. `ranks` None: void (the platform failed, nobody did)."""

    ranks: tuple[int, ...] | None
    scores: tuple[float, ...] = ()
    disqualified: tuple[bool, ...] = ()
    #: Who won: rank 0, or in a cooperative game every seat of a table that won together
    #: (a lost one shares rank 0 unwon). Empty: rank 0 won (results built from ranks alone).
    won: tuple[bool, ...] = ()
    #: A cooperative table: the seats won or lost together, and only a won table has places
    #: (by trophy points); a lost one shares rank 0 without being first.
    cooperative: bool = False

    @classmethod
    def from_outcome(cls, outcome: Iterable[Mapping[str, Any]]) -> GameResult:
        seats = list(outcome)
        return cls(
            ranks=tuple(int(s["rank"]) for s in seats),
            scores=tuple(float(s.get("score") or 0) for s in seats),
            disqualified=tuple(bool(s.get("disqualified")) for s in seats),
            won=tuple(arena.games.won(s) for s in seats),
            cooperative=any("team_won" in s for s in seats),
        )

    def seat_won(self, seat: int) -> bool:
        if self.won:
            return self.won[seat]
        return self.ranks is not None and self.ranks[seat] == 0

    def points(self) -> list[float]:
        """Each seat's tournament points for this game: by place in a competitive game (1 to
        the winner, ½ per tie), the team's result at a cooperative table (1 won, 0 lost)."""
        assert self.ranks is not None, "a void game gives no points"
        if self.cooperative:
            return [1.0 if self.seat_won(seat) else 0.0 for seat in range(len(self.ranks))]
        return game_points(self.ranks)

    def place(self, seat: int) -> int | None:
        """The seat's finishing place (1 is first); None at a cooperative table that lost,
        where nobody placed."""
        if self.ranks is None or (self.cooperative and not self.seat_won(seat)):
            return None
        return self.ranks[seat] + 1

    @classmethod
    def void(cls) -> GameResult:
        return cls(ranks=None)


#: (round number, table number, game index) -> result
ResultKey = tuple[int, int, int]


@dataclass
class History:
    """The frozen field, the rounds paired so far and the results known so far."""

    entrants: tuple[str, ...]
    rounds: list[Round] = field(default_factory=list)
    results: dict[ResultKey, GameResult] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.entrants)

    def games(self) -> Iterable[tuple[Round, Table, int, GameSpec]]:
        for rnd in self.rounds:
            for table in rnd.tables:
                for index, spec in enumerate(table.games):
                    yield rnd, table, index, spec

    def result(self, rnd: Round, table: Table, index: int) -> GameResult | None:
        return self.results.get((rnd.number, table.number, index))

    def complete(self) -> bool:
        """Every game paired so far has a result (void counts)."""
        return all((r.number, t.number, i) in self.results for r, t, i, _ in self.games())

    def played(self) -> Iterable[tuple[Round, Table, GameSpec, GameResult]]:
        """Games with a non-void result."""
        for rnd, table, index, spec in self.games():
            result = self.result(rnd, table, index)
            if result is not None and result.ranks is not None:
                yield rnd, table, spec, result
