"""What a finished match serves never changes (frames, replay): it carries validators (ETag,
Last-Modified), a public lifetime, and a client that has it gets 304; a match still queued
serves nothing cacheable. The matches list pages by id, newer and older."""

from __future__ import annotations

from platform_support import GAME, add_builtin


def played(n: int) -> list[int]:
    from webui.ladder.matchmaking import fill_queue
    from workers.tasks import play

    add_builtin("tester", "greedy-b", "greedy")
    add_builtin("tester", "random-b", "random")
    ids: list[int] = []
    while len(ids) < n:
        ids += fill_queue(GAME, depth=n - len(ids))
    for pk in ids[:-1]:
        assert play(pk, "w1").startswith("finished")
    return ids


def test_a_finished_match_serves_validators_and_304(db) -> None:
    from django.test import Client

    from webui.matches.models import Match

    ids = played(2)
    done = Match.objects.filter(status=Match.Status.FINISHED).first()
    client = Client()
    for url in (f"/matches/{done.pk}/frames.json", f"/matches/{done.pk}/replay.json"):
        first = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
        assert first.status_code == 200
        assert first["ETag"] and first["Last-Modified"]
        assert first["Cache-Control"] == "public, max-age=86400"
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], HTTP_ACCEPT_ENCODING="gzip")
        assert again.status_code == 304 and again["ETag"] == first["ETag"]
        since = client.get(url, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
        assert since.status_code == 304
    queued = Match.objects.get(pk=ids[-1])
    assert queued.status == Match.Status.QUEUED
    waiting = client.get(f"/matches/{queued.pk}/frames.json")
    assert "ETag" not in waiting


def test_the_matches_list_pages_newer_and_older_by_id(db) -> None:
    from django.test import Client

    from webui.matches import views

    ids = played(5)
    views.PER_PAGE = 2
    try:
        client = Client()
        first = client.get("/matches/").content.decode()
        assert f"#{ids[4]}<" in first and f"#{ids[3]}<" in first and f"#{ids[2]}<" not in first
        assert f"before={ids[3]}" in first and "after=" not in first
        second = client.get(f"/matches/?before={ids[3]}").content.decode()
        assert f"#{ids[2]}<" in second and f"#{ids[1]}<" in second
        assert f"after={ids[2]}" in second and f"before={ids[1]}" in second
        back = client.get(f"/matches/?after={ids[2]}").content.decode()
        assert f"#{ids[4]}<" in back and f"#{ids[3]}<" in back
        finished = client.get(f"/matches/?status=finished&before={ids[3]}").content.decode()
        assert f"#{ids[2]}<" in finished and "status=finished&amp;before=" in finished
    finally:
        views.PER_PAGE = 50
