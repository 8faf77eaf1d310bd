"""Never answers: spins forever on its first decision."""

from arena_sdk import Bot


class InfiniteLoop(Bot):
    def act(self, view, legal):
        while True:
            pass
