"""Public pages are kept whole for visitors not signed in (ARENA_PAGE_CACHE) until something
they show changes: a finish draws afresh the site-wide pages, its game's ladder and its bots'
pages, while the pages of bots and matches it did not touch stay kept. A signed-in visitor
and a running match's page are never served from the cache."""

from __future__ import annotations

import pytest
from platform_support import GAME, add_builtin


@pytest.fixture(autouse=True)
def empty_cache():
    """Match ids start again with each test's database; pages kept by another test must not."""
    from django.core.cache import cache

    cache.clear()


def queries(client, url: str) -> tuple[int, str]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured.captured_queries), response.content.decode()


def drawn(client, url: str) -> bool:
    """Whether the page was drawn (queried the database) rather than served as kept."""
    return queries(client, url)[0] > 0


def queue_match(*versions) -> int:
    from webui.matches.models import Match, MatchSeat

    match = Match.objects.create(game=GAME, kind=Match.Kind.LADDER, seed=7, options={})
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=seat, version=version) for seat, version in enumerate(versions)
    )
    return match.pk


def test_a_finish_draws_afresh_only_the_pages_it_changed(db, settings_override) -> None:
    from django.core.cache import cache
    from django.test import Client

    from workers.tasks import play

    settings_override(ARENA_PAGE_CACHE=30)
    greedy = add_builtin("tester", "greedy-b", "greedy")
    rand = add_builtin("tester", "random-b", "random")
    bystander = add_builtin("other", "random-c", "random")
    first = queue_match(greedy, rand)
    assert play(first, "w1").startswith("finished")
    visitor = Client()
    pages = {
        "home": "/",
        "ladder": f"/ladder/{GAME}/",
        "list": "/matches/",
        "first match": f"/matches/{first}/",
        "greedy": f"/bots/{greedy.bot_id}/",
        "random": f"/bots/{rand.bot_id}/",
        "bystander": f"/bots/{bystander.bot_id}/",
    }
    for url in pages.values():
        count, page = queries(visitor, url)
        assert count > 0 and queries(visitor, url) == (0, page), url
    assert "<b>1</b> matches played" in queries(visitor, "/")[1]

    second = queue_match(greedy, rand)
    assert play(second, "w1").startswith("finished")
    redrawn = {name for name, url in pages.items() if drawn(visitor, url)}
    assert redrawn == {"home", "ladder", "list", "greedy", "random"}
    assert "<b>2</b> matches played" in queries(visitor, "/")[1]
    assert f"/matches/{second}/" in queries(visitor, pages["greedy"])[1]

    version_change = add_builtin("other", "greedy-c", "greedy")  # joins the ladder
    redrawn = {name for name, url in pages.items() if drawn(visitor, url)}
    assert redrawn == {"home", "ladder", "list"}, "a new bot changes the lists, not other bots"
    assert version_change.bot.name in queries(visitor, pages["ladder"])[1]

    cache.clear()
    drawn_headers, kept_headers = (dict(visitor.get("/").items()) for _ in range(2))
    assert kept_headers == drawn_headers, "a kept page keeps the headers the site gave it"
    assert {"Content-Security-Policy", "X-Frame-Options"} <= kept_headers.keys()


def test_a_deleted_match_leaves_every_page_that_showed_it(db, settings_override) -> None:
    from django.test import Client

    from webui.matches.models import Match
    from workers.tasks import play

    settings_override(ARENA_PAGE_CACHE=30)
    greedy = add_builtin("tester", "greedy-b", "greedy")
    rand = add_builtin("tester", "random-b", "random")
    gone = queue_match(greedy, rand)
    assert play(gone, "w1").startswith("finished")
    visitor = Client()
    bot_page = f"/bots/{greedy.bot_id}/"
    for url in ("/", "/matches/", bot_page, f"/matches/{gone}/"):
        queries(visitor, url)
        assert not drawn(visitor, url), url

    Match.objects.get(pk=gone).delete()
    assert visitor.get(f"/matches/{gone}/").status_code == 404
    for url in ("/", "/matches/", bot_page):
        count, page = queries(visitor, url)
        assert count > 0 and f"/matches/{gone}/" not in page, url


def test_running_matches_and_signed_in_visitors_are_never_kept(db, settings_override) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from webui.matches.models import Match

    settings_override(ARENA_PAGE_CACHE=30)
    running = queue_match(
        add_builtin("tester", "greedy-b", "greedy"), add_builtin("tester", "random-b", "random")
    )
    Match.objects.filter(pk=running).update(status=Match.Status.RUNNING)
    visitor = Client()
    for _ in range(2):
        assert drawn(visitor, f"/matches/{running}/"), "a running match's page is never kept"

    member = Client()
    member.force_login(get_user_model().objects.create_user("alice", password="pw-alice-1"))
    for _ in range(2):
        assert drawn(member, "/"), "a signed-in visitor's pages are never kept"


def test_pages_are_not_kept_when_the_setting_is_off(db) -> None:
    from django.test import Client

    visitor = Client()
    for _ in range(2):
        assert drawn(visitor, "/")
