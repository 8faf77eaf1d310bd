"""Read the ARENA_* environment into Django and Celery settings.

Pure functions, so the embedded default and production are one code path that tests can
check without starting Django. The embedded default needs no service: SQLite and Celery's
filesystem broker under the data directory. Production names PostgreSQL and Redis by URL.
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
        "OPTIONS": dict(parse_qsl(parts.query)),
        "CONN_MAX_AGE": int(number(env, "ARENA_DB_CONN_MAX_AGE", 60)),
        "CONN_HEALTH_CHECKS": True,
    }


def broker(env: Mapping[str, str], data: Path) -> tuple[str, dict[str, Any]]:
    """(broker URL, transport options): ARENA_BROKER_URL, or the filesystem broker.

    Redis: a short visibility timeout so that a dead worker's fetched task comes back in
    seconds rather than the default hour (MEASURED.md). Redelivery is harmless: tasks are
    idempotent and the database lease decides who runs a match.
    """
    url = env.get("ARENA_BROKER_URL", "").strip()
    if not url:
        folders = {key: data / "broker" / key for key in ("in", "processed", "control")}
        for folder in folders.values():
            folder.mkdir(parents=True, exist_ok=True)
        return "filesystem://localhost/", {
            "data_folder_in": str(folders["in"]),
            "data_folder_out": str(folders["in"]),
            "processed_folder": str(folders["processed"]),
            "control_folder": str(folders["control"]),
            "store_processed": False,
            "polling_interval": 0.1,
        }
    scheme = urlsplit(url).scheme
    if scheme in ("redis", "rediss"):
        return url, {
            "visibility_timeout": number(env, "ARENA_BROKER_VISIBILITY_TIMEOUT", 10),
            "unacked_restore_interval": 2,
            "socket_timeout": 5,
            "socket_connect_timeout": 5,
        }
    return url, {}


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
