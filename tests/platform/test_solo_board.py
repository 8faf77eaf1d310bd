"""Games that can be played alone get solo games and a solo board (win rate, points)."""

from __future__ import annotations

import pytest
from platform_support import add_builtin

SOLO_GAME = "castle_panic"


@pytest.fixture
def client(db):
    from django.test import Client

    return Client()


def test_solo_games_are_queued_played_and_ranked_by_win_rate_and_points(client):
    import arena.games
    from webui.ladder.solo import fill_solo_queue, solo_rows
    from webui.matches.models import Match
    from workers.tasks import play

    add_builtin("alice", "lonely-greedy", "greedy", game=SOLO_GAME)
    created = fill_solo_queue(SOLO_GAME, depth=8)
    assert len(created) >= 2
    for pk in created:
        match = Match.objects.get(pk=pk)
        assert match.seats.count() == 1 and match.kind == Match.Kind.FRIENDLY
        play(pk, "w1")
    assert fill_solo_queue("wandering_towers", depth=8) == []
    assert fill_solo_queue(SOLO_GAME, depth=0) == [], "no solo games while the ladder is off"

    rows = solo_rows(SOLO_GAME)
    assert sum(r.games for r in rows) == len(created)
    finished = Match.objects.filter(pk__in=created, status=Match.Status.FINISHED)
    expected_wins = sum(arena.games.won(m.summary["outcome"][0]) for m in finished)
    assert sum(r.wins for r in rows) == expected_wins
    assert [r.win_rate for r in rows] == sorted((r.win_rate for r in rows), reverse=True)

    page = client.get(f"/ladder/{SOLO_GAME}/solo/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "solo board" in text and "lonely-greedy" in text
    assert client.get("/ladder/wandering_towers/solo/").status_code == 404
    assert f"/ladder/{SOLO_GAME}/solo/" in client.get(f"/ladder/{SOLO_GAME}/").content.decode()
