"""One person cannot freeze the ladder with tournaments: a budget of games per tournament
and per day for whoever is not staff, and a queue of their own for tournament matches,
which workers take from in turn with the ladder's."""

from __future__ import annotations

import pytest
from platform_support import GAME, wait_until
from test_tournament_workers import field_of


def organiser(name: str, staff: bool = False):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(name, password="pw-12345678", is_staff=staff)


def round_robin(versions, who, cycles: int):
    from webui.tournaments.progress import create

    return create(
        name=f"{cycles} cycles", game=GAME, format="round-robin", versions=versions,
        organiser=who, rounds=cycles, table_size=2,
    )  # fmt: skip


def test_a_tournament_over_the_per_tournament_cap_is_refused_unless_staff(
    db, settings_override
) -> None:
    settings_override(ARENA_TOURNAMENT_MAX_GAMES=100)
    versions = field_of(6)  # 15 pairs x 2 seatings = 30 games a cycle
    with pytest.raises(ValueError, match=r"up to 120 games.* at most 100"):
        round_robin(versions, organiser("eve"), cycles=4)
    assert round_robin(versions, organiser("ops", staff=True), cycles=4).pk
    assert round_robin(versions, organiser("ann"), cycles=3).pk  # 90: within the cap


def test_the_daily_budget_counts_every_tournament_of_the_last_day(db, settings_override) -> None:
    from datetime import timedelta

    from django.utils import timezone

    settings_override(ARENA_TOURNAMENT_MAX_GAMES=100, ARENA_TOURNAMENT_GAMES_PER_DAY=150)
    versions = field_of(6)
    eve = organiser("eve")
    first = round_robin(versions, eve, cycles=3)  # 90
    with pytest.raises(ValueError, match=r"could play 90 games, and this one 90.*150"):
        round_robin(versions, eve, cycles=3)
    first.created = timezone.now() - timedelta(days=1, minutes=1)
    first.save(update_fields=["created"])
    assert round_robin(versions, eve, cycles=3).pk  # a day later, the budget is back


def test_the_form_says_why_a_tournament_is_refused(db, settings_override) -> None:
    from django.test import Client

    settings_override(ARENA_TOURNAMENT_MAX_GAMES=10)
    versions = field_of(4)
    organiser("eve")
    client = Client()
    assert client.login(username="eve", password="pw-12345678")
    form = {
        "name": "big", "game": GAME, "format": "round-robin", "rounds": 5, "table_size": 2,
        "games_per_pairing": 1, "advance": 0, "entrants": [v.pk for v in versions],
    }  # fmt: skip
    response = client.post("/tournaments/new/", form)
    assert response.status_code == 200
    assert "up to 60 games" in response.content.decode()


def test_a_big_tournament_queued_first_leaves_the_ladder_half_the_worker(processes) -> None:
    from webui import queue
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match
    from webui.tournaments.models import Tournament
    from webui.tournaments.progress import add_round, create

    versions = field_of(6)
    tournament: Tournament = create(
        name="big", game=GAME, format="round-robin", versions=versions, rounds=2, table_size=2
    )
    from arena.tournament import next_round

    plan = next_round(tournament.settings(), tournament.history())
    tournament_ids = add_round(tournament, plan)  # 30 matches, queued before the ladder's
    queue.run_matches(tournament_ids)
    ladder_ids = []
    while len(ladder_ids) < 20:
        ladder_ids += fill_queue(GAME, depth=20 - len(ladder_ids))
    queue.run_matches(ladder_ids)

    processes.worker("only", app="slow_app")
    done = Match.objects.filter(status=Match.Status.FINISHED)
    wait_until(lambda: done.count() >= 20, 120, "20 matches to finish", every=0.2)
    first = list(done.order_by("finished", "pk").values_list("pk", flat=True)[:20])
    ladder = sum(pk in set(ladder_ids) for pk in first)
    assert ladder >= 8, f"only {ladder} of the first 20 matches played were the ladder's"
