"""Remote bots on the ladder: connected through real gateways (two), played by real Celery
workers (two), matched with hosted bots by the scheduler, rated like them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from platform_support import REPO, Processes, settled_invariants, wait_until
from remote_support import Remote

GAME = "wandering_towers"
HOMEWARD = str(REPO / "examples" / "wandering_towers" / "homeward.py")


@pytest.fixture
def remote(db: dict[str, str], tmp_path: Path) -> Iterator[Remote]:
    launched = Remote(db, tmp_path)
    try:
        yield launched
    finally:
        launched.stop_all()


@pytest.fixture
def workers(processes: Processes, remote: Remote) -> Processes:
    processes.env = remote.env  # the same join and rejoin timings as the gateways
    processes.worker("w1")
    processes.worker("w2")
    return processes


def make_remote_bot(owner: str, name: str, game: str = GAME, concurrency: int = 1):
    from django.contrib.auth import get_user_model

    from webui.bots.remote import create_remote_bot

    user, _ = get_user_model().objects.get_or_create(username=owner)
    return create_remote_bot(user, game, name, concurrency)


def online(bot) -> bool:
    from webui.bots import presence

    return bot.pk in presence.online([bot.pk])


def schedule_until_seated(bot, game: str = GAME, rounds: int = 20) -> list[int]:
    """Run the ladder scheduler (as beat does) until it seats `bot`; the matches queued.
    A seat in a match already started counts: a remote bot at its concurrency sits out
    while that match runs, so waiting for a queued seat could wait for ever."""
    from webui import queue
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match, MatchSeat

    queued: list[int] = []
    for _ in range(rounds):
        if MatchSeat.objects.filter(version__bot=bot).exists():
            return queued
        live = Match.objects.filter(game=game, status__in=("queued", "running")).count()
        created = fill_queue(game, depth=live + 1)
        queue.run_matches(created)
        queued += created
    raise AssertionError(f"the scheduler did not seat {bot} in {rounds} matches")


def finished(match_ids: list[int]) -> bool:
    from webui.matches.models import Match

    done = Match.objects.filter(pk__in=match_ids, status=Match.Status.FINISHED).count()
    return done == len(match_ids)


def remote_seats(bot):
    from webui.matches.models import MatchSeat

    return MatchSeat.objects.filter(version__bot=bot).select_related("match")


def test_a_connected_python_bot_plays_ladder_matches_through_either_gateway(
    workers: Processes, remote: Remote
) -> None:
    from webui.ladder.models import Rating

    gateways = [remote.gateway("gw-a"), remote.gateway("gw-b")]
    bots = []
    for index, address in enumerate(gateways):
        bot, token = make_remote_bot(f"owner{index}", f"far{index}")
        remote.python_bot(f"bot{index}", HOMEWARD, address, token)
        bots.append(bot)
    for bot in bots:
        wait_until(lambda b=bot: online(b), 30, f"{bot} online")
    queued = []
    for bot in bots:
        queued += schedule_until_seated(bot)
    wait_until(lambda: finished(queued), 240, "the matches to finish\n" + workers.log("w1"))
    for bot in bots:
        seats = list(remote_seats(bot))
        assert seats, f"{bot} was never seated"
        for seat in seats:
            assert not seat.disqualified, seat.errors
            assert seat.rank is not None
        rating = Rating.objects.get(version__bot=bot, game=GAME)
        assert rating.games == len(seats)
    settled_invariants()
