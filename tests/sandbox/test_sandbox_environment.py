"""The bot's environment is a fixed minimum plus what the caller passes: no referee secrets."""

from __future__ import annotations

import json

import pytest

from arena_sdk import grpc_io

DUMP_ENV = """
    import json, os
    print(json.dumps(dict(os.environ)))
"""

MINIMUM = {
    "PATH",
    "HOME",
    "TMPDIR",
    "LANG",
    "PYTHONUNBUFFERED",
    "PYTHONDONTWRITEBYTECODE",
    "MALLOC_ARENA_MAX",
    "GRPC_EXPERIMENTS",
}


@pytest.mark.parametrize("mode", ["bwrap", "none"])
def test_bot_cannot_see_the_referees_secret_environment(bots, monkeypatch, mode):
    monkeypatch.setenv("ARENA_TEST_SECRET", "hunter2")
    monkeypatch.setenv("ARENA_DATABASE_URL", "postgresql://arena:hunter2@db/arena")
    bot = bots.run(DUMP_ENV, mode=mode, env={"ARENA_TOKEN": "seat-token"})
    env = json.loads(bot.stdout_text())
    assert "hunter2" not in bot.stdout_text()
    assert env["ARENA_TOKEN"] == "seat-token"
    # PWD is set by bubblewrap's --chdir.
    assert set(env) - {"PWD"} == MINIMUM | {"ARENA_TOKEN"}
    assert env["PYTHONUNBUFFERED"] == env["PYTHONDONTWRITEBYTECODE"] == "1"
    assert env["GRPC_EXPERIMENTS"] == grpc_io.chosen()  # gRPC's I/O path as the referee's
