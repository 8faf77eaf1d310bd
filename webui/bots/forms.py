"""The upload form: which game, which bot (new or one of yours), and the file."""

from __future__ import annotations

from django import forms
from django.conf import settings

import arena.games
from webui.bots.submission import SubmissionError


def read_upload(upload) -> bytes:
    """The uploaded file's bytes; a file over the limit is refused before it is read."""
    limit = settings.ARENA_UPLOAD_MAX_BYTES
    if upload.size > limit:
        raise SubmissionError(
            f"{upload.name!r} is {upload.size:,} bytes; the limit is {limit:,} bytes"
        )
    return upload.read()


def game_choices() -> list[tuple[str, str]]:
    return [(name, arena.games.get(name).title) for name in arena.games.names()]


class UploadForm(forms.Form):
    game = forms.ChoiceField(choices=game_choices)
    name = forms.CharField(
        max_length=64,
        help_text="Letters, digits, '_', '-' or '.'. A name you already use for this game "
        "gets a new version.",
    )
    file = forms.FileField(
        help_text="One .py file, or a .zip / .tar.gz with bot.py at its root "
        f"(at most {settings.ARENA_UPLOAD_MAX_BYTES // 1024:,} KiB).",
    )


class RemoteBotForm(forms.Form):
    """A remote bot: a name and a game, and how many matches it may play at once."""

    game = forms.ChoiceField(choices=game_choices)
    name = forms.CharField(max_length=64, help_text="Letters, digits, '_', '-' or '.'.")
    concurrency = forms.IntegerField(
        min_value=1,
        max_value=16,
        initial=1,
        help_text="Ladder matches it may play at once (each one a Play stream).",
    )


class ConcurrencyForm(forms.Form):
    concurrency = forms.IntegerField(min_value=1, max_value=16)
