"""Celery tasks. Each takes ids, is safe to run twice, and leaves the database as the record.

run_match        queued -> running (lease) -> finished | failed, ratings in the same commit
validate_version pending -> validating -> active | rejected, by a match against itself
schedule_ladder  keep every game's queue at its target depth (celery beat)
sweep_leases     re-queue matches of dead workers, resend what the broker lost (celery beat)
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket

from celery import shared_task
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db.models import Q
from django.utils import timezone

import arena.games
from arena.match.agents import Agent, AgentError
from arena.match.record import MatchRecord
from arena.match.referee import TimeControl
from arena.match.referee import run_match as referee_run
from webui import queue
from webui.bots.models import BotVersion
from webui.ladder.matchmaking import fill_queue, games_with_ladders
from webui.ladder.models import Rating
from webui.ladder.solo import fill_solo_queue
from webui.matches.live import LiveRecorder
from webui.matches.models import Match
from workers import agents as seating
from workers.heartbeat import Heartbeat

log = logging.getLogger("arena.workers")


def _worker_name(task) -> str:
    return task.request.hostname or socket.gethostname()


# --- matches -------------------------------------------------------------------------------


@shared_task(name="arena.run_match", bind=True)
def run_match(self, match_id: int) -> str:
    return play(match_id, _worker_name(self))


def play(match_id: int, worker: str) -> str:
    """Run match `match_id` once under a fresh lease; return what happened, for the log."""
    status = Match.objects.filter(pk=match_id).values_list("status", flat=True).first()
    if status is None:
        return "no such match"
    if status in (Match.Status.FINISHED, Match.Status.FAILED):
        return f"already {status}: nothing to do"
    owner = Match.new_owner(worker)
    if not Match.claim(match_id, owner):
        return "running elsewhere or done: nothing to do"
    match = Match.objects.get(pk=match_id)
    try:
        with (
            Heartbeat(match_id, owner, settings.ARENA_HEARTBEAT_SECONDS) as beat,
            LiveRecorder(match_id, owner) as live,  # the match page's live view
        ):
            record = referee_run(
                match.game,
                _seat_agents(match),
                match.seed,
                match.options,
                TimeControl(**match.time_control) if match.time_control else TimeControl(),
                match_id=str(match.pk),
                on_step=live,
            )
    except Exception as exc:  # infrastructure, never a loss for a bot: give it back
        return _give_back(match_id, owner, exc)
    if beat.lost:
        return "lease lost while playing: result dropped"
    names = _store_files(match, owner, record)
    rate = Rating.apply_match if match.kind == Match.Kind.LADDER else None
    try:
        recorded = Match.finish(match_id, owner, record.to_dict(), *names, on_finished=rate)
    except Exception:
        _delete(names)
        raise
    if not recorded:
        _delete(names)
        return "lease lost before recording: result dropped"
    if match.kind == Match.Kind.LADDER:
        _top_up(match.game)
    return f"finished: {[seat['rank'] for seat in record.outcome]}"


def _top_up(game: str) -> None:
    """Keep the ladder busy between beats: replace the match just played."""
    try:
        queue.run_matches(fill_queue(game))
    except Exception as exc:  # the beat will do it; never fail a recorded match for this
        log.warning("could not top up the %s ladder: %s", game, exc)


def _seat_agents(match: Match) -> list[Agent]:
    seats = list(match.seats.select_related("version__bot__owner").order_by("seat"))
    agents: list[Agent] = []
    try:
        for seat in seats:
            agents.append(
                seating.agent_for_version(seat.version, seat.seat, match.seed * 1009 + seat.seat)
            )
    except BaseException:
        for agent in agents:
            agent.close()
        raise
    return agents


def _give_back(match_id: int, owner: str, exc: BaseException) -> str:
    error = f"{type(exc).__name__}: {exc}"
    status = Match.release(match_id, owner, error)
    log.warning("match %s: infrastructure failure (%s); now %s", match_id, error, status)
    if status == Match.Status.QUEUED:
        attempts = Match.objects.filter(pk=match_id).values_list("attempts", flat=True).first()
        queue.send("arena.run_match", match_id, countdown=min(2 ** (attempts or 1), 30))
    return f"infrastructure failure, match {status or 'no longer ours'}: {error}"


def _store_files(match: Match, owner: str, record: MatchRecord) -> tuple[str, str]:
    """Write the record and replay before the transaction; the row will point at them."""
    stem = f"matches/{match.pk // 1000:04d}/{match.pk}-{owner.rsplit('/', 1)[-1]}"
    record_name = default_storage.save(
        f"{stem}.record.json", ContentFile(json.dumps(record.to_dict()).encode())
    )
    replay_name = default_storage.save(
        f"{stem}.replay.json", ContentFile(json.dumps(record.replay()).encode())
    )
    return record_name, replay_name


def _delete(names: tuple[str, ...]) -> None:
    for name in names:
        with contextlib.suppress(OSError):
            default_storage.delete(name)


# --- validation of uploads ---------------------------------------------------------------


@shared_task(name="arena.validate_version", bind=True)
def validate_version(self, version_id: int) -> str:
    return validate(version_id)


def validate(version_id: int) -> str:
    """Play the version against copies of itself; activate it or say why not."""
    started = timezone.now()
    claimed = BotVersion.objects.filter(pk=version_id, status=BotVersion.Status.PENDING).update(
        status=BotVersion.Status.VALIDATING, validation_started=started
    )
    if not claimed:
        return "not pending: nothing to do"
    version = BotVersion.objects.select_related("bot__owner").get(pk=version_id)
    ours = BotVersion.objects.filter(
        pk=version_id, status=BotVersion.Status.VALIDATING, validation_started=started
    )
    game = arena.games.get(version.bot.game)
    players = max(2, game.min_players)
    seed = version_id
    agents: list[Agent] = []
    try:
        for seat in range(players):
            agents.append(seating.agent_for_version(version, seat, seed * 1009 + seat))
    except AgentError as exc:  # the bot's own failure to start
        for agent in agents:
            agent.close()
        if ours.exists():
            version.reject(f"the bot did not start: {exc}")
        return "rejected"
    except Exception as exc:
        for agent in agents:
            agent.close()
        ours.update(status=BotVersion.Status.PENDING, validation_note=f"not validated yet: {exc}")
        return f"could not validate now: {exc}"
    try:
        record = referee_run(
            game.name,
            agents,
            seed,
            {},
            TimeControl(settings.ARENA_TIME_PER_DECISION, settings.ARENA_TIME_BANK),
            match_id=f"validation-{version_id}",
        )
    except Exception as exc:
        ours.update(status=BotVersion.Status.PENDING, validation_note=f"not validated yet: {exc}")
        return f"could not validate now: {exc}"
    if not ours.exists():
        return "validation taken over: result dropped"
    problem = validation_problem(record)
    stderr = "\n".join(
        f"--- seat {i} ---\n{seat.stderr}" for i, seat in enumerate(record.seats) if seat.stderr
    )
    if problem:
        version.reject(problem, stderr)
        return f"rejected: {problem}"
    version.activate()
    BotVersion.objects.filter(pk=version_id).update(validation_stderr=stderr[:20000])
    Rating.for_version(version_id, game.name)
    return "active"


def validation_problem(record: MatchRecord) -> str:
    """Why a validation match disqualifies the bot, or "" when it played cleanly."""
    for index, seat in enumerate(record.seats):
        if not (seat.disqualified or seat.strikes):
            continue
        parts = []
        if seat.disqualified:
            parts.append(f"seat {index} was disqualified ({seat.disqualified_reason})")
        if seat.strikes:
            strike = seat.strikes[0]
            parts.append(
                f"first strike at decision {strike.decision}: {strike.reason}: {strike.detail}"
            )
        return "; ".join(parts)
    return ""


# --- the periodic tasks ------------------------------------------------------------------


@shared_task(name="arena.schedule_ladder")
def schedule_ladder() -> int:
    """Top up every game's ladder queue; return how many matches were queued."""
    total = 0
    for game in games_with_ladders():
        total += queue.run_matches(fill_queue(game))
        total += queue.run_matches(fill_solo_queue(game))
    return total


@shared_task(name="arena.sweep_leases")
def sweep_leases() -> dict[str, int]:
    """Re-queue what dead workers held, and resend what the broker lost."""
    requeued = Match.sweep()
    lost = Match.undelivered(settings.ARENA_REDISPATCH_AFTER)
    sent = queue.run_matches(requeued + [pk for pk in lost if pk not in requeued])
    stale = BotVersion.objects.filter(
        status=BotVersion.Status.VALIDATING,
        validation_started__lt=timezone.now() - settings.ARENA_VALIDATION_TIMEOUT,
    ).update(status=BotVersion.Status.PENDING, validation_note="validation timed out: retrying")
    cutoff = timezone.now() - settings.ARENA_REDISPATCH_AFTER
    resend = list(
        BotVersion.objects.filter(status=BotVersion.Status.PENDING)
        .filter(Q(dispatched__lt=cutoff) | Q(dispatched__isnull=True, created__lt=cutoff))
        .values_list("pk", flat=True)[:100]
    )
    for version_id in resend:
        queue.validate(version_id)
    if requeued or lost or stale or resend:
        log.info(
            "sweep: %d lease(s) expired, %d undelivered, %d validation(s) stale",
            len(requeued),
            len(lost),
            stale,
        )
    return {"requeued": len(requeued), "resent": sent, "validations": len(resend) + stale}
