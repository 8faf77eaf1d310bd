"""The `arena` command: play games locally, check and show replays.

These are the commands that need no platform (no Django, no Celery). The installed `arena`
command (`arena_platform.cli`) adds the platform's own (`demo`, `worker`, ...) through
`extra`, from the layer above.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Sequence

from arena.cli import games_cmd, host_cmd, play_cmd, replay_cmd, tournament_cmd
from arena.sandbox.config import SandboxUnavailable
from arena_sdk import grpc_io

#: Adds commands to the `arena` parser's subcommands (e.g. `arena_platform.commands.register`).
Register = Callable[[argparse._SubParsersAction], None]


def build_parser(extra: Iterable[Register] = ()) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arena", description="Play board games between bots, locally or on the platform."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    games_cmd.register(commands)
    play_cmd.register(commands)
    replay_cmd.register(commands)
    host_cmd.register(commands)
    tournament_cmd.register(commands)
    for register in extra:
        register(commands)
    return parser


def main(argv: Sequence[str] | None = None, *, extra: Iterable[Register] = ()) -> int:
    """Run one `arena` command: the start of every platform process (web, workers, beat,
    sweeper, gateway, demo) and of the local ones."""
    grpc_io.prefer_direct_io()  # before any command imports grpc; its children inherit it
    args = build_parser(extra).parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except (ValueError, KeyError, OSError, SandboxUnavailable) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"arena: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("arena: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
