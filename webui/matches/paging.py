"""The API's list of matches, paged by key (docs/decisions/keyset-paging.md).

DRF's CursorPagination on the id, newest first: `next` and `previous` carry an opaque
`cursor`, and each page is one index range however deep it is. The documented shape stays
`{count, next, previous, results}`; `count` comes from the counters kept as matches finish
(webui.matches.tallies) plus the matches not finished, never from counting the table.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from rest_framework.pagination import CursorPagination
from rest_framework.request import Request
from rest_framework.response import Response

from webui.matches.models import Match, MatchSeat, MatchTally

UNFINISHED = (Match.Status.QUEUED, Match.Status.RUNNING, Match.Status.FAILED)


def count_matches(game: str = "", status: str = "", bot: int | None = None) -> int:
    """How many matches a list filtered so holds: finished ones from the counters, the
    others (queued, running, failed: few) counted through the status indexes. A bot's
    matches are its seats (an index range of that bot's versions; a bot sits once a table)."""
    if "\x00" in game:  # no game is named so (and PostgreSQL's text holds no NUL)
        return 0
    if bot is not None:  # its seats, through their version index (one seat a match)
        seats = MatchSeat.objects.filter(version__bot_id=bot)
        if game:
            seats = seats.filter(match__game=game)
        if status:
            seats = seats.filter(match__status=status)
        return seats.count()
    total = 0
    if status in ("", Match.Status.FINISHED):
        tallies = MatchTally.objects.filter(game=game) if game else MatchTally.objects.all()
        total += sum(tallies.values_list("finished", flat=True))
    if status != Match.Status.FINISHED:
        others = Match.objects.filter(status__in=[status] if status else UNFINISHED)
        total += (others.filter(game=game) if game else others).count()
    return total


class MatchCursorPagination(CursorPagination):
    ordering = "-id"
    page_size = 50

    def paginate_queryset(
        self, queryset: QuerySet, request: Request, view: Any = None
    ) -> list | None:
        params = request.query_params
        status = params.get("status", "")
        bot = params.get("bot", "")
        self.count = count_matches(
            game=params.get("game", ""),
            status=status if status in Match.Status.values else "",
            bot=int(bot) if bot.isascii() and bot.isdigit() else None,
        )
        return super().paginate_queryset(queryset, request, view)

    def get_paginated_response(self, data: Any) -> Response:
        return Response(
            {
                "count": self.count,
                "next": self.get_next_link(),
                "previous": self.get_previous_link(),
                "results": data,
            }
        )

    def get_paginated_response_schema(self, schema: dict) -> dict:
        paged = super().get_paginated_response_schema(schema)
        paged["required"] = ["count", "results"]
        paged["properties"] = {
            "count": {"type": "integer", "example": 123},
            **paged["properties"],
        }
        return paged
