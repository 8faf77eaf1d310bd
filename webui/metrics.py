"""The site's metrics: requests by view and status with their latency, `/metrics` for the
web process, and the database's gauges that the sweeper serves (`DatabaseCollector`).

`/metrics` is answered before host validation (Prometheus scrapes a pod by its address, as
probes do /healthz) and only with `ARENA_METRICS=1`; with `ARENA_METRICS_TOKEN` set it also
wants `Authorization: Bearer <token>`. Keep it off the public ingress either way. Under
gunicorn it sums every worker process (arena.telemetry.exposition).
"""

from __future__ import annotations

import hmac
import time
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime

from django.conf import settings
from django.db import connection
from django.db.models import Count, Min
from django.db.models.functions import Now
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from arena.telemetry import exposition
from arena.telemetry import metrics as m

METRICS_PATH = "/metrics"


class MetricsMiddleware:
    """First in MIDDLEWARE: serves /metrics, and times every other request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path == METRICS_PATH and settings.ARENA_METRICS:
            return metrics_page(request)
        began = time.perf_counter()
        response = self.get_response(request)
        view = view_label(request)
        m.HTTP_LATENCY.labels(view).observe(time.perf_counter() - began)
        m.HTTP_REQUESTS.labels(view, request.method or "", str(response.status_code)).inc()
        return response


def view_label(request: HttpRequest) -> str:
    """The URL's name (`match`, `api:bot-detail`), so that labels stay few whatever the ids."""
    match = getattr(request, "resolver_match", None)
    if match is not None:
        return match.view_name or match.route or "unnamed"
    if request.path == "/healthz":
        return "healthz"
    if request.path.startswith(settings.STATIC_URL or "/static/"):
        return "static"
    return "unmatched"


def metrics_page(request: HttpRequest) -> HttpResponse:
    token = settings.ARENA_METRICS_TOKEN
    if token:
        given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
        if not hmac.compare_digest(given.encode(), token.encode()):
            return HttpResponse("metrics need the bearer token\n", status=401)
    from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

    return HttpResponse(generate_latest(exposition.registry()), content_type=CONTENT_TYPE_LATEST)


# --- the platform's state, read from the database when the sweeper is scraped -------------


def read_database() -> dict[str, dict[tuple[str, ...], float]]:
    """Queue depth and age per lane, running matches per game, people's tables waiting, and
    each worker's heartbeat age (names: `metrics.STATE_GAUGES`)."""
    from webui.matches.models import Match

    try:
        values: dict[str, dict[tuple[str, ...], float]] = defaultdict(dict)
        now = _database_now()
        queued = Match.objects.filter(status=Match.Status.QUEUED)
        people = queued.filter(kind=Match.Kind.PEOPLE)
        others = queued.exclude(kind=Match.Kind.PEOPLE)
        lanes = {
            "people": people,
            "ladder": others.filter(tournament_game__isnull=True),
            "tournaments": others.filter(tournament_game__isnull=False),
        }
        for lane, rows in lanes.items():
            found = rows.aggregate(n=Count("id"), oldest=Min("created"))
            values["arena_matches_queued"][(lane,)] = found["n"]
            age = (now - found["oldest"]).total_seconds() if found["oldest"] else 0.0
            values["arena_matches_oldest_queued_age_seconds"][(lane,)] = max(0.0, age)
        values["arena_people_tables_waiting"][()] = values["arena_matches_queued"][("people",)]
        running = Match.objects.filter(status=Match.Status.RUNNING)
        for game, n in running.order_by().values_list("game").annotate(n=Count("id")):
            values["arena_matches_running"][(game,)] = n
        beats = running.exclude(lease_heartbeat=None).values_list("lease_owner", "lease_heartbeat")
        oldest_beat: dict[str, float] = {}
        for owner, beat in beats:
            worker = owner.rsplit("/", 1)[0] or "unknown"
            age = max(0.0, (now - beat).total_seconds())
            oldest_beat[worker] = max(oldest_beat.get(worker, 0.0), age)
        for worker, age in oldest_beat.items():
            values["arena_worker_heartbeat_age_seconds"][(worker,)] = age
        return values
    finally:
        connection.close()  # each scrape is a thread of its own: leave no connection behind


def _database_now() -> datetime:
    """The database's clock, which leases are measured by (workers' clocks may be skewed);
    this machine's when there is no match to ask through."""
    from webui.matches.models import Match

    now = Match.objects.annotate(now=Now()).values_list("now", flat=True).first()
    return now if now is not None else timezone.now()


class DatabaseCollector(m.StateCollector):
    def __init__(self) -> None:
        super().__init__(m.STATE_GAUGES, read_database)
