"""A running match's page follows the match without reloading: moves, board, then the end."""

from __future__ import annotations

from web_support import running, shot


def test_the_page_of_a_running_match_updates_until_it_finishes(page, world):
    from webui.matches.models import Match
    from workers.tasks import _store_files

    versions = [world.versions["tactician"], world.versions["wanderer"]]
    match, record, recorder = running(versions, seed=41, moves=10)
    page.goto(f"/matches/{match.pk}/")
    assert page.locator("#match-status").inner_text() == "running"
    page.wait_for_function("() => ArenaViewer.current().count === 11")
    assert page.locator("#match-moves").inner_text() == "10"
    page.evaluate("() => { window.stillTheSamePage = true; }")

    for code in record.actions[10:40]:  # the worker plays on
        recorder(None, 0, code, "")
    recorder.flush()
    page.wait_for_function(
        "() => document.getElementById('match-moves').textContent === '40'", timeout=10_000
    )
    page.wait_for_function("() => ArenaViewer.current().count === 41")
    assert page.locator("#move-log tbody tr").count() == 40, "the log has every move, 1 to 40"
    assert page.evaluate("() => ArenaViewer.current().index") == 40, "it follows the last move"
    assert page.locator("svg.board").get_attribute("data-step") == "40"
    shot(page, "match-live")

    names = _store_files(match, recorder.owner, record)
    assert Match.finish(match.pk, recorder.owner, record.to_dict(), *names)
    page.wait_for_function(
        "() => document.getElementById('match-status').textContent === 'finished'",
        timeout=10_000,
    )
    page.wait_for_function(
        f"() => ArenaViewer.current().count === {len(record.actions) + 1}", timeout=10_000
    )
    total = len(record.actions)
    assert page.locator("#match-moves").inner_text() == str(total), "header agrees with viewer"
    assert page.locator(".viewer .total").inner_text() == str(total)
    assert page.locator("#move-log tbody tr").count() == total, "the log ends where the match did"
    assert page.evaluate("() => window.stillTheSamePage") is True, "no reload happened"
    assert page.locator(".seatview select option").nth(1).is_enabled(), "seat views open"
    assert page.get_by_text("The match has finished").is_visible()
