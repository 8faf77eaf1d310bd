"""A connected bot's process ending, on real processes: killed mid-match and started again
(it takes its seat back from the lobby and plays on), stopped by a signal (one line, no
traceback), and losing its gateway (it says so and keeps trying)."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator

import pytest
from platform_support import REPO, Processes, settled_invariants, wait_until
from remote_support import Launched, Remote
from tcp_proxy import TcpProxy
from test_remote_faults import seat_report, seated_and_playing
from test_remote_ladder import HOMEWARD, finished, make_remote_bot, online
from test_remote_ladder import remote as remote
from test_remote_ladder import workers as workers

SLOW = str(REPO / "tests" / "bots" / "remote_slow.py")


@pytest.fixture
def proxies() -> Iterator[list[TcpProxy]]:
    made: list[TcpProxy] = []
    yield made
    for proxy in made:
        proxy.close()


def signal_bot(process: Launched, signum: int) -> None:
    """To the bot's process alone, as a terminal's Ctrl-C or a service manager would."""
    os.kill(process.process.pid, signum)


def exit_status(process: Launched, within: float) -> int:
    process.process.wait(timeout=within)
    return process.process.returncode


def no_traceback(*processes: Launched) -> None:
    for process in processes:
        text = process.log_path.read_text(errors="replace")
        assert "Traceback" not in text, f"{process.name}:\n{text[-6000:]}"


def played_on_without_a_strike(seat) -> dict:
    """The seat's match finished with the seat in it to the end, struck for nothing."""
    seat.refresh_from_db()
    assert not seat.disqualified, seat.errors
    assert seat.rank is not None
    report = seat_report(seat)
    assert report["strikes"] == [], report["strikes"]
    return report


def test_a_bot_killed_mid_match_and_started_again_takes_its_seat_back(
    workers: Processes, remote: Remote, proxies: list[TcpProxy]
) -> None:
    """SIGKILL: no goodbye, nothing on disk. The new process learns the seat from its
    lobby, which offers a seat again while it waits for its bot."""
    proxy = TcpProxy(remote.gateway("gw-a"))
    proxies.append(proxy)
    bot, token = make_remote_bot("erin", "phoenix")
    first = remote.python_bot("bot", SLOW, proxy.address, token)
    wait_until(lambda: online(bot), 30, "the bot online")
    seat, queued = seated_and_playing(bot, proxy, remote, first.log())
    first.kill()
    again = remote.python_bot("bot-again", SLOW, proxy.address, token)
    wait_until(lambda: finished(queued), 240, "the matches to finish\n" + again.log())
    report = played_on_without_a_strike(seat)
    assert "rejoined its seat" in report["stderr"], report["stderr"]
    assert f": seat {seat.seat}, rank" in again.log(), again.log()  # it played to the end
    assert again.alive()  # and it stays online for the next match
    no_traceback(first, again)
    settled_invariants()


def test_interrupted_twice_mid_match_it_leaves_at_once_and_a_restart_plays_on(
    workers: Processes, remote: Remote, proxies: list[TcpProxy]
) -> None:
    """The second Ctrl-C leaves the match under way at once, in one line; started again
    within the grace period, the bot takes the seat back."""
    proxy = TcpProxy(remote.gateway("gw-a"))
    proxies.append(proxy)
    bot, token = make_remote_bot("fred", "hasty")
    first = remote.python_bot("bot", SLOW, proxy.address, token)
    wait_until(lambda: online(bot), 30, "the bot online")
    seat, queued = seated_and_playing(bot, proxy, remote, first.log())
    signal_bot(first, signal.SIGINT)
    wait_until(lambda: "finishing 1 match(es)" in first.log(), 10, "the bot to say it finishes")
    signal_bot(first, signal.SIGINT)
    assert exit_status(first, 10) == 0, first.log()
    assert "leaving 1 match(es) under way" in first.log()
    again = remote.python_bot("bot-again", SLOW, proxy.address, token)
    wait_until(lambda: finished(queued), 240, "the matches to finish\n" + again.log())
    played_on_without_a_strike(seat)
    no_traceback(first, again)
    settled_invariants()


def test_sigterm_mid_match_plays_it_to_the_end_then_exits(
    workers: Processes, remote: Remote, proxies: list[TcpProxy]
) -> None:
    proxy = TcpProxy(remote.gateway("gw-a"))
    proxies.append(proxy)
    bot, token = make_remote_bot("gina", "patient")
    connected = remote.python_bot("bot", SLOW, proxy.address, token)
    wait_until(lambda: online(bot), 30, "the bot online")
    seat, queued = seated_and_playing(bot, proxy, remote, connected.log())
    signal_bot(connected, signal.SIGTERM)
    wait_until(lambda: not online(bot), 15, "the bot to leave the lobby")
    assert exit_status(connected, 240) == 0, connected.log()
    assert connected.log().rstrip().endswith('{"played": 1, "failed": 0}'), connected.log()
    wait_until(lambda: finished(queued), 240, "the matches to finish")
    played_on_without_a_strike(seat)
    no_traceback(connected)
    settled_invariants()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_an_idle_bot_stops_on_a_signal_in_one_line(remote: Remote, signum: int) -> None:
    _, token = make_remote_bot("hana", "idle")
    connected = remote.python_bot("bot", SLOW, remote.gateway("gw"), token)
    wait_until(lambda: "online as hana/idle" in connected.log(), 30, "the bot online")
    started = time.monotonic()
    signal_bot(connected, signum)
    assert exit_status(connected, 10) == 0, connected.log()
    assert time.monotonic() - started < 3
    assert "stopping: no new matches" in connected.log()
    no_traceback(connected)


def test_a_bot_whose_gateway_goes_away_says_so_and_keeps_trying(remote: Remote) -> None:
    _, token = make_remote_bot("ines", "orphan")
    connected = remote.python_bot("bot", SLOW, remote.gateway("gw"), token)
    wait_until(lambda: "online as ines/orphan" in connected.log(), 30, "the bot online")
    remote.by_name("gw").kill()
    wait_until(lambda: connected.log().count("connecting again") >= 3, 30, "retries")
    assert connected.alive()
    signal_bot(connected, signal.SIGTERM)
    assert exit_status(connected, 10) == 0, connected.log()
    no_traceback(connected)


def test_matches_one_after_another_and_side_by_side_print_no_traceback(
    remote: Remote, db: dict[str, str]
) -> None:
    """Many short matches through one `arena-bot connect`, two at a time: every match's
    gRPC calls start and end while the lobby's call lives on (with a loop per match, the
    last event of a match's call could reach its closed loop: "Event loop is closed")."""
    from concurrent.futures import ThreadPoolExecutor

    import arena.games
    from arena.match.lineup import builtin_agent
    from arena.match.referee import run_match
    from arena.relay.agent import RelayAgent

    bot, token = make_remote_bot("jo", "busy", concurrency=2)
    connected = remote.python_bot("bot", HOMEWARD, remote.gateway("gw"), token)
    wait_until(lambda: online(bot), 30, "the bot online")
    game = arena.games.get("wandering_towers")

    def one_match(seed: int) -> bool:
        seat = RelayAgent(
            db["ARENA_BROKER_URL"], bot.pk, game.name, 0, match_id=f"m-{seed}",
            join_seconds=20, concurrency=2,
        )  # fmt: skip
        try:
            record = run_match(game.name, [seat, builtin_agent(game, "random", seed)], seed)
        finally:
            seat.close()
        return not record.seats[0].disqualified and not record.seats[0].strikes

    with ThreadPoolExecutor(2) as pool:
        clean = list(pool.map(one_match, range(16)))
    assert all(clean), connected.log()
    wait_until(lambda: connected.log().count(", rank ") == 16, 20, "every result logged")
    signal_bot(connected, signal.SIGTERM)
    assert exit_status(connected, 10) == 0, connected.log()
    no_traceback(connected)
