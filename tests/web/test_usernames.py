"""Every username the sign-up form accepts can sign in, whatever Unicode it holds; and no
name, accepted or not, makes sign-up or sign-in fail (any name with "8" used to: one of its
look-alikes in Unicode's table is three code points, which the look-alike check choked on).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

PASSWORD = "a-long-enough-pass-9"
#: Every name tried starts with this (so the test's accounts are its own to delete).
PREFIX = "zq"
#: Letters and digits of every script, the separators Django allows, and now and then
#: anything else (spaces, marks, format characters, emoji), most of which the form refuses.
NAME_CHARS = st.one_of(
    st.characters(categories=["Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Nl", "No"]),
    st.sampled_from(".@+-_8"),
    st.characters(codec="utf-8"),
)
NAMES = st.text(NAME_CHARS, min_size=1, max_size=24)


@pytest.fixture
def accounts(django_env):
    from django.contrib.auth import get_user_model
    from django.test import override_settings

    get_user_model().objects.filter(account_name__key__startswith=PREFIX).delete()
    # Hashing as in production would make each example cost a second; the rules under
    # test are the names'.
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


def client():
    from django.test import Client

    return Client(REMOTE_ADDR="192.0.2.8")


@settings(
    max_examples=120,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(name=NAMES)
@example(name="player8")
@example(name="8")
@example(name="\u0430dmin8")  # Cyrillic a
@example(name="ｆｕｌｌ８")  # full-width: NFKC folds it
def test_every_name_the_sign_up_form_accepts_can_sign_in(accounts, name):
    from django.contrib.auth import get_user_model

    newcomer = client()
    form = {"username": PREFIX + name, "password1": PASSWORD, "password2": PASSWORD}
    signed_up = newcomer.post("/accounts/signup/", form)  # a 500 raises here
    assert signed_up.status_code in (200, 302)
    returning = client()
    signed_in = returning.post(
        "/accounts/login/", {"username": PREFIX + name, "password": PASSWORD}
    )
    if signed_up.status_code == 302:
        assert signed_in.status_code == 302, signed_in.content.decode()[-600:]
        person = get_user_model().objects.get(pk=returning.session["_auth_user_id"])
        assert person.account_name.key.startswith(PREFIX)
    else:  # refused: no account, unless the same name was taken by an earlier example
        assert signed_in.status_code in (200, 302)
