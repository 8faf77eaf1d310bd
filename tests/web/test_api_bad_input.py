"""Bad ids in the API's paths and filters get a 404 or a 400 that says why, never a 500:
letters, `null`, superscript digits (which `str.isdigit` accepts and `int` refuses) and
numbers too big for the database's integer (which once overflowed)."""

from __future__ import annotations

import pytest

NOT_IDS = ["abc", "null", "²", "١٢", "-1", "1.5", "676851864100174168064", "9" * 5000]


@pytest.fixture
def api(world):
    from rest_framework.test import APIClient

    return APIClient()


@pytest.mark.parametrize("raw", NOT_IDS)
@pytest.mark.parametrize(
    "path",
    [
        "/api/matches/{}/",
        "/api/matches/{}/log/",
        "/api/matches/{}/replay/",
        "/api/matches/{}/frames/",
        "/api/bots/{}/",
        "/api/versions/{}/",
        "/api/tournaments/{}/",
    ],
)
def test_a_path_that_names_no_id_is_a_404(api, path: str, raw: str):
    assert api.get(path.format(raw)).status_code == 404


@pytest.mark.parametrize("raw", NOT_IDS)
@pytest.mark.parametrize("path", ["/api/matches/?bot={}", "/api/versions/?bot={}"])
def test_a_filter_that_is_no_id_is_a_400_that_names_it(api, path: str, raw: str):
    response = api.get(path.format(raw))
    assert response.status_code == 400
    assert "is not an id" in str(response.json()["bot"])


def test_a_seat_that_is_no_number_is_a_400(api, world):
    from webui.matches.models import Match

    finished = Match.objects.filter(status="finished").first()
    for raw in ("²", "x", "9" * 40):
        response = api.get(f"/api/matches/{finished.pk}/frames/?seat={raw}")
        assert response.status_code == 400, raw
        assert "is not a seat number" in str(response.json()["seat"])
    assert api.get(f"/api/matches/{finished.pk}/frames/?seat=0").status_code == 200


def test_good_ids_still_filter(api, world):
    from webui.bots.models import BotVersion
    from webui.matches.models import Match, MatchSeat

    seat = MatchSeat.objects.filter(version__isnull=False).select_related("version").first()
    bot = seat.version.bot_id
    played = set(Match.objects.filter(seats__version__bot_id=bot).values_list("pk", flat=True))
    listed = {m["id"] for m in api.get(f"/api/matches/?bot={bot}").json()["results"]}
    assert listed and listed <= played
    versions = {v["id"] for v in api.get(f"/api/versions/?bot={bot}").json()["results"]}
    assert versions == set(BotVersion.objects.filter(bot_id=bot).values_list("pk", flat=True))


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("post", "/api/matches/"),
        ("delete", "/api/matches/1/"),
        ("put", "/api/bots/1/"),
        ("patch", "/api/versions/1/"),
        ("post", "/api/games/"),
        ("delete", "/api/games/wandering_towers/"),
        ("post", "/api/tournaments/"),
    ],
)
def test_a_method_an_endpoint_lacks_is_a_405_even_for_a_visitor(api, method: str, path: str):
    response = getattr(api, method)(path)
    assert response.status_code == 405, response.content
    assert "GET" in response["Allow"]


def test_the_games_list_is_the_list_its_schema_says(api):
    import yaml

    games = api.get("/api/games/").json()
    assert isinstance(games, list) and {g["name"] for g in games} >= {"wandering_towers"}
    schema = yaml.safe_load(api.get("/api/schema/").content)
    listed = schema["paths"]["/api/games/"]["get"]["responses"]["200"]["content"]
    assert listed["application/json"]["schema"]["type"] == "array"


def test_a_ladder_pages_as_its_schema_says(api):
    import yaml

    page = api.get("/api/games/wandering_towers/ladder/").json()
    assert {"count", "next", "previous", "results"} <= page.keys()
    schema = yaml.safe_load(api.get("/api/schema/").content)
    listed = schema["paths"]["/api/games/{name}/ladder/"]["get"]["responses"]["200"]["content"]
    ref = listed["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    assert {"count", "results"} <= schema["components"]["schemas"][ref]["properties"].keys()


def test_a_browser_is_shown_the_schema_and_tools_get_their_media_type(api):
    browser = api.get("/api/schema/", HTTP_ACCEPT="text/html,application/xhtml+xml,*/*;q=0.8")
    assert browser["Content-Type"].startswith("text/plain")
    assert browser.content.startswith(b"openapi: ")
    tool = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi")
    assert tool["Content-Type"].startswith("application/vnd.oai.openapi")
    as_json = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert as_json.json()["openapi"].startswith("3.")


def test_the_schema_declares_the_refusals_each_operation_can_answer(api):
    import yaml

    paths = yaml.safe_load(api.get("/api/schema/").content)["paths"]
    assert {"400", "404"} <= paths["/api/matches/{id}/frames/"]["get"]["responses"].keys()
    assert "400" in paths["/api/matches/"]["get"]["responses"]
    assert "404" in paths["/api/bots/{id}/"]["get"]["responses"]
    upload = paths["/api/versions/"]["post"]["responses"]
    assert {"201", "400", "401", "403", "429"} <= upload.keys()
    # And what they answer is what they declare.
    assert api.get("/api/matches/?bot=x").status_code == 400
    assert api.post("/api/versions/", {}).status_code == 401
