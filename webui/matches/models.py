"""Matches: the row is the truth about a match, whatever the broker delivers.

A match moves queued -> running -> finished | failed. A running match holds a lease
(owner, heartbeat, expiry); every change of state is a conditional UPDATE on the status and
the owner, so a worker that lost its lease (declared dead by the sweeper, then re-queued)
can never record the match a second time. Times come from the database clock, so workers on
machines with skewed clocks agree on when a lease expired.

A match played again (its worker died, an infrastructure failure) is dealt afresh: the claim
of every attempt after the first draws a new seed, since whoever watched the lost attempt
saw its cards (docs/decisions/a-match-played-again-is-dealt-afresh.md).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any, ClassVar

from django.conf import settings
from django.db import models, transaction
from django.db.models import Case, F, Q, QuerySet, Value, When
from django.db.models.functions import Now
from django.db.models.signals import pre_delete
from django.dispatch import receiver
from django.utils import timezone

from arena.match.seeds import new_match_seed
from arena.storable import NAME_CAP, REASON_CAP, STDERR_CAP, storable, storable_json
from webui.matches import files
from webui.matches.tallies import MatchTally, Rivalry, count_finish
from webui.pagecache import match_pages_changed

__all__ = ["Match", "MatchSeat", "MatchTally", "Rivalry"]


class Match(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        FINISHED = "finished"
        FAILED = "failed"

    class Kind(models.TextChoices):
        LADDER = "ladder"
        FRIENDLY = "friendly"
        #: A person plays a seat from the browser: saved and replayable, never rated.
        PEOPLE = "people"

    game = models.CharField(max_length=64)
    kind = models.CharField(max_length=16, choices=Kind, default=Kind.LADDER)
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()
    time_control = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status, default=Status.QUEUED)
    lease_owner = models.CharField(max_length=128, blank=True)
    lease_heartbeat = models.DateTimeField(null=True, blank=True)
    lease_expires = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    #: The lease owner whose result was recorded (worker name / attempt token).
    played_by = models.CharField(max_length=128, blank=True)
    last_error = models.TextField(blank=True)
    created = models.DateTimeField(default=timezone.now)
    dispatched = models.DateTimeField(null=True, blank=True)
    #: A match given back after an infrastructure failure waits until then (a backoff).
    not_before = models.DateTimeField(null=True, blank=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    duration_ms = models.FloatField(null=True, blank=True)
    #: The full record (timings, strikes, stderr) and the replay document, as JSON files.
    record = models.FileField(upload_to="matches/", blank=True, max_length=255)
    replay = models.FileField(upload_to="matches/", blank=True, max_length=255)
    #: Small summary for lists: players and outcome.
    summary = models.JSONField(default=dict, blank=True)
    #: The actions played so far while the match runs (webui/matches/live.py), emptied when
    #: it finishes. Private: the site shows only what a spectator may learn from them.
    live_actions = models.JSONField(default=list, blank=True)

    class Meta:
        indexes: ClassVar = [
            models.Index(fields=["status", "game"]),
            models.Index(fields=["status", "lease_expires"]),
            models.Index(fields=["-finished"]),
            models.Index(fields=["game", "status", "-finished"], name="match_game_recent"),
            models.Index(fields=["status", "kind", "id"], name="match_queue"),
            # The list of matches, newest first, pages by id (docs/decisions/keyset-paging.md).
            models.Index(fields=["game", "-id"], name="match_game_newest"),
            models.Index(fields=["status", "-id"], name="match_status_newest"),
            models.Index(fields=["game", "status", "-id"], name="match_game_status_newest"),
        ]
        ordering: ClassVar = ["-id"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"match {self.pk} ({self.game}, {self.status})"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def is_live(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)

    # --- the lease ------------------------------------------------------------------------

    @staticmethod
    def new_owner(worker: str) -> str:
        """A fresh owner token per attempt: the same worker retrying is a different owner."""
        return f"{worker[:80]}/{uuid.uuid4().hex[:16]}"

    @classmethod
    def claim(cls, match_id: int, owner: str) -> bool:
        """queued -> running under `owner`'s lease; False if anyone else got there first.

        The first attempt plays the seed the match was made with; every later one a new
        seed, so an attempt that was lost told no one the deal of the one that counts.
        """
        lease = settings.ARENA_LEASE
        return bool(
            cls.objects.filter(pk=match_id, status=cls.Status.QUEUED).update(
                status=cls.Status.RUNNING,
                lease_owner=owner,
                lease_heartbeat=Now(),
                lease_expires=Now() + lease,
                attempts=F("attempts") + 1,
                seed=Case(When(attempts=0, then=F("seed")), default=Value(new_match_seed())),
                live_actions=[],  # an earlier attempt's moves belong to another deal
                started=Now(),
            )
        )

    @classmethod
    def claim_next(cls, hint: int, owner: str) -> int | None:
        """Claim the match that a message for match `hint` starts: the first ready in its
        lane, given back ones first, then oldest first; None when nothing there is ready.

        The broker only says "a match of this lane wants playing"; the order is the
        database's, so it survives a broker that reorders, restores or loses messages, and
        every restart (docs/decisions/queue-order-in-the-database.md).
        """
        lane = cls.lane_of(hint)
        if lane is None:
            return None
        ready = (
            lane.filter(status=cls.Status.QUEUED)
            .filter(Q(not_before__isnull=True) | Q(not_before__lte=Now()))
            .order_by(Case(When(attempts=0, then=Value(1)), default=Value(0)), "pk")
        )
        for _ in range(10):  # lost a race (SQLite has no SKIP LOCKED): take the next one
            with transaction.atomic():
                head = ready.select_for_update(skip_locked=True, of=("self",))
                pk = head.values_list("pk", flat=True).first()
                if pk is None:
                    return None
                if cls.claim(pk, owner):
                    return pk
        return None

    @classmethod
    def lane_of(cls, match_id: int) -> QuerySet[Match] | None:
        """The matches that share `match_id`'s queue: people's tables, tournament games, or
        the rest (the ladder's). None if there is no such match."""
        row = cls.objects.filter(pk=match_id).values_list("kind", "tournament_game").first()
        if row is None:
            return None
        kind, tournament_game = row
        if kind == cls.Kind.PEOPLE:
            return cls.objects.filter(kind=cls.Kind.PEOPLE)
        if tournament_game is not None:
            return cls.objects.filter(tournament_game__isnull=False)
        return cls.objects.exclude(kind=cls.Kind.PEOPLE).filter(tournament_game__isnull=True)

    @classmethod
    def renew(cls, match_id: int, owner: str) -> bool:
        """The heartbeat: extend the lease; False once it is no longer ours."""
        return bool(
            cls.objects.filter(pk=match_id, status=cls.Status.RUNNING, lease_owner=owner).update(
                lease_heartbeat=Now(), lease_expires=Now() + settings.ARENA_LEASE
            )
        )

    @classmethod
    def release(
        cls, match_id: int, owner: str, error: str, backoff: timedelta = timedelta(0)
    ) -> str | None:
        """Give a match back after an infrastructure failure (never the bots' fault), to be
        played again no sooner than `backoff` from now.

        Returns the new status (queued, or failed after too many attempts), or None if the
        lease was no longer ours.
        """
        with transaction.atomic():
            ours = cls.objects.filter(
                pk=match_id, status=cls.Status.RUNNING, lease_owner=owner
            ).select_for_update()
            match = ours.first()
            if match is None:
                return None
            exhausted = match.attempts >= settings.ARENA_MATCH_MAX_ATTEMPTS
            status = cls.Status.FAILED if exhausted else cls.Status.QUEUED
            ours.update(
                status=status,
                lease_owner="",
                lease_expires=None,
                last_error=storable(error, REASON_CAP),
                finished=Now() if exhausted else None,
                dispatched=Now(),
                not_before=Now() + backoff,
            )
            return status

    @classmethod
    def sweep(cls) -> list[int]:
        """Re-queue matches whose lease expired (their worker died); return their ids.

        A match that has used up its attempts is marked failed instead, with no result
        for any bot. Either way the files the dead attempt may have written are removed:
        its finish was never recorded, so nothing will ever point at them.
        """
        requeued = []
        expired = cls.objects.filter(status=cls.Status.RUNNING, lease_expires__lt=Now())
        for match in expired.only("pk", "attempts", "lease_owner"):
            exhausted = match.attempts >= settings.ARENA_MATCH_MAX_ATTEMPTS
            done = (
                cls.objects.filter(pk=match.pk, status=cls.Status.RUNNING, lease_expires__lt=Now())
                .filter(lease_owner=match.lease_owner)
                .update(
                    status=cls.Status.FAILED if exhausted else cls.Status.QUEUED,
                    lease_owner="",
                    lease_expires=None,
                    last_error=f"lease of {match.lease_owner} expired: worker lost",
                    finished=Now() if exhausted else None,
                    dispatched=Now(),
                )
            )
            if done:
                files.remove_attempt(match.pk, match.lease_owner)
            if done and not exhausted:
                requeued.append(match.pk)
        return requeued

    @classmethod
    def release_all_leases(cls) -> int:
        """Hand back every running match's lease at once (running -> queued); return how
        many. Only for a platform that knows no worker is running: the embedded demo, as it
        starts. Elsewhere leases expire and `sweep` hands them back."""
        return cls.objects.filter(status=cls.Status.RUNNING).update(
            status=cls.Status.QUEUED, lease_owner="", lease_expires=None
        )

    @classmethod
    def queued_ids(cls) -> list[int]:
        """Every match waiting to be played, oldest first."""
        queued = cls.objects.filter(status=cls.Status.QUEUED).order_by("pk")
        return list(queued.values_list("pk", flat=True))

    @classmethod
    def undelivered(cls, older_than: timedelta) -> list[int]:
        """Queued matches whose task was sent long ago and never started: send them again."""
        cutoff = timezone.now() - older_than
        stale = cls.objects.filter(status=cls.Status.QUEUED).filter(
            Q(dispatched__lt=cutoff) | Q(dispatched__isnull=True, created__lt=cutoff)
        )
        return list(stale.order_by("pk").values_list("pk", flat=True)[:1000])

    @classmethod
    def mark_dispatched(cls, ids: list[int]) -> None:
        cls.objects.filter(pk__in=ids).update(dispatched=Now())

    # --- the result -----------------------------------------------------------------------

    @classmethod
    def finish(
        cls,
        match_id: int,
        owner: str,
        record: dict[str, Any],
        record_name: str,
        replay_name: str,
        on_finished: Callable[[Match], None] | None = None,
    ) -> bool:
        """Store the result, seat rows and (via `on_finished`) ratings in ONE transaction.

        The files are already written; this only points at them. Returns False, storing
        nothing, if the lease is no longer ours: the match belongs to someone else now.
        Every text a bot could have put in the record is made storable again here, the last
        guard before PostgreSQL (which refuses NUL) sees it.
        """
        outcome = record["outcome"]
        with transaction.atomic():
            won = cls.objects.filter(
                pk=match_id, status=cls.Status.RUNNING, lease_owner=owner
            ).update(
                status=cls.Status.FINISHED,
                played_by=owner,
                lease_owner="",
                lease_expires=None,
                finished=Now(),
                duration_ms=record.get("duration_ms"),
                record=record_name,
                replay=replay_name,
                summary={
                    "players": [storable(p, NAME_CAP) for p in record["players"]],
                    "outcome": storable_json(outcome),
                    "table": storable_json(record.get("table") or {}),
                },
                live_actions=[],
            )
            if not won:
                return False
            match = cls.objects.get(pk=match_id)
            seats = list(match.seats.select_related("version").order_by("seat"))
            for seat, result, report in zip(seats, outcome, record["seats"], strict=True):
                seat.rank = result["rank"]
                seat.score = result.get("score")
                seat.disqualified = bool(result.get("disqualified"))
                seat.strikes = storable_json(report.get("strikes", []))
                seat.errors = storable(report.get("disqualified_reason", ""), REASON_CAP)
                seat.stderr = storable(report.get("stderr", ""), STDERR_CAP)
                seat.decisions = report.get("decisions", 0)
                seat.time_used_ms = report.get("time_used_ms", 0.0)
            MatchSeat.objects.bulk_update(
                seats,
                [
                    "rank",
                    "score",
                    "disqualified",
                    "strikes",
                    "errors",
                    "stderr",
                    "decisions",
                    "time_used_ms",
                ],
            )
            count_finish(match, seats)
            match_pages_changed(match.game, match.pk, seat_bots(seats))
            if on_finished is not None:
                on_finished(match)
        return True


class MatchSeat(models.Model):
    match = models.ForeignKey(Match, models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    #: The bot in the seat, or none when a person plays it (then `person` is set).
    version = models.ForeignKey(
        "bots.BotVersion",
        models.PROTECT,
        related_name="seats",
        null=True,
        blank=True,
        db_index=False,  # seat_version_newest leads with it
    )
    person = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.PROTECT,
        related_name="seats_played",
        null=True,
        blank=True,
    )
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.FloatField(null=True, blank=True)
    disqualified = models.BooleanField(default=False)
    strikes = models.JSONField(default=list, blank=True)
    #: Why the seat was disqualified, if it was.
    errors = models.TextField(blank=True)
    stderr = models.TextField(blank=True)
    decisions = models.PositiveIntegerField(default=0)
    time_used_ms = models.FloatField(default=0.0)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["match", "seat"], name="seat_unique_per_match"),
            models.CheckConstraint(
                condition=Q(version__isnull=True) ^ Q(person__isnull=True),
                name="seat_bot_or_person",
            ),
        ]
        #: A bot page's recent matches: each version's newest seats (webui.bots.stats).
        indexes: ClassVar = [models.Index(fields=["version", "-id"], name="seat_version_newest")]
        ordering: ClassVar = ["match", "seat"]

    def __str__(self) -> str:
        return f"match {self.match_id} seat {self.seat}"

    @property
    def label(self) -> str:
        """The seat's name in replays and on pages: the bot's label or the person's name."""
        if self.version is not None:
            return self.version.label
        return self.person.username if self.person is not None else f"seat {self.seat}"


def seat_bots(seats: Iterable[MatchSeat]) -> list[int]:
    """The bots at a table (its people have no pages of their own to keep)."""
    return [seat.version.bot_id for seat in seats if seat.version is not None]


@receiver(pre_delete, sender=Match)
def uncount_deleted(sender: type[Match], instance: Match, **kwargs: Any) -> None:
    """A finished match deleted (the admin, a cascade) leaves the counters with it."""
    if instance.status == Match.Status.FINISHED:
        seats = list(instance.seats.select_related("version"))
        count_finish(instance, seats, sign=-1)
        match_pages_changed(instance.game, instance.pk, seat_bots(seats))
