"""The queue keeps its order: first in, first out within a lane, given-back matches first,
whatever order the broker delivers in, across a restart of every process (a worker killed
mid-match, the scheduler killed, the broker emptied). Real Redis, PostgreSQL and workers."""

from __future__ import annotations

import random

from platform_support import GAME, wait_until


def queue_shuffled(count: int) -> list[int]:
    """`count` ladder matches, their messages sent in a random order (a broker that
    reorders: restores, requeues, resends)."""
    from webui import queue
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match

    ids: list[int] = []
    while len(ids) < count:
        ids += fill_queue(GAME, depth=count - len(ids))
    shuffled = random.Random(7).sample(ids, len(ids))
    Match.mark_dispatched(ids)
    for pk in shuffled:
        assert queue.send("arena.run_match", pk, queue=queue.LADDER_QUEUE)
    return sorted(ids)


def started(ids: list[int]) -> list[int]:
    from webui.matches.models import Match

    rows = Match.objects.filter(pk__in=ids, started__isnull=False)
    return list(rows.order_by("started").values_list("pk", flat=True))


def test_a_hundred_matches_start_oldest_first_across_a_restart_of_every_process(processes):
    import redis
    from platform_support import REDIS_DB, REDIS_HOST, REDIS_PORT

    from webui.matches.models import Match

    ids = queue_shuffled(100)
    processes.worker("w1")
    processes.scheduler()
    running = Match.objects.filter(pk__in=ids, status="running")
    wait_until(lambda: len(started(ids)) >= 30 and running.exists(), 120, "30 matches to start")
    processes.kill("w1")
    processes.kill("beat")
    processes.kill("sweeper")
    interrupted = list(running.values_list("pk", flat=True))
    before = started(ids)
    redis.Redis(REDIS_HOST, REDIS_PORT, db=REDIS_DB).flushdb()  # a Redis restarted empty

    # The scheduler, the sweeper and a worker of the control queue first (as the one kept
    # for people's tables): the sweeper resends what the emptied broker lost, and gives the
    # killed worker's match back once its lease has expired; then a worker of matches.
    processes.scheduler()
    processes.worker("control", queues="arena.people,arena.control")
    wait_until(
        lambda: Match.objects.filter(pk__in=interrupted, status="queued").exists(),
        30,
        "the killed worker's match to be given back",
    )
    processes.worker("w2")
    wait_until(
        lambda: Match.objects.filter(pk__in=ids, status="finished").count() == 100,
        240,
        "all 100 matches to finish",
    )
    order = started(ids)
    assert order == ids, f"started out of order: {order}"
    # The match the killed worker held was given back and started again before any match
    # that had waited since before it.
    assert len(interrupted) == 1
    again = Match.objects.get(pk=interrupted[0])
    assert again.attempts == 2
    assert order.index(again.pk) == len(before) - 1
    assert not Match.objects.filter(pk__in=ids, attempts__gt=1).exclude(pk=again.pk).exists()


def test_a_message_starts_the_first_ready_match_of_its_lane(db):
    """People's tables, given-back matches and the backoff, as `Match.claim_next` sees them:
    whichever match a message names, it starts its lane's first ready match."""
    from datetime import timedelta

    from django.utils import timezone

    from webui.matches.models import Match

    ladder = queue_shuffled(4)
    people = Match.objects.create(game=GAME, kind=Match.Kind.PEOPLE, seed=1)
    owner = Match.new_owner("w")
    # A people's message starts a people's table, never the ladder's older matches.
    assert Match.claim_next(people.pk, owner) == people.pk
    assert Match.claim_next(people.pk, owner) is None
    # A ladder match given back (its worker died) goes first; one in its backoff waits.
    Match.objects.filter(pk=ladder[2]).update(attempts=1)
    Match.objects.filter(pk=ladder[3]).update(
        attempts=1, not_before=timezone.now() + timedelta(minutes=5)
    )
    assert Match.claim_next(ladder[0], owner) == ladder[2]
    assert Match.claim_next(ladder[3], owner) == ladder[0]
    assert Match.claim_next(ladder[3], owner) == ladder[1]
    assert Match.claim_next(ladder[3], owner) is None
    Match.objects.filter(pk=ladder[3]).update(not_before=timezone.now())
    assert Match.claim_next(ladder[0], owner) == ladder[3]
    assert Match.claim_next(10**9, owner) is None  # no such match: nothing to start
