"""Every page loads in Chromium without a console error or an uncaught exception.

Each page is also saved as a screenshot (test-artifacts/screenshots/), to look at.
"""

from __future__ import annotations

import pytest
from web_support import shot, sign_in, wait_for_viewer

PUBLIC = {
    "home": lambda w: "/",
    "ladder": lambda w: "/ladder/wandering_towers/",
    "ladder-by-games": lambda w: "/ladder/wandering_towers/?sort=games&dir=desc",
    "matches": lambda w: "/matches/",
    "match-finished": lambda w: f"/matches/{w.matches['four'].pk}/",
    "match-running": lambda w: f"/matches/{w.matches['running'].pk}/",
    "bot": lambda w: f"/bots/{w.bots['tactician'].pk}/",
    "version-rejected": lambda w: f"/versions/{w.versions['rejected'].pk}/",
    "user": lambda w: "/users/alice/",
    "sign-in": lambda w: "/accounts/login/",
    "sign-up": lambda w: "/accounts/signup/",
    "api-docs": lambda w: "/api/docs/",
    "api-browsable": lambda w: "/api/games/",
    "admin-login": lambda w: "/admin/login/",
}
SIGNED_IN = {
    "upload": "/upload/",
    "token": "/accounts/token/",
}


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_a_public_page_loads_without_console_errors(page, world, name):
    response = page.goto(PUBLIC[name](world))
    assert response.ok, f"{name}: HTTP {response.status}"
    if name.startswith("match-"):
        wait_for_viewer(page) if name == "match-finished" else page.wait_for_timeout(300)
    elif name == "api-docs":
        page.wait_for_selector(".swagger-ui .opblock")
    page.wait_for_load_state("networkidle")
    shot(page, name)
    page.watch.check()


@pytest.mark.parametrize("name", sorted(SIGNED_IN))
def test_a_signed_in_page_loads_without_console_errors(page, world, base_url, name):
    sign_in(page.context, base_url, world.users["alice"])
    response = page.goto(SIGNED_IN[name])
    assert response.ok and "alice" in page.locator("header").inner_text()
    page.wait_for_load_state("networkidle")
    shot(page, name)
    page.watch.check()
