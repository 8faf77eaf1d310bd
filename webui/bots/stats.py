"""Numbers drawn on a bot's page: its rating history and its record against other bots."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection
from django.db.models import Count, Q

import arena.games
from arena.games.base import Game
from arena.games.results import team_result
from webui.matches.models import Match, MatchSeat

#: Points in a rating chart: the most recent games, so a long history stays readable.
HISTORY_POINTS = 400


def history_entries(history) -> list[dict]:
    """The last HISTORY_POINTS rating changes of a RatingHistory queryset, oldest first.

    `team` is the cooperative table's result (arena.games.results), None in a competitive
    game: a lost team shares rank 0, so `won` reads the team's result, not the rank.
    """
    rows = history.order_by("-id").values(
        "mu", "sigma", "rank", "match_id", "rating__version__number", "rating__game",
        "match__summary",
    )[:HISTORY_POINTS]  # fmt: skip
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


#: Every finished match of the bot, one row per opponent seat: who placed better.
HEAD_TO_HEAD = """
SELECT ob.id, ob.name, u.username, COUNT(*) AS games,
       SUM(CASE WHEN me.rank < them.rank THEN 1 ELSE 0 END) AS wins,
       SUM(CASE WHEN me.rank > them.rank THEN 1 ELSE 0 END) AS losses,
       SUM(CASE WHEN me.rank = them.rank THEN 1 ELSE 0 END) AS draws
FROM matches_matchseat me
JOIN bots_botversion mv ON mv.id = me.version_id
JOIN matches_match m ON m.id = me.match_id
JOIN matches_matchseat them ON them.match_id = me.match_id AND them.id <> me.id
JOIN bots_botversion tv ON tv.id = them.version_id
JOIN bots_bot ob ON ob.id = tv.bot_id
JOIN auth_user u ON u.id = ob.owner_id
WHERE mv.bot_id = %s AND m.status = 'finished' AND ob.id <> %s
  AND me.rank IS NOT NULL AND them.rank IS NOT NULL
GROUP BY ob.id, ob.name, u.username
ORDER BY games DESC, ob.name
LIMIT %s
"""


def head_to_head(bot, limit: int = 25) -> list[Rival]:
    """The bot's record against each other bot it met, most-met first (one query). In a
    cooperative game the others at its tables are partners: see `partners`."""
    game = _game(bot.game)
    if game is not None and game.cooperative:
        return partners(bot, limit)
    with connection.cursor() as cursor:
        cursor.execute(HEAD_TO_HEAD, [bot.pk, bot.pk, limit])
        return [Rival(*row) for row in cursor.fetchall()]


def partners(bot, limit: int = 25) -> list[Rival]:
    """A cooperative bot's record with each bot it shared a table with: tables played
    together, won (`wins`) and lost (`losses`) together; nobody beats a teammate."""
    shared = (
        MatchSeat.objects.filter(
            match__status=Match.Status.FINISHED, match__seats__version__bot=bot
        )
        .exclude(version__bot=bot)
        .exclude(version=None)
        .values("version__bot_id", "version__bot__name", "version__bot__owner__username")
        .annotate(
            games=Count("match_id", distinct=True),
            won=Count("match_id", distinct=True, filter=Q(match__summary__table__won=True)),
        )
        .order_by("-games", "version__bot__name")[:limit]
    )
    return [
        Rival(
            r["version__bot_id"],
            r["version__bot__name"],
            r["version__bot__owner__username"],
            r["games"],
            r["won"],
            r["games"] - r["won"],
            0,
        )
        for r in shared
    ]


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
