"""The sweeper resends exactly the queued matches the broker lost, at once, and never a match
that is only waiting in a long backlog. On a real Redis, with no worker consuming."""

from __future__ import annotations

import json
from datetime import timedelta

import redis
from platform_support import GAME, REDIS_DB, REDIS_HOST, REDIS_PORT


def broker() -> redis.Redis:
    return redis.Redis(REDIS_HOST, REDIS_PORT, db=REDIS_DB)


def tasks_in_broker() -> int:
    client = broker()
    return sum(client.llen(key) for key in client.keys("arena.matches*"))


def drop_task(match_id: int) -> None:
    """Take one match's task out of the queue, as a broker that lost it would."""
    from workers.broker import _add_match

    client = broker()
    for key in client.keys("arena.matches*"):
        for raw in client.lrange(key, 0, -1):
            found: set[int] = set()
            _add_match(found, json.loads(raw))
            if found == {match_id}:
                client.lrem(key, 0, raw)


def backlog(count: int, waited: timedelta) -> list[int]:
    """`count` queued matches sent `waited` ago, their tasks still in Redis."""
    from django.utils import timezone

    from webui import queue
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match

    ids = []
    while len(ids) < count:
        ids += fill_queue(GAME, depth=count - len(ids))
    ids = ids[:count]
    queue.run_matches(ids)
    Match.objects.filter(pk__in=ids).update(dispatched=timezone.now() - waited)
    return ids


def test_a_backlog_older_than_the_redispatch_window_is_not_sent_again(db, settings_override):
    from workers import broker as held
    from workers.tasks import sweep_leases

    settings_override(ARENA_REDISPATCH_AFTER=timedelta(seconds=120))
    ids = backlog(30, waited=timedelta(minutes=10))
    assert held.match_tasks_held() >= set(ids)
    assert tasks_in_broker() == 30
    for _ in range(3):
        assert sweep_leases()["resent"] == 0
    assert tasks_in_broker() == 30  # no no-op deliveries added


def test_matches_the_broker_lost_are_sent_again_at_the_next_sweep(db, settings_override):
    from webui.matches.models import Match
    from workers.tasks import sweep_leases

    settings_override(ARENA_REDISPATCH_AFTER=timedelta(seconds=120))
    ids = backlog(12, waited=timedelta(seconds=30))  # well inside the redispatch window
    broker().flushdb()  # what a Redis restart without persistence does
    assert sweep_leases()["resent"] == 12
    assert tasks_in_broker() == 12
    assert set(Match.objects.filter(pk__in=ids).values_list("status", flat=True)) == {"queued"}
    assert sweep_leases()["resent"] == 0  # and only once


def test_a_match_sent_again_starts_in_its_turn_whichever_message_comes_first(db, settings_override):
    from webui.matches.models import Match
    from workers import broker as held
    from workers.tasks import sweep_leases

    settings_override(ARENA_REDISPATCH_AFTER=timedelta(seconds=120))
    ids = backlog(6, waited=timedelta(seconds=30))
    lost = ids[0]
    drop_task(lost)
    assert lost not in held.match_tasks_held() and tasks_in_broker() == 5
    assert sweep_leases()["resent"] == 1
    assert lost in held.match_tasks_held() and tasks_in_broker() == 6
    # The newest match's message, taken first, starts the oldest match: the lost one.
    assert Match.claim_next(ids[-1], Match.new_owner("w")) == lost
    assert Match.claim_next(ids[-1], Match.new_owner("w")) == ids[1]
