"""Faults of remote seats, on real processes: a link that drops mid-match and comes back
(the seat is rejoined), and a gateway killed mid-match (only its seats are lost)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from platform_support import REPO, Processes, settled_invariants, wait_until
from remote_support import Remote
from tcp_proxy import TcpProxy
from test_remote_ladder import (
    finished,
    make_remote_bot,
    online,
    remote_seats,
    schedule_until_seated,
)
from test_remote_ladder import remote as remote
from test_remote_ladder import workers as workers

SLOW = str(REPO / "tests" / "bots" / "remote_slow.py")


@pytest.fixture
def proxies() -> Iterator[list[TcpProxy]]:
    made: list[TcpProxy] = []
    yield made
    for proxy in made:
        proxy.close()


def seated_and_playing(bot, proxy: TcpProxy, remote_: Remote, log: str):
    """Schedule `bot` (the scheduler seats it), then wait until its match is running and
    turns flow through `proxy`; return the seat."""
    from webui.matches.models import Match

    queued = schedule_until_seated(bot)
    wait_until(
        lambda: remote_seats(bot).filter(match__status=Match.Status.RUNNING).exists(),
        120,
        "the remote bot's match to start",
    )
    seat = remote_seats(bot).get(match__status=Match.Status.RUNNING)
    start = proxy.downstream
    wait_until(lambda: proxy.downstream > start + 8000, 60, "turns to reach the bot\n" + log)
    return seat, queued


def seat_report(seat) -> dict:
    from webui.matches import records
    from webui.matches.models import Match

    record = records.read(Match.objects.get(pk=seat.match_id))
    return record["seats"][seat.seat]


def test_a_link_dropped_mid_match_is_rejoined_and_the_seat_plays_on(
    workers: Processes,
    remote: Remote,
    proxies: list[TcpProxy],
) -> None:
    from webui.matches.models import Match

    proxy = TcpProxy(remote.gateway("gw-a"))
    proxies.append(proxy)
    remote.gateway("gw-b")
    bot, token = make_remote_bot("alice", "flaky")
    connected = remote.python_bot("bot", SLOW, proxy.address, token)
    wait_until(lambda: online(bot), 30, "the bot online")
    seat, queued = seated_and_playing(bot, proxy, remote, connected.log())
    proxy.cut()
    assert Match.objects.get(pk=seat.match_id).status == Match.Status.RUNNING, "cut too late"
    wait_until(lambda: finished(queued), 240, "the matches to finish\n" + connected.log())
    seat.refresh_from_db()
    assert not seat.disqualified, seat.errors
    report = seat_report(seat)
    assert "rejoined its seat" in report["stderr"], report["stderr"]
    assert not [s for s in report["strikes"] if s["reason"] == "crash"]
    assert "Traceback" not in connected.log_path.read_text(errors="replace"), connected.log()
    settled_invariants()


def test_a_gateway_killed_mid_match_costs_its_seats_and_nothing_else(
    workers: Processes,
    remote: Remote,
    proxies: list[TcpProxy],
) -> None:
    from webui.matches.models import Match, MatchSeat

    proxy = TcpProxy(remote.gateway("gw-a"))
    proxies.append(proxy)
    remote.gateway("gw-b")
    bot, token = make_remote_bot("bob", "doomed")
    connected = remote.python_bot("bot", SLOW, proxy.address, token)
    wait_until(lambda: online(bot), 30, "the bot online")
    seat, queued = seated_and_playing(bot, proxy, remote, connected.log())
    remote.by_name("gw-a").kill()
    wait_until(lambda: finished(queued), 240, "the matches to finish\n" + workers.log("w1"))
    seat.refresh_from_db()
    assert seat.disqualified
    assert "crash" in seat.errors, seat.errors
    others = MatchSeat.objects.filter(match_id=seat.match_id).exclude(pk=seat.pk)
    assert others.exists()
    for other in others:
        assert not other.disqualified, other.errors
        assert other.rank is not None and other.rank < seat.rank
    assert Match.objects.get(pk=seat.match_id).status == Match.Status.FINISHED
    # Its stream and lobby broke: the bot says so in a line each, and connects elsewhere.
    assert "Traceback" not in connected.log_path.read_text(errors="replace"), connected.log()
    settled_invariants()
