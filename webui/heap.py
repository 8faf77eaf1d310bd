"""A web process's heap after start-up (Django, the URL map, the games' tables) lives as long
as the process: frozen out of the cyclic garbage collector, so that a full collection walks
only what requests made. Without it one request in twenty or so paid for a full collection,
70-100 ms (docs/decisions/web-heap-frozen.md)."""

from __future__ import annotations

import gc


def settle() -> None:
    """Collect start-up's garbage, then keep every object left out of later collections."""
    gc.collect()
    gc.freeze()
