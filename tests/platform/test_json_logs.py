"""ARENA_LOG_FORMAT=json: one JSON object per line, naming the match, bot and worker the line
concerns; the default stays a line for people, with the same facts at its end."""

from __future__ import annotations

import json
import logging

from platform_support import GAME, Processes, wait_until

from arena.telemetry.logs import ContextFilter, JsonFormatter, PlainFormatter, log_context


def _record(message: str, *args: object, exc: bool = False) -> logging.LogRecord:
    info = None
    if exc:
        try:
            raise ValueError("boom")
        except ValueError:
            import sys

            info = sys.exc_info()
    return logging.LogRecord("arena.workers", logging.WARNING, __file__, 1, message, args, info)


def test_a_json_line_names_what_it_concerns_and_holds_one_object() -> None:
    with log_context(match=42, worker="w1@host"), log_context(bot="ada/homeward"):
        line = JsonFormatter().format(_record("match %s: %s", 42, "given back", exc=True))
    assert "\n" not in line
    parsed = json.loads(line)
    assert parsed["message"] == "match 42: given back"
    assert (parsed["match"], parsed["worker"], parsed["bot"]) == (42, "w1@host", "ada/homeward")
    assert parsed["level"] == "WARNING" and parsed["logger"] == "arena.workers"
    assert parsed["time"].endswith("+00:00")
    assert "ValueError: boom" in parsed["exception"]


def test_outside_any_context_a_json_line_has_no_empty_fields() -> None:
    parsed = json.loads(JsonFormatter().format(_record("sweeper running")))
    assert not {"match", "bot", "worker", "gateway"} & set(parsed)


def test_the_plain_line_stays_readable_with_the_context_at_its_end() -> None:
    record = _record("finished %s", GAME)
    with log_context(match=7, worker="w2@host"):
        ContextFilter().filter(record)
    line = PlainFormatter().format(record)
    assert line.endswith(f"WARNING arena.workers: finished {GAME} [match=7 worker=w2@host]")
    assert not line.startswith("{")


def test_a_worker_in_json_mode_logs_each_match_as_json_lines_naming_it(
    processes: Processes,
) -> None:
    from webui import queue
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match

    processes.env = {**processes.env, "ARENA_LOG_FORMAT": "json"}
    processes.worker("w1")
    ids = fill_queue(GAME, depth=1)
    queue.run_matches(ids)
    done = Match.objects.filter(pk__in=ids, status=Match.Status.FINISHED)
    wait_until(lambda: done.count() == len(ids), 120, "the match\n" + processes.log("w1"))
    processes.stop_all()

    text = (processes.logs / "w1.log").read_text()
    objects = []
    for line in text.splitlines():
        if line.startswith("{"):
            objects.append(json.loads(line))  # every such line is one whole object
    ours = [o for o in objects if o.get("match") == ids[0]]
    assert any(o["message"].startswith(f"finished {GAME}") for o in ours), objects[-10:]
    assert all(o["worker"].startswith("w1@") for o in ours)
    assert any(o["logger"].startswith("celery") for o in objects)  # Celery's own lines too
    readable = [line for line in text.splitlines() if " INFO arena.workers: " in line]
    assert not readable, readable[:3]
