"""Sign-in and sign-up throttling, per client address and per account.

Failed sign-ins are counted per address and per account name (folded as usernames are, so
look-alikes share a count); sign-ups per address. Over a limit within its window the page
answers 429 with Retry-After and says when to come back. Windows and limits are settings
(`ARENA_LOGIN_*`, `ARENA_SIGNUP_*`); 0 turns a limit off.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
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


def _check(kind: str, keys: list[str], limit: int, window: timedelta, what: str) -> None:
    if limit <= 0:
        return
    now = timezone.now()
    for key in keys:
        recent = list(
            Attempt.objects.filter(kind=kind, key=key, at__gt=now - window)
            .order_by("-at")
            .values_list("at", flat=True)[:limit]
        )
        if len(recent) >= limit:  # free again once the oldest of these leaves the window
            wait = max(1, math.ceil((recent[-1] + window - now).total_seconds()))
            minutes = math.ceil(wait / 60)
            raise Throttled(f"Too many {what}. Try again in {minutes} minute(s).", wait)


def _keys(request: HttpRequest, username: str | None) -> list[str]:
    keys = [f"ip:{client_address(request)}"]
    if username:  # cut before folding: a sign-in form may be posted with megabytes of name
        keys.append(f"user:{username_key(username[:NAME_CHARS])}")
    return keys


def check_login(request: HttpRequest, username: str) -> None:
    _check(
        Attempt.Kind.LOGIN_FAILED,
        _keys(request, username),
        settings.ARENA_LOGIN_FAILURES,
        timedelta(seconds=settings.ARENA_LOGIN_WINDOW_SECONDS),
        "failed sign-ins",
    )


def login_failed(request: HttpRequest, username: str) -> None:
    Attempt.objects.bulk_create(
        Attempt(kind=Attempt.Kind.LOGIN_FAILED, key=key) for key in _keys(request, username)
    )


def check_signup(request: HttpRequest) -> None:
    _check(
        Attempt.Kind.SIGNUP,
        _keys(request, None),
        settings.ARENA_SIGNUPS_PER_ADDRESS,
        timedelta(seconds=settings.ARENA_SIGNUP_WINDOW_SECONDS),
        "sign-ups from your address",
    )


def signed_up(request: HttpRequest) -> None:
    Attempt.objects.create(kind=Attempt.Kind.SIGNUP, key=f"ip:{client_address(request)}")


def forget_old() -> int:
    """Delete attempts older than every window (run by the sweeper)."""
    longest = max(settings.ARENA_LOGIN_WINDOW_SECONDS, settings.ARENA_SIGNUP_WINDOW_SECONDS)
    cutoff = timezone.now() - timedelta(seconds=longest)
    return Attempt.objects.filter(at__lt=cutoff).delete()[0]
