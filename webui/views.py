"""The front page: the games with their leaders, live matches, and recent results."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

import arena.games
from webui.bots.models import BotVersion
from webui.ladder.models import Rating
from webui.matches.models import Match, MatchSeat, MatchTally
from webui.pagecache import SITE, public_page

SEATS = Prefetch(
    "seats",
    queryset=MatchSeat.objects.select_related("version__bot__owner", "person").order_by("seat"),
)


def site_context(request: HttpRequest) -> dict[str, Any]:
    """Every page's navigation: one ladder link per game (no query), named by the game's
    title before its expansion's ("Castle Panic"), so that the links fit one line."""
    games = (arena.games.get(name) for name in arena.games.names())
    return {"nav_games": [{"name": g.name, "title": g.title.split(":")[0]} for g in games]}


@public_page(SITE)
def home(request: HttpRequest) -> HttpResponse:
    active = dict(
        BotVersion.objects.filter(status=BotVersion.Status.ACTIVE)
        .values_list("bot__game")
        .annotate(n=Count("id"))
    )
    played = dict(MatchTally.objects.values_list("game", "finished"))
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
    # Finished matches from the counters kept as they finish; the live ones (a bounded set,
    # served by the status indexes) are counted as they are.
    counts = {"finished": sum(played.values()), "queued": 0, "running": 0}
    waiting = (Match.Status.QUEUED, Match.Status.RUNNING)
    live_counts = Match.objects.filter(status__in=waiting).values_list("status")
    counts.update(live_counts.annotate(n=Count("id")).order_by())
    return render(
        request,
        "home.html",
        {"games": games, "live": live, "recent": recent, "counts": counts},
    )
