from django.contrib import admin
from django.urls import path

from webui import views
from webui.bots import views as bots
from webui.matches import views as matches
from webui.middleware import healthz

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", lambda request: healthz(), name="healthz"),
    path("matches/<int:match_id>/", matches.detail, name="match"),
    path("matches/<int:match_id>/replay.json", matches.replay, name="match-replay"),
    path("versions/<int:version_id>/", bots.version, name="version"),
    path("admin/", admin.site.urls),
]
