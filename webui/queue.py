"""Send tasks to the workers by name, so Django code never imports the task modules.

A send that fails (broker down) is logged and left: the database row is the record, and
the sweeper sends again anything queued and not picked up in time.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.db.models.functions import Now

log = logging.getLogger("arena.queue")


#: Broker priorities (Redis: lower runs first). A match that was already sent once, and came
#: back (its worker died, an infrastructure failure, the broker lost it), goes ahead of the
#: matches queued since.
FIRST, NORMAL = 0, 3


def send(task: str, *args: int, countdown: float | None = None, priority: int = NORMAL) -> bool:
    from workers.app import app

    try:
        app.send_task(task, args=list(args), countdown=countdown, priority=priority)
    except Exception as exc:  # the broker is down: the sweeper will resend
        log.warning("could not send %s%s: %s", task, tuple(args), exc)
        return False
    return True


def run_matches(ids: Iterable[int], *, again: bool = False) -> int:
    """Send run_match for each id (ahead of the others if `again`); return how many were
    sent."""
    from webui.matches.models import Match

    ids = list(ids)
    if ids:
        Match.mark_dispatched(ids)
    priority = FIRST if again else NORMAL
    return sum(send("arena.run_match", pk, priority=priority) for pk in ids)


def validate(version_id: int) -> bool:
    from webui.bots.models import BotVersion

    BotVersion.objects.filter(pk=version_id).update(dispatched=Now())
    return send("arena.validate_version", version_id)
