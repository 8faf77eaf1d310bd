"""A match's page (players, result, strikes, stderr) and its replay document."""

from __future__ import annotations

from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from webui.matches.models import Match


def detail(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    seats = match.seats.select_related("version__bot__owner").order_by("seat")
    return render(request, "matches/detail.html", {"match": match, "seats": seats})


def replay(request: HttpRequest, match_id: int) -> FileResponse:
    match = get_object_or_404(Match, pk=match_id)
    if not match.replay:
        raise Http404("this match has no replay yet")
    return FileResponse(
        match.replay.open("rb"),
        content_type="application/json",
        filename=f"match-{match.pk}.replay.json",
    )
