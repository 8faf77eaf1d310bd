"""/api/: the JSON API (routers), its OpenAPI schema and the browsable documentation."""

import threading

from django.http import HttpRequest, JsonResponse
from django.urls import include, path, re_path, reverse
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.renderers import OpenApiJsonRenderer2, OpenApiYamlRenderer
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.response import Response
from rest_framework.routers import APIRootView, DefaultRouter

from webui.api import views
from webui.tournaments.api import TournamentViewSet


class OneAtATime(SpectacularAPIView):
    """The schema, made by one thread at a time: drf-spectacular's generator is not
    thread-safe (it sets attributes on shared views and extension classes as it goes), and
    two first requests at once in a threaded server answered 500 (drf-spectacular #1123)."""

    _generating = threading.Lock()

    @extend_schema(exclude=True)
    def get(self, request, *args, **kwargs) -> Response:
        with OneAtATime._generating:
            return super().get(request, *args, **kwargs)


class ReadableYaml(OpenApiYamlRenderer):
    """The schema's YAML as text, which a browser shows instead of downloading."""

    media_type = "text/plain"
    charset = "utf-8"


class Schema(OneAtATime):
    """The schema: YAML as text for browsers and `*/*` clients; the OpenAPI media types
    (application/vnd.oai.openapi, +json, application/yaml, application/json) when asked."""

    renderer_classes = (ReadableYaml, *SpectacularAPIView.renderer_classes)


class SchemaJSON(OneAtATime):
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


@csrf_exempt
def no_such_path(request: HttpRequest) -> JsonResponse:
    """Any other path under /api/ (an id that is no id, a game name with capitals, a typo):
    the API's own 404, in JSON like every answer its schema declares, for every method."""
    return JsonResponse({"detail": "Not found."}, status=404)


urlpatterns = [
    path("schema/", Schema.as_view(), name="api-schema"),
    path("schema.json", SchemaJSON.as_view(), name="api-schema-json"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include(router.urls)),
    # Last. Only paths that end in a slash, so that /api/bots still redirects to /api/bots/.
    re_path(r"^[\s\S]*/$", no_such_path),
]
