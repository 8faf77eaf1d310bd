"""A bot or user name made of HTML is shown as text everywhere, and never runs.

The world has a user called <script>alert(1)</script> with a bot called
<script>alert(2)</script> that played in the four-player match.
"""

from __future__ import annotations

import pytest
from web_support import XSS_BOT, XSS_USER, shot, wait_for_viewer

PAGES = {
    "home": lambda w: "/",
    "ladder": lambda w: "/ladder/wandering_towers/",
    "bot": lambda w: f"/bots/{w.bots['xss'].pk}/",
    "version": lambda w: f"/versions/{w.versions['xss'].pk}/",
    "user": lambda w: f"/users/{XSS_USER}/",
    "matches": lambda w: "/matches/",
    "match": lambda w: f"/matches/{w.matches['four'].pk}/",
    "rival": lambda w: f"/bots/{w.bots['tactician'].pk}/",
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_an_html_name_is_shown_as_text_and_never_runs(page, world, name):
    page.goto(PAGES[name](world))
    if name == "match":
        wait_for_viewer(page)
        page.click('[data-act="last"]')
    page.wait_for_load_state("networkidle")
    text = page.locator("body").inner_text()
    assert XSS_BOT in text or XSS_USER in text, "the name appears, as written"
    assert page.locator("script:not([src]):not([type='application/json'])").count() == 0
    html = page.content()
    assert "<script>alert(" not in html.replace("&lt;script&gt;alert(", "")
    assert page.watch.dialogs == [], "a dialog opened"
    if name == "match":
        board = page.locator("svg.board").text_content()
        assert XSS_BOT in board, "the viewer draws the name as text"
        shot(page, "escaping-match")


def test_pages_forbid_inline_scripts(page, world):
    response = page.goto("/")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
