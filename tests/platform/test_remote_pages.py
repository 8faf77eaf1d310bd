"""The site's pages for remote bots: create one (its token shown once), the "remote" badge,
new tokens and revoking one, a new version; only the owner may."""

from __future__ import annotations

import pytest


@pytest.fixture
def owner(db):
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client()
    client.force_login(get_user_model().objects.create(username="mira"))
    return client


def test_an_owner_creates_a_remote_bot_and_sees_its_token_once(owner) -> None:
    from webui.bots.models import Bot, BotToken, token_digest

    page = owner.post(
        "/bots/remote/new", {"game": "wiz_war", "name": "deep", "concurrency": "3"}
    ).content.decode()
    bot = Bot.objects.get(name="deep")
    assert bot.remote and bot.concurrency == 3
    secret = page.split('id="bot-token">', 1)[1].split("<", 1)[0]
    assert secret.startswith(BotToken.PREFIX)
    assert BotToken.objects.get(bot=bot).digest == token_digest(secret)
    shown = owner.get(f"/bots/{bot.pk}/").content.decode()
    assert "badge remote" in shown and secret not in shown
    assert bot.versions.get().status == "active"
    ladder = owner.get("/ladder/wiz_war/").content.decode()
    assert "badge remote" in ladder


def test_an_owner_revokes_a_token_and_makes_a_new_one_and_a_new_version(owner) -> None:
    from webui.bots.models import Bot, BotToken

    owner.post("/bots/remote/new", {"game": "wandering_towers", "name": "r", "concurrency": "1"})
    bot = Bot.objects.get(name="r")
    token = BotToken.objects.get(bot=bot)
    owner.post(f"/bots/{bot.pk}/tokens/{token.pk}/revoke")
    token.refresh_from_db()
    assert token.revoked is not None
    page = owner.post(f"/bots/{bot.pk}/tokens").content.decode()
    assert 'id="bot-token"' in page
    assert BotToken.objects.filter(bot=bot, revoked__isnull=True).count() == 1
    owner.post(f"/bots/{bot.pk}/versions/new")
    assert list(bot.versions.values_list("number", "status").order_by("number")) == [
        (1, "retired"),
        (2, "active"),
    ]


def test_nobody_else_touches_a_remote_bot(owner, db) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from webui.bots.models import Bot, BotToken

    owner.post("/bots/remote/new", {"game": "wiz_war", "name": "mine", "concurrency": "1"})
    bot = Bot.objects.get(name="mine")
    token = BotToken.objects.get(bot=bot)
    other = Client()
    other.force_login(get_user_model().objects.create(username="eve"))
    assert other.post(f"/bots/{bot.pk}/tokens/{token.pk}/revoke").status_code == 403
    assert other.post(f"/bots/{bot.pk}/tokens").status_code == 403
    assert "bot-token" not in other.get(f"/bots/{bot.pk}/").content.decode()
    token.refresh_from_db()
    assert token.revoked is None
