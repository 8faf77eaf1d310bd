"""The match page: seats and result, the move log with timings, strikes, and stderr
for the bot's author (and staff) only."""

from __future__ import annotations

import json

from web_support import SECRET, shot, sign_in


def test_the_page_shows_seats_result_and_the_timed_move_log(page, world):
    match = world.matches["four"]
    page.goto(f"/matches/{match.pk}/")
    seats = page.locator("table.seats tbody tr")
    assert seats.count() == 4
    for seat in match.seats.select_related("version__bot").order_by("seat"):
        row = page.locator(f'table.seats tr[data-seat="{seat.seat}"]')
        assert seat.version.bot.name in row.inner_text()
        assert row.locator(".place").inner_text().strip() == str(seat.rank + 1)
    with match.replay.open("rb") as handle:
        moves = len(json.load(handle)["actions"])
    log = page.locator("#move-log tbody tr")
    assert log.count() == moves
    assert page.locator("#match-moves").inner_text() == str(moves)
    first = log.first.inner_text()
    assert "ms" in first, "each decision shows its time"
    assert page.locator(f"text=seed {match.seed}").count() == 1, "a finished match shows its seed"
    assert "timeout" in page.locator('#move-log tr[data-move="4"]').inner_text()
    assert page.get_by_text("no answer within 1.0 s").count() >= 1


def test_stderr_is_shown_to_the_bots_author_and_staff_only(page, world, base_url):
    match = world.matches["four"]
    page.goto(f"/matches/{match.pk}/")
    assert SECRET not in page.content()
    assert page.get_by_text("its output is shown to its author only").count() == 1
    log = page.request.get(f"/matches/{match.pk}/log.json").json()
    assert log["seats"][1]["stderr"] is None and SECRET not in json.dumps(log)

    sign_in(page.context, base_url, world.users["alice"])  # plays in the match, not bob
    page.goto(f"/matches/{match.pk}/")
    assert SECRET not in page.content()

    sign_in(page.context, base_url, world.users["bob"])
    page.goto(f"/matches/{match.pk}/")
    page.get_by_text("stderr (").click()
    assert page.get_by_text(SECRET + "bob").is_visible()
    log = page.request.get(f"/matches/{match.pk}/log.json").json()
    assert log["seats"][1]["stderr"].startswith(SECRET + "bob")
    shot(page, "match-as-author")

    sign_in(page.context, base_url, world.users["staff"])
    page.goto(f"/matches/{match.pk}/")
    assert SECRET + "bob" in page.content()
