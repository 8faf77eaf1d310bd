"""Celery tasks. Each takes ids, is safe to run twice, and leaves the database as the record.

run_match        the first ready match of its lane: queued -> running (lease) -> finished |
                 failed, ratings in the same commit
validate_version pending -> validating -> active | rejected, by a match against reference bots
schedule_ladder  keep every game's queue at its target depth (celery beat)
sweep_leases     one round of the sweeper (workers/sweeper.py runs it in its own process)
"""

from __future__ import annotations

import json
import logging
import random
import secrets
import socket
from datetime import datetime, timedelta

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

import arena.bots
import arena.games
from arena.games.base import Game
from arena.match import seeds
from arena.match.agents import Agent, AgentError
from arena.match.lineup import seat_agents
from arena.match.record import MatchRecord
from arena.match.referee import TimeControl
from arena.match.referee import run_match as referee_run
from arena.storable import REASON_CAP, storable
from arena.telemetry import metrics
from arena.telemetry.logs import log_context
from webui import queue, task_names
from webui.bots.models import REFERENCE_USER, Bot, BotVersion
from webui.ladder.matchmaking import fill_queue, games_with_ladders
from webui.ladder.models import Rating
from webui.ladder.solo import fill_solo_queue
from webui.matches import files as match_files
from webui.matches.live import LiveRecorder
from webui.matches.models import Match
from webui.seeding import seed_key
from workers import agents as seating
from workers import sweeper, telemetry
from workers.db import fresh_connection, reconnecting
from workers.heartbeat import Heartbeat

log = logging.getLogger("arena.workers")


def _worker_name(task) -> str:
    return task.request.hostname or socket.gethostname()


# --- matches -------------------------------------------------------------------------------


@shared_task(name=task_names.RUN_MATCH, bind=True)
def run_match(self, match_id: int) -> str:
    return play_next(match_id, _worker_name(self))


def play_next(hint: int, worker: str) -> str:
    """Run the first ready match of `hint`'s lane (the database keeps the queue's order:
    `Match.claim_next`); return what happened, for the log."""
    owner = Match.new_owner(worker)
    match_id = reconnecting(lambda: Match.claim_next(hint, owner))
    if match_id is None:
        return "nothing ready in its lane: nothing to do"
    return _play_claimed(match_id, owner)


def play(match_id: int, worker: str) -> str:
    """Run match `match_id` once under a fresh lease; return what happened, for the log."""
    status = Match.objects.filter(pk=match_id).values_list("status", flat=True).first()
    if status is None:
        return "no such match"
    if status in (Match.Status.FINISHED, Match.Status.FAILED):
        return f"already {status}: nothing to do"
    owner = Match.new_owner(worker)
    if not reconnecting(lambda: Match.claim(match_id, owner)):
        return "running elsewhere or done: nothing to do"
    return _play_claimed(match_id, owner)


def _play_claimed(match_id: int, owner: str) -> str:
    """Play a match whose lease `owner` holds, and record it once."""
    worker = owner.rsplit("/", 1)[0]
    with log_context(match=match_id, worker=worker), metrics.MATCHES_IN_PROGRESS.track_inprogress():
        return _play_leased(match_id, owner)


def _play_leased(match_id: int, owner: str) -> str:
    match = Match.objects.get(pk=match_id)
    metrics.MATCHES_STARTED.labels(match.game).inc()
    log.info("playing %s, attempt %d", match.game, match.attempts)
    if match.attempts > 1:  # what earlier attempts wrote and never recorded
        match_files.remove_unrecorded(match_id)
    key = seed_key()
    internal = attempt_id(match.pk, match.attempts)
    try:
        with (
            Heartbeat(match_id, owner, settings.ARENA_HEARTBEAT_SECONDS) as beat,
            LiveRecorder(match_id, owner) as live,  # the match page's live view
        ):
            public = seeds.public_match_id(key, internal)
            record = referee_run(
                match.game,
                _seat_agents(match, key, internal, public),
                match.seed,
                match.options,
                TimeControl(**match.time_control) if match.time_control else TimeControl(),
                match_id=public,
                on_step=telemetry.CountingStep(match.game, live),
            )
    except Exception as exc:  # infrastructure, never a loss for a bot: give it back
        return _give_back(match_id, owner, exc)
    record.attempt = match.attempts
    if beat.lost:
        return "lease lost while playing: result dropped"
    fresh_connection()  # idle for the whole match: the server may have ended it
    names = _store_files(match, owner, record)
    rate = Rating.apply_match if match.kind == Match.Kind.LADDER else None
    try:
        result = record.to_dict()
        recorded = reconnecting(
            lambda: Match.finish(match_id, owner, result, *names, on_finished=rate)
        )
    except Exception:
        _delete(names)
        raise
    if not recorded:
        _delete(names)
        return "lease lost before recording: result dropped"
    telemetry.match_recorded(match.game, match.kind, record)
    log.info("finished %s in %.1fs", match.game, record.duration_ms / 1000)
    if match.kind == Match.Kind.LADDER:
        _top_up(match.game)
    return f"finished: {[seat['rank'] for seat in record.outcome]}"


def attempt_id(match_id: int, attempt: int) -> str:
    """The platform's own id of one attempt at a match, from which its public id and its
    bots' seeds are made: an attempt played again is a new match to every bot (a new id, new
    seeds for the bots, a new deal), so nothing a bot learned in a lost attempt carries over.
    The first attempt keeps the match's plain id."""
    return f"match/{match_id}" if attempt <= 1 else f"match/{match_id}/attempt/{attempt}"


def _top_up(game: str) -> None:
    """Keep the ladder busy between beats: replace the match just played."""
    try:
        queue.run_matches(fill_queue(game))
    except Exception as exc:  # the beat will do it; never fail a recorded match for this
        log.warning("could not top up the %s ladder: %s", game, exc)


def _seat_agents(match: Match, key: bytes, internal: str, public: str) -> list[Agent]:
    """The match's seats, each bot seeded by a keyed hash that hides the match seed."""
    seats = list(match.seats.select_related("version__bot__owner", "person").order_by("seat"))

    def agent(index: int, seed: int) -> Agent:
        seat = seats[index]
        if seat.version is None:  # a person, from the browser
            return seating.person_agent(match.pk, index, seat.label)
        return seating.agent_for_version(seat.version, index, seed, public)

    return seat_agents(key, internal, len(seats), agent)


def _give_back(match_id: int, owner: str, exc: BaseException) -> str:
    error = f"{type(exc).__name__}: {exc}"
    row = Match.objects.filter(pk=match_id).values_list("attempts", "game").first()
    attempts, game = row or (None, "")
    backoff = min(2 ** (attempts or 1), 30)
    status = reconnecting(lambda: Match.release(match_id, owner, error, timedelta(seconds=backoff)))
    telemetry.match_given_back(game, status)
    log.warning("match %s: infrastructure failure (%s); now %s", match_id, error, status)
    if status == Match.Status.QUEUED:
        queue.run_matches([match_id], countdown=backoff)
    return f"infrastructure failure, match {status or 'no longer ours'}: {error}"


def _store_files(match: Match, owner: str, record: MatchRecord) -> tuple[str, str]:
    """Write the record and replay before the transaction; the row will point at them.
    Named for the attempt (`webui.matches.files`), so that the sweeper can remove them if
    this worker dies before the finish is recorded."""
    record_path, replay_path = match_files.names(match.pk, owner)
    record_name = default_storage.save(
        record_path, ContentFile(json.dumps(record.to_dict()).encode())
    )
    try:
        replay_name = default_storage.save(
            replay_path, ContentFile(json.dumps(record.replay()).encode())
        )
    except Exception:
        _delete((record_name,))
        raise
    return record_name, replay_name


def _delete(names: tuple[str, ...]) -> None:
    match_files.delete(names)


# --- validation of uploads ---------------------------------------------------------------


@shared_task(name=task_names.VALIDATE_VERSION, bind=True)
def validate_version(self, version_id: int) -> str:
    return validate(version_id)


def validate(version_id: int) -> str:
    """Play the version in a match a bot cannot tell from a ladder match; activate it or
    say why not.

    What the bot sees is what a ladder match shows: an opaque match id, an unpredictable
    seed, the ladder's options and time control, and the game's reference bots under
    their ladder names as opponents, with the version in a random seat. A bot that behaves
    only while it is examined cannot find out when that is.
    """
    started = BotVersion.claim_validation(version_id)
    if started is None:
        return "not pending: nothing to do"
    version = BotVersion.objects.select_related("bot__owner").get(pk=version_id)
    with log_context(bot=version.label):
        return _validate(version, started)


def _validate(version: BotVersion, started: datetime) -> str:
    version_id = version.pk
    game = arena.games.get(version.bot.game)
    lineup, seat = validation_lineup(version, game, random.SystemRandom())
    key = seed_key()
    internal = f"validation/{version_id}/{secrets.token_hex(8)}"
    try:
        agents = seat_agents(
            key,
            internal,
            len(lineup),
            lambda index, seed: seating.agent_for_version(lineup[index], index, seed),
        )
    except AgentError as exc:  # the bot's own failure to start
        if BotVersion.validation_held(version_id, started):
            version.reject(f"the bot did not start: {exc}")
        return "rejected"
    except Exception as exc:
        return _postpone(version_id, started, exc)
    try:
        record = referee_run(
            game.name,
            agents,
            seeds.new_match_seed(),
            game.resolve_options({}),
            ladder_time_control(),
            match_id=seeds.public_match_id(key, internal),
        )
    except Exception as exc:
        return _postpone(version_id, started, exc)
    if not BotVersion.validation_held(version_id, started):
        return "validation taken over: result dropped"
    problem = validation_problem(record, seat)
    stderr = record.seats[seat].stderr
    if problem:
        version.reject(problem, stderr)
        return f"rejected: {problem}"
    version.activate(validation_stderr=stderr)
    Rating.for_version(version_id, game.name)
    return "active"


def ladder_time_control() -> TimeControl:
    """The time control of ladder matches (webui.ladder.matchmaking), shared by validation."""
    return TimeControl(settings.ARENA_TIME_PER_DECISION, settings.ARENA_TIME_BANK, max_strikes=3)


def validation_lineup(
    version: BotVersion, game: Game, rng: random.Random
) -> tuple[list[BotVersion], int]:
    """The validation table, seated as the ladder seats one: `version` in a random seat of a
    table of 2+ players, the others distinct reference bots; returns (seats, its seat).

    The reference bots are the ladder's own versions (their labels are their ladder names);
    where none were loaded, the built-in bots the ladder would load (ARENA_REFERENCE_BOTS)
    play under the labels they would have.
    """
    opponents = list(
        BotVersion.objects.filter(
            status=BotVersion.Status.ACTIVE,
            bot__game=game.name,
            bot__owner__username=REFERENCE_USER,
        )
        .exclude(builtin="")
        .select_related("bot__owner")
    )
    if not opponents:
        owner = get_user_model()(username=REFERENCE_USER)
        builtin = arena.bots.get(game.name)
        chosen = set(settings.ARENA_REFERENCE_BOTS) or set(builtin)
        opponents = [
            BotVersion(bot=Bot(owner=owner, name=name, game=game.name), number=1, builtin=name)
            for name in builtin
            if name in chosen
        ]
    if not opponents:  # a game without built-in bots: the version plays itself
        opponents = [version]
    least = max(2, game.min_players)
    players = rng.randint(least, max(least, min(game.max_players, 1 + len(opponents))))
    if len(opponents) >= players - 1:
        chosen = rng.sample(opponents, players - 1)
    else:
        chosen = rng.choices(opponents, k=players - 1)
    seat = rng.randrange(players)
    chosen.insert(seat, version)
    return chosen, seat


def _postpone(version_id: int, started: datetime, exc: BaseException) -> str:
    """Back to pending after a failure that is not the bot's: validation runs again later."""
    note = storable(f"not validated yet: {exc}", REASON_CAP)
    BotVersion.postpone_validation(version_id, started, note)
    return f"could not validate now: {note}"


def _when(record: MatchRecord, seat: int, decision: int) -> str:
    """A strike's moment counted the way the bot counts: its own turns, from 1 (the SDK's
    "turn N", the request id), with the match's decision index beside it."""
    if decision < 0:
        return "outside its turns"
    turn = 1 + sum(1 for t in record.timings[:decision] if t["seat"] == seat)
    return f"on its turn {turn} (decision {decision} of the match)"


def validation_problem(record: MatchRecord, seat: int) -> str:
    """Why the validation match rejects the bot in `seat`, or "" when it played cleanly."""
    report = record.seats[seat]
    parts = []
    if report.disqualified:
        parts.append(f"disqualified ({report.disqualified_reason})")
    if report.strikes:
        strike = report.strikes[0]
        parts.append(f"first strike {_when(record, seat, strike.decision)}: {strike.reason}: "
                     f"{strike.detail}")  # fmt: skip
    return "; ".join(parts)


# --- the periodic tasks ------------------------------------------------------------------


@shared_task(name=task_names.SCHEDULE_LADDER)
def schedule_ladder() -> int:
    """Top up every game's ladder queue; return how many matches were queued."""
    total = 0
    for game in games_with_ladders():
        total += queue.run_matches(fill_queue(game))
        total += queue.run_matches(fill_solo_queue(game))
    return total


@shared_task(name=task_names.SWEEP_LEASES)
def sweep_leases() -> dict[str, int]:
    """One round of the sweeper (`workers.sweeper`), for a message sent by hand; the
    sweeper process runs it on its own clock."""
    return sweeper.sweep()
