"""Allocates memory until something stops it."""

from arena_sdk import Bot


class MemoryBomb(Bot):
    def act(self, view, legal):
        hoard = []
        while True:
            hoard.append(bytearray(64 * 1024 * 1024))
