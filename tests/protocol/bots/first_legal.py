"""Plays the first legal action: the simplest correct hosted bot."""

from arena_sdk import Bot


class FirstLegal(Bot):
    def act(self, view, legal):
        return legal[0].code
