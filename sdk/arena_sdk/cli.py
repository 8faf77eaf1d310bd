"""`arena-bot`: run a bot file against a referee, or submit it to an Arena site.

    arena-bot run mybot.py --server unix:/run/arena/ref.sock --token SECRET
    arena-bot submit mybot.py --server https://arena.example.org --token TOKEN \
        --game wandering_towers --name mybot      (see arena_sdk/submit.py)

The server and token may also come from ARENA_SERVER (or ARENA_SOCKET, a socket path, as
the sandbox sets it) and ARENA_TOKEN, which keeps the token out of process listings.
Exit status: 0 when the match was played to its end, 1 when it could not be (bad token,
aborted, connection lost), 2 for a bot that won't load.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys

from arena_sdk import __version__, submit  # submit: the standard library only
from arena_sdk.loader import BotLoadError, load_bot


def main(argv: list[str] | None = None) -> int:
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
    submit.add_arguments(
        commands.add_parser("submit", help="upload a bot to an Arena site (needs an API token)")
    )
    args = parser.parse_args(argv)
    if args.command == "submit":
        return submit.run(args)
    if not args.server or not args.token:
        parser.error("run needs --server and --token (or ARENA_SERVER and ARENA_TOKEN)")
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


if __name__ == "__main__":
    sys.exit(main())
