"""The `arena` command as installed: the local commands (`arena.cli`) and the platform's."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import arena.cli
from arena_platform import commands, demo


def main(argv: Sequence[str] | None = None) -> int:
    return arena.cli.main(argv, extra=(demo.register, commands.register))


if __name__ == "__main__":
    sys.exit(main())
