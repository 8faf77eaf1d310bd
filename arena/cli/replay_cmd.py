"""`arena replay verify|show FILE`: check that a replay reproduces, or step through it."""

from __future__ import annotations

import argparse
import sys

from rich.console import Console

import arena.games
from arena import replay
from arena.games.base import GameState
from arena.games.results import team_result


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("replay", help="verify or show a replay file")
    actions = parser.add_subparsers(dest="replay_command", required=True, metavar="ACTION")
    verify = actions.add_parser("verify", help="re-simulate and compare the outcome")
    verify.add_argument("file")
    verify.set_defaults(run=run_verify)
    show = actions.add_parser("show", help="step through the match in the terminal")
    show.add_argument("file")
    show.add_argument("--seat", type=int, help="show what this seat saw instead of everything")
    show.add_argument("--from", dest="start", type=int, default=0, help="first action to show")
    show.add_argument(
        "--step",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="wait for Enter between actions (default: when run in a terminal)",
    )
    show.set_defaults(run=run_show)


def run_verify(args: argparse.Namespace) -> int:
    doc = replay.load(args.file)
    state = replay.verify(doc)
    places = list(zip(doc["players"], doc["outcome"], strict=True))
    team = team_result(arena.games.get(doc["game"]), doc["outcome"], state.table_result())
    if team is not None:  # a cooperative table: the team's result, never a shared rank 1
        points = ", ".join(f"{name}: {team.seat_text(i)}" for i, (name, _) in enumerate(places))
        shown = f"{team.summary}; {points}"
    else:
        shown = ", ".join(f"{name}: rank {r['rank'] + 1}" for name, r in places)
    print(f"ok: {len(doc['actions'])} actions reproduce the outcome ({shown})")
    return 0


def _label(state: GameState, code: str, mover: int, args: argparse.Namespace, players: list) -> str:
    """The action as the viewer learned of it: a seat sees the others' secrets masked, as
    the referee told it; without --seat, what a spectator learns."""
    viewer = args.seat
    if viewer is None:
        return state.spectator_action(code, len(players))[1]
    if viewer == mover:
        return state.describe(code)
    return state.public_action(code, viewer)[1]


def run_show(args: argparse.Namespace) -> int:
    doc = replay.load(args.file)
    game = arena.games.get(doc["game"])
    players = doc["players"]
    if args.seat is not None and not 0 <= args.seat < len(players):
        raise ValueError(f"--seat must be between 0 and {len(players) - 1}")
    step = sys.stdin.isatty() if args.step is None else args.step
    console = Console()
    total = len(doc["actions"])
    previous = None
    for index, (state, code, seat) in enumerate(replay.states(doc)):
        if code is not None and seat is not None:
            label = code if previous is None else _label(previous, code, seat, args, players)
            console.print(f"[{index}/{total}] {players[seat]} (seat {seat}): {label}", markup=False)
        if index >= args.start:
            view = state.spectate() if args.seat is None else state.observe(args.seat)
            board = game.render(view) if game.render else str(view)
            console.print(board, highlight=False, markup=False)
            if step and index < total and input("Enter: next, q: quit > ").strip() == "q":
                return 0
        previous = state.clone()
    replay.verify(doc)
    console.print(f"outcome: {doc['outcome']}", markup=False)
    return 0
