"""Signing up, in and out through the forms, and the API token page."""

from __future__ import annotations

from playwright.sync_api import expect
from web_support import PASSWORD, shot, sign_in, sign_up, user


def test_sign_up_then_out_then_in_again(page, world):
    sign_up(page, "newcomer")
    page.wait_for_url("**/")
    assert "newcomer" in page.locator("header").inner_text()
    with page.expect_navigation():
        page.get_by_role("button", name="Sign out").click()
    page.wait_for_load_state()
    assert "Sign in" in page.locator("header").inner_text()
    page.goto("/accounts/login/")
    page.fill("#id_username", "newcomer")
    page.fill("#id_password", "wrong password")
    with page.expect_navigation():
        page.click("#login-form button[type=submit]")
    page.wait_for_selector("#login-form [role=alert]")
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.click("#login-form button[type=submit]")
    page.wait_for_url("**/")
    assert "newcomer" in page.locator("header").inner_text()


def test_a_name_that_is_html_is_refused_at_sign_up(page, world):
    page.goto("/accounts/signup/")
    page.fill("#id_username", "<b>bold</b>")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    with page.expect_navigation():
        page.click("#signup-form button[type=submit]")
    page.wait_for_selector("#signup-form .errorlist")
    assert "Enter a valid username" in page.locator("#signup-form").inner_text()


def test_the_token_page_creates_and_replaces_the_token(page, world, base_url):
    from rest_framework.authtoken.models import Token

    person = user("token-holder")
    sign_in(page.context, base_url, person)
    page.goto("/accounts/token/")
    assert page.locator("#token").count() == 0
    with page.expect_navigation():
        page.click("#make-token")
    first = page.locator("#token").inner_text()
    assert first == Token.objects.get(user=person).key
    shot(page, "token")
    with page.expect_navigation():
        page.click("#make-token")
    expect(page.locator("#token")).not_to_have_text(first)
    second = page.locator("#token").inner_text()
    assert second != first and not Token.objects.filter(key=first).exists()
