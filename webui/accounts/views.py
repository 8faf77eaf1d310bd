"""Accounts: sign up, a person's page, and the API token page (sign in/out: Django's views)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from rest_framework.authtoken.models import Token

from webui.accounts import throttle
from webui.accounts.forms import SignupForm
from webui.bots.models import Bot, BotVersion
from webui.ladder.models import Rating
from webui.matches.models import Match, MatchSeat


class ThrottledLoginView(auth_views.LoginView):
    """Django's sign-in, refusing an address or an account with too many failures."""

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            throttle.check_login(request, request.POST.get("username", ""))
        except throttle.Throttled as exc:
            return too_many(request, "registration/login.html", self.get_form(), exc)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form) -> HttpResponse:
        throttle.login_failed(self.request, self.request.POST.get("username", ""))
        return super().form_invalid(form)


def too_many(request: HttpRequest, template: str, form, exc: throttle.Throttled) -> HttpResponse:
    form.errors.clear()
    form.add_error(None, exc.message)
    response = render(request, template, {"form": form}, status=429)
    response["Retry-After"] = str(exc.retry_after)
    return response


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST":
        try:
            throttle.check_signup(request)
        except throttle.Throttled as exc:
            return too_many(request, "accounts/signup.html", form, exc)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
        except IntegrityError:  # a look-alike name signed up at the same moment
            form.add_error("username", "This name is taken, or looks too much like one that is.")
            return render(request, "accounts/signup.html", {"form": form})
        throttle.signed_up(request)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}. Upload a bot when it is ready.")
        return redirect("home")
    return render(request, "accounts/signup.html", {"form": form})


def user_page(request: HttpRequest, username: str) -> HttpResponse:
    person = get_object_or_404(get_user_model(), username=username)
    active = BotVersion.objects.filter(status=BotVersion.Status.ACTIVE).prefetch_related(
        Prefetch("ratings", queryset=Rating.objects.all(), to_attr="rated")
    )
    bots = list(
        Bot.objects.filter(owner=person)
        .order_by("game", "name")
        .prefetch_related(Prefetch("versions", queryset=active, to_attr="live"))
    )
    for bot in bots:
        bot.active = bot.live[0] if bot.live else None
        rated = bot.active.rated if bot.active else []
        bot.active_rating = next((r for r in rated if r.game == bot.game), None)
    return render(
        request,
        "accounts/user.html",
        {"person": person, "bots": bots, "tables": played_tables(person)},
    )


#: Tables a person played, shown on their page.
RECENT_TABLES = 10


def played_tables(person) -> list[Match]:
    """The person's last finished tables against the bots, their seats prefetched."""
    seats = MatchSeat.objects.select_related("version__bot__owner", "person").order_by("seat")
    return list(
        Match.objects.filter(status=Match.Status.FINISHED, seats__person=person)
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("-finished", "-id")[:RECENT_TABLES]
    )


@login_required
def token(request: HttpRequest) -> HttpResponse:
    """See your API token; POST makes a new one (the old one stops working)."""
    if request.method == "POST":
        with transaction.atomic():
            Token.objects.filter(user=request.user).delete()
            Token.objects.create(user=request.user)
        messages.success(request, "A new token is ready. Programs using the old one must switch.")
        return redirect("token")
    return render(
        request,
        "accounts/token.html",
        {
            "token": Token.objects.filter(user=request.user).first(),
            "per_hour": settings.ARENA_SUBMISSIONS_PER_HOUR,
        },
    )
