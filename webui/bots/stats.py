"""Numbers drawn on a bot's page: its rating history and its record against other bots."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connection
from django.db.models import Count, Q, QuerySet
from django.db.models.expressions import RawSQL

import arena.games
from arena.games.base import Game
from arena.games.results import team_result
from webui.ladder.models import RatingHistory
from webui.matches.models import Match, MatchSeat, Rivalry

#: Points in a rating chart: the most recent games, so a long history stays readable.
HISTORY_POINTS = 400


def latest(table: str, key: str, values: Iterable[int], limit: int, where: str = "") -> RawSQL:
    """Ids of the `limit` newest rows (highest id) of `table` for each of `values` of
    column `key`: one small index range per value, never the whole table
    (`ORDER BY id DESC LIMIT` on an index (`key`, id)). For `pk__in=`; `values` not empty."""
    parts = [
        f"SELECT t.id FROM (SELECT id FROM {table} WHERE {key} = %s {where} "
        f"ORDER BY id DESC LIMIT {int(limit)}) t"
        for _ in values
    ]
    return RawSQL(" UNION ALL ".join(parts), list(values))


def history_entries(rating_ids: Iterable[int]) -> list[dict]:
    """The last HISTORY_POINTS rating changes of these ratings together, oldest first.

    `team` is the cooperative table's result (arena.games.results), None in a competitive
    game: a lost team shares rank 0, so `won` reads the team's result, not the rank.
    """
    ids = sorted(set(rating_ids))
    if not ids:
        return []
    table = RatingHistory._meta.db_table
    rows = (
        RatingHistory.objects.filter(pk__in=latest(table, "rating_id", ids, HISTORY_POINTS))
        .order_by("-id")
        .values(
            "mu", "sigma", "rank", "match_id", "rating__version__number", "rating__game",
            "match__summary",
        )[:HISTORY_POINTS]
    )  # fmt: skip
    entries = []
    for r in reversed(list(rows)):
        summary = r["match__summary"] or {}
        team = team_result(_game(r["rating__game"]), summary.get("outcome"), summary.get("table"))
        entries.append(
            {
                "mu": r["mu"],
                "sigma": r["sigma"],
                "rank": r["rank"],
                "match_id": r["match_id"],
                "version": r["rating__version__number"],
                "won": team.won if team else r["rank"] == 0,
                "team": team,
            }
        )
    return entries


def recent_seats(version_ids: Iterable[int], limit: int) -> QuerySet[MatchSeat]:
    """The seats of these versions in their newest finished matches, newest first: the
    last `limit` finished seats of each version, then the newest `limit` of those."""
    ids = sorted(set(version_ids))
    if not ids:
        return MatchSeat.objects.none()
    table = MatchSeat._meta.db_table
    finished = (
        f"AND EXISTS (SELECT 1 FROM {Match._meta.db_table} m "
        f"WHERE m.id = {table}.match_id AND m.status = 'finished')"
    )
    seats = latest(table, "version_id", ids, limit, finished)
    return MatchSeat.objects.filter(pk__in=seats).order_by("-match__finished", "-match_id")[:limit]


def _game(name: str) -> Game | None:
    try:
        return arena.games.get(name)
    except KeyError:
        return None


@dataclass
class Rival:
    bot_id: int
    name: str
    owner: str
    games: int
    wins: int
    losses: int
    draws: int

    @property
    def win_share(self) -> float:
        """Wins plus half the draws, per game shared."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def bar(self) -> dict[str, float]:
        """Widths (of 100) of the wins / draws / losses bar."""
        total = self.games or 1
        wins = round(100 * self.wins / total, 1)
        draws = round(100 * self.draws / total, 1)
        return {"wins": wins, "draws": draws, "draws_x": wins}


def head_to_head(bot, limit: int = 25) -> list[Rival]:
    """The bot's record against each other bot it met, most-met first (one query on the
    counters kept as matches finish, webui.matches.tallies). In a cooperative game the
    others at its tables are partners: `wins` are tables won together, `losses` lost."""
    rows = (
        Rivalry.objects.filter(bot=bot, games__gt=0)
        .exclude(rival=bot)
        .order_by("-games", "rival__name")
        .values_list(
            "rival_id", "rival__name", "rival__owner__username", "games", "wins", "losses", "draws"
        )[:limit]
    )
    return [Rival(*row) for row in rows]


@dataclass
class PeopleRecord:
    """The bot's record against people (matches of kind people; never rated)."""

    matches: int
    people: int
    wins: int
    losses: int
    draws: int


#: One row per (bot seat, person seat) of a finished match: who placed better.
AGAINST_PEOPLE = """
SELECT COUNT(DISTINCT me.match_id), COUNT(DISTINCT them.person_id),
       COALESCE(SUM(CASE WHEN me.rank < them.rank THEN 1 ELSE 0 END), 0),
       COALESCE(SUM(CASE WHEN me.rank > them.rank THEN 1 ELSE 0 END), 0),
       COALESCE(SUM(CASE WHEN me.rank = them.rank THEN 1 ELSE 0 END), 0)
FROM matches_matchseat me
JOIN bots_botversion mv ON mv.id = me.version_id
JOIN matches_match m ON m.id = me.match_id
JOIN matches_matchseat them ON them.match_id = me.match_id AND them.person_id IS NOT NULL
WHERE mv.bot_id = %s AND m.status = 'finished' AND m.kind = 'people'
  AND me.rank IS NOT NULL AND them.rank IS NOT NULL
"""


def against_people(bot) -> PeopleRecord:
    """Wins are finishing ahead of a person at the table (one query); in a cooperative
    game, tables won with people."""
    game = _game(bot.game)
    if game is not None and game.cooperative:
        return with_people(bot)
    with connection.cursor() as cursor:
        cursor.execute(AGAINST_PEOPLE, [bot.pk])
        return PeopleRecord(*cursor.fetchone())


def with_people(bot) -> PeopleRecord:
    """A cooperative bot's tables with people: the person is a teammate, so a win is a
    table won together, a loss one lost together."""
    tables = Match.objects.filter(
        status=Match.Status.FINISHED, kind=Match.Kind.PEOPLE, seats__version__bot=bot
    ).distinct()
    counts = tables.aggregate(
        matches=Count("id", distinct=True),
        won=Count("id", distinct=True, filter=Q(summary__table__won=True)),
    )
    people = (
        MatchSeat.objects.filter(match__in=tables, person__isnull=False)
        .values("person_id")
        .distinct()
        .count()
    )
    return PeopleRecord(
        counts["matches"], people, counts["won"], counts["matches"] - counts["won"], 0
    )
