"""Public pages kept whole in the cache for visitors who are not signed in, until something
they show changes (docs/decisions/caching.md).

A page view decorated with `public_page` answers an anonymous GET from the cache (Redis in
production) when it can; what it renders is kept for `ARENA_PAGE_CACHE` seconds (0, the
default, turns this off). Every key carries the site's current *generation*, which changes
whenever a match finishes or is deleted and whenever a bot version joins or leaves the ladder
(`pages_changed`, after the transaction commits): the next request draws the page afresh,
while the others asking for it meanwhile get the last drawing (one finish behind) rather
than all drawing it at once. Between two such changes a page may be up to `ARENA_PAGE_CACHE`
seconds behind on what moves without them (matches queued or started, a remote bot's
presence).

Never kept: a visitor with a session or messages, a response that is not a 200, sets a
cookie, needs a CSRF token or says `no-store`, or that the view marked `uncached` (a match
still running).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse

GENERATION = "arena:pages:generation"


def pages_changed() -> None:
    """Something public changed: every kept page is stale once the transaction commits."""
    if settings.ARENA_PAGE_CACHE:
        transaction.on_commit(_new_generation)


def _new_generation() -> None:
    cache.set(GENERATION, str(time.time_ns()), None)


def _generation() -> str:
    current = cache.get(GENERATION)
    if current is None:
        current = str(time.time_ns())
        cache.add(GENERATION, current, None)
        current = cache.get(GENERATION, current)
    return current


def _anonymous(request: HttpRequest) -> bool:
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and "messages" not in cookies


def uncached(response: HttpResponse) -> HttpResponse:
    """Mark a response the page cache must not keep (it changes without a generation)."""
    response.arena_uncached = True  # type: ignore[attr-defined]
    return response


def public_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        seconds = settings.ARENA_PAGE_CACHE
        if not seconds or request.method not in ("GET", "HEAD") or not _anonymous(request):
            return view(request, *args, **kwargs)
        where = f"{request.get_host()}{request.get_full_path()}".encode()
        key = f"arena:page:v1:{hashlib.sha256(where).hexdigest()}"
        generation = _generation()
        kept = cache.get(key)
        if kept is not None:
            drawn_in, drawn_at, content_type, body = kept
            fresh = drawn_in == generation and time.time() - drawn_at < seconds
            # Stale: one request draws it again, the others meanwhile get the last drawing
            # (no stampede of identical drawings after each finish).
            if fresh or not cache.add(f"{key}:drawing:{generation}", 1, 30):
                return HttpResponse(body, content_type=content_type)
        response = view(request, *args, **kwargs)
        if (
            response.status_code == 200
            and not response.streaming
            and not response.cookies
            and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
            and "no-store" not in response.get("Cache-Control", "")
            and not getattr(response, "arena_uncached", False)
        ):
            drawing = (generation, time.time(), response["Content-Type"], response.content)
            cache.set(key, drawing, 10 * seconds)
        return response

    return wrapper
