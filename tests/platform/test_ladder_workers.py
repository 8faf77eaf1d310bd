"""Two real worker processes play 200 ladder matches: each once, ratings replay exactly."""

from __future__ import annotations

import json

from platform_support import GAME, add_builtin, settled_invariants, wait_until

import arena.games
from arena import replay


def test_200_ladder_matches_on_two_workers_finish_exactly_once_and_ratings_recompute(processes):
    from webui import queue
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match

    for name, builtin in (("random-b", "random"), ("random-c", "random"), ("greedy-b", "greedy")):
        add_builtin("tester", name, builtin)
    ids = fill_queue(GAME, depth=200)
    assert len(ids) == 200
    processes.worker("w1")
    processes.worker("w2")
    assert queue.run_matches(ids) == 200

    finished = Match.objects.filter(status=Match.Status.FINISHED)
    wait_until(lambda: finished.count() == 200, 300, "200 finished matches", every=1)

    assert Match.objects.count() == 200
    assert set(finished.values_list("attempts", flat=True)) == {1}
    workers = {owner.split("@", 1)[0] for owner in finished.values_list("played_by", flat=True)}
    assert workers == {"w1", "w2"}
    game = arena.games.get(GAME)
    sizes = {m.seats.count() for m in finished}
    assert all(game.min_players <= n <= game.max_players for n in sizes)
    settled_invariants()
    for match in finished.order_by("?")[:20]:
        with match.replay.open("rb") as handle:
            replay.verify(json.load(handle))
