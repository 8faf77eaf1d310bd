"""The tournament page costs the same number of queries whatever the number of games, and
never loads a round's plan or a match's JSON once per game."""

from __future__ import annotations

from platform_support import GAME
from test_tournament_workers import field_of


def played_round_robin(versions, cycles: int) -> int:
    """A round robin whose every game finished (first seat wins), as the workers store it."""
    from arena.tournament import next_round
    from webui.matches.models import Match
    from webui.tournaments.progress import add_round, create

    tournament = create(
        name=f"{cycles} cycles", game=GAME, format="round-robin", versions=versions,
        rounds=cycles, table_size=2,
    )  # fmt: skip
    while (plan := next_round(tournament.settings(), tournament.history())) is not None:
        ids = add_round(tournament, plan)
        outcome = [{"rank": 0, "score": 1}, {"rank": 1, "score": 0}]
        Match.objects.filter(pk__in=ids).update(
            status=Match.Status.FINISHED, summary={"players": ["a", "b"], "outcome": outcome}
        )
    return tournament.pk


def page_queries(url: str) -> tuple[list[str], str]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        response = Client().get(url)
    assert response.status_code == 200
    return [q["sql"] for q in queries.captured_queries], response.content.decode()


def test_the_tournament_page_queries_do_not_grow_with_its_games(db) -> None:
    versions = field_of(4)  # 6 pairs x 2 seatings = 12 games a cycle
    small = played_round_robin(versions, cycles=1)
    big = played_round_robin(versions, cycles=8)
    few, _ = page_queries(f"/tournaments/{small}/")
    many, big_page = page_queries(f"/tournaments/{big}/")
    assert big_page.count('class="badge finished"') == 96
    assert len(many) == len(few), f"{len(few)} queries for 12 games, {len(many)} for 96"
    per_game = [sql for sql in many if '"tournaments_game"' in sql]
    heavy = ('"tournaments_round"."plan"', '"matches_match"."live_actions"')
    assert not [sql for sql in per_game if any(column in sql for column in heavy)]
