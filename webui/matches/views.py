"""Match pages: the list, one match (players, result, log, replay viewer), and its data.

A running match is followed live: its page polls `live.json`. Seat views, the seed and the
replay are served only once a match has finished (hidden information, docs/web.md).
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from urllib.parse import urlencode

from django.db.models import QuerySet
from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, render
from django.utils.cache import get_conditional_response
from django.utils.http import http_date
from django.views.decorators.http import require_GET

import arena.games
from webui.matches import frames, records
from webui.matches.models import Match
from webui.pagecache import MATCH, SITE, public_page, uncached
from webui.presentation import plugin_path, seat_rows, viewer_config
from webui.views import SEATS

#: Matches per page of the list.
PER_PAGE = 50


@dataclass
class KeysetPage:
    """One page of a list newest first, paged by id: `?before=ID` is the page of the
    matches older than ID, `?after=ID` the page newer (docs/decisions/keyset-paging.md).
    Each page costs one index range, however deep, and no count of the table."""

    object_list: list[Match]
    older: int | None  # the id to ask `before` for the next page, if there is one
    newer: int | None  # the id to ask `after` for the previous page, if there is one


def keyset_page(matches: QuerySet[Match], before: str, after: str) -> KeysetPage:
    if after.isdigit():
        rows = list(matches.filter(pk__gt=int(after)).order_by("pk")[: PER_PAGE + 1])
        more_newer = len(rows) > PER_PAGE
        rows = rows[:PER_PAGE][::-1]
        # The page asked from holds `after` itself: there is always an older page.
        return KeysetPage(rows, rows[-1].pk if rows else None, rows[0].pk if more_newer else None)
    if before.isdigit():
        matches = matches.filter(pk__lt=int(before))
    rows = list(matches.order_by("-pk")[: PER_PAGE + 1])
    older = rows[PER_PAGE - 1].pk if len(rows) > PER_PAGE else None
    rows = rows[:PER_PAGE]
    newer = rows[0].pk if before.isdigit() and rows else None
    return KeysetPage(rows, older, newer)


@require_GET
@public_page(SITE)
def index(request: HttpRequest) -> HttpResponse:
    """Every match, newest first, filtered by game and status."""
    matches = Match.objects.all()
    game = request.GET.get("game", "")
    status = request.GET.get("status", "")
    if game in arena.games.names():
        matches = matches.filter(game=game)
    if status in Match.Status.values:
        matches = matches.filter(status=status)
    page = keyset_page(
        matches.prefetch_related(SEATS),
        request.GET.get("before", ""),
        request.GET.get("after", ""),
    )
    return render(
        request,
        "matches/index.html",
        {
            "page": page,
            "game": game,
            "status": status,
            "keep": urlencode(
                {key: value for key, value in (("game", game), ("status", status)) if value}
            ),
            "games": [arena.games.get(name) for name in arena.games.names()],
            "statuses": Match.Status.values,
        },
    )


@require_GET
@public_page(MATCH)
def detail(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    seats = list(match.seats.select_related("version__bot__owner", "person").order_by("seat"))
    record = records.read(match) if match.is_finished else None
    log: list[records.LogRow] = []
    if match.is_finished and match.replay:
        try:
            log = records.log_rows(frames.spectator_steps(match), record)
        except (frames.FramesUnavailable, OSError, ValueError):
            log = []
    game = arena.games.get(match.game)
    viewer = viewer_config(match, seats)
    response = render(
        request,
        "matches/detail.html",
        {
            "match": match,
            "game": game,
            "seats": seat_rows(seats, record, request.user),
            "log": log,
            "moves": len(log) if match.is_finished else len(match.live_actions),
            "viewer": viewer,
            "dots": viewer["seatDots"],
            "viewer_plugin": plugin_path(match.game),
        },
    )
    return response if match.is_finished else uncached(response)


def _seat_param(request: HttpRequest) -> int | None:
    raw = request.GET.get("seat", "")
    if raw in ("", "spectator"):
        return None
    try:
        return int(raw)
    except ValueError:
        raise ValueError(
            f"seat={raw!r}: give a seat number, or nothing for the spectator view"
        ) from None


@require_GET
def frames_json(request: HttpRequest, match_id: int) -> HttpResponse:
    """The viewer's frames: spectator views, or `?seat=N` (finished matches only)."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        seat = _seat_param(request)
        data = frames.frames_gzip(match, seat)
    except ValueError as exc:
        return HttpResponseBadRequest(str(exc))
    except frames.FramesUnavailable as exc:
        return JsonResponse({"detail": str(exc)}, status=exc.status)
    response = gzipped_json(request, data, cacheable=match.is_finished)
    return settled(request, match, response, f"frames-v{frames.VERSION}")


def gzipped_json(request: HttpRequest, data: bytes, cacheable: bool) -> HttpResponse:
    """Stored gzip bytes as they are for clients that take gzip (every browser)."""
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(data, content_type="application/json")
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(gzip.decompress(data), content_type="application/json")
    response["Vary"] = "Accept-Encoding"
    response["Cache-Control"] = "public, max-age=3600" if cacheable else "no-store"
    return response


#: How long a cache may keep what a finished match serves without asking again: it never
#: changes (its replay, record and frames are written once), but the frames' format may
#: change with a release, so a day rather than a year (docs/decisions/caching.md).
SETTLED_MAX_AGE = 24 * 3600


def settled(request: HttpRequest, match: Match, response: HttpResponse, what: str) -> HttpResponse:
    """Validators for what a finished match serves: an ETag naming the match, its attempt
    and `what`, Last-Modified its finish; a 304 when the client has it already."""
    if not (match.is_finished and match.finished) or response.status_code != 200:
        return response
    etag = f'"{match.pk}-{match.attempts}-{what}"'
    last_modified = match.finished.timestamp()
    response["ETag"] = etag
    response["Last-Modified"] = http_date(last_modified)
    if "no-store" not in response.get("Cache-Control", "") and "private" not in response.get(
        "Cache-Control", ""
    ):
        response["Cache-Control"] = f"public, max-age={SETTLED_MAX_AGE}"
    return get_conditional_response(
        request, etag=etag, last_modified=int(last_modified), response=response
    )


@require_GET
def live_json(request: HttpRequest, match_id: int) -> JsonResponse:
    """Polled by a running match's page: status, new steps and frames after `?since=N`."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        since = max(0, int(request.GET.get("since", "0")))
    except ValueError:
        since = 0
    response = JsonResponse(frames.live_payload(match, since))
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def replay(request: HttpRequest, match_id: int) -> FileResponse:
    match = get_object_or_404(Match, pk=match_id)
    if not match.replay or not match.is_finished:
        raise Http404("this match has no replay yet")
    response = FileResponse(
        match.replay.open("rb"),
        content_type="application/json",
        filename=f"match-{match.pk}.replay.json",
    )
    return settled(request, match, response, "replay")


@require_GET
def log_json(request: HttpRequest, match_id: int) -> HttpResponse:
    """The full record (timings, strikes; stderr only for the bots' authors)."""
    match = get_object_or_404(Match, pk=match_id)
    record = records.read(match) if match.is_finished else None
    if record is None:
        raise Http404("this match has no record yet")
    owners = list(match.seats.order_by("seat").values_list("version__bot__owner_id", flat=True))
    body = json.dumps(records.redacted(record, owners, request.user), indent=1)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}.log.json"'
    return response
