"""A bot's page: versions with status and why one was rejected, its rating history drawn,
recent matches, and its record against other bots; only its author may change it."""

from __future__ import annotations

from web_support import SECRET, shot, sign_in


def test_the_page_shows_versions_history_matches_and_rivals(page, world):
    from webui.ladder.models import RatingHistory

    bot = world.bots["tactician"]
    page.goto(f"/bots/{bot.pk}/")
    versions = page.locator("table.versions tbody tr")
    assert versions.count() == 3
    statuses = [versions.nth(i).locator(".badge").first.inner_text() for i in range(3)]
    assert statuses == ["rejected", "active", "retired"]
    assert "crash: RuntimeError: my bug" in versions.first.inner_text()
    assert SECRET not in page.content(), "validation stderr is the author's"
    games = RatingHistory.objects.filter(rating__version__bot=bot).count()
    chart = page.locator("svg.rating-chart")
    assert chart.get_attribute("data-points") == str(games) and games >= 5
    assert chart.locator("path.display").get_attribute("d").count("L") == games - 1
    recent = page.locator("text=Recent matches").locator("..").locator("tbody tr")
    assert recent.count() == games
    rivals = page.locator("table.head-to-head tbody tr")
    assert "wanderer" in rivals.all_inner_texts()[0] or "wanderer" in " ".join(
        rivals.all_inner_texts()
    )
    assert page.get_by_role("link", name="Retire from the ladder…").count() == 0
    shot(page, "bot")


def test_the_author_sees_stderr_and_can_retire_the_bot(page, world, base_url):
    from web_support import builtin_version

    from webui.bots.models import BotVersion

    alice = world.users["alice"]
    version = builtin_version(alice, "retiring", "random")
    sign_in(page.context, base_url, alice)
    page.goto(f"/bots/{world.bots['tactician'].pk}/")
    page.get_by_text("stderr", exact=True).first.click()
    assert page.get_by_text(SECRET + "alice").is_visible()
    page.goto(f"/bots/{version.bot_id}/")
    with page.expect_navigation():
        page.get_by_role("link", name="Retire from the ladder…").click()
    assert "Retire retiring?" in page.locator("h1").inner_text()  # it asks first
    version.refresh_from_db()
    assert version.status == BotVersion.Status.ACTIVE
    with page.expect_navigation():
        page.get_by_role("link", name="Keep it on the ladder").click()
    page.wait_for_url(f"**/bots/{version.bot_id}/")
    version.refresh_from_db()
    assert version.status == BotVersion.Status.ACTIVE  # changing one's mind changes nothing
    with page.expect_navigation():
        page.get_by_role("link", name="Retire from the ladder…").click()
    with page.expect_navigation():
        page.get_by_role("button", name="Retire it").click()
    page.wait_for_url(f"**/bots/{version.bot_id}/")
    assert "off the ladder" in page.locator(".messages").inner_text()
    version.refresh_from_db()
    assert version.status == BotVersion.Status.RETIRED


def test_another_user_cannot_retire_a_bot_that_is_not_theirs(page, world, base_url):
    from webui.bots.models import BotVersion

    version = world.versions["tactician"]
    sign_in(page.context, base_url, world.users["bob"])
    page.goto(f"/bots/{version.bot_id}/")
    assert page.get_by_role("link", name="Retire from the ladder…").count() == 0
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    page.watch.allow("status of 403")
    response = page.request.post(f"/bots/{version.bot_id}/retire", headers={"X-CSRFToken": token})
    assert response.status == 403 and "Only the bot's author" in response.text()
    version.refresh_from_db()
    assert version.status == BotVersion.Status.ACTIVE
