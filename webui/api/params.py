"""Ids in the API's paths and query strings: ASCII digits that fit a database id, or a 400.

`str.isdigit` accepts superscripts and other digits `int` refuses, and a 30-digit number
overflows the database's integer: both once answered 500. One pattern decides what an id
is, in the URL routes (a path that is no id is a 404) and in filters (a 400 that says why).
"""

from __future__ import annotations

import re

from rest_framework.exceptions import ValidationError

#: At most 18 digits: every such number fits PostgreSQL's bigint (and SQLite's integer).
ID_PATTERN = "[0-9]{1,18}"
_ID = re.compile(ID_PATTERN)


def id_param(params, name: str, what: str = "an id") -> int | None:
    """Query parameter `name` as an id (or other count), None when absent or empty."""
    raw = params.get(name, "")
    if raw == "":
        return None
    if not _ID.fullmatch(raw):
        shown = raw if len(raw) <= 40 else raw[:40] + "…"
        raise ValidationError({name: f"{shown!r} is not {what} (1 to 18 digits, 0-9)"})
    return int(raw)


class IdLookup:
    """For viewsets looked up by id: a path segment that is no id matches no route (404)."""

    lookup_value_regex = ID_PATTERN
