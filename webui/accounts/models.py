"""What accounts keep beside Django's user: the look-alike key of the name, and the attempts
that sign-in and sign-up throttling count."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class AccountName(models.Model):
    """The folded form of a username (webui.accounts.usernames): unique, so no account can
    take a name that looks like another's."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account_name"
    )
    key = models.CharField(max_length=600, unique=True)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.key}"


class Attempt(models.Model):
    """One failed sign-in or one sign-up, by client address or by account name. Counted in
    the database so that every web process and machine agrees."""

    class Kind(models.TextChoices):
        LOGIN_FAILED = "login"
        SIGNUP = "signup"

    kind = models.CharField(max_length=16, choices=Kind)
    key = models.CharField(max_length=200)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = (models.Index(fields=["kind", "key", "at"]),)

    def __str__(self) -> str:
        return f"{self.kind} {self.key} at {self.at:%Y-%m-%d %H:%M:%S}"
