"""Every metric the platform exports, in one module (docs/operating.md, "Metrics").

Counters and histograms are updated where things happen (a worker's pool process, a
gunicorn worker, the sweeper, a gateway) and, under gunicorn and Celery's prefork pool,
summed across the processes at scrape time (prometheus_client's multiprocess mode:
`arena.telemetry.exposition`). Gauges that describe the whole platform (queue depth, running
matches, heartbeat age) are read from the database at scrape time by the sweeper only
(`STATE_GAUGES`), so that no two processes report them. The alert rules and the dashboard
in deploy/ name only what is listed here (`ALL_NAMES`; tests/platform/test_alert_rules.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from prometheus_client import Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

#: Match and decision durations: from a blitz of random bots to a long search-bot game.
MATCH_SECONDS = (1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200)
REQUEST_SECONDS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)

# --- web (each gunicorn worker; served at /metrics) ------------------------------------

HTTP_REQUESTS = Counter(
    "arena_http_requests_total",
    "Requests answered, by view (URL name), method and status code.",
    ["view", "method", "status"],
)
HTTP_LATENCY = Histogram(
    "arena_http_request_duration_seconds",
    "Time from a request reaching Django to its answer, by view.",
    ["view"],
    buckets=REQUEST_SECONDS,
)

# --- workers (each pool process) -------------------------------------------------------

MATCHES_SENT = Counter(
    "arena_match_messages_sent_total",
    "run_match messages sent to the broker, by lane (people, ladder, tournaments).",
    ["lane"],
)
MATCHES_STARTED = Counter(
    "arena_matches_started_total", "Matches a worker claimed and began, by game.", ["game"]
)
MATCHES_FINISHED = Counter(
    "arena_matches_finished_total",
    "Matches played to the end and recorded, by game and kind (ladder, friendly, people).",
    ["game", "kind"],
)
MATCHES_FAILED = Counter(
    "arena_matches_failed_total",
    "Matches given up as failed after ARENA_MATCH_MAX_ATTEMPTS infrastructure failures.",
    ["game"],
)
MATCHES_GIVEN_BACK = Counter(
    "arena_matches_given_back_total",
    "Matches put back in the queue to be played again: why is lease_expired (the sweeper "
    "found their worker dead) or infrastructure (the worker could not play them).",
    ["why"],
)
MATCH_DURATION = Histogram(
    "arena_match_duration_seconds",
    "Wall time of a recorded match, by game.",
    ["game"],
    buckets=MATCH_SECONDS,
)
DECISIONS = Counter(
    "arena_decisions_total",
    "Decisions played by referees (rate() of it: decisions per second), by game.",
    ["game"],
)
STRIKES = Counter(
    "arena_strikes_total",
    "Strikes given to seats, by game and reason (timeout, illegal, crash, protocol, ...).",
    ["game", "reason"],
)
SANDBOX_START_FAILURES = Counter(
    "arena_sandbox_start_failures_total",
    "Hosted bots whose sandbox could not be started, by the error's kind.",
    ["error"],
)
MATCHES_IN_PROGRESS = Gauge(
    "arena_worker_matches_in_progress",
    "Matches this worker's processes are playing now.",
    multiprocess_mode="livesum",
)
LEASE_HEARTBEATS = Counter(
    "arena_lease_heartbeats_total",
    "Lease renewals by workers: renewed, lost (the sweeper gave the match away) or failed "
    "(the database did not answer).",
    ["result"],
)

# --- the sweeper -----------------------------------------------------------------------

SWEEPS = Counter("arena_sweeps_total", "Sweeper rounds completed.")
SWEEP_FAILURES = Counter(
    "arena_sweep_failures_total", "Sweeper rounds that failed (database or broker away)."
)
LAST_SWEEP = Gauge(
    "arena_sweep_last_success_timestamp_seconds",
    "Unix time of the last sweeper round that completed.",
    multiprocess_mode="max",
)
LEASES_EXPIRED = Counter(
    "arena_leases_expired_total",
    "Running matches whose lease expired (their worker died or stalled), given back.",
)
SWEEPER_RESENDS = Counter(
    "arena_sweeper_resends_total",
    "Messages the sweeper sent again, by what: given_back (expired leases), lost (queued "
    "matches the broker no longer held), validation (uploads whose validation stalled).",
    ["what"],
)

# --- the scheduler (beat) ---------------------------------------------------------------

BEAT_SENT = Counter(
    "arena_beat_tasks_sent_total", "Periodic tasks the scheduler sent, by task.", ["task"]
)

# --- gateways ---------------------------------------------------------------------------

RELAYED_SEATS_TOTAL = Counter(
    "arena_relayed_seats_total",
    "Play streams a gateway opened for a remote bot's seat in a match.",
)

# --- read at scrape time: name -> help (labels are those of the collector's samples) -----

#: The sweeper's view of the database (webui.metrics.DatabaseCollector).
STATE_GAUGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "arena_matches_queued": ("Matches waiting for a worker, by lane.", ("lane",)),
    "arena_matches_oldest_queued_age_seconds": (
        "How long the oldest match waiting in each lane has waited.",
        ("lane",),
    ),
    "arena_matches_running": ("Matches being played now, by game.", ("game",)),
    "arena_people_tables_waiting": (
        "People's tables created and not started yet (waiting for a worker).",
        (),
    ),
    "arena_worker_heartbeat_age_seconds": (
        "Seconds since each worker last renewed the lease of a match it plays (the oldest "
        "of its matches); a worker playing nothing is absent.",
        ("worker",),
    ),
}
#: A gateway's own streams (gateway.server.GatewayServer).
GATEWAY_GAUGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "arena_remote_bots_online": ("Remote bots with an Attend stream open on this gateway.", ()),
    "arena_relayed_seats_open": ("Seats this gateway relays now (Play streams open).", ()),
}


class StateCollector(Collector):
    """Gauges computed when scraped: `read()` returns {name: {label values: value}}, names
    from `gauges` (a dict above). A failed read exports nothing, rather than stale values."""

    def __init__(
        self,
        gauges: dict[str, tuple[str, tuple[str, ...]]],
        read: Callable[[], dict[str, dict[tuple[str, ...], float]]],
    ) -> None:
        self.gauges = gauges
        self.read = read

    def collect(self) -> Iterator[GaugeMetricFamily]:
        try:
            values = self.read()
        except Exception:
            return
        for name, (documentation, labels) in self.gauges.items():
            family = GaugeMetricFamily(name, documentation, labels=list(labels))
            for label_values, value in values.get(name, {}).items():
                family.add_metric(list(label_values), value)
            yield family

    def describe(self) -> Iterable[GaugeMetricFamily]:
        return []


#: The series each kind of metric shows, after its family name.
_SUFFIXES = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "gauge": ("",)}


def _names() -> set[str]:
    names = set(STATE_GAUGES) | set(GATEWAY_GAUGES)
    for metric in (
        HTTP_REQUESTS, HTTP_LATENCY, MATCHES_SENT, MATCHES_STARTED, MATCHES_FINISHED,
        MATCHES_FAILED, MATCHES_GIVEN_BACK, MATCH_DURATION, DECISIONS, STRIKES,
        SANDBOX_START_FAILURES, MATCHES_IN_PROGRESS, LEASE_HEARTBEATS, SWEEPS, SWEEP_FAILURES,
        LAST_SWEEP, LEASES_EXPIRED, SWEEPER_RESENDS, BEAT_SENT, RELAYED_SEATS_TOTAL,
    ):  # fmt: skip
        for family in metric.describe():
            names.update(family.name + suffix for suffix in _SUFFIXES[family.type])
    return names


#: Every series name a scrape can show (counters with _total, histograms with their
#: _bucket/_count/_sum): what rules and dashboards may name.
ALL_NAMES: frozenset[str] = frozenset(_names())


def lane(kind: str, tournament_game: object) -> str:
    """A match's lane, as labels name it: people, tournaments or ladder (webui/queues.py)."""
    if kind == "people":
        return "people"
    return "ladder" if tournament_game is None else "tournaments"
