"""A remote test bot that takes its time (well within the clock), so a match lasts long
enough for a test to break its link or kill its gateway while it plays."""

import time

from arena_sdk import Bot


class Slow(Bot):
    def act(self, view, legal):
        time.sleep(0.15)
        return self.random.choice(legal).code
