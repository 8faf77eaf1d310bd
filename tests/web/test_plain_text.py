"""Free text others read has no bidi overrides or invisible characters: a tournament named
with a right-to-left override is stored and shown without it, and its heading is drawn in
reading order, the name before its badge (it used to be drawn reversed, badge included)."""

from __future__ import annotations

import pytest
from web_support import GAME, shot, user

OVERRIDE = "\u202e"  # RIGHT-TO-LEFT OVERRIDE
HIDDEN = ["\u202e", "\u202d", "\u2066", "\u2069", "\u200b", "\u200d", "\u200f", "\ufeff"]
NAME = f"{OVERRIDE}Spring\u200b Cup\u2066 2026"


def test_plain_text_removes_direction_and_invisible_characters_only():
    from webui.plain_text import plain_line, plain_text

    for char in HIDDEN:
        assert plain_text(f"a{char}b") == "ab"
    kept = "Café 東京 Ελλάδα عربى 🎲"
    assert plain_text(kept) == kept
    assert plain_line(f" {NAME}\n ") == "Spring Cup 2026"


def old_style_tournament(name: str):
    """A tournament row whose name holds the characters (written before the rule)."""
    from webui.tournaments.models import Tournament

    tournament = Tournament.objects.create(name="x", game=GAME, format="swiss", rounds=1)
    Tournament.objects.filter(pk=tournament.pk).update(name=name)
    return tournament


def test_the_organisers_form_and_every_save_store_the_name_plain(django_env):
    from webui.tournaments.forms import TournamentForm
    from webui.tournaments.models import Tournament

    form = TournamentForm({"name": NAME}, game=GAME)
    form.is_valid()
    assert form.cleaned_data["name"] == "Spring Cup 2026"
    blank = TournamentForm({"name": OVERRIDE + "\u200b"}, game=GAME)
    assert not blank.is_valid() and "name" in blank.errors
    saved = Tournament.objects.create(name=NAME, game=GAME, format="swiss", rounds=1)
    saved.refresh_from_db()
    assert saved.name == "Spring Cup 2026"


@pytest.mark.parametrize("url", ["/tournaments/", "/tournaments/{pk}/"])
def test_an_old_name_with_an_override_is_shown_plain(django_env, url):
    from django.test import Client

    tournament = old_style_tournament(NAME)
    page = Client().get(url.format(pk=tournament.pk)).content.decode()
    assert "Spring Cup 2026" in page
    assert not any(char in page for char in HIDDEN)


def test_the_migration_makes_old_names_plain(django_env):
    from importlib import import_module

    from django.apps import apps

    tournament = old_style_tournament(NAME)
    import_module("webui.tournaments.migrations.0002_plain_names").plain_names(apps, None)
    tournament.refresh_from_db()
    assert tournament.name == "Spring Cup 2026"


def test_the_tournament_heading_is_drawn_in_reading_order(page, live_site):
    tournament = old_style_tournament(NAME)
    user("plain-text-viewer")
    page.goto(f"/tournaments/{tournament.pk}/")
    heading = page.locator(".hero h1")
    name, badge = heading.locator("bdi"), heading.locator(".badge")
    assert name.inner_text() == "Spring Cup 2026"
    # Drawn left to right: the name's left edge first, the badge after it.
    name_box, badge_box = name.bounding_box(), badge.bounding_box()
    assert name_box["x"] < badge_box["x"]
    first_letter_x = page.evaluate(
        """() => {
            const text = document.querySelector('.hero h1 bdi').firstChild;
            const range = document.createRange();
            range.setStart(text, 0); range.setEnd(text, 1);
            const last = document.createRange();
            last.setStart(text, text.length - 1); last.setEnd(text, text.length);
            return [range.getBoundingClientRect().x, last.getBoundingClientRect().x];
        }"""
    )
    assert first_letter_x[0] < first_letter_x[1], "S is drawn left of the final 6"
    shot(page, "tournament-heading-plain")
