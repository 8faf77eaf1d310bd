"""A running match's actions reach its row while the referee plays, as the live page needs."""

from __future__ import annotations

import logging
import threading
import time

from platform_support import GAME


def test_the_moves_are_saved_while_the_referee_plays_on_its_event_loop(db, monkeypatch, caplog):
    from django.db import connections

    import arena.games
    from arena.match.lineup import builtin_agent
    from arena.match.referee import run_match
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.live import LiveRecorder
    from webui.matches.models import Match

    monkeypatch.delenv("DJANGO_ALLOW_ASYNC_UNSAFE", raising=False)  # as in a worker
    caplog.set_level(logging.WARNING, logger="arena.live")
    (pk,) = fill_queue(GAME, depth=1)
    owner = "live-test@host/1"
    assert Match.claim(pk, owner)
    game = arena.games.get(GAME)
    agents = [builtin_agent(game, "random", seed) for seed in (1, 2)]

    seen: list[int] = []  # what a page polling the row saw while the match was being played
    playing = threading.Event()

    def poll() -> None:
        try:
            while playing.is_set():
                seen.append(len(Match.objects.get(pk=pk).live_actions))
                time.sleep(0.005)
        finally:
            connections.close_all()

    def step(state, seat, code, label) -> None:
        live(state, seat, code, label)
        time.sleep(0.002)  # a match long enough to be watched

    watcher = threading.Thread(target=poll)
    with LiveRecorder(pk, owner, every=0.02) as live:
        playing.set()
        watcher.start()
        record = run_match(GAME, agents, seed=5, on_step=step)
        playing.clear()
        watcher.join()
    assert any(0 < count < len(record.actions) for count in seen), "saved midway"
    assert Match.objects.get(pk=pk).live_actions == record.actions
    assert not caplog.records, "no save failed"
