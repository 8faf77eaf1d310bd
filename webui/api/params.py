"""The API's path ids and query parameters: what each may be, and a 400 or 404 when not.

Ids are ASCII digits that fit a database id. `str.isdigit` accepts superscripts and other
digits `int` refuses, and a 30-digit number overflows the database's integer: both once
answered 500. One pattern decides what an id is, in the URL routes (a path that is no id is
a 404) and in filters (a 400 that says why). A query parameter sent empty is as if absent,
and the schema says so (webui/api/schema.py).
"""

from __future__ import annotations

import re

from django.db.models import QuerySet
from rest_framework.exceptions import ValidationError

#: At most 18 digits: every such number fits PostgreSQL's bigint (and SQLite's integer).
ID_PATTERN = "[0-9]{1,18}"
_ID = re.compile(ID_PATTERN)
#: What the schema says such a query parameter is: exactly the numbers `id_param` takes.
ID_SCHEMA = {"type": "integer", "minimum": 0, "maximum": 10**18 - 1}


def _shown(raw: str) -> str:
    return repr(raw if len(raw) <= 40 else raw[:40] + "…")


def id_param(params, name: str, what: str = "an id") -> int | None:
    """Query parameter `name` as an id (or other count), None when absent or empty."""
    raw = params.get(name, "")
    if raw == "":
        return None
    if not _ID.fullmatch(raw):
        raise ValidationError({name: f"{_shown(raw)} is not {what} (1 to 18 digits, 0-9)"})
    return int(raw)


def choice_param(params, name: str, choices: list[str]) -> str | None:
    """Query parameter `name`, one of `choices` (None when absent or empty), or a 400."""
    raw = params.get(name, "")
    if raw == "":
        return None
    if raw not in choices:
        raise ValidationError({name: f"{_shown(raw)} is not one of {', '.join(choices)}"})
    return raw


def text_filter(rows: QuerySet, params, name: str, field: str) -> QuerySet:
    """`rows` whose `field` equals query parameter `name` (all of them when it is absent or
    empty). PostgreSQL's text holds no NUL character, so a value with one matches no row
    (asked as such, the database refuses the query)."""
    raw = params.get(name, "")
    if raw == "":
        return rows
    if "\x00" in raw:
        return rows.none()
    return rows.filter(**{field: raw})


class IdLookup:
    """For viewsets looked up by id: a path segment that is no id matches no route (404)."""

    lookup_value_regex = ID_PATTERN
