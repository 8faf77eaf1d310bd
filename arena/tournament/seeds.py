"""Game seeds derived from the tournament seed: stable across machines and Python runs."""

from __future__ import annotations

import hashlib


def derive(seed: int, *parts: object) -> int:
    """A 31-bit seed for (tournament seed, parts...); the same inputs give the same seed."""
    text = "/".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") >> 1
