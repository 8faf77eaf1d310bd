"""`arena-bot`: run a bot file against a referee, keep a remote bot online, or submit it.

    arena-bot run mybot.py --server unix:/run/arena/ref.sock --token SECRET
    arena-bot connect mybot.py --server arena.example.org:50051 --token BOT_TOKEN --tls
    arena-bot submit mybot.py --server https://arena.example.org --token TOKEN \
        --game wandering_towers --name mybot      (see arena_sdk/submit.py)

The server and token may also come from ARENA_SERVER (as the sandbox sets it: a gRPC
target such as unix:/path) and ARENA_TOKEN, which keeps the token out of process listings.
Exit status of run: 0 when the match was played to its end, 1 when it could not be (bad
token, aborted, connection lost), 2 for a bot that won't load, 130 when interrupted.
connect runs until Ctrl-C or SIGTERM (or --matches are played): it leaves the lobby and
plays the matches under way to their end, or leaves them at once on a second Ctrl-C or
SIGTERM; then 0, or 1 when the gateway refuses the bot token. Every ending is one line,
never a traceback (a bot's own exceptions are logged with theirs).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import sys
import threading

from arena_sdk import __version__, grpc_io, submit  # the standard library only
from arena_sdk.loader import BotLoadError, load_bot


def main(argv: list[str] | None = None) -> int:
    grpc_io.prefer_direct_io()  # where the bot's process starts, before anything imports grpc
    parser = argparse.ArgumentParser(
        prog="arena-bot", description="Run an Arena bot, or submit it."
    )
    parser.add_argument("--version", action="version", version=f"arena-sdk {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="play one match against a referee")
    run.add_argument("bot", help="the bot's .py file")
    run.add_argument(
        "--server",
        default=os.environ.get("ARENA_SERVER") or os.environ.get("ARENA_SOCKET"),
        help="unix:/path/to.sock, /path/to.sock or host:port ($ARENA_SERVER, $ARENA_SOCKET)",
    )
    run.add_argument(
        "--token", default=os.environ.get("ARENA_TOKEN"), help="the seat's token ($ARENA_TOKEN)"
    )
    run.add_argument("--name", help="name to report in the hello (default: the bot's)")
    run.add_argument("--seed", type=int, help="seed for the bot's own random generator")
    run.add_argument("--connect-timeout", type=float, default=10.0, metavar="SECONDS")
    run.add_argument("-q", "--quiet", action="store_true", help="print no result line")
    standby = commands.add_parser(
        "standby",
        help="load the SDK now, then play the one match named by a line of JSON on stdin "
        '({"bot", "server", "token", "seed"}): how a sandbox is started before its match',
    )
    standby.add_argument("-q", "--quiet", action="store_true", help="print no result line")
    online = commands.add_parser(
        "connect", help="keep a remote bot online at a gateway and play every match it is given"
    )
    online.add_argument("bot", help="the bot's .py file")
    online.add_argument("--server", default=os.environ.get("ARENA_SERVER"), help="host:port")
    online.add_argument(
        "--token", default=os.environ.get("ARENA_TOKEN"), help="the bot token ($ARENA_TOKEN)"
    )
    online.add_argument(
        "--concurrency", type=int, help="matches at once (default: what the site allows)"
    )
    online.add_argument("--tls", action="store_true", help="connect with TLS")
    online.add_argument("--ca", help="PEM file of the CA to trust (with --tls)")
    online.add_argument("--name", help="name to report (default: the bot's)")
    online.add_argument("--matches", type=int, default=0, help="stop after N matches")
    submit.add_arguments(
        commands.add_parser("submit", help="upload a bot to an Arena site (needs an API token)")
    )
    args = parser.parse_args(argv)
    try:
        if args.command == "submit":
            return submit.run(args)
        if args.command == "connect":
            return _connect(parser, args)
        if args.command == "standby":
            return _standby(args)
        if not args.server or not args.token:
            parser.error("run needs --server and --token (or ARENA_SERVER and ARENA_TOKEN)")
        return _run(args)
    except KeyboardInterrupt:
        print("arena-bot: interrupted", file=sys.stderr)
        return 130


def _run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, format="arena-bot: %(message)s")

    from arena_sdk.client import ClientError, run_bot  # imports grpc: only when needed

    try:
        bot = load_bot(args.bot, seed=args.seed)
    except BotLoadError as exc:
        print(f"arena-bot: {exc}", file=sys.stderr)
        return 2
    try:
        result = run_bot(
            bot, args.server, args.token, name=args.name, connect_timeout=args.connect_timeout
        )
    except ClientError as exc:
        print(f"arena-bot: {exc}", file=sys.stderr)
        return 1
    if not args.quiet:
        mine = result["outcome"][result["seat"]] if result["outcome"] else {}
        print(json.dumps({"seat": result["seat"], **mine, "strikes": len(result["strikes"])}))
    return 0


#: The most a standby reads of its one line: a path, an address, a token and a seed.
STANDBY_LINE = 16_384


def _standby(args: argparse.Namespace) -> int:
    """Import what every match needs (grpc, protobuf, the views) before the match exists,
    then wait for its bot, server and token; an empty stdin means it was not needed."""
    import arena_sdk.client  # noqa: F401  (the imports are the point)

    line = sys.stdin.buffer.readline(STANDBY_LINE)
    if not line.strip():
        return 0
    try:
        told = json.loads(line)
        seed = told.get("seed")
        run = argparse.Namespace(
            bot=str(told["bot"]),
            server=str(told["server"]),
            token=str(told["token"]),
            seed=None if seed is None else int(seed),
            name=None,
            connect_timeout=10.0,
            quiet=args.quiet,
        )
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        print(f"arena-bot: standby: not a match to play: {exc}", file=sys.stderr)
        return 1
    # As `run` started by the sandbox sees them: a bot may read its seat's address itself.
    os.environ["ARENA_SERVER"], os.environ["ARENA_TOKEN"] = run.server, run.token
    return _run(run)


def _connect(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if not args.server or not args.token:
        parser.error("connect needs --server and --token (or ARENA_SERVER and ARENA_TOKEN)")
    logging.basicConfig(level=logging.WARNING, format="arena-bot: %(message)s")
    import grpc

    from arena_sdk.client import ClientError
    from arena_sdk.connect import bot_factory, connect
    from arena_sdk.loader import find_bot, load_module

    try:
        make_bot = bot_factory(find_bot(load_module(args.bot)))
    except BotLoadError as exc:
        print(f"arena-bot: {exc}", file=sys.stderr)
        return 2
    credentials = None
    if args.tls or args.ca:
        root = open(args.ca, "rb").read() if args.ca else None  # noqa: SIM115
        credentials = grpc.ssl_channel_credentials(root_certificates=root)
    # From here Ctrl-C and SIGTERM are flags the connection reads (the first: no new
    # matches, finish those under way; the second: leave now), never an exception raised
    # wherever the main thread happens to be.
    stop, leave = threading.Event(), threading.Event()

    def on_signal(signum: int, frame: object) -> None:
        (leave if stop.is_set() else stop).set()

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, on_signal)
    try:
        tally = connect(
            make_bot,
            args.server,
            args.token,
            concurrency=args.concurrency,
            credentials=credentials,
            name=args.name,
            matches=args.matches,
            stop=stop,
            leave=leave,
        )
    except ClientError as exc:
        print(f"arena-bot: {exc}", file=sys.stderr)
        return 1
    print(json.dumps({"played": tally.played, "failed": tally.failed}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
