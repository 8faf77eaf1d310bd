"""The tournament tests reuse the platform tests' fixtures (real PostgreSQL, Redis, Celery
worker subprocesses) as they are: tests/platform/conftest.py, loaded under its own name."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

PLATFORM = Path(__file__).resolve().parents[1] / "platform"
if str(PLATFORM) not in sys.path:
    sys.path.insert(0, str(PLATFORM))  # platform_support, slow_app


def _platform_fixtures():
    name = "platform_fixtures_for_tournaments"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, PLATFORM / "conftest.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


_fixtures = _platform_fixtures()
platform_env = _fixtures.platform_env
db = _fixtures.db
processes = _fixtures.processes
settings_override = _fixtures.settings_override


@pytest.fixture
def web(db):
    """A browser-less client of the site (Django's test client) on the platform database."""
    from django.test import Client

    return Client()
