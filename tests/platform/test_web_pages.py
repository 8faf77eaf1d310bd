"""The plain pages: home lists ladders and recent matches; /healthz answers probes."""

from __future__ import annotations

import pytest
from platform_support import GAME


@pytest.fixture
def client(db):
    from django.test import Client

    return Client()


def test_home_lists_the_ladder_and_recent_matches(client):
    from webui.ladder.matchmaking import fill_queue
    from workers.tasks import play

    (pk,) = fill_queue(GAME, depth=1)
    play(pk, "w1")
    page = client.get("/").content.decode()
    assert "Wandering Towers" in page
    assert ">random</a>" in page and ">greedy</a>" in page and "by reference" in page
    assert f"/matches/{pk}/" in page


def test_the_match_page_shows_seats_and_the_replay_link(client):
    import json

    from webui.ladder.matchmaking import fill_queue
    from workers.tasks import play

    (pk,) = fill_queue(GAME, depth=1)
    play(pk, "w1")
    page = client.get(f"/matches/{pk}/").content.decode()
    assert "reference/random@v1" in page and "replay" in page
    doc = json.loads(b"".join(client.get(f"/matches/{pk}/replay.json").streaming_content))
    assert doc["format"] == "arena-replay/1"


def test_a_rejected_version_page_says_why(client):
    from django.contrib.auth import get_user_model

    from webui.bots.models import BotVersion

    version = BotVersion.objects.first()
    version.reject("seat 0 was disqualified (crash: ImportError)", "Traceback: boom")
    page = client.get(f"/versions/{version.pk}/").content.decode()
    assert "crash: ImportError" in page and "Traceback: boom" not in page, "stderr: author's"
    client.force_login(get_user_model().objects.create(username="ops", is_staff=True))
    page = client.get(f"/versions/{version.pk}/").content.decode()
    assert "Traceback: boom" in page


def test_healthz_answers_any_host_for_probes(client):
    response = client.get("/healthz", HTTP_HOST="10.1.2.3:8000")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
