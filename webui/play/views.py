"""Play pages: choose a table, and the table itself (the board as the person's seat sees it,
the open turn and its clock). Only a seat's own person reads its view or acts for it."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import arena.games
from webui.matches import frames
from webui.matches.models import Match
from webui.matches.views import gzipped_json
from webui.play import tables, turns
from webui.presentation import plugin_path, viewer_config


@login_required
@require_http_methods(["GET", "POST"])
def choose(request: HttpRequest) -> HttpResponse:
    """Pick a game, its options, the players and the opponents; take a seat."""
    names = arena.games.names()
    game_name = request.POST.get("game") or request.GET.get("game") or names[0]
    if game_name not in names:
        raise Http404("no such game")
    game = arena.games.get(game_name)
    error = ""
    relay = bool(settings.ARENA_RELAY_URL)
    if request.method == "POST" and not relay:
        error = "people's seats need the relay's Redis (ARENA_RELAY_URL); this site has none"
    elif request.method == "POST":
        try:
            table = tables.read_table(game_name, request.POST)
        except tables.TableError as exc:
            error = str(exc)
        else:
            match = tables.sit_down(request.user, table)
            return redirect("play-table", match_id=match.pk)
    per_decision, bank = tables.PEOPLE_CLOCK.get(game_name, tables.DEFAULT_CLOCK)
    return render(
        request,
        "play/choose.html",
        {
            "games": [arena.games.get(name) for name in names],
            "game": game,
            "options": game.options,
            "players": range(game.min_players, game.max_players + 1),
            "default_players": min(game.max_players, max(game.min_players, 3)),
            "opponent_slots": range(1, game.max_players),
            "opponents": tables.opponents(game_name),
            "per_decision": per_decision,
            "bank": bank,
            "error": error,
            "relay": relay,
        },
        status=400 if error else 200,
    )


def _own_seat(request: HttpRequest, match_id: int) -> tuple[Match, int]:
    match = get_object_or_404(Match, pk=match_id, kind=Match.Kind.PEOPLE)
    seat = tables.person_seat(match, request.user)
    if seat is None:
        raise Http404("you have no seat at this table")
    return match, seat


@login_required
@require_GET
def table(request: HttpRequest, match_id: int) -> HttpResponse:
    match, seat = _own_seat(request, match_id)
    seats = list(match.seats.select_related("version__bot__owner", "person").order_by("seat"))
    viewer = viewer_config(match, seats)
    viewer.update(
        framesUrl=reverse("play-frames", args=[match.pk]),
        liveUrl=reverse("play-live", args=[match.pk]),
        seatViews=False,
        mySeat=seat,
        actUrl=reverse("play-act", args=[match.pk]),
        matchUrl=reverse("match", args=[match.pk]),
    )
    return render(
        request,
        "play/table.html",
        {
            "match": match,
            "game": arena.games.get(match.game),
            "seat": seat,
            "seats": seats,
            "viewer": viewer,
            "dots": viewer["seatDots"],
            "viewer_plugin": plugin_path(match.game),
        },
    )


@login_required
@require_GET
def table_frames(request: HttpRequest, match_id: int) -> HttpResponse:
    """The person's seat view: live while the match runs, the stored one once it is over."""
    match, seat = _own_seat(request, match_id)
    if match.status == Match.Status.RUNNING:
        data = frames.seat_payload(match, seat)
        response = JsonResponse(data)
        response["Cache-Control"] = "no-store"
        return response
    if match.status == Match.Status.QUEUED:  # nothing yet: the viewer polls live.json
        empty = {"status": match.status, "complete": False, "seat": seat, "outcome": []}
        response = JsonResponse({**empty, "steps": [], "frames": []})
        response["Cache-Control"] = "no-store"
        return response
    try:
        packed = frames.frames_gzip(match, seat)
    except frames.FramesUnavailable as exc:
        return JsonResponse({"detail": str(exc)}, status=exc.status)
    return gzipped_json(request, packed, cacheable=False)


@login_required
@require_GET
def table_live(request: HttpRequest, match_id: int) -> JsonResponse:
    """Polled by the table: new steps and frames of the seat's view, and its open turn."""
    match, seat = _own_seat(request, match_id)
    try:
        since = max(0, int(request.GET.get("since", "0")))
    except ValueError:
        since = 0
    data = frames.seat_live_payload(match, seat, since)
    data["turn"] = None
    if match.status == Match.Status.RUNNING:
        try:
            data["turn"] = turns.open_turn(match.pk, seat)
        except turns.RelayUnavailable as exc:
            data["relay"] = str(exc)
    response = JsonResponse(data)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def table_act(request: HttpRequest, match_id: int) -> JsonResponse:
    """The person's answer to the open turn: {"request": id, "code": action code}."""
    match, seat = _own_seat(request, match_id)
    try:
        body = json.loads(request.body)
        request_id, code = int(body["request"]), str(body["code"])
    except (ValueError, KeyError, TypeError, OverflowError, RecursionError):
        # Not JSON, not an object, an id of Infinity or thousands of digits, nesting deep
        # enough to exhaust the parser: the same clear refusal (the body is capped by
        # DATA_UPLOAD_MAX_MEMORY_SIZE before it is read).
        return JsonResponse({"detail": 'send {"request": id, "code": code}'}, status=400)
    if match.status != Match.Status.RUNNING:
        return JsonResponse({"detail": f"the match is {match.status}"}, status=409)
    try:
        refused = turns.answer(match.pk, seat, request_id, code)
    except turns.RelayUnavailable as exc:
        return JsonResponse({"detail": str(exc)}, status=503)
    if refused:
        return JsonResponse({"detail": refused}, status=409)
    return JsonResponse({"sent": code, "request": request_id})
