"""Pages for remote bots: create one, its tokens (shown once, revocable), new versions,
and how many matches it plays at once. Only the bot's owner sees or changes any of it."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_POST

from webui.bots.forms import ConcurrencyForm, RemoteBotForm
from webui.bots.models import Bot, BotToken
from webui.bots.remote import create_remote_bot, new_version
from webui.bots.submission import SubmissionError


def _owned_remote(request: HttpRequest, bot_id: int) -> Bot | HttpResponse:
    bot = get_object_or_404(Bot.objects.select_related("owner"), pk=bot_id)
    if not bot.editable_by(request.user) or not bot.remote:
        return HttpResponseForbidden("Only the owner of a remote bot can do this.")
    return bot


def _show_secret(request: HttpRequest, bot: Bot, secret: str) -> HttpResponse:
    """The one time a token's secret is shown: it is stored only as a hash, and no cache
    (a proxy's or the browser's) may keep the page (Cache-Control: no-store)."""
    response = render(
        request,
        "bots/remote_token.html",
        {"bot": bot, "secret": secret, "gateway": settings.ARENA_GATEWAY_ADDRESS},
    )
    add_never_cache_headers(response)
    return response


@login_required
def create(request: HttpRequest) -> HttpResponse:
    form = RemoteBotForm(request.POST or None, initial={"game": request.GET.get("game")})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            bot, secret = create_remote_bot(
                request.user, data["game"], data["name"], data["concurrency"]
            )
        except SubmissionError as exc:
            form.add_error("name", str(exc))
        else:
            return _show_secret(request, bot, secret)
    return render(request, "bots/remote_new.html", {"form": form})


@login_required
@require_POST
def issue_token(request: HttpRequest, bot_id: int) -> HttpResponse:
    bot = _owned_remote(request, bot_id)
    if isinstance(bot, HttpResponse):
        return bot
    _, secret = BotToken.issue(bot)
    return _show_secret(request, bot, secret)


@login_required
@require_POST
def revoke_token(request: HttpRequest, bot_id: int, token_id: int) -> HttpResponse:
    bot = _owned_remote(request, bot_id)
    if isinstance(bot, HttpResponse):
        return bot
    token = get_object_or_404(BotToken, pk=token_id, bot=bot)
    token.revoke()
    messages.success(request, f"Token {token.hint}… is revoked: it opens nothing any more.")
    return redirect("bot", bot.pk)


@login_required
@require_POST
def add_version(request: HttpRequest, bot_id: int) -> HttpResponse:
    bot = _owned_remote(request, bot_id)
    if isinstance(bot, HttpResponse):
        return bot
    version = new_version(bot)
    messages.success(request, f"v{version.number} is on the ladder, with a rating of its own.")
    return redirect("bot", bot.pk)


@login_required
@require_POST
def set_concurrency(request: HttpRequest, bot_id: int) -> HttpResponse:
    bot = _owned_remote(request, bot_id)
    if isinstance(bot, HttpResponse):
        return bot
    form = ConcurrencyForm(request.POST)
    if form.is_valid():
        Bot.objects.filter(pk=bot.pk).update(concurrency=form.cleaned_data["concurrency"])
        messages.success(request, f"It plays up to {form.cleaned_data['concurrency']} at once.")
    else:
        messages.error(request, "Concurrency is a whole number from 1 to 16.")
    return redirect("bot", bot.pk)
