"""Logs a machine can read: `ARENA_LOG_FORMAT=json` prints one JSON object per line, with the
match, bot and worker the line concerns; the default stays a line for people
(docs/decisions/log-format.md).

What a line concerns is set where the work starts and holds for everything logged inside
it, in this thread or task (contextvars):

    with log_context(match=42, worker="worker@host"):
        log.info("finished")   # {"message": "finished", "match": 42, "worker": "worker@host", ...}

`ContextFilter` copies the context onto every record (as `record.match` and so on), so the
readable format can show it too.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import logging
import os
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from typing import Any

#: The fields a line may concern, in the order they are printed.
FIELDS = ("match", "bot", "worker", "gateway")
_context: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "arena_log_context", default=None
)
FORMAT_ENV = "ARENA_LOG_FORMAT"
#: The readable format: time, level, logger, message, then what the line concerns.
PLAIN = "%(asctime)s %(levelname)s %(name)s: %(message)s%(context)s"


def log_format(env: Mapping[str, str] | None = None) -> str:
    """`json` or `plain` (the default), from ARENA_LOG_FORMAT."""
    env = os.environ if env is None else env
    value = env.get(FORMAT_ENV, "plain").strip().lower() or "plain"
    if value not in ("json", "plain"):
        raise ValueError(f"{FORMAT_ENV} is json or plain, not {value!r}")
    return value


@contextlib.contextmanager
def log_context(**fields: Any) -> Iterator[None]:
    """Lines logged inside concern these (match=, bot=, worker=, gateway=); None leaves a
    field out. Nested contexts add to the outer one."""
    unknown = set(fields) - set(FIELDS)
    if unknown:
        raise TypeError(f"log_context: unknown fields {sorted(unknown)}; known: {FIELDS}")
    merged = {**(_context.get() or {}), **{k: v for k, v in fields.items() if v is not None}}
    token = _context.set(merged)
    try:
        yield
    finally:
        _context.reset(token)


def current_context() -> dict[str, Any]:
    return dict(_context.get() or {})


class ContextFilter(logging.Filter):
    """Puts the current context on each record: one attribute per field (None when unset)
    and `context`, the readable suffix (" [match=42 worker=w1]", or "")."""

    def filter(self, record: logging.LogRecord) -> bool:
        context = _context.get() or {}
        for name in FIELDS:
            if not hasattr(record, name):
                setattr(record, name, context.get(name))
        shown = [f"{name}={getattr(record, name)}" for name in FIELDS if getattr(record, name)]
        record.context = f" [{' '.join(shown)}]" if shown else ""
        return True


class PlainFormatter(logging.Formatter):
    """The readable line, with what it concerns at the end (works without the filter too)."""

    def __init__(self, fmt: str = PLAIN, datefmt: str | None = None) -> None:
        super().__init__(fmt, datefmt)

    def format(self, record: logging.LogRecord) -> str:
        if not hasattr(record, "context"):
            ContextFilter().filter(record)
        return super().format(record)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, the fields
    it concerns (match, bot, worker, gateway) when known, process id, and the exception's
    traceback as one string when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        context = _context.get() or {}
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is None:
                value = context.get(name)
            if value is not None:
                line[name] = value
        line["pid"] = record.process
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, default=str, ensure_ascii=False)


def formatter() -> logging.Formatter:
    """The formatter ARENA_LOG_FORMAT asks for."""
    return JsonFormatter() if log_format() == "json" else PlainFormatter()


def use_on_handlers(logger: logging.Logger) -> None:
    """Give `logger`'s handlers the configured format and the context (for handlers others
    made: Celery's, gunicorn's)."""
    chosen = formatter()
    for handler in logger.handlers:
        handler.setFormatter(chosen)
        if not any(isinstance(f, ContextFilter) for f in handler.filters):
            handler.addFilter(ContextFilter())
