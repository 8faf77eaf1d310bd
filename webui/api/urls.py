"""/api/: the JSON API (routers), its OpenAPI schema and the browsable documentation."""

from django.urls import include, path, reverse
from drf_spectacular.renderers import OpenApiJsonRenderer2, OpenApiYamlRenderer
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.response import Response
from rest_framework.routers import APIRootView, DefaultRouter

from webui.api import views
from webui.tournaments.api import TournamentViewSet


class ReadableYaml(OpenApiYamlRenderer):
    """The schema's YAML as text, which a browser shows instead of downloading."""

    media_type = "text/plain"
    charset = "utf-8"


class Schema(SpectacularAPIView):
    """The schema: YAML as text for browsers and `*/*` clients; the OpenAPI media types
    (application/vnd.oai.openapi, +json, application/yaml, application/json) when asked."""

    renderer_classes = (ReadableYaml, *SpectacularAPIView.renderer_classes)


class SchemaJSON(SpectacularAPIView):
    """The schema as plain JSON, which a browser shows instead of downloading."""

    renderer_classes = (OpenApiJsonRenderer2,)


class Root(APIRootView):
    """The API's endpoints, and where its documentation and schema are."""

    def get(self, request, *args, **kwargs) -> Response:
        response = super().get(request, *args, **kwargs)
        for name, route in (("docs", "api-docs"), ("schema", "api-schema-json")):
            response.data[name] = request.build_absolute_uri(reverse(route))
        return response


class Router(DefaultRouter):
    APIRootView = Root


router = Router()
router.register("games", views.GameViewSet, basename="api-game")
router.register("bots", views.BotViewSet, basename="api-bot")
router.register("versions", views.VersionViewSet, basename="api-version")
router.register("matches", views.MatchViewSet, basename="api-match")
router.register("tournaments", TournamentViewSet, basename="api-tournament")

urlpatterns = [
    path("schema/", Schema.as_view(), name="api-schema"),
    path("schema.json", SchemaJSON.as_view(), name="api-schema-json"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include(router.urls)),
]
