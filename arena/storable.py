"""Make text from bots storable: no NUL, no lone surrogate, bounded length.

Every string a bot can influence (its stderr, the error texts it sends, the codes it echoes,
names, strike details, disqualification and exit reasons) ends up in a match record, a JSON
file and database rows. PostgreSQL refuses NUL in `text` and in `jsonb`; a lone surrogate
cannot be encoded as UTF-8 at all, and strict JSON readers refuse its `\\udXXX` escape. One
such character in a losing bot's output used to make the result impossible to record.

This module is pure Python (no Django), so the referee's record and the platform's models
apply the same rules: the record cleans what enters it, and the models clean again just
before they write, as a last guard.
"""

from __future__ import annotations

from typing import Any

#: What replaces a NUL or a lone surrogate: the Unicode replacement character.
REPLACEMENT = "\ufffd"

#: Caps, in characters, shared by the record and the database columns.
NAME_CAP = 200
REASON_CAP = 4_000
STDERR_CAP = 20_000
#: The record file keeps more stderr than the database row shows.
RECORD_STDERR_CAP = 80_000


def storable(text: object, limit: int = REASON_CAP) -> str:
    """`text` as a string any database and JSON reader accepts, at most `limit` characters.

    NUL and lone surrogates become U+FFFD; a surrogate pair that was split into two code
    points becomes the character it encodes. Longer text is cut, and says so.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    value = text if isinstance(text, str) else str(text)
    if not value.isascii():  # the common case costs one scan
        value = value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    if "\x00" in value:
        value = value.replace("\x00", REPLACEMENT)
    if len(value) > limit:
        note = f"… [{len(value) - limit:,} more characters cut]"
        keep = max(0, limit - len(note))
        value = (value[:keep] + note)[:limit]
    return value


def storable_json(value: Any, limit: int = REASON_CAP) -> Any:
    """A JSON-able value with every string in it (keys too) made storable."""
    if isinstance(value, str):
        return storable(value, limit)
    if isinstance(value, dict):
        return {storable(k, NAME_CAP): storable_json(v, limit) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [storable_json(v, limit) for v in value]
    return value
