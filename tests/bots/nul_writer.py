"""Writes NUL bytes and bytes that are not UTF-8 to stderr, and answers its first ERRORS
turns with an error whose text holds NUL bytes; then it plays. PostgreSQL refuses NUL, so
every string this bot produces must be made storable before it is recorded."""

import os

from arena_sdk import Bot

ERRORS = 3
#: NUL, bytes that are not UTF-8, and the UTF-8 form of a lone surrogate (also invalid).
JUNK = b"nul:\x00\x00| invalid:\xff\xfe| surrogate:\xed\xb2\x80| end\n"


class NulWriter(Bot):
    def __init__(self, seed=None):
        super().__init__(seed)
        self.turns = 0

    def on_start(self, match):
        os.write(2, JUNK)

    def act(self, view, legal):
        self.turns += 1
        os.write(2, JUNK)
        if self.turns <= ERRORS:
            raise RuntimeError("bad\x00byte in my error text\x00")
        return legal[0].code
