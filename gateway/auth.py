"""Bot tokens, checked against the site's database (they are stored hashed there).

The ORM is synchronous: these run in a thread (`asyncio.to_thread`), never on the loop.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import close_old_connections

from webui.bots.models import BotToken

#: How every bot token begins (a seat token never does: it is hex).
BOT_TOKEN_PREFIX = BotToken.PREFIX


@dataclass(frozen=True)
class Identity:
    """Who a good token says the caller is."""

    token_id: int
    bot_id: int
    owner_id: int
    label: str
    game: str
    concurrency: int


def identify(secret: str) -> Identity | None:
    close_old_connections()
    token = BotToken.find(secret)
    if token is None:
        return None
    bot = token.bot
    return Identity(
        token_id=token.pk,
        bot_id=bot.pk,
        owner_id=bot.owner_id,
        label=f"{bot.owner.username}/{bot.name}",
        game=bot.game,
        concurrency=bot.concurrency,
    )


def revoked(token_ids: Iterable[int]) -> set[int]:
    """Those of `token_ids` that no longer open their bot (revoked or deleted)."""
    ids = set(token_ids)
    if not ids:
        return set()
    close_old_connections()
    live = set(
        BotToken.objects.filter(pk__in=ids, revoked__isnull=True).values_list("pk", flat=True)
    )
    return ids - live
