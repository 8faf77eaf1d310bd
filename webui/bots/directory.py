"""The bot directory (`/bots/`): every bot, found by name, game and kind, sorted by its
rating or its games. A bot's rating and games are its active version's, as on the ladder."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import F, OuterRef, QuerySet, Subquery

import arena.games
from webui.bots.models import REFERENCE_USER, Bot, BotVersion
from webui.ladder.models import Rating

KINDS = ("hosted", "remote", "reference")
SORTS = {
    "rating": (F("rating").desc(nulls_last=True), "name"),
    "games": (F("games").desc(nulls_last=True), "name"),
    "name": ("name", "pk"),
    "newest": ("-created", "-pk"),
}
#: Longest search text taken: a name is at most 64 characters.
QUERY_CAP = 64


@dataclass(frozen=True)
class Search:
    """What the directory was asked for, each part checked against what it may be."""

    text: str = ""
    game: str = ""
    kind: str = ""
    sort: str = "rating"

    @classmethod
    def read(cls, params: Mapping[str, str]) -> Search:
        game = params.get("game", "")
        kind = params.get("kind", "")
        sort = params.get("sort", "")
        return cls(
            text=params.get("q", "").strip()[:QUERY_CAP],
            game=game if game in arena.games.names() else "",
            kind=kind if kind in KINDS else "",
            sort=sort if sort in SORTS else "rating",
        )


def find(search: Search) -> QuerySet[Bot]:
    """The bots `search` asks for, each annotated with its active version's rating and games."""
    active = Rating.objects.filter(
        version__bot=OuterRef("pk"),
        version__status=BotVersion.Status.ACTIVE,
        game=OuterRef("game"),
    ).order_by("-version__number")
    bots = Bot.objects.select_related("owner").annotate(
        rating=Subquery(active.values("display")[:1]),
        games=Subquery(active.values("games")[:1]),
        wins=Subquery(active.values("wins")[:1]),
    )
    if search.text:
        bots = bots.filter(name__icontains=search.text)
    if search.game:
        bots = bots.filter(game=search.game)
    if search.kind == "reference":
        bots = bots.filter(owner__username=REFERENCE_USER)
    elif search.kind:
        bots = bots.filter(kind=search.kind).exclude(owner__username=REFERENCE_USER)
    return bots.order_by(*SORTS[search.sort])
