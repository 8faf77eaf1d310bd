"""Every process type serves Prometheus metrics over HTTP, and they move when matches are
played: the web site (gunicorn, two workers, /metrics), a Celery worker (its pool's values
summed), the sweeper (with the database's gauges) and a gateway (a remote bot's seat)."""

from __future__ import annotations

import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from platform_support import REPO, Processes, wait_until
from prometheus_client.parser import text_string_to_metric_families
from remote_support import Launched, Remote, free_port
from test_remote_ladder import finished, make_remote_bot, online, schedule_until_seated

GAME = "wandering_towers"
HOMEWARD = str(REPO / "examples" / "wandering_towers" / "homeward.py")


def scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """One scrape: (series name, sorted labels) -> value."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        assert answer.status == 200
        assert answer.headers["Content-Type"].startswith("text/plain")
        text = answer.read().decode()
    series = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            series[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return series


def total(series: dict, name: str, **labels: str) -> float:
    """The sum of `name` over the series whose labels include `labels`."""
    wanted = set(labels.items())
    return sum(v for (n, got), v in series.items() if n == name and wanted <= set(got))


@pytest.fixture
def remote(db: dict[str, str], tmp_path: Path) -> Iterator[Remote]:
    launched = Remote(db, tmp_path)
    try:
        yield launched
    finally:
        launched.stop_all()


def test_each_process_type_serves_metrics_that_move_when_matches_are_played(
    processes: Processes, remote: Remote, tmp_path: Path
) -> None:
    from webui import queue
    from webui.ladder.matchmaking import fill_queue

    ports = {name: free_port() for name in ("web", "worker", "sweeper", "gateway")}
    base = {**remote.env, "ARENA_METRICS_DIR": str(tmp_path / "metrics")}

    argv = [sys.executable, "-m", "arena_platform.cli", "web", "--workers", "2"]
    argv += ["--bind", f"127.0.0.1:{ports['web']}"]
    web = Launched("web", argv, {**base, "ARENA_METRICS": "1"}, tmp_path)
    remote.launched.append(web)
    processes.env = {**base, "ARENA_METRICS_LISTEN": f"127.0.0.1:{ports['sweeper']}"}
    processes.sweeper()
    gateway = remote.gateway("gw", ["--metrics-listen", f"127.0.0.1:{ports['gateway']}"])
    wait_until(lambda: _serves(ports["web"]), 30, "the web's /metrics\n" + web.log())

    # Before any worker: the queue shows in the sweeper's gauges.
    bot, token = make_remote_bot("far-owner", "far")
    remote.python_bot("far", HOMEWARD, gateway, token)
    wait_until(lambda: online(bot), 30, "the remote bot online")
    hosted = fill_queue(GAME, depth=2)
    assert hosted
    wait_until(
        lambda: (
            total(scrape(ports["sweeper"]), "arena_matches_queued", lane="ladder") >= len(hosted)
        ),
        20,
        "the sweeper to count the queue",
    )
    gateway_before = scrape(ports["gateway"])
    assert total(gateway_before, "arena_remote_bots_online") == 1
    assert total(gateway_before, "arena_relayed_seats_total") == 0

    processes.env = {**base, "ARENA_METRICS_LISTEN": f"127.0.0.1:{ports['worker']}"}
    processes.worker("w1")
    before = scrape(ports["worker"])
    assert total(before, "arena_matches_finished_total") == 0
    queue.run_matches(hosted)
    seated = schedule_until_seated(bot)
    matches = hosted + seated
    wait_until(lambda: finished(matches), 240, "the matches to finish\n" + processes.log("w1"))

    # The worker: its pool process's counts, summed by the main process.
    worker = scrape(ports["worker"])
    assert total(worker, "arena_matches_finished_total", game=GAME) == len(matches)
    assert total(worker, "arena_matches_started_total", game=GAME) == len(matches)
    assert total(worker, "arena_match_duration_seconds_count", game=GAME) == len(matches)
    assert total(worker, "arena_decisions_total", game=GAME) >= 10 * len(matches)
    assert total(worker, "arena_worker_matches_in_progress") == 0
    assert total(worker, "arena_match_messages_sent_total", lane="ladder") >= len(seated)

    # The gateway relayed the remote bot's seat.
    assert total(scrape(ports["gateway"]), "arena_relayed_seats_total") >= 1

    # The sweeper: rounds counted, and the queue it saw is empty now.
    wait_until(
        lambda: total(scrape(ports["sweeper"]), "arena_matches_queued", lane="ladder") == 0,
        20,
        "the sweeper to see the queue empty",
    )
    sweeper = scrape(ports["sweeper"])
    assert total(sweeper, "arena_sweeps_total") >= 2
    assert total(sweeper, "arena_sweep_last_success_timestamp_seconds") > 0
    assert ("arena_people_tables_waiting", ()) in sweeper

    # The web: a match page answered 200, counted by view whichever gunicorn worker served it.
    page_before = total(scrape(ports["web"]), "arena_http_requests_total", view="match")
    for match_id in matches:
        address = f"http://127.0.0.1:{ports['web']}/matches/{match_id}/"
        with urllib.request.urlopen(address, timeout=30) as answer:
            assert answer.status == 200
    web_after = scrape(ports["web"])
    served = total(web_after, "arena_http_requests_total", view="match", status="200")
    assert served - page_before == len(matches)
    assert total(web_after, "arena_http_request_duration_seconds_count", view="match") >= len(
        matches
    )


def _serves(port: int) -> bool:
    try:
        scrape(port)
    except OSError:
        return False
    return True


def test_the_site_serves_no_metrics_unless_asked(db: dict[str, str], tmp_path: Path) -> None:
    """Without ARENA_METRICS, /metrics is an ordinary unknown page."""
    from django.test import Client

    answer = Client().get("/metrics")
    assert answer.status_code == 404


def test_with_a_token_the_site_serves_metrics_only_to_whoever_sends_it(
    db: dict[str, str], settings_override
) -> None:
    from django.test import Client

    settings_override(ARENA_METRICS=True, ARENA_METRICS_TOKEN="s3cret-scraper")
    client = Client()
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 401
    answer = client.get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret-scraper")
    assert answer.status_code == 200
    assert b"arena_http_requests_total" in answer.content
    # By any host name (Prometheus scrapes a pod by its address, as probes do /healthz).
    answer = client.get(
        "/metrics", HTTP_AUTHORIZATION="Bearer s3cret-scraper", HTTP_HOST="10.1.2.3:8000"
    )
    assert answer.status_code == 200
