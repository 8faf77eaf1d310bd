"""Celery tasks that move tournaments on (webui/tournaments/progress.py does the work).

advance_tournament   pair the next round of one tournament if its round has ended
advance_tournaments  the same for every running tournament (celery beat: the safety net)

A tournament's matches are ordinary matches run by `arena.run_match`; when one of them
ends, the worker that ran it advances its tournament straight away (task_postrun). If that
worker dies first, the next beat does it. Both are idempotent.
"""

from __future__ import annotations

import logging

from celery import shared_task
from celery.signals import task_postrun

from webui import task_names
from webui.tournaments.models import Game, Tournament
from webui.tournaments.progress import advance

log = logging.getLogger("arena.workers")


@shared_task(name=task_names.ADVANCE_TOURNAMENT)
def advance_tournament(tournament_id: int) -> str:
    return advance(tournament_id)


@shared_task(name=task_names.ADVANCE_TOURNAMENTS)
def advance_tournaments() -> dict[int, str]:
    running = Tournament.objects.filter(status=Tournament.Status.RUNNING)
    return {pk: advance(pk) for pk in running.values_list("pk", flat=True)}


@task_postrun.connect
def after_match(sender=None, args=None, **_: object) -> None:
    """When a tournament's match ends, see whether its round is over."""
    if getattr(sender, "name", "") != task_names.RUN_MATCH or not args:
        return
    tournament_id = (
        Game.objects.filter(match_id=args[0]).values_list("round__tournament_id", flat=True).first()
    )
    if tournament_id is None:
        return
    try:
        log.info("tournament %s: %s", tournament_id, advance(tournament_id))
    except Exception as exc:  # the beat will advance it; never fail the match for this
        log.warning("could not advance tournament %s: %s", tournament_id, exc)
