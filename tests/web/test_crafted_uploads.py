"""Crafted uploads (tests/web/hostile_archives.py): each gets its clear refusal through the
upload form and through the JSON API, never a 500 and nothing stored; and the web
process, a real gunicorn worker, keeps its peak memory under a stated bound while it
refuses the worst of them.
"""

from __future__ import annotations

import html
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from arena_env import REPO
from hostile_archives import CRAFTED, GOOD, WORST, gz, tar_member, zip_of
from web_support import GAME, user

#: The web process's peak resident memory (VmHWM) after refusing the worst uploads.
PEAK_RSS_BOUND = 150 << 20
#: ... and how much of it the worst uploads may add to what the process had already used.
GROWTH_BOUND = 40 << 20


def token_for(person) -> str:
    from rest_framework.authtoken.models import Token

    return Token.objects.get_or_create(user=person)[0].key


@pytest.fixture
def uploader(django_env):
    from webui.bots.models import BotVersion

    person = user("crafted-uploader")
    yield person
    assert not BotVersion.objects.filter(bot__owner=person).exists(), "a refusal stored nothing"


@pytest.mark.parametrize("case", list(CRAFTED))
def test_the_upload_form_refuses_each_crafted_upload_with_its_reason(uploader, case):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client

    crafted = CRAFTED[case]
    client = Client()
    client.force_login(uploader)
    response = client.post(
        "/upload/",
        {
            "game": GAME,
            "name": "crafted",
            "file": SimpleUploadedFile(crafted.filename, crafted.data),
        },
    )
    assert response.status_code == 200
    page = html.unescape(response.content.decode("utf-8"))
    assert '<ul class="errorlist"' in page
    assert crafted.reason in page


@pytest.mark.parametrize("case", list(CRAFTED))
def test_the_api_refuses_each_crafted_upload_with_400_and_its_reason(uploader, case):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from rest_framework.test import APIClient

    crafted = CRAFTED[case]
    response = APIClient().post(
        "/api/versions/",
        {
            "game": GAME,
            "name": "crafted",
            "file": SimpleUploadedFile(crafted.filename, crafted.data),
        },
        format="multipart",
        HTTP_AUTHORIZATION=f"Token {token_for(uploader)}",
    )
    assert response.status_code == 400, response.content[:300]
    detail = json.loads(response.content.decode("utf-8"))["detail"]
    assert crafted.reason in detail


def test_a_good_archive_with_folders_still_goes_through_both(uploader, no_broker):
    """The rules refuse the crafted uploads, not ordinary ones (the version is then removed,
    so the fixture's check that refusals store nothing still holds)."""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client

    from webui.bots.models import Bot

    client = Client()
    client.force_login(uploader)
    archive = gz(
        tar_member(b"mybot-main/", kind=b"5")
        + tar_member(b"mybot-main/bot.py", GOOD)
        + tar_member(b"mybot-main/lib/", kind=b"5")
        + tar_member(b"mybot-main/lib/util.py", b"X = 1\n")
        + bytes(1024)
    )
    response = client.post(
        "/upload/",
        {"game": GAME, "name": "ordinary", "file": SimpleUploadedFile("b.tar.gz", archive)},
    )
    assert response.status_code == 302, html.unescape(response.content.decode())[-2000:]
    zipped = zip_of([("bot.py", GOOD), ("lib/", b""), ("lib/util.py", b"X = 1\n")])
    from rest_framework.test import APIClient

    response = APIClient().post(
        "/api/versions/",
        {"game": GAME, "name": "ordinary", "file": SimpleUploadedFile("b.zip", zipped)},
        format="multipart",
        HTTP_AUTHORIZATION=f"Token {token_for(uploader)}",
    )
    assert response.status_code == 201, response.content
    assert len(no_broker) == 2
    Bot.objects.filter(owner=uploader).delete()


# --- the web process's memory ---------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def status_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


@pytest.fixture
def gunicorn(django_env) -> Iterator[tuple[str, int]]:
    """The site as `arena web` serves it (gunicorn), one worker; yields (url, worker pid)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "webui.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
            "--timeout",
            "120",
        ],
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(server.stderr.read().decode()[-2000:]) from None
                time.sleep(0.1)
        children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
        deadline = time.monotonic() + 10
        while not children and time.monotonic() < deadline:
            time.sleep(0.1)
            children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
        assert len(children) == 1, children
        yield url, int(children[0])
    finally:
        server.terminate()
        server.wait(timeout=15)


def test_the_web_process_peak_memory_stays_bounded_while_refusing_the_worst_uploads(
    gunicorn, uploader, tmp_path
):
    """Sent with the SDK's own client, as a bot author would. The worst uploads cost the old
    check 1.26 GB (the PAX header) and two minutes of CPU (460,800 folders)."""
    from arena_sdk.submit import Site, SubmitError, submit

    url, worker = gunicorn
    site = Site(url, token_for(uploader), timeout=120)

    def send(filename: str, data: bytes) -> str:
        path = tmp_path / filename
        path.write_bytes(data)
        with pytest.raises(SubmitError) as refused:
            submit(site, path, GAME, "crafted")
        return str(refused.value)

    # Warm up: every code path of a refusal once (imports, the compiling process).
    broken = b"def act(:\n"
    assert "syntax error" in send("warm.py", broken)
    assert "syntax error" in send("warm.zip", zip_of([("bot.py", broken)]))
    assert "syntax error" in send("warm.tar.gz", gz(tar_member(b"bot.py", broken) + bytes(1024)))
    before = status_kib(worker, "VmHWM") << 10
    for case in WORST:
        crafted = CRAFTED[case]
        message = send(crafted.filename, crafted.data)
        assert "HTTP 400" in message and crafted.reason in message, (case, message)
    peak = status_kib(worker, "VmHWM") << 10
    print(f"\nweb worker peak RSS: {before >> 20} MiB warmed up, {peak >> 20} MiB after the worst")
    assert peak < PEAK_RSS_BOUND
    assert peak - before < GROWTH_BOUND
