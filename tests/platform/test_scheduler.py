"""The ladder scheduler: queue depth, seat counts, under-played first, close ratings."""

from __future__ import annotations

import random
from collections import Counter

from platform_support import GAME, REDIS_DB, REDIS_HOST, REDIS_PORT, add_builtin

import arena.games
from webui.ladder.lineups import Candidate, pick_lineup


def test_the_anchor_is_the_least_played_version():
    pool = [Candidate(1, 30, 50), Candidate(2, 25, 0), Candidate(3, 20, 40)]
    rng = random.Random(1)
    for _ in range(20):
        assert 2 in pick_lineup(pool, 2, 2, rng)


def test_opponents_are_close_in_rating():
    pool = [Candidate(i, mu, 10) for i, mu in enumerate([10, 11, 12, 30, 31, 32, 50, 51])]
    pool[4].games = 0  # mu 31 anchors
    rng = random.Random(2)
    for _ in range(50):
        lineup = pick_lineup(pool, 2, 2, rng)
        assert set(lineup) - {4} <= {3, 5}


def test_a_cooperative_tables_partners_come_from_the_whole_pool():
    """Teams vary, so each version's part in its teams' results can be told apart."""
    pool = [Candidate(i, mu, 10) for i, mu in enumerate([10, 11, 12, 30, 31, 32, 50, 51])]
    pool[4].games = 0  # mu 31 anchors
    rng = random.Random(3)
    partners = Counter()
    for _ in range(400):
        lineup = pick_lineup(pool, 2, 2, rng, cooperative=True)
        partners.update(set(lineup) - {4})
    assert set(partners) == {0, 1, 2, 3, 5, 6, 7}, "every other version shares a table"
    assert max(partners.values()) < 3 * min(partners.values()), partners


def test_seat_counts_stay_within_the_game_and_versions_are_distinct():
    pool = [Candidate(i, 25, i) for i in range(4)]
    rng = random.Random(3)
    counts = Counter()
    for _ in range(200):
        lineup = pick_lineup(pool, 2, 6, rng)
        assert len(set(lineup)) == len(lineup)
        counts[len(lineup)] += 1
    assert set(counts) == {2, 3, 4}, "every count the pool allows, never more than the pool"
    assert pick_lineup(pool[:1], 2, 6, rng) is None


def test_the_anchor_seat_rotates_with_its_games():
    seats = set()
    rng = random.Random(4)
    for games in range(3):
        pool = [Candidate(1, 25, games), Candidate(2, 25, 99), Candidate(3, 25, 99)]
        lineup = pick_lineup(pool, 3, 3, rng)
        seats.add(lineup.index(1))
    assert seats == {0, 1, 2}


def test_fill_queue_keeps_the_target_depth_and_favours_new_versions(db):
    import arena.games
    from webui.ladder.matchmaking import fill_queue
    from webui.ladder.models import Rating
    from webui.matches.models import Match, MatchSeat

    Rating.objects.update(games=100)
    newcomer = add_builtin("tester", "newcomer", "random")
    created = fill_queue(GAME, depth=6)
    assert len(created) == 6
    assert fill_queue(GAME, depth=6) == []
    game = arena.games.get(GAME)
    for match in Match.objects.all():
        versions = list(match.seats.values_list("version_id", flat=True))
        assert game.min_players <= len(versions) <= game.max_players
        assert len(set(versions)) == len(versions)
    assert MatchSeat.objects.filter(version=newcomer).count() == 6
    Match.objects.filter(pk__in=created[:2]).update(status=Match.Status.FINISHED)
    assert len(fill_queue(GAME, depth=6)) == 2


def test_schedule_ladder_queues_matches_on_the_broker(db, settings_override):
    import redis

    from webui.ladder.matchmaking import games_with_ladders
    from webui.matches.models import Match
    from workers.tasks import schedule_ladder

    settings_override(ARENA_LADDER_DEPTH=3)
    sent = schedule_ladder()
    queued = Match.objects.filter(status=Match.Status.QUEUED, dispatched__isnull=False)
    assert queued.count() == sent
    ladder = queued.filter(kind=Match.Kind.LADDER)
    assert games_with_ladders() and ladder.count() == 3 * len(games_with_ladders())
    for game in games_with_ladders():
        assert ladder.filter(game=game).count() == 3  # every game with a ladder is kept 3 deep
    from workers.broker import match_tasks_held

    assert match_tasks_held() == set(queued.values_list("pk", flat=True))  # each sent once
    client = redis.Redis(REDIS_HOST, REDIS_PORT, db=REDIS_DB)
    assert sum(client.llen(key) for key in client.keys("arena.matches*")) == sent


def test_ladder_matches_always_have_opponents_even_for_solo_capable_games(db, settings_override):
    from webui.matches.models import Match
    from workers.tasks import schedule_ladder

    settings_override(ARENA_LADDER_DEPTH=20)
    schedule_ladder()
    solo_capable = [g for g in arena.games.names() if arena.games.get(g).min_players == 1]
    assert solo_capable, "Castle Panic can be played alone"
    ladder = Match.objects.filter(kind=Match.Kind.LADDER, game__in=solo_capable)
    assert ladder.exists()
    assert all(match.seats.count() >= 2 for match in ladder)
