"""gunicorn's settings for `arena web` (`--config python:webui.gunicorn_config`; the command
line gives the rest).

Each worker freezes its start-up heap once the site is loaded (webui/heap.py).
Metrics: each gunicorn worker counts into a folder made fresh for this server
(arena.telemetry.exposition); a worker that exits stops counting in the live gauges, and the
folder goes when the server stops. Logs: with ARENA_LOG_FORMAT=json gunicorn's own lines
(start, workers, the access log) are JSON objects like every other line.
"""

from __future__ import annotations

from typing import Any

from arena.telemetry import exposition, logs
from webui import heap

# Read by the master before it loads the site or forks a worker, so before anything imports
# prometheus_client: the workers count into this fresh folder, which /metrics sums.
exposition.own_multiprocess_dir("web")


def post_worker_init(worker: Any) -> None:
    heap.settle()  # the site is loaded: what it holds now stays for the worker's life


def child_exit(server: Any, worker: Any) -> None:
    exposition.process_exited(worker.pid)


def on_exit(server: Any) -> None:
    exposition.remove_multiprocess_dir()


if logs.log_format() == "json":
    access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'
    logconfig_dict = {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": "arena.telemetry.logs.JsonFormatter"}},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "stream": "ext://sys.stdout",
            },
            "error_console": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "stream": "ext://sys.stderr",
            },
        },
        "root": {"level": "INFO", "handlers": ["console"]},
        "loggers": {
            "gunicorn.error": {"level": "INFO", "handlers": ["error_console"], "propagate": False},
            "gunicorn.access": {"level": "INFO", "handlers": ["console"], "propagate": False},
        },
    }
