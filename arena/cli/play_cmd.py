"""`arena play`: run matches locally, drawing the board or a progress bar and a win table."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

import arena.games
from arena import replay
from arena.games.base import Game, GameState, won
from arena.games.results import team_result
from arena.match.lineup import agents_for, is_file_spec
from arena.match.record import MatchRecord
from arena.match.referee import StepHook, TimeControl, run_match
from arena.match.seeds import new_match_seed


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("play", help="play matches between bots on this machine")
    parser.add_argument("game", help="game name, see `arena games`")
    parser.add_argument("bots", nargs="+", help="one bot per seat: a built-in name or a .py file")
    parser.add_argument(
        "--seed", type=int, help="seed of the first game (default: a random one, printed)"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    parser.add_argument("--replay", metavar="FILE", help="write the (last) game's replay here")
    parser.add_argument("--quiet", action="store_true", help="do not draw the board")
    parser.add_argument("--games", type=int, default=1, help="play N games, rotating seats")
    parser.add_argument("--time", type=float, default=5.0, help="seconds per decision")
    parser.add_argument(
        "--no-sandbox",
        dest="sandbox",
        action="store_false",
        help="load bot files in this process (only for code you trust)",
    )
    parser.set_defaults(run=run)


def parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"option {pair!r} is not KEY=VALUE")
        options[key] = value
    return options


def run(args: argparse.Namespace) -> int:
    game = arena.games.get(args.game)
    options = game.resolve_options(parse_options(args.option))
    if not game.min_players <= len(args.bots) <= game.max_players:
        raise ValueError(
            f"{game.name} takes {game.min_players}–{game.max_players} players, "
            f"got {len(args.bots)} bots"
        )
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    console = Console()
    if args.seed is None:  # a fixed default would let a bot re-deal the game it plays
        args.seed = new_match_seed()
    time_control = TimeControl(per_decision=args.time, bank=args.time * 10)
    if args.games == 1:
        draw = None
        if not args.quiet:
            draw = BoardPrinter(game, console, args.bots)
            draw.board(game.new_state(len(args.bots), args.seed, options).spectate())
        record = _play(game, args.bots, args.seed, options, time_control, args.sandbox, draw)
        records = [(record, list(range(len(args.bots))))]
    else:
        records = _series(game, args, options, time_control, console)
    if args.replay:
        replay.save(records[-1][0].replay(), args.replay)
        console.print(f"replay written to {args.replay}")
    names = [Path(s).stem if is_file_spec(s) else s for s in args.bots]
    summary = team_summary(records, game)
    if summary:
        console.print(summary, markup=False, highlight=False, soft_wrap=True)
    console.print(result_table(names, records, game))
    for line in strike_lines(records):
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    console.print(f"seed {args.seed} (play the same deals again with --seed {args.seed})")
    return 0


def _play(
    game: Game,
    specs: list[str],
    seed: int,
    options: dict[str, Any],
    time_control: TimeControl,
    sandbox: bool,
    on_step: StepHook | None = None,
) -> MatchRecord:
    agents = agents_for(game, specs, sandbox)  # bot seeds: a fresh key per match
    return run_match(game.name, agents, seed, options, time_control, on_step=on_step)


def _series(
    game: Game,
    args: argparse.Namespace,
    options: dict[str, Any],
    time_control: TimeControl,
    console: Console,
) -> list[tuple[MatchRecord, list[int]]]:
    """Play `--games` games; game i rotates the seats by i so no bot keeps the first move."""
    n = len(args.bots)
    records = []
    columns = (*Progress.get_default_columns()[:2], BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeRemainingColumn(), console=console) as progress:
        task = progress.add_task(f"{game.title}", total=args.games)
        for i in range(args.games):
            order = [(seat + i) % n for seat in range(n)]  # order[seat] = bot index
            specs = [args.bots[b] for b in order]
            record = _play(game, specs, args.seed + i, options, time_control, args.sandbox)
            records.append((record, order))
            progress.advance(task)
    return records


def strike_lines(records: list[tuple[MatchRecord, list[int]]], limit: int = 20) -> list[str]:
    """What went wrong, per game and seat: strikes and disqualifications, most recent last."""
    lines = []
    for game, (record, _) in enumerate(records, 1):
        for seat, report in enumerate(record.seats):
            where = f"game {game}, " if len(records) > 1 else ""
            for strike in report.strikes:
                lines.append(
                    f"strike: {where}seat {seat} ({report.name}) at decision {strike.decision}: "
                    f"{strike.reason}: {strike.detail}"
                )
            if report.disqualified:
                lines.append(
                    f"disqualified: {where}seat {seat} ({report.name}): "
                    f"{report.disqualified_reason}"
                )
            # Strike details hold no bot output (it could be shown to anyone on the site);
            # here the person running the match owns every bot, so show the last of it.
            last = report.stderr.strip().splitlines()[-1:] if report.strikes else []
            if last:
                lines.append(f"stderr: {where}seat {seat} ({report.name}): {last[0][:300]}")
    return lines[-limit:]


@dataclass
class _Tally:
    games: int = 0
    wins: int = 0
    shared: int = 0
    ranks: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    strikes: int = 0


def result_table(
    names: list[str], records: list[tuple[MatchRecord, list[int]]], game: Game | None = None
) -> Table:
    """Per bot, best first: wins, average rank and score, strikes; a cooperative game's
    table says how the team did instead (`team_table`)."""
    if game is not None and game.cooperative:
        return team_table(names, records, game)
    tallies = [_Tally() for _ in names]
    for record, order in records:
        winners = sum(1 for r in record.outcome if won(r))
        for seat, result in enumerate(record.outcome):
            tally = tallies[order[seat]]
            tally.games += 1
            tally.ranks.append(result["rank"])
            tally.scores.append(result["score"])
            tally.strikes += len(record.seats[seat].strikes)
            if won(result):
                tally.wins += 1
                tally.shared += winners > 1
    title = "Result" if len(records) == 1 else f"Results over {len(records)} games"
    table = Table(title=title)
    for column in ("bot", "wins", "shared", "win rate", "avg rank", "avg score", "strikes"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    # Best first: by win rate, then average rank, then average score.
    standing = sorted(
        zip(names, tallies, strict=True),
        key=lambda row: (-row[1].wins / row[1].games, sum(row[1].ranks) / row[1].games,
                         -sum(row[1].scores) / row[1].games),
    )  # fmt: skip
    for place, (name, t) in enumerate(standing, 1):
        table.add_row(
            f"{place}. {name}",
            str(t.wins),
            str(t.shared),
            f"{t.wins / t.games:.0%}",
            f"{sum(t.ranks) / t.games + 1:.2f}",
            f"{sum(t.scores) / t.games:.2f}",
            str(t.strikes),
        )
    return table


def team_table(names: list[str], records: list[tuple[MatchRecord, list[int]]], game: Game) -> Table:
    """A cooperative game: whether the table won or lost and why, the towers standing, each
    bot's own trophy points; no places, which would read a shared loss as a win."""
    results = [(team_result(game, r.outcome, r.table), r, order) for r, order in records]
    points: list[list[int]] = [[] for _ in names]
    strikes = [0 for _ in names]
    for result, record, order in results:
        for seat in range(len(order)):
            points[order[seat]].append(result.points[seat] if result else 0)
            strikes[order[seat]] += len(record.seats[seat].strikes)
    title = "Team result" if len(records) == 1 else f"Team results over {len(records)} games"
    table = Table(title=title)
    points_column = "trophy points" if len(records) == 1 else "avg trophy points"
    for column in ("bot", points_column, "strikes"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for name, got, struck in zip(names, points, strikes, strict=True):
        table.add_row(name, f"{sum(got) / max(len(got), 1):g}", str(struck))
    return table


def team_summary(records: list[tuple[MatchRecord, list[int]]], game: Game) -> str | None:
    """How the table did, in words (None for a competitive game): the ending and the towers
    of one game; over several, how many the team won and how each ending came about."""
    found = [team_result(game, record.outcome, record.table) for record, _ in records]
    results = [r for r in found if r is not None]
    if not results or len(results) != len(found):
        return None
    if len(results) == 1:
        return results[0].summary
    won = sum(1 for r in results if r.won)
    endings: dict[str, int] = {}
    for r in results:
        endings[r.headline] = endings.get(r.headline, 0) + 1
    counted = "; ".join(f"{headline}: {n}" for headline, n in endings.items())
    return f"The team won {won} of {len(results)} games ({counted})"


class BoardPrinter:
    """Draws the board after every turn, with what was played during it."""

    def __init__(self, game: Game, console: Console, names: list[str]) -> None:
        self.game = game
        self.console = console
        self.names = names
        self.turn_key: Any = None
        self.moves: list[str] = []

    def __call__(self, state: GameState, seat: int, code: str, label: str) -> None:
        self.moves.append(f"  {self.names[seat]} (seat {seat}): {label}  [{code}]")
        view = state.spectate()
        if (view.get("round"), view.get("active")) != self.turn_key or state.is_over():
            self.board(view)

    def board(self, view: dict[str, Any]) -> None:
        """Print the moves since the last drawing, then the board (never re-wrapped)."""
        lines = [*self.moves, self.game.render(view) if self.game.render else str(view)]
        self.console.print("\n".join(lines), highlight=False, markup=False, soft_wrap=True)
        self.moves = []
        self.turn_key = (view.get("round"), view.get("active"))
