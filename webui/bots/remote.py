"""Remote bots: created by their owner with no code, played through the gateway.

A remote bot's version is a label for what its owner runs (their model, their machine);
there is nothing to validate, so a new version goes on the ladder at once, as a fresh
entry with its own rating, retiring the previous one.
"""

from __future__ import annotations

import hashlib

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

import arena.games
from webui.bots.models import Bot, BotToken, BotVersion
from webui.bots.submission import NAME_RE, SubmissionError
from webui.ladder.models import Rating

#: Matches at once an owner may allow one remote bot.
MAX_CONCURRENCY = 16


def create_remote_bot(
    owner: AbstractBaseUser, game: str, name: str, concurrency: int = 1
) -> tuple[Bot, str]:
    """A new remote bot with an active first version; returns it and its first token's
    secret (shown once, never stored)."""
    if game not in arena.games.names():
        raise SubmissionError(f"no game called {game!r}")
    if not NAME_RE.match(name):
        raise SubmissionError("a name is 1-64 letters, digits, '_', '-' or '.'")
    if not 1 <= concurrency <= MAX_CONCURRENCY:
        raise SubmissionError(f"concurrency is 1 to {MAX_CONCURRENCY} matches at once")
    try:
        with transaction.atomic():
            bot = Bot.objects.create(
                owner=owner, game=game, name=name, kind=Bot.Kind.REMOTE, concurrency=concurrency
            )
            new_version(bot)
            _, secret = BotToken.issue(bot)
    except IntegrityError:
        raise SubmissionError(f"you already have a bot called {name!r} for {game}") from None
    return bot, secret


def new_version(bot: Bot) -> BotVersion:
    """The remote bot's next version, active at once (the previous one retires)."""
    if not bot.remote:
        raise ValueError("only a remote bot gets versions without an upload")
    with transaction.atomic():
        last = bot.versions.select_for_update().order_by("-number").first()
        number = (last.number if last else 0) + 1
        digest = hashlib.sha256(f"remote:{bot.pk}:{number}".encode()).hexdigest()
        version = BotVersion.objects.create(bot=bot, number=number, sha256=digest)
        version.activate()
        Rating.for_version(version.pk, bot.game)
    return version
