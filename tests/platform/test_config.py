"""ARENA_* variables become Django and Celery settings (pure; no services)."""

from __future__ import annotations

from pathlib import Path

import pytest

from webui import config


def test_the_embedded_default_is_sqlite_with_the_measured_options(tmp_path: Path):
    db = config.database({}, tmp_path)
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert db["NAME"] == str(tmp_path / "arena.sqlite3")
    assert db["OPTIONS"] == {
        "init_command": "PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }


def test_a_postgresql_url_is_parsed():
    db = config.database(
        {
            "ARENA_DATABASE_URL": "postgresql://arena:s%40cret@db.internal:5433/arena?sslmode=require"
        },
        Path("/x"),
    )
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["USER"], db["PASSWORD"], db["HOST"], db["PORT"], db["NAME"]) == (
        "arena",
        "s@cret",
        "db.internal",
        "5433",
        "arena",
    )
    assert db["OPTIONS"] == {
        "sslmode": "require",
        "options": "-c idle_in_transaction_session_timeout=30000",
    }


def test_the_server_ends_a_session_left_idle_in_a_transaction_by_a_lost_machine():
    """A worker host that drops off the network mid-transaction must not hold its row locks
    (and with them every sweep) until TCP gives up on it."""
    url = "postgresql://arena@db/arena?options=-c%20statement_timeout%3D60000"
    db = config.database(
        {"ARENA_DATABASE_URL": url, "ARENA_DB_IDLE_TRANSACTION_SECONDS": "5"}, Path("/x")
    )
    assert db["OPTIONS"]["options"] == (
        "-c statement_timeout=60000 -c idle_in_transaction_session_timeout=5000"
    )
    off = config.database(
        {"ARENA_DATABASE_URL": url, "ARENA_DB_IDLE_TRANSACTION_SECONDS": "0"}, Path("/x")
    )
    assert off["OPTIONS"] == {"options": "-c statement_timeout=60000"}


def test_an_unsupported_database_url_is_refused():
    with pytest.raises(ValueError, match="unsupported scheme"):
        config.database({"ARENA_DATABASE_URL": "mysql://x/y"}, Path("/x"))


def test_the_embedded_default_is_the_demos_redis_on_a_socket_in_the_data_dir(tmp_path: Path):
    socket = tmp_path / "redis" / "redis.sock"
    url, options = config.broker({}, tmp_path)
    assert url == f"redis+socket://{socket}"
    assert options["visibility_timeout"] == 10 and "socket_connect_timeout" not in options
    assert config.redis_url({}, tmp_path) == f"unix://{socket}"
    cache = config.cache({}, tmp_path)
    assert cache["BACKEND"].endswith("RedisCache") and cache["LOCATION"] == f"unix://{socket}"


def test_production_caches_in_each_process_unless_given_a_cache_url(tmp_path: Path):
    broker = {"ARENA_BROKER_URL": "redis://r:6379/0"}
    assert config.cache(broker, tmp_path)["BACKEND"].endswith("LocMemCache")
    shared = config.cache({**broker, "ARENA_CACHE_URL": "redis://c:6379/1"}, tmp_path)
    assert shared["LOCATION"] == "redis://c:6379/1"
    assert config.redis_url(broker, tmp_path) == "redis://r:6379/0"


def test_the_filesystem_broker_is_refused_with_the_reason(tmp_path: Path):
    with pytest.raises(ValueError, match="loses the queue's order"):
        config.broker({"ARENA_BROKER_URL": "filesystem://localhost/"}, tmp_path)


def test_redis_gets_a_short_visibility_timeout():
    url, options = config.broker({"ARENA_BROKER_URL": "redis://r:6379/0"}, Path("/x"))
    assert url == "redis://r:6379/0"
    assert options["visibility_timeout"] == 10
    assert options["unacked_restore_interval"] == 2


def test_production_requires_a_secret_key(tmp_path: Path):
    with pytest.raises(ValueError, match="ARENA_SECRET_KEY"):
        config.secret_key({}, tmp_path, production=True)
    key = config.secret_key({}, tmp_path, production=False)
    assert key == config.secret_key({}, tmp_path, production=False)
