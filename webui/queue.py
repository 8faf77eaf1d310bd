"""Send tasks to the workers by name, so Django code never imports the task modules.

A send that fails (broker down) is logged and left: the database row is the record, and
the sweeper sends again anything queued and not picked up in time.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.db.models.functions import Now

log = logging.getLogger("arena.queue")


def send(task: str, *args: int, countdown: float | None = None) -> bool:
    from workers.app import app

    try:
        app.send_task(task, args=list(args), countdown=countdown)
    except Exception as exc:  # the broker is down: the sweeper will resend
        log.warning("could not send %s%s: %s", task, tuple(args), exc)
        return False
    return True


def run_matches(ids: Iterable[int]) -> int:
    """Send run_match for each id; return how many were sent."""
    from webui.matches.models import Match

    ids = list(ids)
    if ids:
        Match.mark_dispatched(ids)
    return sum(send("arena.run_match", pk) for pk in ids)


def validate(version_id: int) -> bool:
    from webui.bots.models import BotVersion

    BotVersion.objects.filter(pk=version_id).update(dispatched=Now())
    return send("arena.validate_version", version_id)
