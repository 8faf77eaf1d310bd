"""Public pages kept whole in the cache for visitors who are not signed in, until something
they show changes (docs/decisions/caching.md).

For a page view marked `public_page(scope)`, `PageCacheMiddleware` answers an anonymous GET
from the cache (Redis in production) when it can, before the rest of the middleware runs;
what the view and the middleware below drew (body and headers) is kept for
`ARENA_PAGE_CACHE` seconds (0, the default, turns this off). A page is drawn from a few
*scopes*: the site-wide pages (`SITE`), one game's ladder, one bot, one match. Each scope
has a *generation* that changes when something in it changes (`pages_changed`, after the
transaction commits): a finish changes the site-wide pages, its game, its bots and itself,
and nothing else, so the pages of the thousands of other bots and matches stay kept. The
next request for a stale page draws it afresh while the others asking for it meanwhile get
the last drawing (one change behind) rather than all drawing it at once. Between two changes
a page may be up to `ARENA_PAGE_CACHE` seconds behind on what moves without them (matches
queued or started, a remote bot's presence, another bot's rank).

Never kept: a visitor with a session or messages, a response that is not a 200, sets a
cookie, needs a CSRF token or says `no-store`, or that the view marked `uncached` (a match
still running).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve

#: Every page, whatever else it shows: changed when anything may have (ratings recomputed).
EVERYTHING = "all"
#: The site-wide pages: home (totals, leaders, recent matches) and the matches list.
SITE = "site"


#: One game's ladder; one bot's page; one match's page. Formatted with the view's keyword
#: arguments, so a view names its scope by the URL's own parts.
GAME = "game:{game}"
BOT = "bot:{bot_id}"
MATCH = "match:{match_id}"


def _generation_key(scope: str) -> str:
    return f"arena:pages:generation:{scope}"


def pages_changed(*scopes: str) -> None:
    """What `scopes` show changed (everything, given none): their kept pages are stale once
    the transaction commits."""
    if settings.ARENA_PAGE_CACHE:
        keys = [_generation_key(scope) for scope in (scopes or (EVERYTHING,))]
        transaction.on_commit(lambda: cache.set_many(dict.fromkeys(keys, time.time_ns()), None))


def match_pages_changed(game: str, match_id: int, bot_ids: Iterable[int]) -> None:
    """A match finished or went: the site-wide pages, its game's ladder, its bots', its own."""
    bots = {BOT.format(bot_id=bot) for bot in bot_ids}
    pages_changed(SITE, GAME.format(game=game), MATCH.format(match_id=match_id), *bots)


def bot_pages_changed(game: str, bot_id: int) -> None:
    """A bot's version joined, left or was refused: the site-wide pages, its ladder, its page."""
    pages_changed(SITE, GAME.format(game=game), BOT.format(bot_id=bot_id))


def _anonymous(request: HttpRequest) -> bool:
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and "messages" not in cookies


def uncached(response: HttpResponse) -> HttpResponse:
    """Mark a response the page cache must not keep (it changes without a generation)."""
    response.arena_uncached = True  # type: ignore[attr-defined]
    return response


def _keepable(request: HttpRequest, response: HttpResponse) -> bool:
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        and "no-store" not in response.get("Cache-Control", "")
        and not getattr(response, "arena_uncached", False)
    )


def _generations(found: dict, keys: list[str]) -> tuple:
    """The scopes' generations as read with the page; one never set starts now."""
    missing = {key: time.time_ns() for key in keys if key not in found}
    if missing:
        for key, start in missing.items():
            cache.add(key, start, None)
        found = {**found, **cache.get_many(list(missing))}
    return tuple(found.get(key) for key in keys)


def public_page(scope: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Mark a view whose anonymous pages `PageCacheMiddleware` keeps until `scope` (or
    `EVERYTHING`) changes; `scope` is formatted with the view's keyword arguments (`BOT`
    with `bot_id`)."""

    def mark(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        view.page_scope = scope  # type: ignore[attr-defined]  (kept by functools.wraps)
        return view

    return mark


class PageCacheMiddleware:
    """Near the top of MIDDLEWARE: a kept page is answered before the rest of the stack
    (sessions, CSRF, authentication, security headers) runs, with the headers that stack
    gave it when it was drawn. Only views marked `public_page`, only visitors not signed in.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        seconds = settings.ARENA_PAGE_CACHE
        if not seconds or request.method not in ("GET", "HEAD") or not _anonymous(request):
            return self.get_response(request)
        try:
            found = resolve(request.path_info)
        except Resolver404:
            return self.get_response(request)
        scope = getattr(found.func, "page_scope", None)
        if scope is None:
            return self.get_response(request)
        request.resolver_match = found  # as the handler sets it (the metrics label by it)
        where = f"{request.get_host()}{request.get_full_path()}".encode()
        key = f"arena:page:v3:{hashlib.sha256(where).hexdigest()}"
        scopes = [_generation_key(EVERYTHING), _generation_key(scope.format(**found.kwargs))]
        kept_and_scopes = cache.get_many([*scopes, key])  # one round trip for a kept page
        generations = _generations(kept_and_scopes, scopes)
        kept = kept_and_scopes.get(key)
        if kept is not None:
            drawn_in, drawn_at, headers, body = kept
            fresh = drawn_in == generations and time.time() - drawn_at < seconds
            # Stale: one request draws it again, the others meanwhile get the last drawing
            # (no stampede of identical drawings after each change).
            drawing = "-".join(map(str, generations))
            if fresh or not cache.add(f"{key}:drawing:{drawing}", 1, 30):
                return HttpResponse(body, headers=headers)
        response = self.get_response(request)
        if _keepable(request, response):
            drawn = (generations, time.time(), dict(response.items()), response.content)
            cache.set(key, drawn, 10 * seconds)
        return response
