"""The upload page: signed-in people only, CSRF-protected, stores a pending version and
queues its validation, and refuses politely past the hourly limit."""

from __future__ import annotations

from web_support import shot, sign_in, user

GOOD = b"""
from arena_sdk import Bot

class First(Bot):
    def act(self, view, legal):
        return legal[0].code
"""


def test_an_anonymous_visitor_is_sent_to_sign_in(page, world):
    page.goto("/upload/")
    assert "/accounts/login/" in page.url and "next=/upload/" in page.url


def test_an_upload_stores_a_pending_version_and_queues_its_validation(
    page, world, base_url, tmp_path, no_broker
):
    from webui.bots.models import BotVersion

    person = user("uploader")
    sign_in(page.context, base_url, person)
    page.goto("/upload/?game=wandering_towers")
    bot = tmp_path / "first.py"
    bot.write_bytes(GOOD)
    page.fill("#id_name", "first")
    page.set_input_files("#id_file", str(bot))
    shot(page, "upload-form")
    with page.expect_navigation():
        page.click("#upload-form button[type=submit]")
    page.wait_for_url("**/versions/*/")
    version = BotVersion.objects.get(bot__owner=person, bot__name="first")
    assert version.status == BotVersion.Status.PENDING
    assert page.locator(".badge.pending").count() == 1
    assert "validation match" in page.locator(".messages").inner_text()
    assert ("arena.validate_version", version.pk) in no_broker


def test_a_post_without_the_csrf_token_is_refused(page, world, base_url):
    from webui.bots.models import BotVersion

    person = user("csrf-victim")
    sign_in(page.context, base_url, person)
    page.watch.allow("status of 403")
    response = page.request.post(
        "/upload/",
        multipart={
            "game": "wandering_towers",
            "name": "forged",
            "file": {"name": "forged.py", "mimeType": "text/x-python", "buffer": GOOD},
        },
    )
    assert response.status == 403 and "CSRF" in response.text()
    assert not BotVersion.objects.filter(bot__owner=person).exists()


def test_a_bad_file_is_refused_with_its_reason(page, world, base_url, tmp_path):
    sign_in(page.context, base_url, user("sloppy"))
    page.goto("/upload/")
    bad = tmp_path / "broken.py"
    bad.write_text("def act(:\n")
    page.fill("#id_name", "broken")
    page.set_input_files("#id_file", str(bad))
    with page.expect_navigation():
        page.click("#upload-form button[type=submit]")
    page.wait_for_selector("#upload-form .errorlist")
    assert "broken.py, line 1: syntax error" in page.locator("#upload-form").inner_text()


def test_past_the_hourly_limit_the_page_says_when_to_come_back(
    page, world, base_url, tmp_path, settings_value
):
    settings_value(ARENA_SUBMISSIONS_PER_HOUR=2)
    sign_in(page.context, base_url, user("eager"))
    bot = tmp_path / "eager.py"
    for attempt in range(3):
        bot.write_bytes(GOOD + f"# {attempt}\n".encode())
        page.goto("/upload/?game=wandering_towers")
        page.fill("#id_name", "eager")
        page.set_input_files("#id_file", str(bot))
        with page.expect_navigation():
            page.click("#upload-form button[type=submit]")
        page.wait_for_load_state()
    alert = page.locator("#upload-form [role=alert]").inner_text()
    assert "Too many submissions" in alert and "limit is 2 per hour" in alert
    assert "You can submit again in" in alert
    shot(page, "upload-rate-limited")


def test_a_hostile_archive_is_refused_on_the_page_with_its_reason(page, world, base_url, tmp_path):
    """A 917 KB .tar.gz holding a 900 MiB PAX header (tests/web/hostile_archives.py)."""
    from hostile_archives import CRAFTED

    from webui.bots.models import BotVersion

    person = user("bomber")
    sign_in(page.context, base_url, person)
    page.goto("/upload/?game=wandering_towers")
    crafted = CRAFTED["tar PAX header of 900 MiB"]
    archive = tmp_path / crafted.filename
    archive.write_bytes(crafted.data)
    page.fill("#id_name", "bomb")
    page.set_input_files("#id_file", str(archive))
    with page.expect_navigation():
        page.click("#upload-form button[type=submit]")
    page.wait_for_selector("#upload-form .errorlist")
    assert crafted.reason in page.locator("#upload-form .errorlist").inner_text()
    assert not BotVersion.objects.filter(bot__owner=person).exists()
