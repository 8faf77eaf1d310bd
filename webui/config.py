"""Read the ARENA_* environment into Django and Celery settings.

Pure functions, so the embedded default and production are one code path that tests can
check without starting Django. The embedded default needs no installed service: SQLite, and a
Redis server that `arena demo` starts itself on a Unix socket in the data directory
(docs/decisions/embedded-redis.md). Production names PostgreSQL and Redis by URL.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

TRUE = {"1", "true", "yes", "on"}

#: MEASURED.md: the only SQLite settings that survived a web process and two workers writing.
SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL",
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
}


def flag(env: Mapping[str, str], name: str, default: bool = False) -> bool:
    value = env.get(name)
    return default if value is None or value == "" else value.strip().lower() in TRUE


def number(env: Mapping[str, str], name: str, default: float) -> float:
    value = env.get(name)
    if value is None or value == "":
        return default
    try:
        return float(value)
    except ValueError:
        raise ValueError(f"{name}={value!r} is not a number") from None


def data_dir(env: Mapping[str, str]) -> Path:
    """Where the embedded database, the broker folders and uploaded files live."""
    return Path(env.get("ARENA_DATA_DIR") or "./var").expanduser().resolve()


def database(env: Mapping[str, str], data: Path) -> dict[str, Any]:
    """Django's DATABASES["default"]: ARENA_DATABASE_URL, or SQLite under the data dir."""
    url = env.get("ARENA_DATABASE_URL", "").strip()
    if not url:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(data / "arena.sqlite3"),
            "OPTIONS": dict(SQLITE_OPTIONS),
        }
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        # sqlite:////abs/path or sqlite:///relative/path
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": unquote(parts.path[1:] if parts.path.startswith("/") else parts.path),
            "OPTIONS": dict(SQLITE_OPTIONS),
        }
    if parts.scheme not in ("postgres", "postgresql", "postgresql+psycopg"):
        raise ValueError(
            f"ARENA_DATABASE_URL: unsupported scheme {parts.scheme!r} "
            "(use postgresql://user:password@host:5432/name or sqlite:////path)"
        )
    name = unquote(parts.path.lstrip("/"))
    if not name:
        raise ValueError("ARENA_DATABASE_URL names no database (postgresql://host/NAME)")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": name,
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        # Query parameters (sslmode=require, ...) go to libpq as they are.
        "OPTIONS": postgres_options(dict(parse_qsl(parts.query)), env),
        "CONN_MAX_AGE": int(number(env, "ARENA_DB_CONN_MAX_AGE", 60)),
        "CONN_HEALTH_CHECKS": True,
    }


def postgres_options(options: dict[str, str], env: Mapping[str, str]) -> dict[str, str]:
    """libpq's options, with the server told to end a session left idle inside a
    transaction (ARENA_DB_IDLE_TRANSACTION_SECONDS, 30; 0: never).

    A machine that drops off the network in the middle of a transaction (a finish, a
    claim) leaves its session open on the server, holding its row locks: every sweep and
    every finish touching those rows would wait on it until TCP noticed, hours later. The
    platform's transactions do no I/O and last milliseconds, so a session idle inside one
    for this long is a lost client (docs/operating.md, "Several machines").
    """
    seconds = number(env, "ARENA_DB_IDLE_TRANSACTION_SECONDS", 30)
    if seconds > 0:
        setting = f"-c idle_in_transaction_session_timeout={int(seconds * 1000)}"
        options["options"] = " ".join(filter(None, (options.get("options", ""), setting)))
    return options


def embedded_redis_socket(data: Path) -> Path:
    """The Unix socket of the Redis that `arena demo` starts: private to this user (no TCP
    port for another local user to reach, none to collide with another Redis)."""
    return data / "redis" / "redis.sock"


def redis_url(env: Mapping[str, str], data: Path) -> str:
    """The platform's Redis as redis-py names it: ARENA_BROKER_URL, or the embedded one."""
    url = env.get("ARENA_BROKER_URL", "").strip()
    if not url:
        return f"unix://{embedded_redis_socket(data)}"
    return url if url.startswith(("redis://", "rediss://", "unix://")) else ""


def broker(env: Mapping[str, str], data: Path) -> tuple[str, dict[str, Any]]:
    """(broker URL, transport options): ARENA_BROKER_URL, or the embedded Redis's socket.

    Redis: a short visibility timeout so that a dead worker's fetched task comes back in
    seconds rather than the default hour (MEASURED.md). Redelivery is harmless: tasks are
    idempotent and the database lease decides who runs a match.
    """
    url = env.get("ARENA_BROKER_URL", "").strip()
    if not url:
        url = f"redis+socket://{embedded_redis_socket(data)}"
    scheme = urlsplit(url).scheme
    if scheme == "filesystem":
        raise ValueError(
            "ARENA_BROKER_URL: the filesystem broker loses the queue's order; use Redis "
            "(redis://host:6379/0), or leave it unset for the embedded Redis of `arena demo`"
        )
    if scheme in ("redis", "rediss", "redis+socket"):
        options: dict[str, Any] = {
            "visibility_timeout": number(env, "ARENA_BROKER_VISIBILITY_TIMEOUT", 10),
            "unacked_restore_interval": 2,
            "socket_timeout": 5,
        }
        if scheme != "redis+socket":  # a Unix socket has no connect timeout to set
            options["socket_connect_timeout"] = 5
        return url, options
    return url, {}


def cache(env: Mapping[str, str], data: Path) -> dict[str, Any]:
    """Django's CACHES["default"]: ARENA_CACHE_URL; the embedded Redis in the embedded
    mode; else each process's own memory."""
    url = env.get("ARENA_CACHE_URL", "").strip()
    if not url and not env.get("ARENA_BROKER_URL", "").strip():
        url = f"unix://{embedded_redis_socket(data)}"
    if not url:
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    return {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": url,
        "KEY_PREFIX": "arena-cache",
        "OPTIONS": {"socket_timeout": 2},
    }


def allowed_hosts(env: Mapping[str, str]) -> list[str]:
    raw = env.get("ARENA_ALLOWED_HOSTS", "")
    hosts = [h.strip() for h in raw.split(",") if h.strip()]
    return hosts or ["127.0.0.1", "localhost", "[::1]"]


def secret_key(env: Mapping[str, str], data: Path, production: bool) -> str:
    """ARENA_SECRET_KEY; the embedded default keeps a generated one in the data dir."""
    key = env.get("ARENA_SECRET_KEY", "").strip()
    if key:
        return key
    if production:
        raise ValueError("ARENA_SECRET_KEY must be set when ARENA_DATABASE_URL is set")
    path = data / "secret_key"
    if not path.exists():
        import secrets

        data.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50), encoding="utf-8")
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip()


def environ() -> Mapping[str, str]:
    return os.environ
