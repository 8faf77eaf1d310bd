"""Looks for what lies beside it: another entrant's code, a checkout's secret key.

The test sets SECRETS (host paths it must not read) and OWN (all its own folder should
hold). At its first decision it raises its report (one strike, whose detail the match
record and `arena play` show). Finding anything it should not, it raises again at every
decision, which disqualifies it: visible even where only the outcome is kept.
"""

import json
import os

from arena_sdk import Bot

SECRETS = []  # replaced by the test
OWN = ["spy.py"]  # replaced by the test


def look() -> tuple[list[str], list[str]]:
    here = os.path.dirname(os.path.abspath(__file__))
    guesses = [os.path.join(here, "..", "var", "secret_key"), os.path.join(here, "secret_key")]
    # Anything else in its own folder (a link out of it, say) must lead nowhere either.
    mine = os.path.basename(__file__)
    guesses += [os.path.join(here, name) for name in os.listdir(here) if name != mine]
    found = []
    for path in [*SECRETS, *guesses]:
        try:
            with open(path, "rb") as handle:
                handle.read(1)
            found.append(path)
        except OSError:
            pass
    return found, sorted(os.listdir(here))


class Spy(Bot):
    decisions = 0

    def act(self, view, legal):
        self.decisions += 1
        found, own = look()
        caught = bool(found) or own != sorted(OWN)
        if self.decisions == 1 or caught:
            raise RuntimeError(f"SPY found={json.dumps(found)} own={json.dumps(own)}")
        return legal[0].code
