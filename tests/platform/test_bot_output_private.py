"""What a bot writes stays with its owner: a bot that writes a secret to stderr and stdout,
answers with it as an action code, raises it as an exception and then crashes is validated
and plays a ladder match for real (in the sandbox); every page and API answer a stranger can
reach, found by following links from the home page, holds no trace of it. Its owner does
see it (so the search below would find a leak)."""

from __future__ import annotations

import json
import re
from collections import deque

from platform_support import GAME

SECRET = "SECRET-OUTPUT-7f3a"
LEAKY = f"""
import os
import sys

from arena_sdk import Bot

SECRET = {SECRET!r}


class Leaky(Bot):
    turns = 0

    def act(self, view, legal):
        self.turns += 1
        print(SECRET + "-stdout", flush=True)
        print(SECRET + "-stderr", file=sys.stderr, flush=True)
        if self.turns == 1:
            return SECRET + "-illegal"
        if self.turns == 2:
            raise RuntimeError(SECRET + "-exception")
        os._exit(3)
""".encode()

LINK = re.compile(r"""(?:href|src|action)=["'](/[^"'#]*)""")
IN_JSON = re.compile(r'"(?:https?://testserver)?(/(?:api|matches|bots|versions)/[^"]*)"')
SKIP = ("/admin/", "/accounts/logout/", "/static/", "/api/schema", "/api/docs/")


def reachable(client, starts: list[str], limit: int = 400) -> dict[str, str]:
    """Every page and API answer reachable from `starts` by GET (url -> text)."""
    seen: dict[str, str] = {}
    todo = deque(starts)
    while todo and len(seen) < limit:
        url = todo.popleft()
        if url in seen or url.startswith(SKIP):
            continue
        response = client.get(url, HTTP_ACCEPT="text/html,application/json")
        body = b"".join(response.streaming_content) if response.streaming else response.content
        text = body.decode("utf-8", "replace")
        seen[url] = text
        if response.status_code != 200:
            continue
        found = LINK.findall(text)
        found += IN_JSON.findall(text)
        todo.extend(link.replace("&amp;", "&") for link in found)
    return seen


def test_a_bots_output_reaches_no_page_or_api_answer_a_stranger_can_see(db):
    from django.contrib.auth import get_user_model
    from django.test import Client

    from webui.bots.models import BotVersion
    from webui.bots.submission import submit
    from webui.matches.models import Match, MatchSeat
    from workers.tasks import play, validate

    people = get_user_model().objects
    owner = people.create(username="leaky-owner")
    version = submit(owner, GAME, "leaky", "leaky.py", LEAKY)
    assert validate(version.pk).startswith("rejected")
    version.refresh_from_db()
    assert SECRET in version.validation_stderr  # kept, for its owner
    # Seated by hand on the ladder (a rejected version never is), to get a public match.
    other = BotVersion.objects.filter(builtin="random").first()
    match = Match.objects.create(
        game=GAME,
        kind=Match.Kind.LADDER,
        options={},
        seed=7,
        time_control={"per_decision": 2.0, "bank": 5.0, "max_strikes": 3},
    )
    MatchSeat.objects.create(match=match, seat=0, version=version)
    MatchSeat.objects.create(match=match, seat=1, version=other)
    play(match.pk, "w1")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED

    starts = [
        "/",
        "/bots/",
        "/matches/",
        f"/bots/{version.bot_id}/",
        f"/versions/{version.pk}/",
        f"/matches/{match.pk}/",
        f"/matches/{match.pk}/log.json",
        f"/users/{owner.username}/",
        f"/ladder/{GAME}/",
        "/api/",
        f"/api/versions/{version.pk}/",
        f"/api/bots/{version.bot_id}/",
        f"/api/matches/{match.pk}/",
    ]
    anonymous = reachable(Client(), starts)
    stranger = Client()
    stranger.force_login(people.create(username="stranger"))
    signed_in = reachable(stranger, starts)
    assert len(anonymous) > 20 and len(signed_in) > 20
    for pages in (anonymous, signed_in):
        leaks = [url for url, text in pages.items() if SECRET in text]
        assert not leaks, leaks
    for url in (f"/versions/{version.pk}/", f"/matches/{match.pk}/"):
        assert "its stderr" in anonymous[url]  # the public reason points to the private text

    author = Client()
    author.force_login(owner)
    log = json.loads(author.get(f"/matches/{match.pk}/log.json").content)
    mine = log["seats"][0]["stderr"]
    for said in ("-stderr", "-illegal", "-exception"):
        assert SECRET + said in mine, mine
