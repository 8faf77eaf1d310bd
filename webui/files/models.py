"""Files kept in the database: uploaded bots, match records and replays in production, so
that every machine reaches them with the database URL alone (no shared folder)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class StoredFile(models.Model):
    name = models.CharField(max_length=255, unique=True)
    content = models.BinaryField()
    size = models.PositiveBigIntegerField()
    created = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.name} ({self.size} bytes)"
