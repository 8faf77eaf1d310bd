"""`arena tournament`: run a whole tournament between bots on this machine.

The same pairing and standings as on the platform (arena.tournament); games are played
here one after another, bot files sandboxed like `arena play`.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

import arena.games
from arena.cli.play_cmd import parse_options
from arena.match.lineup import agents_for, is_file_spec
from arena.match.referee import TimeControl, run_match
from arena.match.seeds import new_match_seed
from arena.tournament import (
    FORMATS,
    GameResult,
    GameSpec,
    History,
    Round,
    Settings,
    is_elimination,
    settings_for,
    standings,
    tie_breaks,
)
from arena.tournament.bracket import points_text, to_text
from arena.tournament.runner import default_rounds
from arena.tournament.runner import run as run_tournament


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("tournament", help="run a tournament between bots on this machine")
    parser.add_argument("game", help="game name, see `arena games`")
    parser.add_argument("bots", nargs="+", help="entrants: built-in names or .py files")
    parser.add_argument("--format", choices=FORMATS, default="swiss")
    parser.add_argument(
        "--rounds", type=int, help="Swiss rounds, or round-robin cycles (default: by format)"
    )
    parser.add_argument("--table-size", type=int, help="players a table (default: game minimum)")
    parser.add_argument(
        "--games-per-pairing", type=int, default=1, help="games each table plays, seeds differ"
    )
    parser.add_argument("--seed", type=int, help="tournament seed (default: a random one, printed)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    parser.add_argument(
        "--duplicate", action="store_true", help="same deals at every table, seats rotated"
    )
    parser.add_argument("--advance", type=int, default=0, help="knockout: top K of each table")
    parser.add_argument(
        "--seating",
        choices=("rotations", "permutations"),
        default="rotations",
        help="round robin: seat rotations (balanced) or every permutation",
    )
    parser.add_argument("--time", type=float, default=5.0, help="seconds per decision")
    parser.add_argument("--replays", metavar="DIR", help="write every game's replay here")
    parser.add_argument(
        "--no-sandbox",
        dest="sandbox",
        action="store_false",
        help="load bot files in this process (only for code you trust)",
    )
    parser.set_defaults(run=run)


def entrant_names(specs: list[str]) -> list[str]:
    """Display names; the same bot entered twice becomes `greedy#1`, `greedy#2`."""
    names = [Path(s).stem if is_file_spec(s) else s for s in specs]
    totals = Counter(names)
    seen: Counter[str] = Counter()
    result = []
    for name in names:
        seen[name] += 1
        result.append(f"{name}#{seen[name]}" if totals[name] > 1 else name)
    return result


def build_settings(args: argparse.Namespace) -> Settings:
    game = arena.games.get(args.game)
    if args.seed is None:  # a fixed default would let a bot re-deal the games it plays
        args.seed = new_match_seed()
    options = game.resolve_options(parse_options(args.option))
    table_size = args.table_size or max(2, game.min_players)
    return settings_for(
        game,
        format=args.format,
        rounds=args.rounds or default_rounds(args.format, len(args.bots)),
        table_size=table_size,
        games_per_pairing=args.games_per_pairing,
        seed=args.seed,
        options=options,
        duplicate=args.duplicate,
        advance=args.advance,
        seating=args.seating,
    )


def run(args: argparse.Namespace) -> int:
    settings = build_settings(args)
    game = arena.games.get(settings.game)
    names = entrant_names(args.bots)
    time_control = TimeControl(per_decision=args.time, bank=args.time * 10)
    replays = Path(args.replays) if args.replays else None
    if replays:
        replays.mkdir(parents=True, exist_ok=True)
    console = Console()
    played = [0]

    def play(spec: GameSpec) -> GameResult:
        bots = [args.bots[e] for e in spec.seats]
        # The next table's bot files start in sandboxes while this one plays.
        files = sum(1 for bot in bots if is_file_spec(bot))
        agents = agents_for(game, bots, args.sandbox, standbys=files)
        record = run_match(game.name, agents, spec.seed, dict(settings.options), time_control)
        played[0] += 1
        if replays:
            path = replays / f"game-{played[0]:04d}.replay.json"
            path.write_text(json.dumps(record.replay()), encoding="utf-8")
        return GameResult.from_outcome(record.outcome)

    columns = (*Progress.get_default_columns()[:2], BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeRemainingColumn(), console=console) as progress:
        task = progress.add_task(game.title, total=None)

        def on_round(rnd: Round) -> None:
            games = sum(len(t.games) for t in rnd.tables)
            done = progress.tasks[0].completed
            title = f"{game.title}: round {rnd.number}"
            progress.update(task, total=done + games, description=title)

        history = run_tournament(
            settings,
            names,
            play,
            on_round=on_round,
            on_game=lambda *_: progress.advance(task),
        )
    console.print(standings_table(settings, history))
    console.print(f"tournament seed {settings.seed} (the same deals again with --seed)")
    if settings.format in ("single-elim", "double-elim", "knockout"):
        console.print(to_text(settings, history), markup=False, highlight=False, soft_wrap=True)
    return 0


def standings_table(settings: Settings, history: History) -> Table:
    """Standings with every tie-break as a column, named in the title in the order applied."""
    rows = standings(settings, history)
    order = ", then ".join(tie_breaks(settings))
    played = sum(1 for _ in history.played())
    table = Table(
        title=f"Standings — {settings.format}, {len(history.rounds)} rounds, {played} games",
        caption=f"ordered by {order}",
    )
    elimination = is_elimination(settings)
    headers = ["#", "bot"]
    if elimination:
        headers.append("stage")
    headers += ["points", "Buchholz", "avg rank", "h2h", "games", "wins", "byes", "DQ"]
    for header in headers:
        text = header in ("bot", "stage")
        table.add_column(header, justify="left" if text else "right", no_wrap=text)
    for row in rows:
        cells = [str(row.place), row.name]
        if elimination:
            cells.append(row.stage)
        cells += [
            points_text(row.points),
            points_text(row.buchholz),
            "–" if row.average_rank is None else f"{row.average_rank:.2f}",
            "" if row.head_to_head is None else points_text(row.head_to_head),
            str(row.games),
            str(row.wins),
            str(row.byes),
            str(row.disqualified),
        ]
        table.add_row(*cells)
    return table
