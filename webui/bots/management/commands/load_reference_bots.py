"""Give every game's built-in bots an active version (and submit examples/ bots)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand

from webui.bots.reference import load_examples, load_reference_bots


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser) -> None:
        parser.add_argument("--examples", type=Path, help="folder of examples/<game>/<bot> files")

    def handle(self, *args, examples: Path | None = None, **options) -> None:
        created = load_reference_bots()
        self.stdout.write(f"reference bots: {len(created)} new version(s)")
        if examples is not None:
            submitted = load_examples(examples)
            self.stdout.write(f"example bots: {len(submitted)} submitted for validation")
