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

from arena.telemetry.metrics import MATCHES_SENT, lane
from webui import queues, task_names

log = logging.getLogger("arena.queue")

#: Sends only: it knows no task but by name. Not the current app, so that in a worker
#: process the tasks stay bound to the workers' app.
sender = Celery("arena", set_as_current=False)
sender.config_from_object("django.conf:settings", namespace="CELERY")


#: Each lane's queue (webui/queues.py). Which match a message starts is the database's
#: choice: the oldest ready in its lane (docs/decisions/queue-order-in-the-database.md).
PEOPLE_QUEUE, LADDER_QUEUE, TOURNAMENT_QUEUE = queues.MATCHES

#: Broker priorities (Redis: lower is taken first, whichever queue it is on): a person's
#: table, then a match given back (its worker died, an infrastructure failure), then the rest.
PEOPLE, AGAIN, NORMAL = 0, 3, 6


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


def run_matches(ids: Iterable[int], *, countdown: float | None = None) -> int:
    """Send run_match for each id, oldest first, to its lane's queue at its lane's priority;
    return how many were sent."""
    from webui.matches.models import Match

    ids = list(ids)
    if not ids:
        return 0
    Match.mark_dispatched(ids)
    rows = Match.objects.filter(pk__in=ids).order_by("pk")
    sent = 0
    for pk, kind, attempts, game in rows.values_list("pk", "kind", "attempts", "tournament_game"):
        if kind == Match.Kind.PEOPLE:
            queue, priority = PEOPLE_QUEUE, PEOPLE
        else:
            queue = LADDER_QUEUE if game is None else TOURNAMENT_QUEUE
            priority = AGAIN if attempts else NORMAL
        if send(task_names.RUN_MATCH, pk, countdown=countdown, priority=priority, queue=queue):
            sent += 1
            MATCHES_SENT.labels(lane(kind, game)).inc()
    return sent


def validate(version_id: int) -> bool:
    from webui.bots.models import BotVersion

    BotVersion.objects.filter(pk=version_id).update(dispatched=Now())
    return send(task_names.VALIDATE_VERSION, version_id)
