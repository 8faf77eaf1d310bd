"""Tries to write outside its private temp dir; the test sets TARGET."""

from arena_sdk import Bot

TARGET = "/etc/arena-pwned"  # replaced by the test


class FileWriter(Bot):
    def act(self, view, legal):
        with open(TARGET, "w") as handle:
            handle.write("pwned")
        return legal[0].code
