"""Public pages are kept whole for visitors not signed in (ARENA_PAGE_CACHE) and drawn afresh
once a match finishes; a signed-in visitor and a running match's page are never served from
the cache."""

from __future__ import annotations

from platform_support import GAME, add_builtin


def queries(client, url: str) -> tuple[int, str]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured.captured_queries), response.content.decode()


def test_public_pages_are_kept_until_a_match_finishes(db, settings_override) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match
    from workers.tasks import play

    settings_override(ARENA_PAGE_CACHE=30)
    greedy = add_builtin("tester", "greedy-b", "greedy")
    add_builtin("tester", "random-b", "random")
    ids = fill_queue(GAME, depth=3)
    assert play(ids[0], "w1").startswith("finished")
    done = Match.objects.get(status=Match.Status.FINISHED)
    visitor = Client()
    pages = [
        "/",
        f"/ladder/{GAME}/",
        "/matches/",
        f"/matches/{done.pk}/",
        f"/bots/{greedy.bot_id}/",
    ]
    for url in pages:
        drawn, first = queries(visitor, url)
        kept, again = queries(visitor, url)
        assert drawn > 0 and kept == 0 and again == first, url
    assert "<b>1</b> matches played" in queries(visitor, "/")[1]

    assert play(ids[1], "w1").startswith("finished")  # a finish: every page drawn afresh
    drawn, home = queries(visitor, "/")
    assert drawn > 0 and "<b>2</b> matches played" in home

    running = Match.objects.get(pk=ids[2])
    Match.objects.filter(pk=running.pk).update(status=Match.Status.RUNNING)
    for _ in range(2):
        drawn, _page = queries(visitor, f"/matches/{running.pk}/")
        assert drawn > 0, "a running match's page is never kept"

    member = Client()
    member.force_login(get_user_model().objects.create_user("alice", password="pw-alice-1"))
    for _ in range(2):
        drawn, _page = queries(member, "/")
        assert drawn > 0, "a signed-in visitor's pages are never kept"


def test_pages_are_not_kept_when_the_setting_is_off(db) -> None:
    from django.test import Client

    visitor = Client()
    for _ in range(2):
        drawn, _page = queries(visitor, "/")
        assert drawn > 0
