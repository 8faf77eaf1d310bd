"""Raises on every second turn: each failure must cost a turn, never the connection."""

from arena_sdk import Bot


class Flaky(Bot):
    turns = 0

    def act(self, view, legal):
        self.turns += 1
        if self.turns % 2 == 0:
            raise RuntimeError(f"flaky on turn {self.turns}")
        return legal[-1].code
