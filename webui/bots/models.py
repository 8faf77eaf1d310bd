"""Bots and their versions. A version's code never changes; its status does.

A version is either a game's built-in reference bot (`builtin` names it: trusted, run in the
worker's process), an uploaded file (untrusted: run in the sandbox), or a version of a
remote bot, which runs wherever its owner runs it and plays through the gateway with one of
its bot's tokens (`BotToken`). Only active versions play on the ladder; a newer active
version retires the previous one, and history stays.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from typing import ClassVar

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone

from arena.storable import REASON_CAP, STDERR_CAP, storable
from webui.pagecache import bot_pages_changed

REFERENCE_USER = "reference"


def upload_path(version: BotVersion, filename: str) -> str:
    suffix = filename[filename.index(".") :] if "." in filename else ""
    return f"bots/{version.bot_id}/v{version.number}-{version.sha256[:12]}{suffix}"


class Bot(models.Model):
    class Kind(models.TextChoices):
        #: Uploaded code (or a built-in bot) that the platform runs in its workers.
        HOSTED = "hosted"
        #: Runs on its owner's machines and connects to a gateway with a bot token.
        REMOTE = "remote"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="bots")
    name = models.CharField(max_length=64)
    game = models.CharField(max_length=64, db_index=True)
    created = models.DateTimeField(default=timezone.now)
    kind = models.CharField(max_length=8, choices=Kind, default=Kind.HOSTED)
    #: Ladder matches a remote bot plays at once, as its owner allows (hosted bots: unused).
    concurrency = models.PositiveSmallIntegerField(default=1)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["owner", "name", "game"], name="bot_unique_name"),
        ]
        ordering: ClassVar = ["game", "name"]

    def __str__(self) -> str:
        return f"{self.owner.username}/{self.name} ({self.game})"

    @property
    def remote(self) -> bool:
        return self.kind == self.Kind.REMOTE

    def latest(self) -> BotVersion | None:
        return self.versions.order_by("-number").first()

    @property
    def is_reference(self) -> bool:
        """One of the games' own bots (random, greedy, ...), the yardsticks of every ladder."""
        return self.owner.username == REFERENCE_USER

    def editable_by(self, user) -> bool:
        """Only the author changes a bot (new versions, retiring); staff use the admin."""
        return bool(user.is_authenticated and user.pk == self.owner_id)

    def retire(self) -> int:
        """Take the bot off the ladder (its active version retires; a new upload returns it)."""
        active = self.versions.filter(status=BotVersion.Status.ACTIVE)
        bot_pages_changed(self.game, self.pk)
        return active.update(status=BotVersion.Status.RETIRED)


class BotVersion(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        VALIDATING = "validating"
        ACTIVE = "active"
        REJECTED = "rejected"
        RETIRED = "retired"

    #: Fields that make up the code itself: fixed once the version exists.
    IMMUTABLE = ("bot_id", "number", "file", "sha256", "builtin")

    bot = models.ForeignKey(Bot, models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    file = models.FileField(upload_to=upload_path, blank=True, max_length=255)
    sha256 = models.CharField(max_length=64)
    #: The game's reference bot of that name, run in-process; empty for uploaded code.
    builtin = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=16, choices=Status, default=Status.PENDING)
    rejection_reason = models.TextField(blank=True)
    validation_stderr = models.TextField(blank=True)
    #: Why validation has not happened yet (the sandbox was unavailable, ...): not the bot's fault.
    validation_note = models.TextField(blank=True)
    validation_started = models.DateTimeField(null=True, blank=True)
    dispatched = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["bot", "number"], name="version_unique_number"),
            models.UniqueConstraint(
                fields=["bot"], condition=Q(status="active"), name="one_active_version_per_bot"
            ),
        ]
        indexes: ClassVar = [models.Index(fields=["status"])]
        ordering: ClassVar = ["bot", "-number"]

    def __str__(self) -> str:
        return f"{self.bot.owner.username}/{self.bot.name} v{self.number}"

    @property
    def game(self) -> str:
        return self.bot.game

    @property
    def label(self) -> str:
        """How the version appears in a match's list of players."""
        return f"{self.bot.owner.username}/{self.bot.name}@v{self.number}"

    @property
    def trusted(self) -> bool:
        return bool(self.builtin)

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            old = type(self).objects.filter(pk=self.pk).values(*self.IMMUTABLE).first()
            if old is not None:
                changed = [f for f in self.IMMUTABLE if old[f] != _raw(self, f)]
                if changed:
                    raise ValueError(f"a bot version is immutable: cannot change {changed}")
        super().save(*args, **kwargs)

    # --- validation: a version being validated holds it until done or timed out ----------

    @classmethod
    def claim_validation(cls, version_id: int) -> datetime | None:
        """pending -> validating; the claim's start time (its token), or None if the
        version was not pending (another worker has it, or it is done)."""
        started = timezone.now()
        claimed = cls.objects.filter(pk=version_id, status=cls.Status.PENDING).update(
            status=cls.Status.VALIDATING, validation_started=started
        )
        return started if claimed else None

    @classmethod
    def validation_held(cls, version_id: int, started: datetime) -> bool:
        """Is the validation claimed at `started` still the one in progress?"""
        return cls._claimed(version_id, started).exists()

    @classmethod
    def postpone_validation(cls, version_id: int, started: datetime, note: str) -> bool:
        """Give the validation claimed at `started` back (pending), for a reason that is not
        the bot's fault; False if it was no longer that claim."""
        note = storable(note, REASON_CAP)
        return bool(
            cls._claimed(version_id, started).update(
                status=cls.Status.PENDING, validation_note=note
            )
        )

    @classmethod
    def _claimed(cls, version_id: int, started: datetime) -> models.QuerySet[BotVersion]:
        return cls.objects.filter(
            pk=version_id, status=cls.Status.VALIDATING, validation_started=started
        )

    @classmethod
    def expire_validations(cls, timeout: timedelta) -> int:
        """Validations started longer than `timeout` ago (their worker died) go back to
        pending, to be sent again; return how many."""
        return cls.objects.filter(
            status=cls.Status.VALIDATING, validation_started__lt=timezone.now() - timeout
        ).update(status=cls.Status.PENDING, validation_note="validation timed out: retrying")

    @classmethod
    def undispatched(cls, older_than: timedelta, limit: int = 100) -> list[int]:
        """Pending versions whose validation was sent longer than `older_than` ago (or
        never): send them again."""
        cutoff = timezone.now() - older_than
        stale = cls.objects.filter(status=cls.Status.PENDING).filter(
            Q(dispatched__lt=cutoff) | Q(dispatched__isnull=True, created__lt=cutoff)
        )
        return list(stale.values_list("pk", flat=True)[:limit])

    @classmethod
    def restart_validations(cls) -> list[int]:
        """Every validation back to pending at once; return the pending ids. Only for a
        platform that knows no worker is running: the embedded demo, as it starts."""
        waiting = cls.objects.filter(status__in=(cls.Status.PENDING, cls.Status.VALIDATING))
        waiting.update(status=cls.Status.PENDING)
        return list(cls.objects.filter(status=cls.Status.PENDING).values_list("pk", flat=True))

    def activate(self, validation_stderr: str | None = None) -> None:
        """Put this version on the ladder and retire the bot's previous active version.

        `validation_stderr`, when given, is what the bot wrote while it was validated.
        """
        stored = {}
        if validation_stderr is not None:  # the bot's bytes: made storable (arena.storable)
            stored["validation_stderr"] = storable(validation_stderr, STDERR_CAP)
        with transaction.atomic():
            BotVersion.objects.filter(bot_id=self.bot_id, status=self.Status.ACTIVE).exclude(
                pk=self.pk
            ).update(status=self.Status.RETIRED)
            BotVersion.objects.filter(pk=self.pk).update(
                status=self.Status.ACTIVE, rejection_reason="", validation_note="", **stored
            )
        self.status = self.Status.ACTIVE
        bot_pages_changed(self.bot.game, self.bot_id)

    def reject(self, reason: str, stderr: str = "") -> None:
        """Refuse the version; `reason` and `stderr` may carry the bot's bytes, made storable
        here so that a refusal can always be recorded (never a validation that loops)."""
        BotVersion.objects.filter(pk=self.pk).update(
            status=self.Status.REJECTED,
            rejection_reason=storable(reason, REASON_CAP),
            validation_stderr=storable(stderr, STDERR_CAP),
            validation_note="",
        )
        self.status = self.Status.REJECTED
        bot_pages_changed(self.bot.game, self.bot_id)


def _raw(version: BotVersion, field: str):
    value = getattr(version, field)
    return value.name if field == "file" else value


def token_digest(secret: str) -> str:
    """Tokens are stored as their SHA-256: 256 random bits need no slow hash, and a leaked
    table opens no bot."""
    return hashlib.sha256(secret.encode()).hexdigest()


class BotToken(models.Model):
    """A secret that lets one remote bot connect to a gateway; shown once, kept hashed.

    A token opens exactly its own bot. Revoking it refuses new connections at once and ends
    the open ones within a gateway heartbeat.
    """

    PREFIX = "arena_bt_"

    bot = models.ForeignKey(Bot, models.CASCADE, related_name="tokens")
    digest = models.CharField(max_length=64, unique=True)
    #: The secret's first characters, so an owner can tell tokens apart.
    hint = models.CharField(max_length=16)
    created = models.DateTimeField(default=timezone.now)
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering: ClassVar = ["-created"]

    def __str__(self) -> str:
        return f"{self.hint}… for {self.bot}"

    @classmethod
    def issue(cls, bot: Bot) -> tuple[BotToken, str]:
        """A new token for `bot`; returns it with its secret, which is never stored."""
        secret = cls.PREFIX + secrets.token_urlsafe(32)
        token = cls.objects.create(bot=bot, digest=token_digest(secret), hint=secret[:13])
        return token, secret

    @classmethod
    def find(cls, secret: str) -> BotToken | None:
        """The live token of a remote bot whose secret this is, or None."""
        if not secret.startswith(cls.PREFIX) or len(secret) > 200:
            return None
        return (
            cls.objects.select_related("bot__owner")
            .filter(digest=token_digest(secret), revoked__isnull=True, bot__kind=Bot.Kind.REMOTE)
            .first()
        )

    @property
    def active(self) -> bool:
        return self.revoked is None

    def revoke(self) -> None:
        if self.revoked is None:
            self.revoked = timezone.now()
            BotToken.objects.filter(pk=self.pk, revoked__isnull=True).update(revoked=self.revoked)
