"""Where each process type serves its metrics (docs/operating.md, "Metrics").

- web (`arena web`, gunicorn): `/metrics` on the site, with `ARENA_METRICS=1`; every
  gunicorn worker's values summed.
- worker (`arena worker`, Celery prefork): `ARENA_METRICS_LISTEN`, served by the main
  process; every pool process's values summed.
- scheduler (`arena beat`): `ARENA_METRICS_LISTEN`; one process.
- sweeper (`arena sweeper`): `ARENA_METRICS_LISTEN`; one process, with the gauges read from
  the database (queue depth, running matches, heartbeat age).
- gateway (`arena gateway`): `ARENA_METRICS_LISTEN`; one process, with its streams' gauges.

Where a process forks workers (gunicorn, Celery's pool), prometheus_client's multiprocess
mode keeps each worker's values in files under `PROMETHEUS_MULTIPROC_DIR`, and the scrape sums
them. That folder must be empty when the process tree starts and belong to it alone, so Arena
makes it: `own_multiprocess_dir` (called by webui/gunicorn_config.py and workers/app.py)
gives each tree a fresh folder under `ARENA_METRICS_DIR` (default: the temp folder) named by
its pid, and removes the folders of trees that died.
Single processes keep their values in memory (`single_process`), whatever the environment
says (docs/decisions/metrics-per-process-type.md).

Nothing here imports prometheus_client at module level: the multiprocess folder must be
chosen before it is first imported.
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prometheus_client.registry import Collector, CollectorRegistry

log = logging.getLogger("arena.metrics")
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
#: Where the metrics HTTP server of a worker, beat, the sweeper or a gateway listens:
#: `PORT`, `:PORT`, `HOST:PORT` or `[V6]:PORT`; unset or empty: no server.
LISTEN_ENV = "ARENA_METRICS_LISTEN"


def own_multiprocess_dir(kind: str) -> Path | None:
    """Give this process and the ones it forks a fresh multiprocess folder (and set
    PROMETHEUS_MULTIPROC_DIR to it). Too late once prometheus_client is imported: then
    nothing changes and None is returned."""
    if "prometheus_client" in sys.modules:
        return None
    base = Path(os.environ.get("ARENA_METRICS_DIR") or tempfile.gettempdir()) / "arena-metrics"
    base.mkdir(parents=True, exist_ok=True)
    _forget_dead(base)
    folder = base / f"{kind}-{os.getpid()}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    os.environ[MULTIPROC_ENV] = str(folder)
    # Imported now that the folder is known, never first in `process_exited`: that runs in a
    # signal handler (a child's exit), where a second signal can cut an import in half.
    import prometheus_client.multiprocess  # noqa: F401

    return folder


def single_process() -> None:
    """This process serves only its own values: keep them in memory."""
    if "prometheus_client" not in sys.modules:
        os.environ.pop(MULTIPROC_ENV, None)


def _forget_dead(base: Path) -> None:
    """Remove the folders of process trees that are gone (killed, so they never cleaned)."""
    for folder in base.iterdir():
        pid = folder.name.rsplit("-", 1)[-1]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_multiprocess_dir() -> None:
    """At the end of the tree's main process: its folder is of no further use."""
    folder = os.environ.get(MULTIPROC_ENV)
    if folder and Path(folder).name.endswith(f"-{os.getpid()}"):
        shutil.rmtree(folder, ignore_errors=True)


def process_exited(pid: int) -> None:
    """A forked worker ended: its live gauges stop counting."""
    if os.environ.get(MULTIPROC_ENV):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)


def registry() -> CollectorRegistry:
    """What a scrape of this process shows: every forked process's values summed in
    multiprocess mode, else this process's own."""
    from prometheus_client import REGISTRY, CollectorRegistry, multiprocess

    if not os.environ.get(MULTIPROC_ENV):
        return REGISTRY
    summed = CollectorRegistry()
    multiprocess.MultiProcessCollector(summed)
    return summed


def parse_listen(listen: str) -> tuple[str, int]:
    """`9100`, `:9100`, `0.0.0.0:9100`, `[::]:9100` -> (host, port); no host: all interfaces."""
    host, _, port = listen.strip().rpartition(":")
    host = host.strip("[]") or "0.0.0.0"
    if not port.isdigit():
        raise ValueError(f"{LISTEN_ENV}: expected [HOST:]PORT, got {listen!r}")
    return host, int(port)


def serve(listen: str | None = None, collectors: tuple[Collector, ...] = ()) -> int | None:
    """Serve /metrics over HTTP from a thread of this process, at `listen` (else
    ARENA_METRICS_LISTEN); return the port, or None when none is configured. A port that
    cannot be bound is logged, never fatal: metrics are not worth a match."""
    listen = listen if listen is not None else os.environ.get(LISTEN_ENV, "")
    if not listen.strip():
        return None
    from prometheus_client import start_http_server

    host, port = parse_listen(listen)
    target = registry()
    for collector in collectors:
        target.register(collector)
    try:
        server, _ = start_http_server(port, addr=host, registry=target)
    except OSError as exc:
        log.warning("metrics: cannot serve on %s:%d: %s", host, port, exc)
        return None
    bound = server.server_address[1]
    log.info("metrics on http://%s:%d/metrics", host, bound)
    return bound
