"""Django settings, read from ARENA_* environment variables (see docs/operating.md).

Embedded default (no variables): SQLite under ./var, and the Redis `arena demo` starts on a
socket there. Production: ARENA_DATABASE_URL (PostgreSQL), ARENA_BROKER_URL (Redis),
ARENA_SECRET_KEY.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from kombu import Exchange, Queue

from arena.telemetry.logs import log_format
from webui import config, queues, task_names

env = config.environ()

BASE_DIR = Path(__file__).resolve().parent
ARENA_DATA_DIR = config.data_dir(env)
ARENA_DATA_DIR.mkdir(parents=True, exist_ok=True)
#: Production means a database server: then nothing may default silently.
ARENA_PRODUCTION = bool(env.get("ARENA_DATABASE_URL", "").startswith("postgres"))

SECRET_KEY = config.secret_key(env, ARENA_DATA_DIR, ARENA_PRODUCTION)
DEBUG = config.flag(env, "ARENA_DEBUG")
ALLOWED_HOSTS = config.allowed_hosts(env)
#: Behind a TLS-terminating proxy or ingress: trust its X-Forwarded-Proto, secure cookies.
ARENA_HTTPS = config.flag(env, "ARENA_HTTPS")
if ARENA_HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    # HSTS: browsers that have seen the site over HTTPS use nothing else for this long
    # (ARENA_HSTS_SECONDS, a year by default; 0 turns it off), subdomains too if asked.
    SECURE_HSTS_SECONDS = int(config.number(env, "ARENA_HSTS_SECONDS", 365 * 24 * 3600))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = config.flag(env, "ARENA_HSTS_SUBDOMAINS")
CSRF_TRUSTED_ORIGINS = [
    origin.strip() for origin in env.get("ARENA_CSRF_TRUSTED_ORIGINS", "").split(",") if origin
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "webui.accounts",
    "webui.files",
    "webui.bots",
    "webui.matches",
    "webui.ladder",
    "webui.api",
    "webui.tournaments",
]

MIDDLEWARE = [
    # First: times every request, and answers /metrics (with ARENA_METRICS) by pod IP.
    "webui.metrics.MetricsMiddleware",
    # Probes hit /healthz by pod IP, which ALLOWED_HOSTS rightly does not list.
    "webui.middleware.HealthzMiddleware",
    # A kept public page is answered here, with the headers the stack below gave it.
    "webui.pagecache.PageCacheMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # No inline script anywhere: a bot or user name can never run as code (docs/web.md).
    "webui.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "webui.urls"
WSGI_APPLICATION = "webui.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "webui.views.site_context",
            ],
            "builtins": [
                "webui.templatetags.arena_text",
                "webui.templatetags.seat_colours",
                "webui.templatetags.team_results",
            ],
        },
    },
]

DATABASES = {"default": config.database(env, ARENA_DATA_DIR)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
#: The site's own CSS and the replay viewer (viewer/viewer.js, viewer/games/<game>.js).
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env.get("ARENA_STATIC_ROOT") or ARENA_DATA_DIR / "static")
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# Without a collectstatic step (the embedded default), serve straight from the apps.
WHITENOISE_USE_FINDERS = not ARENA_PRODUCTION or DEBUG

# Uploaded bots, match records and replays. Every access goes through Django's storage API.
# ARENA_STORAGE=database (the default with PostgreSQL) keeps them in the database, so that
# machines share nothing but it and the broker; "filesystem" keeps them under MEDIA_ROOT (the
# default of the embedded mode, or one machine).
MEDIA_ROOT = ARENA_DATA_DIR / "media"
MEDIA_URL = "media/"
ARENA_STORAGE = env.get("ARENA_STORAGE", "database" if ARENA_PRODUCTION else "filesystem")
if ARENA_STORAGE not in ("database", "filesystem"):
    raise ImproperlyConfigured(
        f"ARENA_STORAGE must be database or filesystem, not {ARENA_STORAGE!r}"
    )
STORAGES = {
    "default": {
        "BACKEND": "webui.files.storage.DatabaseStorage"
        if ARENA_STORAGE == "database"
        else "django.core.files.storage.FileSystemStorage"
    },
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

#: Running matches' frames are cached here (finished ones go to storage): the embedded Redis,
#: ARENA_CACHE_URL, or each process's memory.
CACHES = {"default": config.cache(env, ARENA_DATA_DIR)}

# Our own loggers, and every error Django reports (a 500 with its traceback, refused
# hosts, CSRF failures), on stderr where the process manager collects them.
#: ARENA_LOG_FORMAT=json: one JSON object per line, with the match, bot and worker it
#: concerns; the default (plain) is a line for people (arena/telemetry/logs.py).
ARENA_LOG_FORMAT = log_format(env)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"arena": {"()": "arena.telemetry.logs.formatter"}},
    "filters": {"context": {"()": "arena.telemetry.logs.ContextFilter"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "arena",
            "filters": ["context"],
        }
    },
    "loggers": {
        "arena": {"handlers": ["console"], "level": env.get("ARENA_LOG_LEVEL", "INFO")},
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False},
        "django.security": {"handlers": ["console"], "level": "WARNING", "propagate": False},
    },
}

#: /metrics on the site (webui/metrics.py): off unless set; with a token, only for a scraper
#: that sends it as `Authorization: Bearer <token>`.
ARENA_METRICS = config.flag(env, "ARENA_METRICS")
ARENA_METRICS_TOKEN = env.get("ARENA_METRICS_TOKEN", "").strip()

# --- The platform -------------------------------------------------------------------------

#: A running match's lease lasts this long unless its worker's heartbeat renews it.
ARENA_LEASE = timedelta(seconds=config.number(env, "ARENA_LEASE_SECONDS", 12))
ARENA_HEARTBEAT_SECONDS = config.number(
    env, "ARENA_HEARTBEAT_SECONDS", ARENA_LEASE.total_seconds() / 3
)
#: A queued match whose task was sent this long ago and never started is sent again
#: (a broker that lost its messages, where it cannot be read: see workers/broker.py).
ARENA_REDISPATCH_AFTER = timedelta(seconds=config.number(env, "ARENA_REDISPATCH_SECONDS", 120))
#: Sign-in and sign-up throttling (webui/accounts/throttle.py): failed sign-ins per address
#: and per account within a window, sign-ups per address within a window; 0 turns one off.
ARENA_LOGIN_FAILURES = int(config.number(env, "ARENA_LOGIN_FAILURES", 10))
ARENA_LOGIN_WINDOW_SECONDS = config.number(env, "ARENA_LOGIN_WINDOW_SECONDS", 900)
ARENA_SIGNUPS_PER_ADDRESS = int(config.number(env, "ARENA_SIGNUPS_PER_ADDRESS", 5))
ARENA_SIGNUP_WINDOW_SECONDS = config.number(env, "ARENA_SIGNUP_WINDOW_SECONDS", 3600)
#: Behind a proxy: the header holding the client's address (e.g. X-Real-IP), which the proxy
#: sets and clients cannot; empty: the connection's address.
ARENA_CLIENT_IP_HEADER = env.get("ARENA_CLIENT_IP_HEADER", "").strip()
#: What one person who is not staff may ask of the workers: games in one tournament, and
#: over all their tournaments of the last 24 hours (upper bounds known at creation).
ARENA_TOURNAMENT_MAX_GAMES = int(config.number(env, "ARENA_TOURNAMENT_MAX_GAMES", 300))
ARENA_TOURNAMENT_GAMES_PER_DAY = int(config.number(env, "ARENA_TOURNAMENT_GAMES_PER_DAY", 1000))
#: Infrastructure failures (not a bot's) before a match is given up as failed.
ARENA_MATCH_MAX_ATTEMPTS = int(config.number(env, "ARENA_MATCH_MAX_ATTEMPTS", 5))
#: Matches queued or running per game that the ladder scheduler keeps; 0 stops it.
ARENA_LADDER_DEPTH = int(config.number(env, "ARENA_LADDER_DEPTH", 8))
#: Seconds a public page is kept whole for visitors not signed in (webui/pagecache.py); 0: off.
ARENA_PAGE_CACHE = int(config.number(env, "ARENA_PAGE_CACHE", 0))
#: Which of each game's own bots join its ladder as reference bots (empty: all of them).
ARENA_REFERENCE_BOTS = [
    name.strip() for name in env.get("ARENA_REFERENCE_BOTS", "").split(",") if name.strip()
]
#: A validation match must finish within this time, or it is tried again.
ARENA_VALIDATION_TIMEOUT = timedelta(
    seconds=config.number(env, "ARENA_VALIDATION_TIMEOUT_SECONDS", 300)
)
ARENA_UPLOAD_MAX_BYTES = int(config.number(env, "ARENA_UPLOAD_MAX_BYTES", 1 << 20))
#: New bot versions one user may submit per hour, on the upload page and the API together.
ARENA_SUBMISSIONS_PER_HOUR = int(config.number(env, "ARENA_SUBMISSIONS_PER_HOUR", 10))
#: Seconds per decision and time bank of ladder and validation matches.
ARENA_TIME_PER_DECISION = config.number(env, "ARENA_TIME_PER_DECISION", 1.0)
ARENA_TIME_BANK = config.number(env, "ARENA_TIME_BANK", 10.0)

# --- Remote bots: the gateway and the relay (docs/remote-bots.md) ---------------------------

#: The platform's Redis as redis-py names it (the broker's, or the embedded one's socket).
ARENA_REDIS_URL = config.redis_url(env, ARENA_DATA_DIR)
#: The Redis that relays remote seats between workers and gateways, and keeps who is online
#: (docs/decisions/relay-through-redis.md): the broker's Redis unless set.
ARENA_RELAY_URL = env.get("ARENA_RELAY_URL") or ARENA_REDIS_URL
#: Seconds a remote bot has to join a match it was offered, and to rejoin its seat after
#: its stream broke, before it is struck (and disqualified) as a crash.
ARENA_REMOTE_JOIN_SECONDS = config.number(env, "ARENA_REMOTE_JOIN_SECONDS", 20.0)
#: Sandboxes each worker process keeps started for the next match's uploaded bots
#: (arena.match.standby); 0 starts every bot's sandbox when its match starts.
ARENA_STANDBY_SANDBOXES = int(config.number(env, "ARENA_STANDBY_SANDBOXES", 2))
ARENA_REMOTE_GRACE_SECONDS = config.number(env, "ARENA_REMOTE_GRACE_SECONDS", 10.0)
#: Messages a second one bot may send a gateway, and the burst it may save up
#: (gateway/limits.py has the defaults and the other caps).
ARENA_GATEWAY_MESSAGES_PER_SECOND = config.number(env, "ARENA_GATEWAY_MESSAGES_PER_SECOND", 50)
ARENA_GATEWAY_MESSAGE_BURST = config.number(env, "ARENA_GATEWAY_MESSAGE_BURST", 200)
#: The address remote bots dial (host:port of the gateways' load balancer), for the pages.
ARENA_GATEWAY_ADDRESS = env.get("ARENA_GATEWAY_ADDRESS", "localhost:50051")

# --- The JSON API (webui/api; docs/web.md) -------------------------------------------------

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Arena API",
    "DESCRIPTION": (
        "Games, ladders, bots, versions and matches of an Arena site, and bot submission. "
        "Reading needs no account; submitting needs a token (`Authorization: Token ...`) "
        "from the site's token page. See docs/web.md."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "webui.api.schema.public_reads_need_no_auth",
        "webui.api.schema.every_status_is_declared",
        "webui.api.schema.empty_query_parameters_are_absent",
    ],
    # Names for the status enums that read well in generated clients (no `StatusD22Enum`).
    "ENUM_NAME_OVERRIDES": {
        "TournamentStatusEnum": "webui.tournaments.models.Tournament.Status",
        "MatchStatusEnum": "webui.matches.models.Match.Status",
        "VersionStatusEnum": "webui.bots.models.BotVersion.Status",
    },
    "COMPONENT_SPLIT_REQUEST": True,
    # Every asset from this site, none from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # No validator badge: it would load an image from swagger.io.
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
}

# --- Celery (workers/app.py reads the CELERY_* names) ------------------------------------

CELERY_BROKER_URL, CELERY_BROKER_TRANSPORT_OPTIONS = config.broker(env, ARENA_DATA_DIR)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_TASK_SOFT_TIME_LIMIT = config.number(env, "ARENA_TASK_SOFT_TIME_LIMIT", 900)
CELERY_TASK_TIME_LIMIT = CELERY_TASK_SOFT_TIME_LIMIT + 60
# Fail fast when the broker is down: the database is the record, the sweeper resends.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0.2,
    "interval_step": 0.5,
    "interval_max": 1,
}
CELERY_TASK_DEFAULT_QUEUE = queues.LADDER
CELERY_TASK_QUEUES = tuple(
    Queue(name, Exchange(name, type="direct"), routing_key=name) for name in queues.ALL
)
CELERY_TASK_ROUTES = {name: {"queue": queues.CONTROL} for name in task_names.CONTROL}
# Task modules besides workers/tasks.py (autodiscovered): tournaments (workers/tournaments.py).
CELERY_IMPORTS = ("workers.tournaments",)
# With acks late, reserve only the task in hand: others stay free for idle workers.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
CELERY_BEAT_SCHEDULE_FILENAME = env.get("ARENA_BEAT_SCHEDULE") or str(
    ARENA_DATA_DIR / "celerybeat-schedule"
)
_schedule_every = config.number(env, "ARENA_SCHEDULE_SECONDS", 5)
#: Seconds between the sweeper's rounds (`arena sweeper`, a process of its own:
#: workers/sweeper.py), and between the scheduler's tournament checks.
ARENA_SWEEP_SECONDS = config.number(env, "ARENA_SWEEP_SECONDS", 5)
_sweep_every = ARENA_SWEEP_SECONDS
CELERY_BEAT_SCHEDULE = {
    "schedule-ladder": {
        "task": task_names.SCHEDULE_LADDER,
        "schedule": _schedule_every,
        "options": {"expires": _schedule_every},
    },
    "advance-tournaments": {
        "task": task_names.ADVANCE_TOURNAMENTS,
        "schedule": _sweep_every,
        "options": {"expires": _sweep_every},
    },
}
