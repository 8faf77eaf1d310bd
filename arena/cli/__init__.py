"""The `arena` command: play games locally, check and show replays."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from arena.cli import games_cmd, host_cmd, platform_cmd, play_cmd, replay_cmd, tournament_cmd
from arena.sandbox.config import SandboxUnavailable


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arena", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    games_cmd.register(commands)
    play_cmd.register(commands)
    replay_cmd.register(commands)
    host_cmd.register(commands)
    platform_cmd.register(commands)
    tournament_cmd.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
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
