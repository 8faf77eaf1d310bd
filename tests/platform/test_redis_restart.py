"""Redis restarted mid-run (its queue lost): the queue drains once it is back."""

from __future__ import annotations

import time

from platform_support import GAME, settled_invariants, start_redis, stop_redis, wait_until


def test_queue_drains_after_redis_restarts_mid_run(processes):
    from webui import queue
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match

    ids = fill_queue(GAME, depth=40)
    processes.worker("w1", app="slow_app")
    processes.worker("w2", app="slow_app")
    processes.scheduler()
    queue.run_matches(ids)
    finished = Match.objects.filter(status=Match.Status.FINISHED)
    wait_until(lambda: finished.count() >= 5, 60, "the first matches to finish")
    try:
        stop_redis()
        lost_at = finished.count()
        time.sleep(2)
    finally:
        start_redis()
    assert lost_at < 40, "every match finished before Redis went down; nothing was tested"
    wait_until(lambda: finished.count() == 40, 150, "all 40 matches to finish", every=0.5)
    for name in ("w1", "w2"):
        assert processes.running[name].poll() is None, processes.log(name)
    settled_invariants()
