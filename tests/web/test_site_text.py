"""Pages speak to people: game titles, not registry names; "just now", not "0 minutes ago"."""

from __future__ import annotations

import re


def cells(page: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", page)]


def test_home_and_matches_list_show_game_titles_and_just_now(world) -> None:
    from django.test import Client
    from django.utils import timezone

    from webui.matches.models import Match

    latest = Match.objects.filter(status=Match.Status.FINISHED, game="wandering_towers")
    latest.filter(pk=latest.latest("finished").pk).update(finished=timezone.now())
    client = Client()
    for url in ("/", "/matches/"):
        page = client.get(url).content.decode()
        shown = cells(page)
        assert "Wandering Towers" in shown, url
        assert not {"wandering_towers", "castle_panic", "wiz_war"} & set(shown), url
        # "10 minutes ago" is fine (the session's first matches may be that old by now).
        assert not re.search(r"(?<!\d)0[\xa0 ]minutes ago", page), url
        assert "just now" in shown, url


def test_the_upload_page_installs_the_sdk_the_way_its_readme_does(world) -> None:
    from pathlib import Path

    from django.test import Client

    client = Client()
    client.force_login(world.users["alice"])
    page = client.get("/upload/").content.decode()
    commands = re.findall(r"<code>(pip install [^<]+)</code>", page)
    readme = (Path(__file__).resolve().parents[2] / "sdk" / "README.md").read_text()
    assert commands and all(command in readme for command in commands), commands
