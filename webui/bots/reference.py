"""Seed the ladder: each game's built-in bots, owned by the "reference" user, and examples.

Built-in bots are trusted platform code and play in the worker's process. Example bots
(`examples/<game>/*.py|.zip|.tar.gz`) are submitted like any upload and go through the
sandboxed validation.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

import arena
import arena.bots
import arena.games
from webui.bots.models import REFERENCE_USER, Bot, BotVersion
from webui.ladder.models import Rating

EXAMPLES_USER = "examples"


def _user(username: str):
    user, created = get_user_model().objects.get_or_create(username=username)
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def load_reference_bots() -> list[BotVersion]:
    """Make sure every game's built-in bots (those named in ARENA_REFERENCE_BOTS, if it names
    any) have an active version; return new versions."""
    owner = _user(REFERENCE_USER)
    chosen = set(settings.ARENA_REFERENCE_BOTS)
    created = []
    for game_name in arena.games.names():
        for bot_name in arena.bots.get(game_name):
            if chosen and bot_name not in chosen:
                continue
            with transaction.atomic():
                bot, _ = Bot.objects.get_or_create(owner=owner, name=bot_name, game=game_name)
                if bot.versions.filter(builtin=bot_name).exists():
                    continue
                digest = hashlib.sha256(
                    f"builtin:{game_name}:{bot_name}:{arena.__version__}".encode()
                ).hexdigest()
                version = BotVersion.objects.create(
                    bot=bot, number=1, builtin=bot_name, sha256=digest
                )
                version.activate()
                Rating.for_version(version.pk, game_name)
                created.append(version)
    return created


def load_examples(root: Path) -> list[BotVersion]:
    """Submit each example bot not already submitted (same content); return new versions."""
    from webui.bots.submission import SubmissionError, kind_of, submit

    if not root.is_dir():
        return []
    owner = _user(EXAMPLES_USER)
    known = set(arena.games.names())
    created = []
    for game_dir in sorted(p for p in root.iterdir() if p.is_dir() and p.name in known):
        for path in sorted(game_dir.iterdir()):
            try:
                kind_of(path.name)
            except SubmissionError:
                continue
            data = path.read_bytes()
            digest = hashlib.sha256(data).hexdigest()
            name = path.name.split(".", 1)[0]
            if BotVersion.objects.filter(
                bot__owner=owner, bot__name=name, bot__game=game_dir.name, sha256=digest
            ).exists():
                continue
            created.append(submit(owner, game_dir.name, name, path.name, data))
    return created


def remote_example(token_file: Path, game: str, name: str) -> str:
    """The examples user's remote bot `name` for `game` (created once), and a live token
    for it, kept in `token_file` (owner-only) so the command that connects it stays the same
    from one start of the demo to the next; returns the token's secret."""
    from webui.bots.models import BotToken
    from webui.bots.remote import create_remote_bot

    try:
        secret = token_file.read_text(encoding="utf-8").strip()
    except OSError:
        secret = ""
    if secret and BotToken.find(secret) is not None:
        return secret
    owner = _user(EXAMPLES_USER)
    bot = Bot.objects.filter(owner=owner, game=game, name=name, kind=Bot.Kind.REMOTE).first()
    if bot is None:
        _, secret = create_remote_bot(owner, game, name, concurrency=2)
    else:
        _, secret = BotToken.issue(bot)
    token_file.write_text(secret + "\n", encoding="utf-8")
    token_file.chmod(0o600)
    return secret
