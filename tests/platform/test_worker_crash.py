"""A worker killed with SIGKILL mid-match: nothing is lost and nothing is recorded twice."""

from __future__ import annotations

from platform_support import GAME, add_builtin, settled_invariants, wait_until


def test_kill_9_of_a_worker_mid_match_loses_nothing_and_records_nothing_twice(processes):
    from webui import queue
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match

    add_builtin("tester", "random-b", "random")
    ids = fill_queue(GAME, depth=30)
    processes.worker("victim", app="slow_app")
    processes.worker("survivor", app="slow_app")
    processes.scheduler()
    queue.run_matches(ids)

    held = Match.objects.filter(status=Match.Status.RUNNING, lease_owner__startswith="victim@")
    wait_until(held.exists, 60, "the victim to be playing a match", every=0.05)
    processes.kill("victim")
    orphan = Match.objects.filter(status=Match.Status.RUNNING, lease_owner__startswith="victim@")
    orphan_ids = list(orphan.values_list("pk", flat=True))

    finished = Match.objects.filter(status=Match.Status.FINISHED)
    wait_until(lambda: finished.count() == 30, 120, "all 30 matches to finish", every=0.5)

    assert not Match.objects.exclude(status=Match.Status.FINISHED).exists()
    for match in Match.objects.filter(pk__in=orphan_ids):
        assert match.attempts >= 2, "the killed worker's match was not played again"
        assert match.played_by.startswith("survivor@")
    settled_invariants()
