"""The API explains itself: its root links the docs and the schema, the schema opens in a
browser as JSON, public reads are not drawn locked, and enum names read well."""

from __future__ import annotations

import json
import re


def test_the_api_root_links_its_docs_and_schema(django_env) -> None:
    from django.test import Client

    root = Client().get("/api/", HTTP_ACCEPT="application/json").json()
    assert root["docs"].endswith("/api/docs/") and root["schema"].endswith("/api/schema.json")
    assert {"games", "bots", "matches", "tournaments"} <= set(root)


def test_the_schema_link_shows_json_in_the_browser(django_env) -> None:
    from django.test import Client

    response = Client().get("/api/schema.json", HTTP_ACCEPT="text/html,*/*")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" not in response.get("Content-Disposition", "")
    schema = json.loads(response.content)
    assert schema["openapi"].startswith("3.")


def test_public_reads_are_not_locked_and_enums_have_names(django_env) -> None:
    from django.test import Client

    schema = Client().get("/api/schema.json").json()
    reads = schema["paths"]["/api/matches/"]["get"]
    assert "security" not in reads
    submit = schema["paths"]["/api/versions/"]["post"]
    assert submit.get("security"), "submitting needs a token: it stays locked"
    enums = [name for name in schema["components"]["schemas"] if name.endswith("Enum")]
    assert enums and not [n for n in enums if re.search(r"[0-9A-F]{3}Enum$", n)], enums


def test_the_docs_page_loads_everything_from_this_site(django_env) -> None:
    """Swagger UI's page, its script and its styles come from the site's static files
    (drf-spectacular-sidecar), never from a CDN; its schema is the site's."""
    from django.test import Client

    client = Client()
    page = client.get("/api/docs/").content.decode()
    named = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert len(named) >= 4, named
    assert all(url.startswith("/") and not url.startswith("//") for url in named), named
    script = next(url for url in named if "script" in url)
    code = client.get(script).content.decode()
    assert "/api/schema/" in code
    assert not re.findall(r"https?://", page + code), "a URL with a host"
