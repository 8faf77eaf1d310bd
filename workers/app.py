"""The Celery app. Configuration lives in Django settings (CELERY_*), read from ARENA_*.

Start a worker with `arena worker` (or `celery -A workers.app worker`), the scheduler with
`arena beat`.
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "webui.settings")

app = Celery("arena")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["workers"], related_name="tasks")

from workers import startup  # noqa: E402, F401 - connects the checks a worker makes before its first task
