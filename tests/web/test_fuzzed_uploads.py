"""Mutated archives (tests/web/fuzzed_archives.py): whatever the bytes, the readers answer
with the files or with a refusal that says why, never another exception, and each upload
costs them bounded time and memory; through the upload form and the JSON API a mutated
upload is refused with its reason (or accepted), never a 500.

The examples are derandomized: every run tries the same archives, so a failure here is a
bug in the readers, not luck. Most go to the readers directly (fast, no Django); a few go
through the form and the API.
"""

from __future__ import annotations

import html
import json
import time
import tracemalloc

import pytest
from fuzzed_archives import tar_gz_uploads, zip_uploads
from hypothesis import HealthCheck, given, settings

from webui.bots.archives import SubmissionError, UploadLimits, checked_path, read_tar_gz, read_zip

LIMITS = UploadLimits()
#: Per upload: CPU seconds and peak Python memory (the uploads here are a few KB; what
#: matters is that no field makes a reader spend in proportion to what it declares).
CPU_BOUND = 2.0
MEMORY_BOUND = 32 << 20

DIRECT = settings(max_examples=300, derandomize=True, database=None, deadline=None)
THROUGH_SITE = settings(
    max_examples=25,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def read_bounded(reader, data: bytes) -> dict[str, bytes] | SubmissionError:
    tracemalloc.start()
    began = time.process_time()
    try:
        result: dict[str, bytes] | SubmissionError = reader(data, LIMITS)
    except SubmissionError as refused:
        result = refused
    finally:
        spent = time.process_time() - began
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert spent < CPU_BOUND, f"{spent:.2f} s of CPU"
    assert peak < MEMORY_BOUND, f"{peak >> 20} MiB"
    if isinstance(result, SubmissionError):
        message = str(result)
        assert message and message.encode("utf-8")  # always text that can be shown
    else:
        for path in result:  # what is accepted can be unpacked where it is meant to go
            assert checked_path(path, LIMITS) == path
        assert sum(map(len, result.values())) <= LIMITS.total_bytes
    return result


@DIRECT
@given(tar_gz_uploads())
def test_the_tar_reader_answers_every_mutated_archive_with_files_or_a_reason(data):
    read_bounded(read_tar_gz, data)


@DIRECT
@given(zip_uploads())
def test_the_zip_reader_answers_every_mutated_archive_with_files_or_a_reason(data):
    read_bounded(read_zip, data)


def test_a_pax_size_of_5000_digits_is_refused_with_its_reason():
    """The case found by hand: Python refuses to convert more than 4,300 digits."""
    from hostile_archives import END, GOOD, gz, pax_member, tar_member

    data = gz(pax_member({b"size": b"9" * 5000}) + tar_member(b"bot.py", GOOD) + END)
    assert len(data) < 300
    with pytest.raises(SubmissionError, match="PAX size of 5,000 digits"):
        read_tar_gz(data, LIMITS)


# --- through the site ------------------------------------------------------------------------


@pytest.fixture
def site_uploader(django_env, settings_value):
    from django.test import Client
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient
    from web_support import user

    settings_value(ARENA_SUBMISSIONS_PER_HOUR=0)  # accepted examples must not use it up
    person = user("fuzzed-uploader")
    form = Client()
    form.force_login(person)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=person)[0].key}")
    return form, api


def send_both(site_uploader, filename: str, data: bytes) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile
    from web_support import GAME

    form, api = site_uploader
    # The test clients re-raise a view's exception: a 500 fails with its traceback.
    page = form.post(
        "/upload/",
        {"game": GAME, "name": "fuzzed", "file": SimpleUploadedFile(filename, data)},
    )
    if page.status_code != 302:
        assert page.status_code == 200
        assert '<ul class="errorlist"' in html.unescape(page.content.decode("utf-8"))
    answer = api.post(
        "/api/versions/",
        {"game": GAME, "name": "fuzzed", "file": SimpleUploadedFile(filename, data)},
        format="multipart",
    )
    assert answer.status_code in (201, 400), answer.content[:300]
    if answer.status_code == 400:
        assert json.loads(answer.content.decode("utf-8"))["detail"]


@THROUGH_SITE
@given(data=tar_gz_uploads())
def test_the_form_and_the_api_refuse_mutated_tar_uploads_with_a_reason(site_uploader, data):
    send_both(site_uploader, "fuzzed.tar.gz", data)


@THROUGH_SITE
@given(data=zip_uploads())
def test_the_form_and_the_api_refuse_mutated_zip_uploads_with_a_reason(site_uploader, data):
    send_both(site_uploader, "fuzzed.zip", data)
