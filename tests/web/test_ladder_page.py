"""The ladder: active bots ranked by mu - 3 sigma, sortable by any column, paginated."""

from __future__ import annotations

from web_support import shot


def _column(page, index: int) -> list[str]:
    return page.locator(f"table.ladder tbody tr td:nth-child({index})").all_inner_texts()


def test_the_ladder_ranks_active_bots_by_display_rating(page, world):
    from webui.bots.models import BotVersion
    from webui.ladder.models import Rating

    page.goto("/ladder/wandering_towers/")
    expected = list(
        Rating.objects.filter(game="wandering_towers", version__status=BotVersion.Status.ACTIVE)
        .order_by("-display", "id")
        .values_list("version_id", flat=True)
    )
    shown = _versions(page)
    assert shown == expected
    assert _column(page, 1)[:3] == ["1", "2", "3"]
    assert world.versions["rejected"].pk not in shown, "only active versions are ranked"
    header = page.locator("table.ladder thead").inner_text().lower()
    for title in ("bot", "author", "rating", "mu", "sigma", "games", "win rate", "last played"):
        assert title in header
    shot(page, "ladder")


def _versions(page) -> list[int]:
    rows = page.locator("table.ladder tbody tr")
    return [int(v) for v in rows.evaluate_all("rows => rows.map(r => r.dataset.version)")]


def test_clicking_a_column_sorts_by_it_and_again_reverses(page, world):
    from webui.ladder.views import active

    by_name = active("wandering_towers").order_by("version__bot__name", "-display", "id")
    page.goto("/ladder/wandering_towers/")
    with page.expect_navigation():
        page.click('th a[data-sort-key="bot"]')
    page.wait_for_url("**sort=bot&dir=asc")
    assert _versions(page) == list(by_name.values_list("version_id", flat=True))
    with page.expect_navigation():
        page.click('th a[data-sort-key="bot"]')
    page.wait_for_url("**sort=bot&dir=desc")
    names = _column(page, 2)
    assert names[0] != _column(page, 2)[-1] and len(set(names)) == len(names)
    assert _versions(page)[::-1][0] == by_name.first().version_id
    with page.expect_navigation():
        page.click('th a[data-sort-key="games"]')
    games = [int(g) for g in _column(page, 8)]
    assert games == sorted(games, reverse=True)
    assert "▼" in page.locator('th a[data-sort-key="games"]').inner_text()


def test_a_long_ladder_is_split_into_pages(page, world, monkeypatch):
    monkeypatch.setattr("webui.ladder.views.PER_PAGE", 2)
    page.goto("/ladder/wandering_towers/?sort=mu&dir=desc")
    assert page.locator("table.ladder tbody tr").count() == 2
    first_page = _column(page, 1)
    with page.expect_navigation():
        page.get_by_role("link", name="next →").click()
    page.wait_for_url("**page=2**")
    assert "sort=mu" in page.url, "sorting is kept across pages"
    assert page.locator("table.ladder tbody tr").count() == 2
    assert set(_column(page, 1)).isdisjoint(first_page)


def test_the_games_own_bots_carry_a_reference_badge(page, world):
    page.goto("/ladder/wandering_towers/")
    for row in page.locator("table.ladder tbody tr").all():
        author = row.locator("td:nth-child(3)").inner_text().strip()
        badge = row.locator(".badge.reference")
        assert badge.count() == (1 if author == "reference" else 0), author
