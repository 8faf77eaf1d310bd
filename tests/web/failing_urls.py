"""The site's URLs plus one view with a bug, for tests/web/test_server_errors.py."""

from django.urls import include, path


def boom(request):
    raise RuntimeError("a bug in a view")


urlpatterns = [path("boom/", boom), path("", include("webui.urls"))]
