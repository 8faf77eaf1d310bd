"""Submit a bot file (.py, .zip or .tar.gz) as a new version, and queue its validation."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from webui.bots.submission import SubmissionError, submit


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser) -> None:
        parser.add_argument("user")
        parser.add_argument("game")
        parser.add_argument("name")
        parser.add_argument("file", type=Path)

    def handle(self, *args, user: str, game: str, name: str, file: Path, **options) -> None:
        owner, _ = get_user_model().objects.get_or_create(username=user)
        try:
            version = submit(owner, game, name, file.name, file.read_bytes())
        except (SubmissionError, OSError) as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"{version} submitted (sha256 {version.sha256[:12]}), validating")
