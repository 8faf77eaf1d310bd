"""`arena host`: host one match for remote bots, each joining with its seat's token."""

from __future__ import annotations

import argparse
import sys

from rich.console import Console

import arena.games
from arena import replay
from arena.cli.play_cmd import parse_options, result_table, strike_lines
from arena.match.referee import TimeControl, run_match
from arena.match.seeds import new_match_seed


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("host", help="host one match for bots that connect over gRPC")
    parser.add_argument("game")
    parser.add_argument("--listen", default="127.0.0.1:50051", help="host:port or unix:/path")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=int, help="game seed (default: a random one)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--time", type=float, default=5.0, help="seconds per decision")
    parser.add_argument("--wait", type=float, default=600.0, help="seconds to wait for bots")
    parser.add_argument("--replay", metavar="FILE", help="write the replay here")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from arena.match.grpc_server import RefereeServer  # grpc only for this command

    game = arena.games.get(args.game)
    options = game.resolve_options(parse_options(args.option))
    if not game.min_players <= args.players <= game.max_players:
        raise ValueError(
            f"{game.name} takes {game.min_players}–{game.max_players} players, got {args.players}"
        )
    if args.seed is None:  # a fixed default would let a remote bot re-deal the game
        args.seed = new_match_seed()
    game.new_state(args.players, args.seed, options)  # reject bad combinations before serving
    if args.listen.startswith("unix:"):
        server = RefereeServer(unix_socket=args.listen.removeprefix("unix:"))
    else:
        server = RefereeServer(tcp=args.listen)
    console = Console()
    with server, server.open_match(game.name, args.players) as match:
        print(f"hosting {game.title} for {args.players} bots at {server.address}", flush=True)
        for seat, token in match.tokens.items():
            print(f"seat {seat}: arena-bot run BOT.py --server {server.address} --token {token}")
        sys.stdout.flush()
        missing = match.wait_for_seats(args.wait)
        if missing:
            print(f"seats {missing} did not join in {args.wait:.0f}s; they are disqualified")
        names = [agent.name for agent in match.agents]
        print(f"all in: {', '.join(names)}; playing", flush=True)
        time_control = TimeControl(per_decision=args.time, bank=args.time * 10)
        record = run_match(
            game.name, match.agents, args.seed, options, time_control, match_id="hosted"
        )
    if args.replay:
        replay.save(record.replay(), args.replay)
        print(f"replay written to {args.replay}")
    console.print(result_table(names, [(record, list(range(args.players)))]))
    for line in strike_lines([(record, list(range(args.players)))]):
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    return 0
