"""Sign-in and sign-up throttling, per client address and per account.

Failed sign-ins are counted per address and per account name (folded as usernames are, so
look-alikes share a count); sign-ups per address. Over a limit within its window the page
answers 429 with Retry-After and says when to come back. Windows and limits are settings
(`ARENA_LOGIN_*`, `ARENA_SIGNUP_*`); 0 turns a limit off. Each attempt is recorded before it
is checked, so requests sent together cannot all slip under a limit; an attempt that turns
out not to count (the right password, a sign-up form with errors) is taken back. The site's
sign-in and the admin's use the same counts.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.http import HttpRequest
from django.utils import timezone

from webui.accounts.models import Attempt
from webui.accounts.usernames import username_key

#: Django's longest username; a longer name posted to sign in names no account.
NAME_CHARS = 150


@dataclass(frozen=True)
class Throttled(Exception):
    message: str
    retry_after: int


def client_address(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or behind a proxy the header it sets
    (ARENA_CLIENT_IP_HEADER, e.g. X-Real-IP), which only the proxy may set."""
    header = settings.ARENA_CLIENT_IP_HEADER
    if header:
        value = request.headers.get(header, "").split(",")[-1].strip()
        if value:
            return value[:100]
    return request.META.get("REMOTE_ADDR", "")[:100]


def _record_then_check(
    kind: str, keys: list[str], limit: int, window: timedelta, what: str
) -> list[int]:
    """Record one attempt under each key, then count: refuse (Throttled) if any key has
    more than `limit` attempts within `window`, counting this one; else return the ids
    of the rows recorded (`forget` takes them back if the attempt should not count).

    Recording first, under a lock per key, is what makes the limit hold for requests that
    arrive together: each counts every attempt that came before it, finished or not
    (docs/decisions/throttle-records-then-checks.md).
    """
    if limit <= 0:
        return []
    keys = sorted(set(keys))
    with transaction.atomic():
        _lock(keys)
        now = timezone.now()
        rows = Attempt.objects.bulk_create(Attempt(kind=kind, key=key, at=now) for key in keys)
        ids = [row.pk for row in rows]
        if not all(ids):  # a database that does not return ids (not PostgreSQL or SQLite)
            ids = list(
                Attempt.objects.filter(kind=kind, key__in=keys, at=now).values_list("pk", flat=True)
            )
        for key in keys:
            recent = list(
                Attempt.objects.filter(kind=kind, key=key, at__gt=now - window)
                .order_by("-at", "-pk")
                .values_list("at", flat=True)[: limit + 1]
            )
            if len(recent) > limit:
                # Over: this attempt is refused and not counted. Free again once the
                # oldest of the last `limit` attempts leaves the window.
                Attempt.objects.filter(pk__in=ids).delete()
                wait = max(1, math.ceil((recent[limit - 1] + window - now).total_seconds()))
                minutes = math.ceil(wait / 60)
                raise Throttled(f"Too many {what}. Try again in {minutes} minute(s).", wait)
    return ids


def _lock(keys: list[str]) -> None:
    """Hold a lock per key until the transaction ends. PostgreSQL: transaction-level
    advisory locks (taken in sorted order, so two requests never wait on each other).
    SQLite takes its one write lock at the first insert, which serialises the rest."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for key in keys:
            digest = hashlib.blake2b(key.encode("utf-8"), digest_size=8).digest()
            cursor.execute(
                "SELECT pg_advisory_xact_lock(%s)", [int.from_bytes(digest, "big", signed=True)]
            )


def forget(ids: list[int]) -> None:
    """Take back attempts `_record_then_check` recorded (a sign-in that succeeded, a
    sign-up that was not made)."""
    if ids:
        Attempt.objects.filter(pk__in=ids).delete()


def _keys(request: HttpRequest, username: str | None) -> list[str]:
    keys = [f"ip:{client_address(request)}"]
    if username:  # cut before folding: a sign-in form may be posted with megabytes of name
        keys.append(f"user:{username_key(username[:NAME_CHARS])}")
    return keys


def login_attempt(request: HttpRequest, username: str) -> list[int]:
    """Count a sign-in attempt as failed before the password is checked (Throttled if that
    is one too many); `forget` the ids it returns if the password was right."""
    return _record_then_check(
        Attempt.Kind.LOGIN_FAILED,
        _keys(request, username),
        settings.ARENA_LOGIN_FAILURES,
        timedelta(seconds=settings.ARENA_LOGIN_WINDOW_SECONDS),
        "failed sign-ins",
    )


def signup_attempt(request: HttpRequest) -> list[int]:
    """Count a sign-up from this address before the account is made (Throttled if that is
    one too many); `forget` the ids it returns if no account was made."""
    return _record_then_check(
        Attempt.Kind.SIGNUP,
        _keys(request, None),
        settings.ARENA_SIGNUPS_PER_ADDRESS,
        timedelta(seconds=settings.ARENA_SIGNUP_WINDOW_SECONDS),
        "sign-ups from your address",
    )


def forget_old() -> int:
    """Delete attempts older than every window (run by the sweeper)."""
    longest = max(settings.ARENA_LOGIN_WINDOW_SECONDS, settings.ARENA_SIGNUP_WINDOW_SECONDS)
    cutoff = timezone.now() - timedelta(seconds=longest)
    return Attempt.objects.filter(at__lt=cutoff).delete()[0]
