"""A game's ladder: active bot versions by conservative rating, sortable and paginated."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import Avg, Case, F, FloatField, Max, Min, When, Window
from django.db.models.fields.json import KeyTextTransform, KeyTransform
from django.db.models.functions import Cast, NullIf, RowNumber
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

import arena.games
from webui.bots.models import BotVersion
from webui.ladder.charts import intervals
from webui.ladder.models import GameRating, Rating
from webui.matches.models import Match, MatchSeat
from webui.pagecache import GAME, public_page

PER_PAGE = 50
#: ?sort= key -> (column, first direction when clicked: "desc" for "bigger is better").
COLUMNS = {
    "rank": ("display", "desc"),
    "bot": ("version__bot__name", "asc"),
    "author": ("version__bot__owner__username", "asc"),
    "rating": ("display", "desc"),
    "mu": ("mu", "desc"),
    "sigma": ("sigma", "asc"),
    "games": ("games", "desc"),
    "winrate": ("win_rate", "desc"),
    "last": ("last_played", "desc"),
}


def active(game: str):
    return Rating.objects.filter(game=game, version__status=BotVersion.Status.ACTIVE)


def ladder_rows(game: str):
    """Rating rows of the game's active versions, each with its rank and win rate."""
    return (
        active(game)
        .select_related("version__bot__owner")
        .annotate(
            position=Window(RowNumber(), order_by=[F("display").desc(), F("id").asc()]),
            win_rate=Cast("wins", FloatField()) / Cast(NullIf("games", 0), FloatField()),
        )
    )


def seat_points(players: int) -> Case:
    """A seat's own trophy points, read from its match's outcome: a won table's score also
    carries the team's win bonus, which no seat scored."""
    outcome = KeyTransform("outcome", "match__summary")
    return Case(
        *(
            When(
                seat=seat,
                then=Cast(KeyTextTransform("points", KeyTransform(seat, outcome)), FloatField()),
            )
            for seat in range(players)
        ),
        default=Cast("score", FloatField()),
    )


def team_figures(game: str, rows: list) -> list[str]:
    """A cooperative ladder's secondary table, per row: points (trophies) per game, and the
    average of each number the game reports about its tables (Castle Panic: towers standing).
    Sets `row.team` to {label: value}; returns the labels, in order, for the page's header."""
    ladder = Match.objects.filter(game=game, kind=Match.Kind.LADDER, status=Match.Status.FINISHED)
    latest = ladder.exclude(summary__table={}).order_by("-finished").first()
    reported = (latest.summary.get("table") or {}) if latest else {}
    # Numbers only: the table result also says whether the team won and how it ended.
    keys = sorted(
        k for k, v in reported.items() if isinstance(v, int | float) and not isinstance(v, bool)
    )
    table = KeyTransform("table", "match__summary")
    averages = {f"t_{key}": Avg(Cast(KeyTextTransform(key, table), FloatField())) for key in keys}
    figures = {
        f["version_id"]: f
        for f in MatchSeat.objects.filter(
            match__in=ladder, version_id__in=[r.version_id for r in rows]
        )
        .values("version_id")
        .annotate(points=Avg(seat_points(arena.games.get(game).max_players)), **averages)
    }
    labels = ["points / game", *(key.replace("_", " ") for key in keys)]
    for row in rows:
        f = figures.get(row.version_id, {})
        values = [f.get("points"), *(f.get(f"t_{key}") for key in keys)]
        row.team = list(zip(labels, values, strict=True))
    return labels


def sorted_rows(rows, sort: str, direction: str):
    column, _ = COLUMNS[sort]
    # "rank" ascending means best first: the display rating descending.
    descending = (direction == "desc") != (sort == "rank")
    expr = F(column).desc(nulls_last=True) if descending else F(column).asc(nulls_last=True)
    tie = F("display").desc() if column != "display" else F("id").asc()
    return rows.order_by(expr, tie, "id")


@public_page(GAME)
def ladder(request: HttpRequest, game: str) -> HttpResponse:
    try:
        info = arena.games.get(game)
    except KeyError:
        raise Http404(f"no game called {game!r}") from None
    sort = request.GET.get("sort", "rank")
    if sort not in COLUMNS:
        sort = "rank"
    direction = request.GET.get("dir", "asc" if sort == "rank" else COLUMNS[sort][1])
    if direction not in ("asc", "desc"):
        direction = "asc"
    rows = ladder_rows(game)
    ordered = sorted_rows(rows, sort, direction)
    page = Paginator(ordered, PER_PAGE).get_page(request.GET.get("page"))
    bounds = active(game).aggregate(
        lo=Min(F("mu") - 3 * F("sigma")), hi=Max(F("mu") + 3 * F("sigma"))
    )
    intervals(page.object_list, bounds["lo"] or 0.0, bounds["hi"] or 50.0)
    headers = []
    for key, label, numeric in HEADERS:
        current = key == sort
        first = "asc" if key == "rank" else COLUMNS[key][1]
        flip = {"asc": "desc", "desc": "asc"}[direction] if current else first
        arrow = ("▲" if direction == "asc" else "▼") if current else ""
        headers.append(
            {
                "key": key,
                "label": label,
                "numeric": numeric,
                "active": current,
                "next": flip,
                "arrow": arrow,
            }
        )
    context = {"game": info, "page": page, "headers": headers, "sort": sort, "dir": direction}
    if info.cooperative:  # the table plays the game itself, rated per player count
        context["opponents"] = list(GameRating.objects.filter(game=game))
        context["team_labels"] = team_figures(game, page.object_list)
        for header in headers:
            if header["key"] == "winrate":
                header["label"] = "team win rate"
    return render(request, "ladder/ladder.html", context)


#: (sort key, column title, right-aligned)
HEADERS = (
    ("rank", "#", True),
    ("bot", "bot", False),
    ("author", "author", False),
    ("rating", "rating", True),
    ("mu", "mu", True),
    ("sigma", "sigma", True),
    ("games", "games", True),
    ("winrate", "win rate", True),
    ("last", "last played", True),
)


def solo(request: HttpRequest, game: str) -> HttpResponse:
    """The solo leaderboard of a game that can be played alone."""
    from webui.ladder.solo import solo_rows

    try:
        info = arena.games.get(game)
    except KeyError:
        raise Http404(f"no game called {game!r}") from None
    if info.min_players != 1:
        raise Http404(f"{info.title} cannot be played alone")
    return render(request, "ladder/solo.html", {"game": info, "rows": solo_rows(game)})
