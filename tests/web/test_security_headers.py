"""Pages that show a token tell every cache not to keep them (Cache-Control: no-store);
an HTTPS deployment (ARENA_HTTPS) sends HSTS, set by ARENA_HSTS_SECONDS."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from arena_env import REPO
from web_support import GAME, user


@pytest.fixture
def owner(django_env):
    from django.test import Client

    person = user("token-page-owner")
    client = Client()
    client.force_login(person)
    return client


def test_the_api_token_page_is_never_stored(owner):
    page = owner.get("/accounts/token/")
    assert page.status_code == 200
    assert "no-store" in page["Cache-Control"]
    renewed = owner.post("/accounts/token/", follow=True)
    assert "no-store" in renewed["Cache-Control"]


def test_a_remote_bots_token_is_shown_on_a_page_never_stored(owner):
    from webui.bots.models import Bot

    made = owner.post("/bots/remote/new", {"game": GAME, "name": "nocache", "concurrency": 1})
    assert made.status_code == 200 and b"arena_bt_" in made.content
    assert "no-store" in made["Cache-Control"]
    bot = Bot.objects.get(name="nocache", owner__username="token-page-owner")
    another = owner.post(f"/bots/{bot.pk}/tokens")
    assert another.status_code == 200 and b"arena_bt_" in another.content
    assert "no-store" in another["Cache-Control"]
    bot.delete()


HEADERS = """
import json, django
django.setup()
from django.test import Client
answer = Client().get("/accounts/login/", secure=True)
assert answer.status_code == 200, answer.status_code
print(json.dumps(answer.headers.get("Strict-Transport-Security")))
"""


def hsts(tmp_path, **env: str) -> str | None:
    """The HSTS header a fresh site process sends over HTTPS with `env`."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("ARENA_", "DJANGO_"))}
    clean.update(
        DJANGO_SETTINGS_MODULE="webui.settings",
        ARENA_DATA_DIR=str(tmp_path),
        ARENA_ALLOWED_HOSTS="testserver",
        **env,
    )
    done = subprocess.run(
        [sys.executable, "-c", HEADERS], cwd=REPO, env=clean, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_https_deployments_send_hsts_as_configured(tmp_path):
    assert hsts(tmp_path) is None  # plain HTTP (the embedded demo): never
    assert hsts(tmp_path, ARENA_HTTPS="1") == "max-age=31536000"
    assert (
        hsts(tmp_path, ARENA_HTTPS="1", ARENA_HSTS_SECONDS="300", ARENA_HSTS_SUBDOMAINS="1")
        == "max-age=300; includeSubDomains"
    )
    assert hsts(tmp_path, ARENA_HTTPS="1", ARENA_HSTS_SECONDS="0") is None
