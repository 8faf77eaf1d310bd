"""Tournament pages: the list, one tournament (standings, bracket, rounds), the organiser form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

import arena.games
import arena.tournament as formats
from arena.games.results import TeamResult, team_result
from arena.tournament import History
from webui.tournaments.forms import FORMAT_LABELS, TournamentForm
from webui.tournaments.models import Game, Tournament
from webui.tournaments.progress import by_rating, create, start
from webui.tournaments.svg import bracket_svg


def index(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.select_related("organiser").order_by("-id")
    page = Paginator(tournaments, 30).get_page(request.GET.get("page"))
    for t in page.object_list:
        t.format_label = FORMAT_LABELS.get(t.format, t.format)
    return render(request, "tournaments/index.html", {"page": page})


def detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament.objects.select_related("organiser"), pk=tournament_id)
    settings = tournament.settings()
    history = tournament.history()
    rows = formats.standings(settings, history)
    # Only what the page draws of each game: never a round's plan or a match's JSON per row
    # (a cooperative game's summary, whose team result the rounds show in place of ranks).
    game = arena.games.get(tournament.game)
    fields = ["round__number", "table", "index", "match_id", "match__status", "match__replay"]
    if game.cooperative:
        fields.append("match__summary")
    matches = {
        (number, table, index): GameMatch(match_id, status, replay, _team(game, status, rest))
        for number, table, index, match_id, status, replay, *rest in Game.objects.filter(
            round__tournament=tournament
        ).values_list(*fields)
    }
    bracket = None
    if formats.is_elimination(settings) and history.rounds:

        def link(box) -> str | None:
            match = matches.get((box.round, box.table, 0))
            return reverse("match", args=[match.pk]) if match else None

        bracket = mark_safe(bracket_svg(settings, history, link))
    context = {
        "tournament": tournament,
        "game": game,
        "format_label": FORMAT_LABELS.get(tournament.format, tournament.format),
        "tie_breaks": formats.tie_breaks(settings),
        "standings": rows,
        "elimination": formats.is_elimination(settings),
        "bracket": bracket,
        "rounds_html": rounds_html(request, tournament, history, matches),
        "entrants": tournament.entrants.select_related("version__bot__owner"),
        "played": sum(1 for _ in history.played()),
        "total": sum(1 for _ in history.games()),
    }
    return render(request, "tournaments/detail.html", context)


#: How long a finished tournament's rounds stay rendered in the cache.
ROUNDS_KEPT = 7 * 24 * 3600


def rounds_html(request: HttpRequest, tournament: Tournament, history, matches: dict) -> str:
    """The rounds section: hundreds of games, the page's costliest part to draw. A finished
    tournament's never change, so they are drawn once and kept in the cache (keyed by the
    tournament's id, creation and status: a new tournament never reads an old one's)."""
    finished = tournament.status == Tournament.Status.FINISHED
    key = f"arena:tournament-rounds:v1:{tournament.pk}:{tournament.created.timestamp()}"
    if finished and (kept := cache.get(key)) is not None:
        return mark_safe(kept)  # drawn by our template below, values escaped
    html = render_to_string(
        "tournaments/_rounds.html", {"rounds": rounds_view(history, matches)}, request
    )
    if finished:
        cache.set(key, html, ROUNDS_KEPT)
    return mark_safe(html)  # the template escaped every value


@dataclass(frozen=True)
class GameMatch:
    """A tournament game's match, as the page links it."""

    pk: int
    status: str
    replay: str  # the stored file's name; empty until the match is recorded
    #: A finished cooperative match's team result: shown instead of ranks.
    team: TeamResult | None = None


def _team(game: arena.games.Game, status: str, rest: list[Any]) -> TeamResult | None:
    if not rest or status != "finished":
        return None
    summary = rest[0] or {}
    return team_result(game, summary.get("outcome"), summary.get("table"))


def rounds_view(history: History, matches: dict) -> list[dict[str, Any]]:
    """Latest round first: its tables, each with its games, matches and results."""
    names = history.entrants
    view = []
    for rnd in reversed(history.rounds):
        tables = []
        for table in rnd.tables:
            games = []
            for index, spec in enumerate(table.games):
                match = matches.get((rnd.number, table.number, index))
                result = history.results.get((rnd.number, table.number, index))
                seats = [{"seat": s, "name": names[e]} for s, e in enumerate(spec.seats)]
                team = match.team if match else None
                if team is not None:  # won or lost together: trophy points, no ranks
                    for seat in seats:
                        seat["points"] = team.points[seat["seat"]]
                elif result is not None and result.ranks is not None:
                    for seat in seats:
                        seat["rank"] = result.ranks[seat["seat"]] + 1
                    seats.sort(key=lambda s: (s["rank"], s["seat"]))
                games.append(
                    {"match": match, "seats": seats, "void": bool(result and result.ranks is None)}
                )
            tables.append(
                {
                    "number": table.number,
                    "slot": table.slot,
                    "players": [names[p] for p in table.players],
                    "games": games,
                }
            )
        view.append({"number": rnd.number, "tables": tables, "byes": [names[e] for e in rnd.byes]})
    return view


@login_required
def new(request: HttpRequest) -> HttpResponse:
    game = request.POST.get("game") or request.GET.get("game") or arena.games.names()[0]
    if game not in arena.games.names():
        game = arena.games.names()[0]
    form = TournamentForm(request.POST or None, game=game)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = create(
                name=data["name"],
                game=data["game"],
                format=data["format"],
                versions=by_rating(data["game"], list(data["entrants"])),
                organiser=request.user,
                rounds=data["rounds"],
                table_size=data["table_size"],
                games_per_pairing=data["games_per_pairing"],
                duplicate=data["duplicate"],
                advance=data["advance"],
                seed=data["seed"],
            )
        except ValueError as exc:
            form.add_error(None, str(exc))
        else:
            start(tournament)
            messages.success(request, f"{tournament.name} has started.")
            return redirect("tournament", tournament.pk)
    games = [arena.games.get(name) for name in arena.games.names()]
    return render(request, "tournaments/new.html", {"form": form, "game": game, "games": games})
