"""Faults together, as a busy platform meets them: 40 matches on two workers, one worker
`kill -9`'d mid-match, Redis restarted empty while matches wait. Nothing is lost, nothing is
recorded twice, and play resumes within seconds of Redis coming back.

The workers run with the production redispatch window (120 s), so only the sweeper's
reading of the broker can bring back the matches Redis lost in time.
"""

from __future__ import annotations

import time

import pytest
from platform_support import (
    GAME,
    add_builtin,
    settled_invariants,
    start_redis,
    stop_redis,
    wait_until,
)

MATCHES = 40
#: What "play resumes" means here: a match that was waiting when Redis went down finishes
#: within this long of Redis coming back (issue: 15 s; the sweep runs every second here).
RESUME_SECONDS = 15


@pytest.mark.slow
def test_a_killed_worker_and_a_redis_restart_lose_nothing_and_record_nothing_twice(processes):
    from webui import queue
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match

    add_builtin("tester", "random-b", "random")
    ids = []
    while len(ids) < MATCHES:
        ids += fill_queue(GAME, depth=MATCHES - len(ids))
    processes.env = {**processes.env, "ARENA_REDISPATCH_SECONDS": "120"}
    processes.worker("victim", app="slow_app")
    processes.worker("survivor", app="slow_app")
    processes.beat()
    queue.run_matches(ids)
    finished = Match.objects.filter(pk__in=ids, status=Match.Status.FINISHED)

    victim = Match.objects.filter(status=Match.Status.RUNNING, lease_owner__startswith="victim@")
    wait_until(victim.exists, 60, "the victim to be playing a match", every=0.05)
    processes.kill("victim")
    orphans = list(victim.values_list("pk", flat=True))
    processes.worker("replacement", app="slow_app")

    wait_until(lambda: finished.count() >= 10, 120, "10 matches to finish", every=0.2)
    try:
        stop_redis()
        waiting = list(
            Match.objects.filter(pk__in=ids, status=Match.Status.QUEUED).values_list(
                "pk", flat=True
            )
        )
        time.sleep(1)
    finally:
        start_redis()
    back = time.monotonic()
    assert waiting, "nothing was waiting when Redis went down; nothing was tested"
    resumed = Match.objects.filter(pk__in=waiting, status=Match.Status.FINISHED)
    wait_until(resumed.exists, RESUME_SECONDS, "a waiting match to be played after Redis")
    resumed_after = time.monotonic() - back

    wait_until(lambda: finished.count() == MATCHES, 240, "every match to finish", every=0.5)
    lost = Match.objects.filter(pk__in=ids).exclude(status=Match.Status.FINISHED).count()
    assert lost == 0
    for match in Match.objects.filter(pk__in=orphans):
        assert match.attempts >= 2 and not match.played_by.startswith("victim@")
    settled_invariants()  # each finished match recorded once: seats, history, ratings
    assert resumed_after < RESUME_SECONDS
    for name in ("survivor", "replacement"):
        assert processes.running[name].poll() is None, processes.log(name)
