"""Plays three moves, then vanishes mid-match."""

import os

from arena_sdk import Bot


class Disconnects(Bot):
    moves = 0

    def act(self, view, legal):
        self.moves += 1
        if self.moves > 3:
            os._exit(0)
        return legal[0].code
