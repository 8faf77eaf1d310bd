"""Seeds and match ids that tell a bot nothing about the game's hidden state.

The game's generator is seeded with the match seed, so a bot that learned the match seed
(or anything computed from it alone) could re-deal the game with the public rules: every
hidden hand, the draw order, every future roll. So:

* a bot's own random seed is a keyed hash of (match id, seat): `bot_seed`. Without the
  key it is just a random number; with it, the match is reproducible (the record keeps
  each seat's seed too);
* the match seed itself is `new_match_seed()`: 63 random bits from the OS, too many to
  search from whatever a game shows in public;
* the match id a hosted bot is told is `public_match_id`: the same keyed hash, so a
  validation match and a ladder match carry ids of one shape and neither reveals a
  database row or a version number.

The key is the platform's (derived from its secret key, `key_from_secret`) or, for local
runs, a fresh random one (`new_key`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets

#: Bytes in a generated key; keys shorter than MIN_KEY_BYTES are refused.
KEY_BYTES = 32
MIN_KEY_BYTES = 16
#: Bits of a match seed and of a bot seed: non-negative, fits a signed 64-bit column.
SEED_BITS = 63
#: Hex characters in a public match id (96 bits).
MATCH_ID_CHARS = 24
#: What `key_from_secret` derives the seed key for, so it differs from any other use of
#: the same secret (sessions, signing).
PURPOSE = "arena/bot-seed-key/v1"


def new_key() -> bytes:
    """A fresh random key, e.g. for one local match."""
    return secrets.token_bytes(KEY_BYTES)


def key_from_secret(secret: str | bytes, purpose: str = PURPOSE) -> bytes:
    """The seed key derived from a server secret (the platform's secret key)."""
    raw = secret.encode() if isinstance(secret, str) else secret
    if not raw:
        raise ValueError("the server secret is empty")
    return hmac.new(raw, purpose.encode(), hashlib.sha256).digest()


def new_match_seed() -> int:
    """An unpredictable match seed."""
    return secrets.randbits(SEED_BITS)


def bot_seed(key: bytes, match_id: str, seat: int) -> int:
    """The random seed of the bot in `seat` of match `match_id` (the platform's own id).

    The same (key, match id, seat) always gives the same seed; anything else gives another.
    """
    return keyed_seed(key, "bot-seed", match_id, seat)


def keyed_seed(key: bytes, *parts: str | int) -> int:
    """A seed for `parts` that only the key's holder can compute, e.g. a tournament deal
    whose public plan seed must not be the game's seed."""
    return int.from_bytes(_mac(key, *parts)[:8], "big") >> (64 - SEED_BITS)


def public_match_id(key: bytes, match_id: str) -> str:
    """The id bots are told for the platform's match `match_id`: opaque, same shape for all."""
    return _mac(key, "match-id", match_id).hex()[:MATCH_ID_CHARS]


def _mac(key: bytes, *parts: object) -> bytes:
    if not isinstance(key, bytes) or len(key) < MIN_KEY_BYTES:
        raise ValueError(f"a seed key must be at least {MIN_KEY_BYTES} bytes")
    message = json.dumps(parts, separators=(",", ":")).encode()  # unambiguous framing
    return hmac.new(key, message, hashlib.sha256).digest()
