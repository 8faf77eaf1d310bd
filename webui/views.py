"""The front page: every game's ladder and the latest matches. Plain on purpose."""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

import arena.games
from webui.bots.models import BotVersion
from webui.ladder.models import Rating
from webui.matches.models import Match


def home(request: HttpRequest) -> HttpResponse:
    ladders = []
    for name in arena.games.names():
        game = arena.games.get(name)
        rows = (
            Rating.objects.filter(game=name, version__status=BotVersion.Status.ACTIVE)
            .select_related("version__bot__owner")
            .order_by("-display", "id")[:50]
        )
        ladders.append({"game": game, "ratings": rows})
    recent = Match.objects.filter(status=Match.Status.FINISHED).order_by("-finished")[:20]
    counts = Match.objects.aggregate(
        finished=Count("id", filter=Q(status=Match.Status.FINISHED)),
        queued=Count("id", filter=Q(status=Match.Status.QUEUED)),
        running=Count("id", filter=Q(status=Match.Status.RUNNING)),
        failed=Count("id", filter=Q(status=Match.Status.FAILED)),
    )
    return render(request, "home.html", {"ladders": ladders, "recent": recent, "counts": counts})
