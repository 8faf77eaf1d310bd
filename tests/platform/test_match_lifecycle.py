"""The match state machine: idempotent tasks, the lease, and infrastructure failures."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from platform_support import GAME


@pytest.fixture
def match(db):
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match

    (pk,) = fill_queue(GAME, depth=1)
    return Match.objects.get(pk=pk)


def _snapshot():
    from webui.ladder.models import Rating, RatingHistory
    from webui.matches.models import Match, MatchSeat

    return (
        list(Match.objects.values_list("pk", "status", "attempts", "played_by", "replay")),
        list(MatchSeat.objects.values_list("pk", "rank", "score")),
        list(Rating.objects.values_list("pk", "mu", "sigma", "games")),
        RatingHistory.objects.count(),
    )


def test_a_task_for_a_finished_match_does_nothing(match):
    from workers.tasks import play

    assert play(match.pk, "w1").startswith("finished")
    before = _snapshot()
    assert play(match.pk, "w1") == "already finished: nothing to do"
    assert play(match.pk, "w2") == "already finished: nothing to do"
    assert _snapshot() == before


def test_a_task_for_a_match_running_elsewhere_does_nothing(match):
    from webui.matches.models import Match
    from workers.tasks import play

    assert Match.claim(match.pk, "other@host/1")
    before = _snapshot()
    assert play(match.pk, "w1") == "running elsewhere or done: nothing to do"
    assert _snapshot() == before


def test_a_worker_whose_lease_was_swept_cannot_record_the_match(match):
    from webui.matches.models import Match
    from workers.tasks import play

    assert Match.claim(match.pk, "dead@host/1")
    Match.objects.filter(pk=match.pk).update(lease_expires=match.created - timedelta(hours=1))
    assert Match.sweep() == [match.pk]
    assert Match.objects.get(pk=match.pk).status == Match.Status.QUEUED
    assert play(match.pk, "alive").startswith("finished")
    after = _snapshot()
    # The dead worker wakes up and tries to record its own result.
    record = {"outcome": [{"rank": 0}, {"rank": 1}], "players": [], "seats": [{}, {}]}
    assert not Match.finish(match.pk, "dead@host/1", record, "x", "y")
    assert _snapshot() == after


def test_the_heartbeat_keeps_a_long_match_leased(match):
    from django.conf import settings
    from django.utils import timezone

    from webui.matches.models import Match
    from workers.heartbeat import Heartbeat

    assert Match.claim(match.pk, "me/1")
    with Heartbeat(match.pk, "me/1", settings.ARENA_HEARTBEAT_SECONDS):
        time.sleep(settings.ARENA_LEASE.total_seconds() + 1)
        assert Match.sweep() == []
        assert Match.objects.get(pk=match.pk).lease_expires > timezone.now()


def test_an_infrastructure_failure_requeues_the_match_and_is_no_loss(match, monkeypatch):
    from django.conf import settings

    from webui.ladder.models import RatingHistory
    from webui.matches.models import Match
    from workers import agents, tasks

    def broken(version, seat, seed, match_id=""):
        raise agents.AgentUnavailable("the sandbox is not available")

    monkeypatch.setattr(agents, "agent_for_version", broken)
    assert "infrastructure failure, match queued" in tasks.play(match.pk, "w1")
    match.refresh_from_db()
    assert (match.status, match.attempts) == (Match.Status.QUEUED, 1)
    assert "sandbox is not available" in match.last_error
    assert not match.seats.filter(rank__isnull=False).exists()
    for _ in range(settings.ARENA_MATCH_MAX_ATTEMPTS - 1):
        tasks.play(match.pk, "w1")
    match.refresh_from_db()
    assert match.status == Match.Status.FAILED
    assert not RatingHistory.objects.exists()
    assert not match.seats.filter(rank__isnull=False).exists()


def test_a_crashing_referee_is_an_infrastructure_failure_not_a_loss(match, monkeypatch):
    from webui.ladder.models import RatingHistory
    from webui.matches.models import Match
    from workers import tasks

    def crash(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(tasks, "referee_run", crash)
    tasks.play(match.pk, "w1")
    match.refresh_from_db()
    assert match.status == Match.Status.QUEUED and "disk full" in match.last_error
    assert not RatingHistory.objects.exists()


def test_a_match_played_after_a_failure_keeps_what_went_wrong(match, monkeypatch):
    from django.test import Client

    from webui.matches.models import Match
    from workers import tasks

    original = tasks.referee_run

    def crash_once(*args, **kwargs):
        monkeypatch.setattr(tasks, "referee_run", original)
        raise OSError("disk full")

    monkeypatch.setattr(tasks, "referee_run", crash_once)
    tasks.play(match.pk, "w1")
    assert tasks.play(match.pk, "w1").startswith("finished")
    match.refresh_from_db()
    assert (match.status, match.attempts) == (Match.Status.FINISHED, 2)
    assert "disk full" in match.last_error
    page = Client().get(f"/matches/{match.pk}/").content.decode()
    assert "Played again after an infrastructure error" in page and "disk full" in page


def test_a_finished_ladder_match_stores_result_replay_seats_and_ratings(match):
    import json

    from arena import replay
    from webui.ladder.models import Rating, RatingHistory
    from workers.tasks import play

    play(match.pk, "w1")
    match.refresh_from_db()
    doc = json.loads(match.replay.read())
    replay.verify(doc)
    assert match.summary["outcome"] == doc["outcome"]
    seats = list(match.seats.order_by("seat"))
    assert [s.rank for s in seats] == [o["rank"] for o in doc["outcome"]]
    assert RatingHistory.objects.filter(match=match).count() == len(seats)
    assert all(Rating.objects.get(version=s.version).games == 1 for s in seats)
