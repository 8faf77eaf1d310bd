"""A person's table in the real `arena demo`, in Chromium, while the ladder is full.

The demo runs as a newcomer runs it (its own process, SQLite, its own Redis), with a deep
ladder of long matches (the search bot plays in every one): every ladder slot is busy and
at least 24 matches wait. A person signs up, takes a seat and plays: the table starts at
once, on the worker kept for people, and the ladder's backlog is still there.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from demo_support import embedded_env, read_until, site_of, start_demo, still_running, stop
from web_support import ConsoleWatch, shot, sign_up

READY = "press Ctrl-C"
CONCURRENCY = 2


def ladder(data: Path) -> tuple[int, int]:
    """(ladder matches running, matches queued) in the demo's database."""
    with sqlite3.connect(data / "arena.sqlite3", timeout=20) as db:
        running = db.execute(
            "SELECT count(*) FROM matches_match WHERE status = 'running' AND kind != 'people'"
        ).fetchone()[0]
        queued = db.execute(
            "SELECT count(*) FROM matches_match WHERE status = 'queued'"
        ).fetchone()[0]
    return running, queued


def wait_for_backlog(data: Path, timeout: float = 90) -> tuple[int, int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        running, queued = ladder(data)
        if running == CONCURRENCY and queued >= 24:
            return running, queued
        time.sleep(0.5)
    raise AssertionError(f"no full ladder in {timeout:.0f}s: {ladder(data)}")


def test_a_person_sits_down_at_once_while_every_ladder_slot_is_busy(browser, tmp_path: Path):
    data = tmp_path / "var"
    env = embedded_env(data, ARENA_LADDER_DEPTH="10", ARENA_REFERENCE_BOTS="ismcts,greedy")
    demo = start_demo(tmp_path, env, "--concurrency", str(CONCURRENCY))
    context = None
    lines: list[str] = []
    try:
        lines = read_until(demo, READY, timeout=90)
        assert READY in "".join(lines), "".join(lines)
        site = site_of(lines)
        context = browser.new_context(base_url=site, viewport={"width": 1280, "height": 800})
        page = context.new_page()
        watch = ConsoleWatch(page)
        sign_up(page, "newcomer")
        page.goto("/play/?game=wandering_towers")
        page.select_option("#play-players", "2")
        page.select_option("#play-opponent-1", label="greedy (reference)")
        busy, waiting = wait_for_backlog(data)
        clicked = time.monotonic()
        page.click("#play-sit")
        page.wait_for_url("**/play/*/")
        page.wait_for_selector("#actions button:not([disabled])", timeout=30_000)
        took = time.monotonic() - clicked
        shot(page, "demo-people-table")
        print(f"table started {took:.2f}s after 'Take a seat'; ladder: {busy} running, "
              f"{waiting} waiting")  # fmt: skip
        assert took <= 5.0, f"the table took {took:.1f}s to start behind {waiting} matches"
        running, queued = ladder(data)
        assert running == CONCURRENCY and queued >= 20, "the ladder's backlog went away"
        page.locator("#actions button").first.click()
        page.wait_for_function("() => document.getElementById('turn').dataset.sent", timeout=30_000)
        watch.check()
    finally:
        if context is not None:
            context.close()
        output = "".join(lines) + stop(demo)
    assert not still_running(data), output
