"""The sign-in and sign-up limits hold when the requests come together: 50 sent at once to
the live site (a threaded server, one database connection per request) get exactly the
limit through and the rest a 429. They used to be checked before they were recorded, so all
40 of 40 parallel bad sign-ins were checked against a limit of 10, and 20 parallel sign-ups
made 6 accounts with a limit of 5. The admin's sign-in is throttled with the site's.
"""

from __future__ import annotations

import re
import threading
from collections import Counter

import pytest
import requests

PASSWORD = "a-long-enough-pass-9"
PARALLEL = 50
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture
def limits(live_site, settings_value):
    from django.contrib.auth import get_user_model

    from webui.accounts.models import Attempt

    get_user_model().objects.filter(username__startswith="par-").delete()
    Attempt.objects.all().delete()
    settings_value(
        ARENA_LOGIN_FAILURES=10,
        ARENA_LOGIN_WINDOW_SECONDS=600,
        ARENA_SIGNUPS_PER_ADDRESS=5,
        ARENA_SIGNUP_WINDOW_SECONDS=3600,
    )
    yield live_site
    Attempt.objects.all().delete()


def ready_session(url: str) -> tuple[requests.Session, str]:
    """A browser-like session holding the form's CSRF cookie and token."""
    session = requests.Session()
    page = session.get(url, timeout=30)
    assert page.status_code == 200
    return session, TOKEN.search(page.text)[1]


def all_at_once(url: str, forms: list[dict[str, str]]) -> Counter[int]:
    """POST each form from its own session, all released together; the status codes."""
    sessions = [ready_session(url) for _ in forms]
    start = threading.Barrier(len(forms))
    codes: list[int] = []

    def post(session: requests.Session, token: str, form: dict[str, str]) -> None:
        start.wait()
        answer = session.post(
            url,
            {**form, "csrfmiddlewaretoken": token},
            headers={"Referer": url},
            allow_redirects=False,
            timeout=120,
        )
        codes.append(answer.status_code)

    threads = [
        threading.Thread(target=post, args=(*sessions[i], form)) for i, form in enumerate(forms)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return Counter(codes)


def test_50_parallel_bad_sign_ins_get_exactly_the_limit_checked(limits):
    from django.contrib.auth import get_user_model

    from webui.accounts.models import Attempt

    get_user_model().objects.create_user("par-alice", password=PASSWORD)
    wrong = {"username": "par-alice", "password": "wrong"}
    codes = all_at_once(f"{limits}/accounts/login/", [wrong] * PARALLEL)
    assert codes == {200: 10, 429: 40}, codes  # 200: the form again, "wrong password"
    assert Attempt.objects.filter(key="user:paralice").count() == 10


def test_50_parallel_sign_ups_make_exactly_the_limit_of_accounts(limits):
    from django.contrib.auth import get_user_model

    forms = [
        {"username": f"par-new{n}", "password1": PASSWORD, "password2": PASSWORD}
        for n in range(PARALLEL)
    ]
    codes = all_at_once(f"{limits}/accounts/signup/", forms)
    assert codes == {302: 5, 429: 45}, codes
    assert get_user_model().objects.filter(username__startswith="par-new").count() == 5


def test_the_admin_sign_in_is_throttled_like_the_sites(limits, settings_value):
    from django.contrib.auth import get_user_model

    settings_value(ARENA_LOGIN_FAILURES=3)
    get_user_model().objects.create_user("par-staff", password=PASSWORD, is_staff=True)
    url = f"{limits}/admin/login/"
    codes = []
    for _ in range(5):
        session, token = ready_session(url)
        form = {"username": "par-staff", "password": "wrong", "csrfmiddlewaretoken": token}
        answer = session.post(url, form, headers={"Referer": url}, allow_redirects=False)
        codes.append(answer.status_code)
    assert codes == [200, 200, 200, 429, 429]
    assert "Too many failed sign-ins" in answer.text
    # The right password is refused too while the account is throttled, from the site's
    # form as well: one count for both.
    session, token = ready_session(f"{limits}/accounts/login/")
    form = {"username": "par-staff", "password": PASSWORD, "csrfmiddlewaretoken": token}
    answer = session.post(f"{limits}/accounts/login/", form, allow_redirects=False)
    assert answer.status_code == 429


def test_a_right_password_is_not_counted_and_staff_reach_the_admin(limits):
    from django.contrib.auth import get_user_model

    from webui.accounts.models import Attempt

    get_user_model().objects.create_user("par-boss", password=PASSWORD, is_staff=True)
    url = f"{limits}/admin/login/"
    session, token = ready_session(url)
    form = {"username": "par-boss", "password": PASSWORD, "csrfmiddlewaretoken": token}
    answer = session.post(url, form, headers={"Referer": url}, allow_redirects=False)
    assert answer.status_code == 302 and answer.headers["Location"] == "/admin/"
    assert not Attempt.objects.filter(key="user:parboss").exists()
    assert session.get(f"{limits}/admin/", timeout=30).status_code == 200
