"""On its first turn, starts helper processes that each stay under the per-process memory
limit but not together, and waits until each has filled up or been killed."""

import os
import subprocess
import sys
import time

from arena_sdk import Bot

HELPERS = 6
FILL = """
import sys, time
hoard = bytearray(200 * 1024 * 1024)
for i in range(0, len(hoard), 4096):
    hoard[i] = 1
print("full", flush=True)
time.sleep(600)
"""


class TreeHoarder(Bot):
    helpers = None

    def act(self, view, legal):
        if self.helpers is None:
            self.helpers = [
                subprocess.Popen([sys.executable, "-c", FILL], stdout=subprocess.PIPE)
                for _ in range(HELPERS)
            ]
            self.wait_until_full_or_killed()
        return legal[0].code

    def wait_until_full_or_killed(self):
        for helper in self.helpers:
            os.set_blocking(helper.stdout.fileno(), False)
        settled, deadline = set(), time.monotonic() + 8
        while len(settled) < HELPERS and time.monotonic() < deadline:
            for index, helper in enumerate(self.helpers):
                if helper.poll() is not None or helper.stdout.read():
                    settled.add(index)
            time.sleep(0.01)
