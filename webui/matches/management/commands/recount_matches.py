"""Compare the counters kept as matches finish with a full count; exit 1 if they disagree
(--fix rebuilds them from the matches)."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand

from webui.matches.tallies import counted, full_count, recount


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser) -> None:
        parser.add_argument("--fix", action="store_true", help="rebuild the counters")

    def handle(self, *args, fix: bool = False, **options) -> None:
        kept, full = counted(), full_count()
        wrong = sorted(
            g for g in kept[0].keys() | full[0].keys() if kept[0].get(g) != full[0].get(g)
        )
        pairs = sum(1 for k in kept[1].keys() | full[1].keys() if kept[1].get(k) != full[1].get(k))
        for game in wrong:
            self.stdout.write(
                f"{game}: {kept[0].get(game, 0)} kept, {full[0].get(game, 0)} counted"
            )
        if pairs:
            self.stdout.write(f"{pairs} bots' records against another disagree")
        agree = not wrong and not pairs
        if fix and not agree:
            recount()
        self.stdout.write(
            f"{sum(full[0].values())} finished matches, {len(full[1])} records between bots: "
            + ("counters agree" if agree else "counters DISAGREE" + (" (rebuilt)" if fix else ""))
        )
        if not agree and not fix:
            sys.exit(1)
