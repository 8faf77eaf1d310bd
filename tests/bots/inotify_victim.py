"""At its first decision (every seat has said hello by then, so any hog has taken what it
could), makes as many inotify instances as its host uid may have, and crashes if it got
fewer: a per-user quota shared with another bot is a starved seat and a covert channel."""

import ctypes
import os
import sys

from arena_sdk import Bot

libc = ctypes.CDLL(None, use_errno=True)


def instances() -> int:
    made = []
    try:
        while len(made) < 4096:
            fd = libc.inotify_init1(os.O_CLOEXEC)
            if fd < 0:
                break
            made.append(fd)
        return len(made)
    finally:
        for fd in made:
            os.close(fd)


class Victim(Bot):
    checked = False

    def act(self, view, legal):
        if not self.checked:
            self.checked = True
            with open("/proc/sys/fs/inotify/max_user_instances") as quota:
                allowed = int(quota.read())
            got = instances()
            print(f"victim made {got} of {allowed} inotify instances", file=sys.stderr)
            if got < allowed:
                raise RuntimeError(f"starved: {got} of {allowed} inotify instances")
        return legal[0].code
