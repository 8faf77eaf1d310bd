"""Pages fit the screen they are read on: every link of the top bar can be seen and clicked
(on a phone once its menu is open), signed in or not, on a laptop and on a phone, and no page
scrolls sideways."""

from __future__ import annotations

import pytest
from web_support import shot, sign_in

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

HIDDEN_TOP_BAR_LINKS = """() => [...document.querySelectorAll('.topbar a, .topbar button')]
  .filter(el => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.left < 0 || box.right > window.innerWidth) return true;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !(hit && (hit === el || el.contains(hit)));
}).map(el => el.textContent.trim())"""

SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"


def open_menu(page) -> None:
    """On a narrow screen the links fold into a menu: open it, as a person would."""
    button = page.locator(".nav-button")
    if button.is_visible():
        button.click()


def pages(world) -> list[str]:
    match = world.matches["four"]
    bot = world.bots["tactician"]
    return [
        "/",
        "/matches/",
        f"/matches/{match.pk}/",
        "/ladder/wandering_towers/",
        f"/bots/{bot.pk}/",
        "/tournaments/",
        "/upload/",
        "/api/",
    ]


@pytest.mark.parametrize("screen", [LAPTOP, PHONE], ids=["laptop", "phone"])
@pytest.mark.parametrize("who", ["visitor", "alice", "mallory"])
def test_the_top_bar_shows_every_link_and_no_page_scrolls_sideways(
    browser, base_url, world, screen, who
) -> None:
    context = browser.new_context(base_url=base_url, viewport=screen)
    if who != "visitor":
        sign_in(context, base_url, world.users[who])
    page = context.new_page()
    try:
        for url in pages(world):
            page.goto(url)
            page.wait_for_load_state("networkidle")
            name = f"widths-{who}-{screen['width']}-{url.strip('/').replace('/', '-') or 'home'}"
            open_menu(page)
            hidden = page.evaluate(HIDDEN_TOP_BAR_LINKS)
            assert not hidden, (url, hidden, shot(page, name))
            overflow = page.evaluate(SIDEWAYS)
            assert overflow <= 0, (url, f"{overflow}px sideways", shot(page, name))
    finally:
        context.close()


def test_on_a_phone_the_nav_links_still_lead_somewhere(browser, base_url, world) -> None:
    context = browser.new_context(base_url=base_url, viewport=PHONE)
    page = context.new_page()
    try:
        page.goto("/")
        open_menu(page)
        page.locator(".topbar a", has_text="Matches").click()
        page.wait_for_url("**/matches/")
        open_menu(page)
        page.locator(".topbar a", has_text="API").click()
        page.wait_for_url("**/api/**")
    finally:
        context.close()
