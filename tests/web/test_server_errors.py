"""A view that fails answers with the site's 500 page, and the failure is logged with its
traceback on stderr, where an operator's process manager collects it (production: DEBUG off).

Run in a fresh process so the site's own logging configuration is the one in force."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CLIENT = """
import django
django.setup()
from django.test import Client
from django.test.utils import override_settings

with override_settings(ROOT_URLCONF="failing_urls", DEBUG=False):
    response = Client(raise_request_exception=False, HTTP_HOST="127.0.0.1").get("/boom/")
print(response.status_code)
print(response.content.decode())
"""


def test_a_failing_view_shows_the_500_page_and_logs_its_traceback(tmp_path: Path) -> None:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("ARENA_")},
        "DJANGO_SETTINGS_MODULE": "webui.settings",
        "ARENA_DATA_DIR": str(tmp_path),
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(HERE)]),
    }
    done = subprocess.run(
        [sys.executable, "-c", CLIENT], env=env, capture_output=True, text=True, timeout=60
    )
    status, _, page = done.stdout.partition("\n")
    assert status == "500", done.stderr
    assert "Something went wrong on our side" in page
    assert "a bug in a view" not in page  # no internals for the visitor
    assert "ERROR django.request: Internal Server Error: /boom/" in done.stderr
    assert "Traceback" in done.stderr and "RuntimeError: a bug in a view" in done.stderr
