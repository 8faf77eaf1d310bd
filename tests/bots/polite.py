"""A well-behaved bot: plays the first legal action. The control group."""

from arena_sdk import Bot


class Polite(Bot):
    def act(self, view, legal):
        return legal[0].code
