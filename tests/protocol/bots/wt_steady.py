"""The reference random bot, thinking 2 ms per move: a match lasts long enough for a flood
test to run its flood while the match is played."""

import time

from arena.bots import RandomBot


class Steady(RandomBot):
    def act(self, view, legal):
        time.sleep(0.002)
        return super().act(view, legal)
