"""The front page: the games with their leaders, live matches, and recent results."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Prefetch, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

import arena.games
from webui.bots.models import BotVersion
from webui.ladder.models import Rating
from webui.matches.models import Match, MatchSeat

SEATS = Prefetch(
    "seats",
    queryset=MatchSeat.objects.select_related("version__bot__owner", "person").order_by("seat"),
)


def site_context(request: HttpRequest) -> dict[str, Any]:
    """Every page's navigation: one ladder link per game (no query), named by the game's
    title before its expansion's ("Castle Panic"), so that the links fit one line."""
    games = (arena.games.get(name) for name in arena.games.names())
    return {"nav_games": [{"name": g.name, "title": g.title.split(":")[0]} for g in games]}


def home(request: HttpRequest) -> HttpResponse:
    active = dict(
        BotVersion.objects.filter(status=BotVersion.Status.ACTIVE)
        .values_list("bot__game")
        .annotate(n=Count("id"))
    )
    played = dict(
        Match.objects.filter(status=Match.Status.FINISHED)
        .values_list("game")
        .annotate(n=Count("id"))
    )
    games = []
    for name in arena.games.names():
        leaders = (
            Rating.objects.filter(game=name, version__status=BotVersion.Status.ACTIVE)
            .select_related("version__bot__owner")
            .order_by("-display", "id")[:3]
        )
        games.append(
            {
                "game": arena.games.get(name),
                "leaders": leaders,
                "bots": active.get(name, 0),
                "matches": played.get(name, 0),
            }
        )
    live = (
        Match.objects.filter(status=Match.Status.RUNNING)
        .order_by("-started")
        .prefetch_related(SEATS)[:10]
    )
    recent = (
        Match.objects.filter(status=Match.Status.FINISHED)
        .order_by("-finished")
        .prefetch_related(SEATS)[:15]
    )
    counts = Match.objects.aggregate(
        finished=Count("id", filter=Q(status=Match.Status.FINISHED)),
        queued=Count("id", filter=Q(status=Match.Status.QUEUED)),
        running=Count("id", filter=Q(status=Match.Status.RUNNING)),
    )
    return render(
        request,
        "home.html",
        {"games": games, "live": live, "recent": recent, "counts": counts},
    )
