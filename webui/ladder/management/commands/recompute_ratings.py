"""Recompute every rating from the match history; exit 1 if it disagrees with the stored."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand

from webui.ladder.recompute import recompute


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--fix", action="store_true", help="overwrite stored ratings with the recomputed ones"
        )

    def handle(self, *args, fix: bool = False, **options) -> None:
        report = recompute(fix=fix)
        for mismatch in report.mismatches[:50]:
            self.stdout.write(f"mismatch: {mismatch}")
        if len(report.mismatches) > 50:
            self.stdout.write(f"... and {len(report.mismatches) - 50} more")
        verdict = "agree" if report.agrees else f"DISAGREE on {len(report.mismatches)}"
        self.stdout.write(
            f"recomputed {report.ratings} ratings from {report.matches} matches: stored ratings "
            f"{verdict}" + (" (fixed)" if fix and not report.agrees else "")
        )
        if not report.agrees and not fix:
            sys.exit(1)
