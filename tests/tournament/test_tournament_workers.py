"""Tournaments on the real platform: PostgreSQL, Redis and Celery worker subprocesses."""

from __future__ import annotations

import json
from collections import Counter

from platform_support import GAME, add_builtin, wait_until

from arena import replay
from arena.tournament import GameResult, History, next_round, standings


def field_of(size: int):
    """`size` active versions: the two reference bots and more versions of them."""
    from webui.bots.models import BotVersion

    for i in range(size - 2):
        add_builtin(f"user{i % 4}", f"bot{i}", "greedy" if i % 2 else "random")
    versions = list(BotVersion.objects.filter(status="active", bot__game=GAME).order_by("pk"))
    assert len(versions) == size
    return versions


def check_recorded_once_and_recomputable(tournament) -> None:
    """Each game has one match, finished once; standings and pairings follow from results."""
    from webui.matches.models import Match
    from webui.tournaments.models import Game

    games = Game.objects.filter(round__tournament=tournament).select_related("match")
    plans = list(tournament.paired_rounds.order_by("number"))
    planned = sum(len(t["games"]) for r in plans for t in r.plan["tables"])
    assert games.count() == planned, "a round's games were stored twice or not at all"
    assert [r.number for r in plans] == list(range(1, len(plans) + 1))
    tournament_matches = Match.objects.filter(tournament_game__round__tournament=tournament)
    assert tournament_matches.count() == planned
    assert set(tournament_matches.values_list("status", flat=True)) == {"finished"}
    assert not tournament_matches.filter(seats__rank__isnull=True).exists()
    # Re-simulate every replay: the recorded outcomes are exactly what the games give.
    history = tournament.history()
    replayed = History(entrants=history.entrants, rounds=history.rounds)
    for game in games:
        with game.match.replay.open("rb") as handle:
            document = json.load(handle)
        replay.verify(document)
        key = (game.round.number, game.table, game.index)
        replayed.results[key] = GameResult.from_outcome(document["outcome"])
    settings = tournament.settings()
    assert [r.to_json() for r in standings(settings, replayed)] == tournament.standings()
    # Every round is the pairing of the results before it.
    for number in range(1, len(history.rounds) + 1):
        before = History(
            entrants=history.entrants,
            rounds=history.rounds[: number - 1],
            results={k: v for k, v in history.results.items() if k[0] < number},
        )
        assert next_round(settings, before) == history.rounds[number - 1]


def test_a_swiss_of_12_bots_at_4_player_tables_runs_on_the_workers_round_by_round(processes):
    from webui.tournaments.models import Tournament
    from webui.tournaments.progress import create, start

    tournament = create(
        name="Swiss twelve",
        game=GAME,
        format="swiss",
        versions=field_of(12),
        rounds=3,
        table_size=4,
        games_per_pairing=2,
        seed=11,
    )
    processes.worker("w1")
    processes.worker("w2")
    start(tournament)  # round 1 via the broker; later rounds when a round's last match ends

    done = Tournament.objects.filter(pk=tournament.pk, status="finished")
    wait_until(done.exists, 150, "the tournament to finish", every=0.5)
    tournament.refresh_from_db()
    rounds = [r.plan for r in tournament.paired_rounds.order_by("number")]
    assert len(rounds) == 3
    assert all(len(r["tables"]) == 3 for r in rounds)
    assert all(len(t["players"]) == 4 for r in rounds for t in r["tables"])
    tables = [frozenset(t["players"]) for r in rounds for t in r["tables"]]
    assert len(set(tables)) == len(tables), "a Swiss table repeated"
    check_recorded_once_and_recomputable(tournament)
    rows = tournament.standings()
    assert len(rows) == 12 and sum(r["games"] for r in rows) == 12 * 3 * 2
    assert abs(sum(r["points"] for r in rows) - 3 * 3 * 2 * 2) < 1e-6  # n/2 points a game


def test_a_worker_killed_mid_round_delays_the_tournament_but_records_nothing_twice(processes):
    from webui.matches.models import Match
    from webui.tournaments.models import Tournament
    from webui.tournaments.progress import create, start

    tournament = create(
        name="Swiss under fire",
        game=GAME,
        format="swiss",
        versions=field_of(8),
        rounds=3,
        table_size=4,
        games_per_pairing=2,
        seed=5,
    )
    processes.env["ARENA_TEST_PAUSE"] = "1.0"  # matches last long enough to be killed in
    processes.worker("victim", app="slow_app")
    processes.worker("survivor", app="slow_app")
    processes.scheduler()
    start(tournament)

    mine = Match.objects.filter(tournament_game__round__tournament=tournament)
    held = mine.filter(status="running", lease_owner__startswith="victim@")
    second_round = mine.filter(tournament_game__round__number=2)
    wait_until(second_round.exists, 90, "round 2 to be paired", every=0.1)
    orphans: list[int] = []
    wait_until(
        lambda: orphans.extend(held.values_list("pk", flat=True)) or orphans,
        60,
        "the victim to be playing a match",
        every=0.02,
    )
    processes.kill("victim")

    done = Tournament.objects.filter(pk=tournament.pk, status="finished")
    wait_until(done.exists, 150, "the tournament to finish without the victim", every=0.5)
    tournament.refresh_from_db()
    assert tournament.current_round == 3
    for match in Match.objects.filter(pk__in=orphans):
        assert match.status == "finished"
        assert match.attempts >= 2, "the killed worker's match was not played again"
        assert match.played_by.startswith("survivor@")
    check_recorded_once_and_recomputable(tournament)
    per_round = Counter(mine.values_list("tournament_game__round__number", flat=True))
    assert per_round == {1: 4, 2: 4, 3: 4}
