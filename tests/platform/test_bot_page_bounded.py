"""A bot's page reads each version's newest rows and the counters, so its queries do not grow
with the matches it played; a bot or version with no rating or game yet still has a page."""

from __future__ import annotations

import hashlib

from platform_support import GAME, add_builtin
from test_public_page_cache import queries


def test_a_version_without_rating_or_games_has_pages(db) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from webui.bots.models import Bot, BotVersion

    owner = get_user_model().objects.create_user("newcomer")
    bot = Bot.objects.create(owner=owner, name="fresh", game=GAME)
    digest = hashlib.sha256(b"fresh").hexdigest()
    version = BotVersion.objects.create(bot=bot, number=1, builtin="random", sha256=digest)
    client = Client()
    assert client.get(f"/bots/{bot.pk}/").status_code == 200
    assert client.get(f"/versions/{version.pk}/").status_code == 200


def test_the_bot_page_costs_the_same_queries_after_more_matches(db) -> None:
    from django.test import Client

    from webui.ladder.matchmaking import fill_queue
    from workers.tasks import play

    greedy = add_builtin("tester", "greedy-b", "greedy")
    add_builtin("tester", "random-b", "random")

    def play_some(n: int) -> None:
        ids: list[int] = []
        while len(ids) < n:
            ids += fill_queue(GAME, depth=n - len(ids))
        for pk in ids:
            assert play(pk, "w1").startswith("finished")

    client = Client()
    play_some(2)
    few, _ = queries(client, f"/bots/{greedy.bot_id}/")
    play_some(6)
    many, page = queries(client, f"/bots/{greedy.bot_id}/")
    assert many == few, f"{few} queries after 2 matches, {many} after 8"
    assert "random-b" in page
