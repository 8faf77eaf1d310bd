"""Castle Panic on the platform: ladder matches rate each seat against the game itself (one
rating per table size), `arena ratings recompute` replays them exactly, and the ladder page
shows the game as the opponent."""

from __future__ import annotations

import re

from platform_support import add_builtin, settled_invariants

GAME = "castle_panic"


def test_cooperative_matches_rate_the_table_against_the_game(db) -> None:
    from django.test import Client

    from webui.ladder.matchmaking import fill_queue
    from webui.ladder.models import GameRating, Rating
    from webui.matches.models import Match
    from workers.tasks import play

    add_builtin("tester", "greedy-b", "greedy", game=GAME)
    add_builtin("tester", "random-b", "random", game=GAME)
    ids = []
    while len(ids) < 8:
        ids += fill_queue(GAME, depth=8 - len(ids))
    for pk in ids:
        assert play(pk, "w1").startswith("finished")
    finished = Match.objects.filter(pk__in=ids, status=Match.Status.FINISHED)
    sizes = {m.seats.count() for m in finished}
    opponents = {g.players: g for g in GameRating.objects.filter(game=GAME)}
    assert set(opponents) == sizes
    assert sum(g.games for g in opponents.values()) == finished.count()
    lost = sum(1 for m in finished if not any(o.get("team_won") for o in m.summary["outcome"]))
    assert sum(g.wins for g in opponents.values()) == lost  # the game's wins: tables it beat
    assert Rating.objects.filter(game=GAME, games__gt=0).exists()
    settled_invariants()  # includes recompute: bots' and the game's ratings replay exactly
    page = Client().get(f"/ladder/{GAME}/").content.decode()
    assert "The game itself" in page and "team win rate" in page
    # The secondary table: trophies per game and the towers each bot's tables kept.
    towers = [m.summary["table"]["towers_standing"] for m in finished]
    assert all(0 <= t <= 6 for t in towers), towers
    assert "points / game" in page and "towers standing" in page
    for rating in Rating.objects.filter(game=GAME, games__gt=0):
        mine = finished.filter(seats__version_id=rating.version_id)
        expected = sum(m.summary["table"]["towers_standing"] for m in mine) / mine.count()
        cell = re.search(
            rf'<tr data-version="{rating.version_id}">.*?data-figure="towers standing">([^<]+)<',
            page,
            re.S,
        )
        assert cell and abs(float(cell.group(1)) - expected) <= 0.05 + 1e-9, (expected, cell)
