"""A random bot that writes down everything it was given, to compare hosted and in-process.

The record goes to the file named by ARENA_TEST_RECORD when the match ends. Each event is
kept with the number of turns played before it, so the order of events and turns counts.
With ARENA_TEST_LIVE_EVENTS=1 it asks for each event as it happens.
"""

import hashlib
import json
import os

from arena_sdk import Bot


def digest(value):
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


class Recorder(Bot):
    name = "recorder"
    live_events = os.environ.get("ARENA_TEST_LIVE_EVENTS") == "1"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.seen = {"start": None, "turns": [], "events": [], "end": None}

    def on_start(self, match):
        self.seen["start"] = {k: v for k, v in match.items() if k != "seed"}

    def act(self, view, legal):
        self.seen["turns"].append([digest(view), [tuple(a) for a in legal]])
        return self.random.choice(legal).code

    def on_event(self, event):
        self.seen["events"].append([len(self.seen["turns"]), event])

    def on_end(self, result):
        self.seen["end"] = result
        with open(os.environ["ARENA_TEST_RECORD"], "w") as out:
            json.dump(self.seen, out)
