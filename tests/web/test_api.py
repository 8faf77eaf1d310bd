"""The JSON API: a valid OpenAPI schema, reading without an account, submitting with a
token within the hourly limit, nobody changing another's bot, nothing hidden leaking."""

from __future__ import annotations

import json

import pytest
from web_support import SECRET, user

import arena.games

GOOD = b"""from arena_sdk import Bot

class B(Bot):
    def act(self, view, legal):
        return legal[0].code
"""


@pytest.fixture
def api(world):
    from rest_framework.test import APIClient

    return APIClient()


def token_for(person) -> str:
    from rest_framework.authtoken.models import Token

    return Token.objects.get_or_create(user=person)[0].key


def upload(api, token: str, name: str, content: bytes = GOOD, game: str = "wandering_towers"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return api.post(
        "/api/versions/",
        {"game": game, "name": name, "file": SimpleUploadedFile(f"{name}.py", content)},
        format="multipart",
        HTTP_AUTHORIZATION=f"Token {token}",
    )


def test_the_openapi_schema_is_valid_and_served(api):
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.validation import validate_schema

    validate_schema(SchemaGenerator().get_schema(request=None, public=True))
    schema = api.get("/api/schema/?format=json").json()
    assert schema["openapi"].startswith("3.")
    for path in ("/api/versions/", "/api/games/{name}/ladder/", "/api/matches/{id}/frames/"):
        assert path in schema["paths"]
    assert "tokenAuth" in schema["components"]["securitySchemes"]


def test_games_ladders_bots_and_matches_are_readable_without_an_account(api, world):
    games = api.get("/api/games/").json()
    assert [g["name"] for g in games] == arena.games.names()
    ladder = api.get("/api/games/wandering_towers/ladder/").json()
    assert [row["rank"] for row in ladder["results"]][:3] == [1, 2, 3]
    displays = [row["display"] for row in ladder["results"]]
    assert displays == sorted(displays, reverse=True)
    bot = api.get(f"/api/bots/{world.bots['tactician'].pk}/").json()
    assert {v["status"] for v in bot["versions"]} == {"active", "retired", "rejected"}
    assert all(v["validation_stderr"] is None for v in bot["versions"])
    match = api.get(f"/api/matches/{world.matches['four'].pk}/").json()
    assert match["status"] == "finished" and len(match["seats"]) == 4
    replay = api.get(match["downloads"]["replay"].replace("http://testserver", ""))
    assert json.loads(b"".join(replay.streaming_content))["format"] == "arena-replay/1"
    mine = api.get(f"/api/matches/?bot={world.bots['wanderer'].pk}").json()
    assert mine["count"] >= 4


def test_a_token_submits_a_version_that_waits_for_validation(api, world, no_broker):
    person = user("api-author")
    response = upload(api, token_for(person), "api-bot")
    assert response.status_code == 201, response.content
    version = response.json()
    assert version["status"] == "pending" and version["number"] == 1
    assert version["url"].endswith(f"/versions/{version['id']}/")
    assert response["Location"] == version["url"]
    assert ("arena.validate_version", version["id"]) in no_broker
    again = upload(api, token_for(person), "api-bot", GOOD + b"# 2\n").json()
    assert again["number"] == 2 and again["bot"] == version["bot"]


def test_submitting_needs_a_valid_token(api, world):
    assert upload(api, "not-a-token", "x").status_code == 401
    response = api.post("/api/versions/", {"game": "wandering_towers", "name": "x"})
    assert response.status_code == 401


def test_a_bad_upload_is_refused_with_its_reason(api, world):
    response = upload(api, token_for(user("api-sloppy")), "broken", b"def act(:\n")
    assert response.status_code == 400
    assert "syntax error" in response.json()["detail"]
    response = upload(api, token_for(user("api-sloppy")), "x", game="chess")
    assert response.status_code == 400 and "game" in response.json()


def test_past_the_hourly_limit_submissions_get_429_with_a_clear_message(api, world, settings_value):
    settings_value(ARENA_SUBMISSIONS_PER_HOUR=3)
    token = token_for(user("api-eager"))
    for attempt in range(3):
        assert upload(api, token, "eager", GOOD + f"# {attempt}\n".encode()).status_code == 201
    response = upload(api, token, "eager", GOOD + b"# 4\n")
    assert response.status_code == 429
    assert "limit is 3 per hour" in response.json()["detail"]
    assert int(response["Retry-After"]) > 0


def test_nobody_changes_another_persons_bot(api, world):
    from webui.bots.models import BotVersion

    alice_bot = world.bots["tactician"]
    bob = f"Token {token_for(world.users['bob'])}"
    response = api.post(f"/api/bots/{alice_bot.pk}/retire/", HTTP_AUTHORIZATION=bob)
    assert response.status_code == 403 and "author" in response.json()["detail"]
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = api.post(
        f"/api/bots/{alice_bot.pk}/versions/",
        {"file": SimpleUploadedFile("x.py", GOOD)},
        format="multipart",
        HTTP_AUTHORIZATION=bob,
    )
    assert response.status_code == 403
    for method in ("put", "patch", "delete"):
        assert (
            getattr(api, method)(f"/api/bots/{alice_bot.pk}/", HTTP_AUTHORIZATION=bob).status_code
            == 405
        )
    assert alice_bot.versions.filter(status=BotVersion.Status.ACTIVE).count() == 1
    assert api.post(f"/api/bots/{alice_bot.pk}/retire/").status_code == 401


def test_the_author_may_retire_and_upload_to_their_own_bot(api, world, no_broker):
    from web_support import builtin_version

    from webui.api.views import BotViewSet  # noqa: F401  (the routes under test)

    person = user("api-owner")
    version = builtin_version(person, "owned", "random")
    auth = f"Token {token_for(person)}"
    response = api.post(f"/api/bots/{version.bot_id}/retire/", HTTP_AUTHORIZATION=auth)
    assert response.status_code == 200 and response.json()["active_version"] is None
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = api.post(
        f"/api/bots/{version.bot_id}/versions/",
        {"file": SimpleUploadedFile("owned.py", GOOD)},
        format="multipart",
        HTTP_AUTHORIZATION=auth,
    )
    assert response.status_code == 201 and response.json()["number"] == 2


def test_hidden_information_stays_hidden(api, world):
    live = world.matches["running"]
    match = api.get(f"/api/matches/{live.pk}/").json()
    assert match["seed"] is None and match["downloads"] == {}
    assert api.get(f"/api/matches/{live.pk}/frames/?seat=0").status_code == 403
    assert api.get(f"/api/matches/{live.pk}/replay/").status_code == 404
    frames = json.loads(api.get(f"/api/matches/{live.pk}/frames/").content)
    assert not any("hand" in frame for frame in frames["frames"])
    finished = world.matches["four"]
    spectator = json.loads(api.get(f"/api/matches/{finished.pk}/frames/").content)
    assert not any("hand" in frame for frame in spectator["frames"])
    log = api.get(f"/api/matches/{finished.pk}/log/").json()
    assert SECRET not in json.dumps(log) and log["seats"][1]["stderr"] is None
    bob = f"Token {token_for(world.users['bob'])}"
    log = api.get(f"/api/matches/{finished.pk}/log/", HTTP_AUTHORIZATION=bob).json()
    assert log["seats"][1]["stderr"].startswith(SECRET)
