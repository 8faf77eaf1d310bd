"""A finished tournament's rounds (hundreds of games, the page's costliest part) are drawn
once and kept in the cache; a running tournament's are drawn afresh on every view."""

from __future__ import annotations

from test_tournament_page_queries import page_queries, played_round_robin
from test_tournament_workers import field_of


def test_a_finished_tournaments_rounds_are_drawn_once(db) -> None:
    from django.core.cache import cache

    from webui.tournaments.models import Tournament

    running = played_round_robin(field_of(4), cycles=2)
    tournament = Tournament.objects.get(pk=running)
    key = f"arena:tournament-rounds:v1:{tournament.pk}:{tournament.created.timestamp()}"
    cache.delete(key)
    _, first = page_queries(f"/tournaments/{running}/")
    assert first.count('class="badge finished"') == 24
    assert cache.get(key) is None, "a running tournament's rounds are not kept"
    Tournament.objects.filter(pk=running).update(status=Tournament.Status.FINISHED)
    _, drawn = page_queries(f"/tournaments/{running}/")
    kept = cache.get(key)
    assert kept is not None and kept in drawn
    _, again = page_queries(f"/tournaments/{running}/")
    assert again == drawn
