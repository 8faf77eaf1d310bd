"""Writes everything it is told about the match to stderr, then plays its first action:
`HEADER {json}` with the match header and its own seed, so a test can compare what a bot
sees of a validation match with what it sees of a ladder match."""

import json
import os
import sys

from arena_sdk import Bot


class HeaderSpy(Bot):
    def __init__(self, seed=None):
        super().__init__(seed)
        self.seed = seed

    def on_start(self, match):
        seen = {
            "header": dict(match),
            "seed": self.seed,
            "argv": sys.argv[1:],
            "env": sorted(os.environ),
        }
        print("HEADER " + json.dumps(seen, sort_keys=True), file=sys.stderr, flush=True)

    def act(self, view, legal):
        return legal[0].code
