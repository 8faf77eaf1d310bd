"""Sign-in and sign-up are throttled per address and per account, with a clear message and
Retry-After; usernames are unique once folded, so nobody can pose as another account."""

from __future__ import annotations

import pytest

PASSWORD = "a-long-enough-pass-9"


@pytest.fixture
def fresh(django_env, settings_value):
    """An empty accounts table for each test, and small limits."""
    from django.contrib.auth import get_user_model

    from webui.accounts.models import Attempt

    get_user_model().objects.filter(username__startswith="t-").delete()
    Attempt.objects.all().delete()
    settings_value(
        ARENA_LOGIN_FAILURES=3,
        ARENA_LOGIN_WINDOW_SECONDS=600,
        ARENA_SIGNUPS_PER_ADDRESS=2,
        ARENA_SIGNUP_WINDOW_SECONDS=3600,
    )


def client(address: str = "203.0.113.7"):
    from django.test import Client

    return Client(REMOTE_ADDR=address)


def sign_in(browser, username: str, password: str):
    return browser.post("/accounts/login/", {"username": username, "password": password})


def sign_up(browser, username: str):
    form = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return browser.post("/accounts/signup/", form)


def test_wrong_passwords_for_one_account_are_throttled_from_any_address(fresh):
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("t-alice", password=PASSWORD)
    for n in range(3):
        assert sign_in(client(f"198.51.100.{n}"), "t-alice", "wrong").status_code == 200
    refused = sign_in(client("198.51.100.99"), "t-alice", PASSWORD)  # even the right one
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 600
    assert "Too many failed sign-ins" in refused.content.decode()
    # a look-alike spelling of the name shares the count
    assert sign_in(client("198.51.100.98"), "T-ALICE.", "wrong").status_code == 429


def test_one_address_trying_many_accounts_is_throttled(fresh):
    browser = client()
    for name in ("t-a", "t-b", "t-c"):
        assert sign_in(browser, name, "wrong").status_code == 200
    assert sign_in(browser, "t-d", "wrong").status_code == 429
    assert sign_in(client("192.0.2.1"), "t-d", "wrong").status_code == 200  # others may


def test_a_right_password_within_the_limit_signs_in(fresh):
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("t-bob", password=PASSWORD)
    browser = client()
    assert sign_in(browser, "t-bob", "wrong").status_code == 200
    assert sign_in(browser, "t-bob", PASSWORD).status_code == 302


def test_sign_ups_are_throttled_per_address(fresh):
    assert sign_up(client(), "t-one").status_code == 302
    assert sign_up(client(), "t-two").status_code == 302
    refused = sign_up(client(), "t-three")
    assert refused.status_code == 429 and "Retry-After" in refused
    assert "Too many sign-ups from your address" in refused.content.decode()
    assert sign_up(client("192.0.2.44"), "t-three").status_code == 302


@pytest.mark.parametrize(
    "look_alike",
    [
        "t-\u0430lice",  # Cyrillic а
        "t-alice.",
        "T-Alice",
        "t_alice",
        "ｔ-ａｌｉｃｅ",  # full-width
        "t-\u0430\u043b\u0456\u0441\u0435",  # Cyrillic "аліce"-like spelling
    ],
)
def test_a_name_that_looks_like_a_taken_one_is_refused(fresh, settings_value, look_alike):
    from django.contrib.auth import get_user_model

    settings_value(ARENA_SIGNUPS_PER_ADDRESS=0)
    get_user_model().objects.create_user("t-alice", password=PASSWORD)
    response = sign_up(client(), look_alike)
    assert response.status_code == 200
    page = response.content.decode()
    assert any(why in page for why in ("looks too much like", "different scripts", "already"))
    assert not get_user_model().objects.filter(username=look_alike).exists()


def test_a_name_that_looks_like_none_other_is_welcome(fresh):
    assert sign_up(client(), "t-ålice").status_code == 302  # å is not a look-alike of a


def test_a_megabyte_of_name_is_cut_to_a_username_before_it_is_folded(fresh):
    """A sign-in form posted with a huge name costs no more than a real one: it counts
    against the account named by its first 150 characters."""
    name = "t-" + "x" * 148
    for _ in range(3):
        assert (
            sign_in(client(f"198.51.100.{_}"), name + "y" * (1 << 20), "wrong").status_code == 200
        )
    assert sign_in(client("198.51.100.77"), name, "wrong").status_code == 429
