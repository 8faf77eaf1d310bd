from django.contrib import admin
from django.contrib.auth import views as auth
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from webui import views
from webui.accounts import views as accounts
from webui.bots import remote_views as remote
from webui.bots import views as bots
from webui.ladder import views as ladder
from webui.matches import views as matches
from webui.middleware import healthz
from webui.play import views as play

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", lambda request: healthz(), name="healthz"),
    path("favicon.ico", RedirectView.as_view(url=static("arena/favicon.svg"))),
    path("ladder/<str:game>/", ladder.ladder, name="ladder"),
    path("ladder/<str:game>/solo/", ladder.solo, name="solo"),
    path("bots/", bots.index, name="bots"),
    path("bots/<int:bot_id>/", bots.bot, name="bot"),
    path("bots/<int:bot_id>/retire", bots.retire, name="bot-retire"),
    path("versions/<int:version_id>/", bots.version, name="version"),
    path("upload/", bots.upload, name="upload"),
    path("bots/remote/new", remote.create, name="remote-new"),
    path("bots/<int:bot_id>/tokens", remote.issue_token, name="bot-token-new"),
    path(
        "bots/<int:bot_id>/tokens/<int:token_id>/revoke",
        remote.revoke_token,
        name="bot-token-revoke",
    ),
    path("bots/<int:bot_id>/versions/new", remote.add_version, name="bot-version-new"),
    path("bots/<int:bot_id>/concurrency", remote.set_concurrency, name="bot-concurrency"),
    path("matches/", matches.index, name="matches"),
    path("matches/<int:match_id>/", matches.detail, name="match"),
    path("matches/<int:match_id>/frames.json", matches.frames_json, name="match-frames"),
    path("matches/<int:match_id>/live.json", matches.live_json, name="match-live"),
    path("matches/<int:match_id>/replay.json", matches.replay, name="match-replay"),
    path("matches/<int:match_id>/log.json", matches.log_json, name="match-log"),
    path("play/", play.choose, name="play"),
    path("play/<int:match_id>/", play.table, name="play-table"),
    path("play/<int:match_id>/frames.json", play.table_frames, name="play-frames"),
    path("play/<int:match_id>/live.json", play.table_live, name="play-live"),
    path("play/<int:match_id>/act", play.table_act, name="play-act"),
    path("users/<path:username>/", accounts.user_page, name="user"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.ThrottledLoginView.as_view(), name="login"),
    path("accounts/logout/", auth.LogoutView.as_view(), name="logout"),
    path("accounts/token/", accounts.token, name="token"),
    path("api/", include("webui.api.urls")),
    path("tournaments/", include("webui.tournaments.urls")),
    # The admin's sign-in, throttled with the site's (before the admin's own URLs).
    path("admin/login/", accounts.ThrottledAdminLoginView.as_view(), name="admin-login"),
    path("admin/", admin.site.urls),
]
