"""The navigation fits: one line at 1280 px, signed in or out; a menu at 390 px that opens
with a tap and shows every link."""

from __future__ import annotations

import pytest
from web_support import shot, sign_in

LINKS = ("Castle Panic", "Wandering Towers", "Wiz-War", "Play", "Bots", "Matches", "API")


def rows_of(page, selector: str) -> set[int]:
    """The distinct rows (top offsets, px) the elements matching `selector` sit on."""
    tops = page.locator(selector).evaluate_all(
        "els => els.filter(e => e.offsetParent).map(e => Math.round(e.getBoundingClientRect().top))"
    )
    return set(tops)


@pytest.mark.parametrize("signed_in", [False, True])
def test_at_1280_px_the_navigation_is_one_line(page, world, base_url, signed_in):
    page.set_viewport_size({"width": 1280, "height": 800})
    if signed_in:
        sign_in(page.context, base_url, world.users["alice"])
    page.goto("/")
    assert page.locator(".nav-button").is_hidden()
    for link in LINKS:
        assert page.locator(".nav").get_by_text(link, exact=True).is_visible(), link
    rows = rows_of(page, ".topbar .brand, .topbar .nav a, .topbar .account > *")
    shot(page, f"nav-1280-{'in' if signed_in else 'out'}")
    assert max(rows) - min(rows) < 20, f"the top bar wraps onto rows at {sorted(rows)}"


def test_at_390_px_the_links_fold_into_a_menu(page, world):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/")
    assert page.locator(".nav").is_hidden()
    menu = page.locator(".nav-button")
    assert menu.is_visible()
    menu.click()
    for link in LINKS:
        assert page.locator(".nav").get_by_text(link, exact=True).is_visible(), link
    shot(page, "nav-390-open")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide at 390"
    page.locator(".nav").get_by_text("Bots", exact=True).click()
    page.wait_for_url("**/bots/")
    assert page.locator(".nav").is_hidden()  # a new page starts with the menu folded
