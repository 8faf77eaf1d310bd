"""Where a match's record and replay are stored, and how the files of an attempt that was
never recorded are removed.

A worker writes both files before the transaction that records the finish (no I/O inside
it), named for its attempt's lease owner. A worker killed between the two leaves files that
no row points at: the sweeper removes the dead attempt's own files when it gives the match
back, and the worker that plays the match again removes whatever earlier attempts left.
"""

from __future__ import annotations

import contextlib
import logging

from django.core.files.storage import default_storage

log = logging.getLogger("arena.matches")
SUFFIXES = (".record.json", ".replay.json")


def folder(match_id: int) -> str:
    """A thousand matches per folder."""
    return f"matches/{match_id // 1000:04d}"


def stem(match_id: int, owner: str) -> str:
    """The files of match `match_id` written under lease `owner` ("worker@host/token"), but
    for their suffixes."""
    return f"{folder(match_id)}/{match_id}-{owner.rsplit('/', 1)[-1]}"


def names(match_id: int, owner: str) -> tuple[str, str]:
    """(record, replay) as that attempt names them."""
    base = stem(match_id, owner)
    record, replay = (base + suffix for suffix in SUFFIXES)
    return record, replay


def delete(paths: tuple[str, ...] | list[str]) -> int:
    """Delete `paths` from storage, whatever is already gone; return how many were asked."""
    for path in paths:
        with contextlib.suppress(OSError):
            default_storage.delete(path)
    return len(paths)


def remove_attempt(match_id: int, owner: str) -> None:
    """Remove the files the attempt under `owner` may have written (its lease expired, or it
    was given back): no row will ever point at them."""
    if owner:
        delete(names(match_id, owner))


def remove_unrecorded(match_id: int, keep: tuple[str, ...] = ()) -> list[str]:
    """Remove every file of match `match_id` but `keep` (what its row points at); return
    what was removed. For a match about to be played again, whose row points at nothing."""
    try:
        _, found = default_storage.listdir(folder(match_id))
    except (OSError, NotImplementedError):
        return []
    prefix = f"{match_id}-"
    stray = [
        f"{folder(match_id)}/{name}"
        for name in found
        if name.startswith(prefix) and name.endswith(SUFFIXES)
    ]
    stray = [path for path in stray if path not in keep]
    delete(stray)
    if stray:
        log.info("match %s: removed %d file(s) of attempts never recorded", match_id, len(stray))
    return stray
