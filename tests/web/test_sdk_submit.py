"""`arena-bot submit` against the live site: the new version's page and status, or a
reason a person can act on."""

from __future__ import annotations

import subprocess
import sys

from web_support import user

GOOD = b"""from arena_sdk import Bot

class B(Bot):
    def act(self, view, legal):
        return legal[0].code
"""


def arena_bot(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "arena_sdk.cli", "submit", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def token_for(person) -> str:
    from rest_framework.authtoken.models import Token

    return Token.objects.get_or_create(user=person)[0].key


def test_submit_prints_the_new_versions_page_and_status(live_site, world, tmp_path, no_broker):
    from webui.bots.models import BotVersion

    bot = tmp_path / "sdkbot.py"
    bot.write_bytes(GOOD)
    token = token_for(user("sdk-author"))
    done = arena_bot(
        str(bot), "--server", live_site, "--token", token, "--game", "wandering_towers"
    )
    assert done.returncode == 0, done.stderr
    version = BotVersion.objects.get(bot__owner__username="sdk-author", bot__name="sdkbot")
    url, status = done.stdout.splitlines()[:2]
    assert url == f"{live_site}/versions/{version.pk}/"
    assert status == "version 1 of sdk-author/sdkbot (wandering_towers): pending"
    assert ("arena.validate_version", version.pk) in no_broker


def test_submit_explains_a_bad_token_a_bad_file_and_an_unreachable_site(live_site, world, tmp_path):
    bot = tmp_path / "bot.py"
    bot.write_bytes(GOOD)
    args = ["--game", "wandering_towers", "--name", "x"]
    done = arena_bot(str(bot), "--server", live_site, "--token", "wrong", *args)
    assert done.returncode == 1 and "refused the token" in done.stderr
    assert "/accounts/token/" in done.stderr
    token = token_for(user("sdk-sloppy"))
    broken = tmp_path / "broken.py"
    broken.write_text("def act(:\n")
    done = arena_bot(str(broken), "--server", live_site, "--token", token, *args)
    assert done.returncode == 1 and "syntax error" in done.stderr
    done = arena_bot(str(tmp_path / "missing.py"), "--server", live_site, "--token", token, *args)
    assert done.returncode == 2 and "missing.py" in done.stderr
    done = arena_bot(str(bot), "--server", "http://127.0.0.1:9", "--token", token, *args)
    assert done.returncode == 1 and "cannot reach http://127.0.0.1:9" in done.stderr
