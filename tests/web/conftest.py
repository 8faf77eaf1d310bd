"""Browser tests: the real site in a live server thread, driven in Debian's Chromium.

Django comes from tests/conftest.py (PostgreSQL); static files are collected and served by
WhiteNoise as in production. Playwright (pytest-playwright) drives /usr/bin/chromium, never a
downloaded browser. Every page a test opens is watched: a console error or an uncaught
exception fails the test (`page`). Screenshots go to test-artifacts/screenshots/.

Without Chromium or PostgreSQL the tests skip, except under CI=true, where they fail.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from arena_env import missing
from web_support import ConsoleWatch, World, build_world

# Playwright's sync API keeps an event loop in this thread; Django would then refuse ORM
# calls from the test body ("async context"). Tests are synchronous code: allow them.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("ARENA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """pytest-playwright's launch options plus Debian's chromium (no `playwright install`)."""
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        missing(f"Chromium at {CHROMIUM}", "run scripts/install-system-deps.sh")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1400, "height": 1000}}


@pytest.fixture(scope="session")
def live_site(django_env: dict[str, str]) -> Iterator[str]:
    """The site on 127.0.0.1 at a free port, static files collected as for production."""
    from django.core.management import call_command
    from django.test.testcases import LiveServerThread

    call_command("collectstatic", interactive=False, verbosity=0)
    # No media handler: uploads and records are never served as files.
    server = LiveServerThread("127.0.0.1", static_handler=lambda handler: handler.application)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    yield f"http://127.0.0.1:{server.port}"
    server.terminate()


@pytest.fixture(scope="session")
def base_url(live_site: str) -> str:
    """pytest-base-url: page.goto("/ladder/...") goes to the live site."""
    return live_site


@pytest.fixture(scope="session")
def world(live_site: str) -> World:
    """Users, bots and played matches, built once: tests that change things make their own."""
    return build_world()


@pytest.fixture(autouse=True)
def no_broker(monkeypatch) -> list[tuple]:
    """Tasks the site would send to the workers are recorded instead (no Redis needed)."""
    sent: list[tuple] = []

    def send(task: str, *args: int, **_: object) -> bool:
        sent.append((task, *args))
        return True

    monkeypatch.setattr("webui.queue.send", send)
    return sent


@pytest.fixture
def page(page, request) -> Iterator:
    """pytest-playwright's page, failing the test on any console error or page error."""
    watch = ConsoleWatch(page)
    page.watch = watch
    yield page
    if not getattr(request.node, "rep_call_failed", lambda: True)():
        watch.check()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.rep_call_failed = lambda: report.failed
    return report


@pytest.fixture
def settings_value(monkeypatch):
    """Change Django settings for one test (the live server shares this process)."""
    from django.conf import settings

    def change(**values: object) -> None:
        for key, value in values.items():
            monkeypatch.setattr(settings, key, value)

    return change
