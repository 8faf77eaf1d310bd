"""How many bot versions a person may submit per hour (ARENA_SUBMISSIONS_PER_HOUR).

Counted from the versions themselves, so the upload page and the API share one budget, and
every web process agrees without a shared cache. `lock_and_check` runs inside the submitting
transaction with the user's row locked: two uploads at once cannot both take the last slot.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone

from webui.bots.models import BotVersion

WINDOW = timedelta(hours=1)


class RateLimited(Exception):
    """Too many submissions: the message says how many, the limit, and when to retry."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def check(user, now: datetime | None = None) -> None:
    """Raise RateLimited if `user` has used up this hour's submissions (0: no limit)."""
    limit = settings.ARENA_SUBMISSIONS_PER_HOUR
    if limit <= 0:
        return
    now = now or timezone.now()
    recent = list(
        BotVersion.objects.filter(bot__owner=user, builtin="", created__gt=now - WINDOW)
        .order_by("-created")
        .values_list("created", flat=True)[:limit]
    )
    if len(recent) < limit:
        return
    frees_at = recent[-1] + WINDOW
    wait = max(1, math.ceil((frees_at - now).total_seconds()))
    minutes = max(1, math.ceil(wait / 60))
    raise RateLimited(
        f"Too many submissions: you have submitted {limit} versions in the last hour, and the "
        f"limit is {limit} per hour. You can submit again in {minutes} minute"
        f"{'s' if minutes != 1 else ''} (at {frees_at:%H:%M} UTC).",
        retry_after=wait,
    )


def lock_and_check(user) -> None:
    """`check`, holding the user's row until the surrounding transaction ends."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    check(user)
