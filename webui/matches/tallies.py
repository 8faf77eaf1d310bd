"""Counters kept as matches finish, so that no page counts the whole table of matches.

`MatchTally` is the number of finished matches per game (the front page); `Rivalry` is a
bot's record against (or, in a cooperative game, with) each other bot it met (the bot
page's head-to-head). Both change in the transaction that records a finish
(`Match.finish`) and in the one that deletes a finished match (a pre_delete receiver), so
they always agree with a full count; `recount` rebuilds them from the matches, and the
tests compare the two after every kind of change (docs/decisions/counters-kept-as-matches-
finish.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from django.db import connection, models, transaction

import arena.games
from webui.pagecache import pages_changed

if TYPE_CHECKING:
    from webui.matches.models import Match, MatchSeat


class MatchTally(models.Model):
    """Finished matches of one game."""

    game = models.CharField(max_length=64, unique=True)
    finished = models.BigIntegerField(default=0)

    class Meta:
        ordering: ClassVar = ["game"]

    def __str__(self) -> str:
        return f"{self.game}: {self.finished} finished"


class Rivalry(models.Model):
    """A bot's record against another bot over every finished match they shared.

    Competitive game: one game per pair of their seats at a table, won when `bot`'s seat
    placed better (as `webui.bots.stats` always counted). Cooperative game: one game per
    table shared, won or lost together (`draws` stays 0).
    """

    bot = models.ForeignKey("bots.Bot", models.CASCADE, related_name="rivalries")
    rival = models.ForeignKey("bots.Bot", models.CASCADE, related_name="+")
    games = models.BigIntegerField(default=0)
    wins = models.BigIntegerField(default=0)
    losses = models.BigIntegerField(default=0)
    draws = models.BigIntegerField(default=0)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["bot", "rival"], name="rivalry_unique_pair"),
        ]
        indexes: ClassVar = [models.Index(fields=["bot", "-games"], name="rivalry_most_met")]

    def __str__(self) -> str:
        return f"bot {self.bot_id} vs {self.rival_id}: {self.wins}-{self.losses}-{self.draws}"


Record = tuple[int, int, int, int]  # games, wins, losses, draws


def _cooperative(game: str) -> bool:
    try:
        return arena.games.get(game).cooperative
    except KeyError:
        return False


def rivalries(match: Match, seats: Iterable[MatchSeat]) -> dict[tuple[int, int], Record]:
    """What one finished match adds to each (bot, rival) record. `seats` carry `version`."""
    bots = [(s.version.bot_id, s.rank) for s in seats if s.version is not None]
    added: dict[tuple[int, int], Record] = {}
    if _cooperative(match.game):
        table = (match.summary or {}).get("table") or {}
        won = table.get("won") is True
        for me in {b for b, _ in bots}:
            for them in {b for b, _ in bots} - {me}:
                added[(me, them)] = (1, int(won), int(not won), 0)
        return added
    tally: Counter[tuple[int, int, str]] = Counter()
    for i, (me, my_rank) in enumerate(bots):
        for j, (them, their_rank) in enumerate(bots):
            if i == j or me == them or my_rank is None or their_rank is None:
                continue
            outcome = (
                "wins" if my_rank < their_rank else "losses" if my_rank > their_rank else "draws"
            )
            tally[(me, them, "games")] += 1
            tally[(me, them, outcome)] += 1
    for me, them, _ in tally:
        added[(me, them)] = (
            tally[(me, them, "games")],
            tally[(me, them, "wins")],
            tally[(me, them, "losses")],
            tally[(me, them, "draws")],
        )
    return added


def count_finish(match: Match, seats: Iterable[MatchSeat], sign: int = 1) -> None:
    """Add (sign 1) or take away (sign -1) one finished match: inside its transaction.

    Upserts in key order, so two finishes that share rows lock them in the same order."""
    _upsert(MatchTally._meta.db_table, ["game"], ["finished"], [((match.game,), (sign,))])
    added = rivalries(match, seats)
    rows = [(key, tuple(sign * n for n in added[key])) for key in sorted(added)]
    _upsert(
        Rivalry._meta.db_table, ["bot_id", "rival_id"], ["games", "wins", "losses", "draws"], rows
    )


def _upsert(
    table: str, keys: list[str], counts: list[str], rows: list[tuple[tuple, tuple]]
) -> None:
    """INSERT ... ON CONFLICT DO UPDATE adding to the counts (PostgreSQL and SQLite alike)."""
    if not rows:
        return
    q = connection.ops.quote_name
    columns = ", ".join(q(c) for c in [*keys, *counts])
    marks = ", ".join(["(" + ", ".join(["%s"] * (len(keys) + len(counts))) + ")"] * len(rows))
    adds = ", ".join(f"{q(c)} = {q(table)}.{q(c)} + excluded.{q(c)}" for c in counts)
    sql = (
        f"INSERT INTO {q(table)} ({columns}) VALUES {marks} "
        f"ON CONFLICT ({', '.join(q(k) for k in keys)}) DO UPDATE SET {adds}"
    )
    params: list[Any] = [value for key, count in rows for value in (*key, *count)]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


#: Every competitive finished match, one row per pair of bot seats: the full count.
COMPETITIVE = """
SELECT mv.bot_id, tv.bot_id, COUNT(*),
       SUM(CASE WHEN me.rank < them.rank THEN 1 ELSE 0 END),
       SUM(CASE WHEN me.rank > them.rank THEN 1 ELSE 0 END),
       SUM(CASE WHEN me.rank = them.rank THEN 1 ELSE 0 END)
FROM matches_matchseat me
JOIN bots_botversion mv ON mv.id = me.version_id
JOIN matches_match m ON m.id = me.match_id
JOIN matches_matchseat them ON them.match_id = me.match_id AND them.id <> me.id
JOIN bots_botversion tv ON tv.id = them.version_id
WHERE m.status = 'finished' AND m.game IN ({games}) AND tv.bot_id <> mv.bot_id
  AND me.rank IS NOT NULL AND them.rank IS NOT NULL
GROUP BY mv.bot_id, tv.bot_id
"""


def full_count() -> tuple[dict[str, int], dict[tuple[int, int], Record]]:
    """The counters as a full count of the matches table computes them (slow at scale)."""
    from webui.matches.models import Match, MatchSeat

    finished = Match.objects.filter(status=Match.Status.FINISHED)
    tallies = dict(finished.values_list("game").annotate(n=models.Count("id")).order_by())
    rivals: dict[tuple[int, int], Record] = {}
    names = arena.games.names()
    competitive = [g for g in names if not _cooperative(g)]
    if competitive:
        with connection.cursor() as cursor:
            cursor.execute(
                COMPETITIVE.format(games=", ".join(["%s"] * len(competitive))), competitive
            )
            for me, them, *record in cursor.fetchall():
                rivals[(me, them)] = tuple(int(n) for n in record)  # type: ignore[assignment]
    together = (
        MatchSeat.objects.filter(
            match__status=Match.Status.FINISHED,
            match__game__in=[g for g in names if _cooperative(g)],
            version__isnull=False,
            match__seats__version__isnull=False,
        )
        .values_list("version__bot_id", "match__seats__version__bot_id")
        .annotate(
            games=models.Count("match_id", distinct=True),
            won=models.Count(
                "match_id", distinct=True, filter=models.Q(match__summary__table__won=True)
            ),
        )
        .order_by()
    )
    for me, them, games, won in together:
        if me != them:
            rivals[(me, them)] = (games, won, games - won, 0)
    return tallies, rivals


def counted() -> tuple[dict[str, int], dict[tuple[int, int], Record]]:
    """The counters as kept, in `full_count`'s shape (zero rows left out)."""
    tallies = dict(MatchTally.objects.exclude(finished=0).values_list("game", "finished"))
    rivals = {
        (bot, rival): (games, wins, losses, draws)
        for bot, rival, games, wins, losses, draws in Rivalry.objects.exclude(games=0).values_list(
            "bot_id", "rival_id", "games", "wins", "losses", "draws"
        )
    }
    return tallies, rivals


def recount() -> None:
    """Rebuild every counter from the matches (after a bulk load or a repair)."""
    with transaction.atomic():
        pages_changed()  # the totals show on the site-wide pages and every bot's
        tallies, rivals = full_count()
        MatchTally.objects.all().delete()
        Rivalry.objects.all().delete()
        MatchTally.objects.bulk_create(MatchTally(game=g, finished=n) for g, n in tallies.items())
        Rivalry.objects.bulk_create(
            (
                Rivalry(bot_id=me, rival_id=them, games=g, wins=w, losses=lo, draws=d)
                for (me, them), (g, w, lo, d) in rivals.items()
            ),
            batch_size=5000,
        )
