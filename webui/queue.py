"""Send tasks to the workers by name, so Django code never imports the task modules.

The site sends through a Celery app of its own, configured from the same CELERY_* settings
as the workers' (`workers.app`), which it never imports: the web is below the workers
(docs/decisions/layer-contract.md).

A send that fails (broker down) is logged and left: the database row is the record, and
the sweeper sends again anything queued and not picked up in time.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from celery import Celery
from django.db.models.functions import Now

log = logging.getLogger("arena.queue")

#: Sends only: it knows no task but by name. Not the current app, so that in a worker
#: process the tasks stay bound to the workers' app.
sender = Celery("arena", set_as_current=False)
sender.config_from_object("django.conf:settings", namespace="CELERY")


#: Tournament matches have a queue of their own, so that no tournament (however big) holds
#: up the ladder: workers take from both queues in turn. Everything the scheduler queues
#: (ladder and solo games) goes to the first.
LADDER_QUEUE = "arena.matches"
TOURNAMENT_QUEUE = "arena.tournaments"
MATCH_QUEUES = (LADDER_QUEUE, TOURNAMENT_QUEUE)

#: Broker priorities (Redis: lower runs first). A match that was already sent once, and came
#: back (its worker died, an infrastructure failure, the broker lost it), goes ahead of the
#: matches queued since.
FIRST, NORMAL = 0, 3


def send(
    task: str,
    *args: int,
    countdown: float | None = None,
    priority: int = NORMAL,
    queue: str | None = None,
) -> bool:
    """Send `task` (to `queue`, else where the task routes say); False if the broker is
    down."""
    try:
        sender.send_task(task, args=list(args), countdown=countdown, priority=priority, queue=queue)
    except Exception as exc:  # the broker is down: the sweeper will resend
        log.warning("could not send %s%s: %s", task, tuple(args), exc)
        return False
    return True


def run_matches(ids: Iterable[int], *, again: bool = False, countdown: float | None = None) -> int:
    """Send run_match for each id to its kind's queue (ahead of the others if `again`);
    return how many were sent."""
    from webui.matches.models import Match

    ids = list(ids)
    if not ids:
        return 0
    Match.mark_dispatched(ids)
    in_tournaments = set(
        Match.objects.filter(pk__in=ids, tournament_game__isnull=False).values_list("pk", flat=True)
    )
    priority = FIRST if again else NORMAL
    return sum(
        send(
            "arena.run_match",
            pk,
            countdown=countdown,
            priority=priority,
            queue=TOURNAMENT_QUEUE if pk in in_tournaments else LADDER_QUEUE,
        )
        for pk in ids
    )


def run_people_match(match_id: int) -> bool:
    """A match a person waits at: ahead of the ladder's queued matches."""
    from webui.matches.models import Match

    Match.mark_dispatched([match_id])
    return send("arena.run_match", match_id, priority=FIRST, queue=LADDER_QUEUE)


def validate(version_id: int) -> bool:
    from webui.bots.models import BotVersion

    BotVersion.objects.filter(pk=version_id).update(dispatched=Now())
    return send("arena.validate_version", version_id)
