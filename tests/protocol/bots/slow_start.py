"""Thinks for a second in on_start: the referee may finish before it reads anything."""

import time

from arena_sdk import Bot


class SlowStart(Bot):
    def on_start(self, match):
        time.sleep(1)

    def act(self, view, legal):
        return legal[0].code
