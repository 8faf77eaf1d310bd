"""Leases are recovered through the models' own methods: the demo's restart hands back every
match and validation, the sweeper retries a validation whose worker died; and the site's own
sending app reaches the workers' queues by task name. On a real Redis, no worker consuming."""

from __future__ import annotations

import base64
import json
from datetime import timedelta

import redis
from platform_support import GAME, REDIS_DB, REDIS_HOST, REDIS_PORT


def tasks_waiting(queue: str) -> list[tuple[str, list[int]]]:
    client = redis.Redis(REDIS_HOST, REDIS_PORT, db=REDIS_DB)
    found = []
    for key in client.keys(f"{queue}*"):
        for raw in client.lrange(key, 0, -1):
            message = json.loads(raw)
            args = json.loads(base64.b64decode(message["body"]))[0]
            found.append((message["headers"]["task"], args))
    return sorted(found)


def test_the_site_sends_tasks_by_name_to_the_workers_queues(db) -> None:
    from webui import queue
    from webui.ladder.matchmaking import fill_queue

    (pk,) = fill_queue(GAME, depth=1)
    assert queue.run_matches([pk]) == 1
    assert queue.send("arena.sweep_leases")
    assert tasks_waiting("arena.matches") == [("arena.run_match", [pk])]
    assert tasks_waiting("arena.control") == [("arena.sweep_leases", [])]


def test_a_restarted_demo_hands_back_every_lease_and_validation(db) -> None:
    from arena_platform.demo import _recover
    from webui.bots.models import BotVersion
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match

    running, waiting = fill_queue(GAME, depth=2)
    assert Match.claim(running, "gone@host/1")
    version = BotVersion.objects.filter(status=BotVersion.Status.ACTIVE).first()
    BotVersion.objects.filter(pk=version.pk).update(status=BotVersion.Status.VALIDATING)
    assert _recover() == 3
    match = Match.objects.get(pk=running)
    assert (match.status, match.lease_owner, match.lease_expires) == ("queued", "", None)
    assert BotVersion.objects.get(pk=version.pk).status == BotVersion.Status.PENDING
    assert sorted(args[0] for _, args in tasks_waiting("arena.matches")) == sorted(
        [running, waiting, version.pk]
    )


def test_a_validation_whose_worker_died_is_sent_again(db, settings_override) -> None:
    from django.utils import timezone

    from webui.bots.models import BotVersion
    from workers.tasks import sweep_leases

    settings_override(ARENA_VALIDATION_TIMEOUT=timedelta(minutes=5))
    version = BotVersion.objects.filter(status=BotVersion.Status.ACTIVE).first()
    BotVersion.objects.filter(pk=version.pk).update(
        status=BotVersion.Status.VALIDATING,
        validation_started=timezone.now() - timedelta(minutes=10),
        dispatched=timezone.now() - timedelta(hours=1),
    )
    assert sweep_leases()["validations"] == 2  # timed out, then sent again
    version.refresh_from_db()
    assert version.status == BotVersion.Status.PENDING
    assert version.validation_note == "validation timed out: retrying"
    assert ("arena.validate_version", [version.pk]) in tasks_waiting("arena.matches")
