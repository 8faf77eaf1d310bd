"""A bot version's page: its status, why it was rejected, its stderr and rating history."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from webui.bots.models import BotVersion
from webui.ladder.models import RatingHistory


def version(request: HttpRequest, version_id: int) -> HttpResponse:
    obj = get_object_or_404(BotVersion.objects.select_related("bot__owner"), pk=version_id)
    history = (
        RatingHistory.objects.filter(rating__version=obj)
        .select_related("match")
        .order_by("-id")[:50]
    )
    return render(request, "bots/version.html", {"version": obj, "history": history})
