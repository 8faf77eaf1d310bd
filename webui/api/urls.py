"""/api/: the JSON API (routers), its OpenAPI schema and the browsable documentation."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from webui.api import views
from webui.tournaments.api import TournamentViewSet

router = DefaultRouter()
router.register("games", views.GameViewSet, basename="api-game")
router.register("bots", views.BotViewSet, basename="api-bot")
router.register("versions", views.VersionViewSet, basename="api-version")
router.register("matches", views.MatchViewSet, basename="api-match")
router.register("tournaments", TournamentViewSet, basename="api-tournament")

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include(router.urls)),
]
