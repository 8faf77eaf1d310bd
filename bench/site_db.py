"""A throw-away site for benchmarks: its own PostgreSQL database on the local server, Django
configured on it and migrated, dropped at the end."""

from __future__ import annotations

import os
from pathlib import Path

PG = {"host": "127.0.0.1", "port": 5432, "user": "postgres"}


def create_database() -> str:
    import psycopg

    name = f"arena_bench_{os.getpid()}"
    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    return name


def drop_database(name: str) -> None:
    import psycopg
    from django.db import connections

    connections.close_all()
    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def setup_django(database: str, data: Path, hosts: str = "testserver") -> None:
    os.environ.update(
        {
            "ARENA_DATABASE_URL": f"postgresql://{PG['user']}@{PG['host']}:{PG['port']}/{database}",
            "ARENA_DATA_DIR": str(data),
            "ARENA_SECRET_KEY": "bench",
            "ARENA_ALLOWED_HOSTS": hosts,
            "ARENA_LADDER_DEPTH": "0",
            "DJANGO_SETTINGS_MODULE": "webui.settings",
        }
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
