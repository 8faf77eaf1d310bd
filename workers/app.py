"""The Celery app. Configuration lives in Django settings (CELERY_*), read from ARENA_*.

Start a worker with `arena worker` (or `celery -A workers.app worker`), the scheduler with
`arena beat`.
"""

from __future__ import annotations

import atexit
import os

from celery import Celery

from arena.telemetry import exposition

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "webui.settings")
# Before anything imports prometheus_client: the worker's pool processes (or beat) count into
# a fresh folder of their own, which the main process serves summed (arena.telemetry).
if exposition.own_multiprocess_dir("celery") is not None:
    atexit.register(exposition.remove_multiprocess_dir)

app = Celery("arena")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["workers"], related_name="tasks")

# Connect the checks a worker makes before its first task; serve metrics and format Celery's
# logs (workers/telemetry.py).
from workers import startup, telemetry  # noqa: E402, F401
