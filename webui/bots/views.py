"""Bot pages: a bot (versions, rating history, recent matches, head-to-head), one version,
the upload form, and retiring a bot. Only a bot's owner may change it."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET

import arena.games
from webui.bots import directory, limits, presence
from webui.bots.forms import UploadForm, read_upload
from webui.bots.models import Bot, BotVersion
from webui.bots.stats import against_people, head_to_head, history_entries, recent_seats
from webui.bots.submission import SubmissionError, submit
from webui.ladder.charts import rating_history
from webui.ladder.models import Rating
from webui.matches import records
from webui.matches.models import MatchSeat
from webui.pagecache import BOT, public_page

RECENT = 20
BOTS_PER_PAGE = 50


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """Every bot: search by name, filter by game and kind, sort by rating or games."""
    search = directory.Search.read(request.GET)
    page = Paginator(directory.find(search), BOTS_PER_PAGE).get_page(request.GET.get("page"))
    asked = {"q": search.text, "game": search.game, "kind": search.kind, "sort": search.sort}
    return render(
        request,
        "bots/index.html",
        {
            "page": page,
            "search": search,
            "keep": "&" + urlencode({key: value for key, value in asked.items() if value}),
            "games": [arena.games.get(name) for name in arena.games.names()],
            "kinds": directory.KINDS,
            "sorts": list(directory.SORTS),
        },
    )


@require_GET
@public_page(BOT)
def bot(request: HttpRequest, bot_id: int) -> HttpResponse:
    obj = get_object_or_404(Bot.objects.select_related("owner"), pk=bot_id)
    versions = list(
        obj.versions.order_by("-number").prefetch_related(
            Prefetch("ratings", queryset=Rating.objects.filter(game=obj.game), to_attr="rated")
        )
    )
    for version in versions:
        version.rating = version.rated[0] if version.rated else None
    history = history_entries(v.rating.pk for v in versions if v.rating is not None)
    recent = (
        recent_seats((v.pk for v in versions), RECENT)
        .select_related("match", "version")
        .prefetch_related(
            Prefetch(
                "match__seats",
                queryset=MatchSeat.objects.select_related("version__bot__owner", "person").order_by(
                    "seat"
                ),
            )
        )
    )
    active = next((v for v in versions if v.status == BotVersion.Status.ACTIVE), None)
    is_owner = obj.editable_by(request.user)
    return render(
        request,
        "bots/bot.html",
        {
            "bot": obj,
            "game": arena.games.get(obj.game),
            "versions": versions,
            "active": active,
            "chart": rating_history(history),
            "recent": recent,
            "rivals": head_to_head(obj),
            "people": against_people(obj),
            "is_owner": is_owner,
            "private": records.can_see_private(request.user, obj.owner_id),
            "online": obj.remote and obj.pk in presence.online([obj.pk]),
            "tokens": list(obj.tokens.all()) if obj.remote and is_owner else [],
        },
    )


@require_GET
def version(request: HttpRequest, version_id: int) -> HttpResponse:
    obj = get_object_or_404(BotVersion.objects.select_related("bot__owner"), pk=version_id)
    rating = Rating.objects.filter(version=obj, game=obj.bot.game).first()
    history = history_entries([rating.pk] if rating is not None else [])
    return render(
        request,
        "bots/version.html",
        {
            "version": obj,
            "rating": rating,
            "chart": rating_history(history),
            "private": records.can_see_private(request.user, obj.bot.owner_id),
            "is_owner": obj.bot.editable_by(request.user),
        },
    )


@login_required
def upload(request: HttpRequest) -> HttpResponse:
    """The upload form; a bot name the user already has gets a new version."""
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                created = submit(
                    request.user,
                    form.cleaned_data["game"],
                    form.cleaned_data["name"],
                    upload.name,
                    read_upload(upload),
                    rate_limited=True,
                )
            except limits.RateLimited as exc:
                form.add_error(None, str(exc))
            except SubmissionError as exc:
                form.add_error("file", str(exc))
            else:
                messages.success(
                    request,
                    f"Version {created.number} of {created.bot.name} is stored; a validation "
                    "match in the sandbox decides whether it joins the ladder.",
                )
                return redirect("version", created.pk)
    else:
        form = UploadForm(initial={k: request.GET[k] for k in ("game", "name") if k in request.GET})
    mine = Bot.objects.filter(owner=request.user).order_by("game", "name")
    return render(request, "bots/upload.html", {"form": form, "mine": mine})


@login_required
def retire(request: HttpRequest, bot_id: int) -> HttpResponse:
    """Take the owner's bot off the ladder (its history stays); anyone else: 403. GET asks
    for confirmation first (no script needed); only the POST from that page retires."""
    obj = get_object_or_404(Bot, pk=bot_id)
    if not obj.editable_by(request.user):
        return HttpResponseForbidden("Only the bot's author can retire it.")
    if request.method != "POST" or request.POST.get("confirm") != "yes":
        return render(request, "bots/retire.html", {"bot": obj})
    retired = obj.retire()
    messages.success(
        request,
        f"{obj.name} is off the ladder ({retired} version{'s' if retired != 1 else ''} retired).",
    )
    return redirect("bot", obj.pk)
