"""Plays three moves, then its process dies mid-match."""

import os

from arena_sdk import Bot


class Vanishes(Bot):
    moves = 0

    def act(self, view, legal):
        self.moves += 1
        if self.moves > 3:
            os._exit(3)
        return legal[0].code
