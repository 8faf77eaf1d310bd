"""`/bots/`: every bot can be found, by name, game and kind, sorted by rating or by games,
page by page; in Chromium, from the navigation."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import quote

import pytest
from web_support import shot


@pytest.fixture
def client(world):
    from django.test import Client

    return Client()


def names_in(html: str) -> list[str]:
    return [unescape(n) for n in re.findall(r'<td><a href="/bots/\d+/">([^<]+)</a></td>', html)]


def listed(page) -> list[str]:
    return page.locator("#bots tbody tr td:first-child").all_inner_texts()


def test_the_directory_finds_bots_by_name_game_and_kind(page, world):
    page.goto("/")
    page.click("nav.nav a[href='/bots/']")
    page.wait_for_url("**/bots/")
    everything = listed(page)
    assert {"tower-tactician", "wanderer"} <= set(everything)
    shot(page, "bots-directory")

    page.fill("#bots-search input[name=q]", "tactic")
    page.click("#bots-search button")
    assert listed(page) == ["tower-tactician"]
    # What was asked stays in the form, for the next search.
    assert page.input_value("#bots-search input[name=q]") == "tactic"

    page.goto("/bots/?kind=reference")
    assert listed(page) and all(
        kind == "reference"
        for kind in page.locator("#bots tbody tr td:nth-child(4)").all_inner_texts()
    )
    page.goto("/bots/?kind=hosted&game=wandering_towers")
    hosted = set(listed(page))
    assert {"tower-tactician", "wanderer"} <= hosted and "greedy" not in hosted
    page.goto("/bots/?q=" + quote("no such bot at all"))
    assert not listed(page) and "No bot matches" in page.locator("main").inner_text()


def test_the_directory_sorts_by_rating_and_by_games(client):
    from webui.bots import directory

    by_rating = list(directory.find(directory.Search(sort="rating")))
    rated = [b.rating for b in by_rating if b.rating is not None]
    assert rated == sorted(rated, reverse=True)
    assert all(b.rating is None for b in by_rating[len(rated) :])  # unrated last
    by_games = [b.games or 0 for b in directory.find(directory.Search(sort="games"))]
    assert by_games == sorted(by_games, reverse=True)
    shown = names_in(client.get("/bots/?sort=games").content.decode())
    assert shown == [b.name for b in directory.find(directory.Search(sort="games"))][:50]


def test_bad_directory_parameters_are_ignored_not_errors(client):
    for query in ("?sort=drop", "?kind=%00", "?game=%C2%B2", "?page=99999", "?q=" + "x" * 500):
        assert client.get("/bots/" + query).status_code == 200, query


def test_the_directory_pages_keep_the_search(client):
    from webui.bots import views

    saved = views.BOTS_PER_PAGE
    views.BOTS_PER_PAGE = 2
    try:
        first = client.get("/bots/?sort=name&q=e").content.decode()
    finally:
        views.BOTS_PER_PAGE = saved
    assert "page 1 of" in first
    assert 'href="?page=2&amp;q=e&amp;sort=name"' in first
