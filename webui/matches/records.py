"""A finished match's record (timings, strikes, stderr) as the site may show it.

Bot stderr is private to the bot's author (and staff): it can hold a bot's debugging output,
its reasoning, its secrets. Everything else in the record is public once the match finished.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User


def read(match) -> dict[str, Any] | None:
    """The stored record, or None (not finished, or the file is gone)."""
    if not match.record:
        return None
    try:
        with match.record.open("rb") as handle:
            return json.load(handle)
    except (OSError, ValueError):
        return None


def can_see_private(user: User | AnonymousUser, owner_id: int) -> bool:
    """Stderr and validation output: the author's and staff's only."""
    return bool(user.is_authenticated and (user.is_staff or user.pk == owner_id))


def redacted(record: dict[str, Any], owners: list[int], user) -> dict[str, Any]:
    """The record with each seat's stderr removed unless `user` may see it."""
    seats = []
    for report, owner_id in zip(record.get("seats", []), owners, strict=False):
        report = dict(report)
        if not can_see_private(user, owner_id):
            report["stderr"] = None
            report["stderr_hidden"] = True
        seats.append(report)
    return {**record, "seats": seats}


@dataclass
class LogRow:
    """One decision of the match log."""

    move: int
    seat: int | None
    label: str
    code: str | None
    ms: float | None
    fallback: bool
    strikes: list[dict[str, Any]]


def log_rows(steps: list[dict[str, Any]], record: dict[str, Any] | None) -> list[LogRow]:
    """Steps (from re-simulation) joined with the record's timings and strikes."""
    timings = (record or {}).get("timings", [])
    strikes: dict[int, list[dict[str, Any]]] = {}
    for seat, report in enumerate((record or {}).get("seats", [])):
        for strike in report.get("strikes", []):
            strikes.setdefault(strike.get("decision", -1), []).append({**strike, "seat": seat})
    rows = []
    for move, step in enumerate(steps[1:], start=1):
        timing = timings[move - 1] if move - 1 < len(timings) else {}
        rows.append(
            LogRow(
                move=move,
                seat=step["seat"],
                label=step["label"],
                code=step["code"],
                ms=timing.get("ms"),
                fallback=timing.get("source") == "fallback",
                strikes=strikes.get(move - 1, []),
            )
        )
    return rows
