"""What the tests of sandboxed bots share."""

from __future__ import annotations

import os

import pytest

from arena.sandbox import check_sandbox


@pytest.fixture
def sandbox_required() -> None:
    """Skip unless bots can be sandboxed here; under CI=true, fail instead."""
    status = check_sandbox()
    if not status:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the sandbox must work under CI=true: {status.detail}")
        pytest.skip(f"sandbox unavailable: {status.detail}")
