"""The platform's seed key, derived from its secret key (docs/decisions/bot-seeds-keyed-hash.md).

Workers seed bots and name matches with it (`arena.match.seeds`); tournaments turn their
public plan seeds into game seeds with it. It never leaves the platform's processes.
"""

from __future__ import annotations

from django.conf import settings

from arena.match import seeds


def seed_key() -> bytes:
    """The key for bots' seeds, the match ids bots see, and tournament game seeds."""
    return seeds.key_from_secret(settings.SECRET_KEY)
