"""Accounts: sign up, a person's page, and the API token page (sign in/out: Django's views)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.views.decorators.cache import never_cache
from rest_framework.authtoken.models import Token

from webui.accounts import throttle
from webui.accounts.forms import SignupForm
from webui.bots.models import Bot, BotVersion
from webui.ladder.models import Rating
from webui.matches.models import Match, MatchSeat


class ThrottledLoginView(auth_views.LoginView):
    """Django's sign-in, refusing an address or an account with too many failures. Every
    attempt counts as a failure until the password proves right (webui.accounts.throttle)."""

    _attempt: list[int]

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            self._attempt = throttle.login_attempt(request, request.POST.get("username", ""))
        except throttle.Throttled as exc:
            return too_many(request, self.template_name, self.get_form(), exc, self.extra())
        return super().post(request, *args, **kwargs)

    def form_valid(self, form) -> HttpResponse:
        throttle.forget(self._attempt)
        return super().form_valid(form)

    def extra(self) -> dict:
        """Context the template needs beyond the form (the admin's page needs more)."""
        return {}


class ThrottledAdminLoginView(ThrottledLoginView):
    """The admin's sign-in (`AdminSite.login`'s form, page and redirect), counted with the
    site's: a staff password is no easier to guess there."""

    authentication_form = AdminAuthenticationForm
    template_name = "admin/login.html"
    next_page = reverse_lazy("admin:index")

    def get(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.user.is_active and request.user.is_staff:
            return redirect("admin:index")
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs) -> dict:
        return {**super().get_context_data(**kwargs), **self.extra()}

    def extra(self) -> dict:
        return {
            **admin.site.each_context(self.request),
            "title": "Log in",
            "subtitle": None,
            "app_path": self.request.get_full_path(),
            "username": self.request.user.get_username(),
        }


def too_many(
    request: HttpRequest,
    template: str,
    form,
    exc: throttle.Throttled,
    extra: dict | None = None,
) -> HttpResponse:
    form.errors.clear()
    form.add_error(None, exc.message)
    response = render(request, template, {**(extra or {}), "form": form}, status=429)
    response["Retry-After"] = str(exc.retry_after)
    return response


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method != "POST":
        return render(request, "accounts/signup.html", {"form": form})
    try:  # counted first, taken back unless an account is made
        attempt = throttle.signup_attempt(request)
    except throttle.Throttled as exc:
        return too_many(request, "accounts/signup.html", form, exc)
    user = None
    if form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
        except IntegrityError:  # a look-alike name signed up at the same moment
            form.add_error("username", "This name is taken, or looks too much like one that is.")
    if user is None:
        throttle.forget(attempt)
        return render(request, "accounts/signup.html", {"form": form})
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(request, f"Welcome, {user.username}. Upload a bot when it is ready.")
    return redirect("home")


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


@never_cache  # the page shows a secret: no cache, shared or the browser's, may keep it
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
