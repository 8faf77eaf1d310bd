"""Takes every inotify instance its host uid may have (fs.inotify.max_user_instances, a
per-user quota) before it says hello, holds them all match long, and plays politely."""

import ctypes
import os
import sys

from arena_sdk import Bot

libc = ctypes.CDLL(None, use_errno=True)
HELD: list[int] = []
while True:
    fd = libc.inotify_init1(os.O_CLOEXEC)
    if fd < 0:
        break
    HELD.append(fd)
print(f"hog holds {len(HELD)} inotify instances", file=sys.stderr, flush=True)


class Hog(Bot):
    def act(self, view, legal):
        return legal[0].code
