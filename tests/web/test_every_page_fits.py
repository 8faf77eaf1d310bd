"""Every page fits, element by element: at 1280 px and at 390 px, signed in and out, no
element's content is wider than its box, so nothing is cut inside a panel (a form's fields,
a token table's buttons) even where the page itself does not scroll sideways.

A box that scrolls sideways on purpose (a wide table in a scroll wrapper, a code block) is
allowed: its content can be reached; so is a name cut short with an ellipsis whose title
tells it whole. Anything else wider than its box is reported with
the page, the element and by how many pixels.
"""

from __future__ import annotations

import pytest
from web_support import play, shot, sign_in

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
GAMES = ("wandering_towers", "castle_panic", "wiz_war")

#: Every shown HTML element whose content is wider than its box, unless the box scrolls.
CUT = """() => {
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + [...el.classList].map(c => '.' + c).join('');
  const path = el => {
    const parts = [];
    for (let at = el; at && at !== document.body && parts.length < 4; at = at.parentElement)
      parts.unshift(name(at));
    return parts.join(' > ');
  };
  const cut = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (!(el instanceof HTMLElement) || el.clientWidth === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'inline') continue;
    if (style.textOverflow === 'ellipsis' && el.title) continue;  // shortened, told in full
    const over = el.scrollWidth - el.clientWidth;
    if (over > 1) cut.push(`${path(el)}: ${over}px`);
  }
  return cut;
}"""


def open_menu(page) -> None:
    button = page.locator(".nav-button")
    if button.is_visible():
        button.click()


@pytest.fixture(scope="module")
def places(world) -> dict[str, int]:
    """What the pages show beyond the shared world: a match of each game, a remote bot with
    tokens, a tournament and a person's table."""
    from webui.bots.models import BotToken, BotVersion
    from webui.bots.remote import create_remote_bot
    from webui.tournaments.progress import create

    alice = world.users["alice"]
    found: dict[str, int] = {}
    for game in GAMES[1:]:
        reference = list(
            BotVersion.objects.filter(bot__owner__username="reference", bot__game=game)
            .exclude(builtin="")
            .order_by("id")
        )
        found[game] = play([reference[0], reference[-1]], seed=8, game=game).pk
    remote, _ = create_remote_bot(alice, "wiz_war", "far-away-wizard-with-a-long-name")
    BotToken.issue(remote)
    found["remote"] = remote.pk
    tactician, wanderer = world.versions["tactician"], world.versions["wanderer"]
    found["tournament"] = create(
        name="Autumn open of the towers",
        game="wandering_towers",
        format="swiss",
        rounds=2,
        versions=[tactician, wanderer, world.versions["greedy"]],
        seed=3,
    ).pk
    found["version"] = tactician.pk
    found["rejected"] = world.versions["rejected"].pk
    return found


def pages(world, places: dict[str, int], signed_in: bool) -> list[str]:
    four = world.matches["four"]
    shown = [
        "/",
        "/matches/",
        "/matches/?game=castle_panic",
        f"/matches/{four.pk}/",
        f"/matches/{places['castle_panic']}/",
        f"/matches/{places['wiz_war']}/",
        *(f"/ladder/{game}/" for game in GAMES),
        "/ladder/castle_panic/solo/",
        "/bots/",
        f"/bots/{world.bots['tactician'].pk}/",
        f"/bots/{places['remote']}/",
        f"/versions/{places['version']}/",
        f"/versions/{places['rejected']}/",
        "/tournaments/",
        f"/tournaments/{places['tournament']}/",
        *(f"/play/?game={game}" for game in GAMES),
        f"/users/{world.users['alice'].username}/",
        "/api/",
        "/api/docs/",
    ]
    if signed_in:
        shown += ["/upload/", "/bots/remote/new", "/tournaments/new/", "/accounts/token/"]
    else:
        shown += ["/accounts/login/", "/accounts/signup/"]
    return shown


@pytest.mark.parametrize("screen", [LAPTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("signed_in", [False, True], ids=["visitor", "alice"])
def test_no_element_on_any_page_is_wider_than_its_box(
    browser, base_url, world, places, screen, signed_in
) -> None:
    context = browser.new_context(base_url=base_url, viewport=screen)
    if signed_in:
        sign_in(context, base_url, world.users["alice"])
    page = context.new_page()
    cut: dict[str, list[str]] = {}
    try:
        for url in pages(world, places, signed_in):
            page.goto(url)
            page.wait_for_load_state("networkidle")
            open_menu(page)
            found = page.evaluate(CUT)
            if found:
                name = f"fits-{screen['width']}-{url.strip('/').replace('/', '-') or 'home'}"
                cut[url] = [*found[:6], str(shot(page, name))]
        if signed_in:  # a new token's page, shown once after the owner asks for it
            page.goto(f"/bots/{places['remote']}/")
            open_menu(page)
            page.locator("form[action$='/tokens'] button").click()
            page.wait_for_load_state("networkidle")
            found = page.evaluate(CUT)
            if found:
                cut["new token"] = [*found[:6], str(shot(page, f"fits-{screen['width']}-token"))]
    finally:
        context.close()
    assert not cut, "\n".join(f"{url}: {' | '.join(found)}" for url, found in cut.items())
