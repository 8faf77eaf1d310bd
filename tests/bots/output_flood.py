"""Writes 100 MB to stdout and to stderr, then plays normally."""

import sys

from arena_sdk import Bot

CHUNK = "x" * (1024 * 1024)


class OutputFlood(Bot):
    flooded = False

    def act(self, view, legal):
        if not self.flooded:
            self.flooded = True
            for _ in range(100):
                sys.stdout.write(CHUNK)
                sys.stderr.write(CHUNK)
            sys.stdout.flush()
            sys.stderr.flush()
        return legal[0].code
