"""A page that does not exist answers with the site's own 404 page, saying what was asked
for and why it is not there (production: DEBUG off)."""

from __future__ import annotations


def test_a_missing_match_gets_the_sites_404_page_saying_why(django_env, settings_value) -> None:
    from django.test import Client

    settings_value(DEBUG=False)
    response = Client().get("/matches/987654/")
    page = response.content.decode()
    assert response.status_code == 404
    assert 'class="topbar"' in page  # the site's template, with its navigation
    assert "/matches/987654/" in page and "No Match matches the given query" in page


def test_an_unknown_address_gets_the_404_page_without_internals(django_env, settings_value):
    from django.test import Client

    settings_value(DEBUG=False)
    response = Client().get("/no/such/page/")
    page = response.content.decode()
    assert response.status_code == 404 and "/no/such/page/" in page
    assert "Resolver404" not in page and "urlpatterns" not in page
