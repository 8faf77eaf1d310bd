"""Moving a tournament on: pair the next round once the current one has ended.

`advance` is idempotent and safe to run anywhere, any number of times: under a row lock on
the tournament it checks in the database that no match of the tournament is queued or
running, then pairs the next round (or finishes the tournament) and queues its matches.
The workers call it when a tournament match ends and on every beat, so a worker that dies
between a match and the advance only delays the next round by one beat.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings as django_settings
from django.db import transaction
from django.utils import timezone

import arena.games
import arena.tournament as formats
from arena.match import seeds
from arena.tournament import Round as Plan
from webui import queue, task_names
from webui.bots.models import BotVersion
from webui.matches.models import Match, MatchSeat
from webui.seeding import seed_key
from webui.tournaments.models import Entrant, Game, Round, Tournament

_LIVE = (Match.Status.QUEUED, Match.Status.RUNNING)


def advance(tournament_id: int) -> str:
    """Pair and queue the next round if the current one is over; say what happened."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None:
            return "no such tournament"
        if tournament.status != Tournament.Status.RUNNING:
            return f"already {tournament.status}"
        live = Game.objects.filter(round__tournament=tournament, match__status__in=_LIVE)
        if live.exists():
            return "waiting for the round to end"
        history = tournament.history()
        plan = formats.next_round(tournament.settings(), history)
        if plan is None:
            tournament.status = Tournament.Status.FINISHED
            tournament.finished = timezone.now()
            tournament.save(update_fields=["status", "finished"])
            return "finished"
        ids = add_round(tournament, plan)
    queue.run_matches(ids)
    return f"round {plan.number}: {len(ids)} matches queued"


def add_round(tournament: Tournament, plan: Plan) -> list[int]:
    """Store the round's plan and one queued Match per game; return the match ids."""
    versions = dict(tournament.entrants.values_list("number", "version_id"))
    options = arena.games.get(tournament.game).resolve_options(tournament.options)
    key = seed_key()
    stored = Round.objects.create(tournament=tournament, number=plan.number, plan=plan.to_json())
    placed = [
        (table, index, spec) for table in plan.tables for index, spec in enumerate(table.games)
    ]
    matches = Match.objects.bulk_create(
        Match(
            game=tournament.game,
            kind=Match.Kind.FRIENDLY,
            options=options,
            # The plan (and its seeds) is public while the tournament runs: the game's seed
            # is a keyed hash of it, equal for equal plan seeds (duplicate deals stay equal).
            seed=seeds.keyed_seed(key, "tournament", tournament.pk, spec.seed),
            time_control=tournament.time_control,
        )
        for _, _, spec in placed
    )
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=seat, version_id=versions[entrant])
        for match, (_, _, spec) in zip(matches, placed, strict=True)
        for seat, entrant in enumerate(spec.seats)
    )
    Game.objects.bulk_create(
        Game(round=stored, table=table.number, index=index, match=match)
        for match, (table, index, _) in zip(matches, placed, strict=True)
    )
    tournament.current_round = plan.number
    tournament.save(update_fields=["current_round"])
    return [m.pk for m in matches]


def check_budget(organiser, games: int) -> None:
    """Refuse (ValueError) a tournament that would take more of the workers than one person
    may ask for: at most ARENA_TOURNAMENT_MAX_GAMES games, and at most
    ARENA_TOURNAMENT_GAMES_PER_DAY over the organiser's tournaments of the last 24 hours.
    Staff, and tournaments without an organiser (the command line, the admin), are free."""
    if organiser is None or organiser.is_staff:
        return
    most = django_settings.ARENA_TOURNAMENT_MAX_GAMES
    if games > most:
        raise ValueError(
            f"this tournament could play up to {games} games; without staff approval a "
            f"tournament plays at most {most}: fewer entrants, rounds or games per pairing"
        )
    since = timezone.now() - timedelta(days=1)
    recent = Tournament.objects.filter(organiser=organiser, created__gte=since)
    used = sum(formats.most_games(t.settings(), t.entrants.count()) for t in recent)
    budget = django_settings.ARENA_TOURNAMENT_GAMES_PER_DAY
    if used + games > budget:
        first = recent.order_by("created").values_list("created", flat=True).first()
        again = f"; more from {(first + timedelta(days=1)):%Y-%m-%d %H:%M} UTC" if first else ""
        raise ValueError(
            f"your tournaments of the last 24 hours could play {used} games, and this one "
            f"{games}: the daily budget is {budget}{again}"
        )


def create(
    *,
    name: str,
    game: str,
    format: str,
    versions: list[BotVersion],
    organiser=None,
    **values,
) -> Tournament:
    """A running tournament with its field frozen (in the order given) and no round yet.

    Checks the settings and the field with the same rules as the CLI (ValueError).
    """
    registered = arena.games.get(game)
    time_control = values.pop("time_control", None) or {
        "per_decision": django_settings.ARENA_TIME_PER_DECISION,
        "bank": django_settings.ARENA_TIME_BANK,
        "max_strikes": 3,
    }
    values.setdefault("table_size", max(2, registered.min_players))
    values.setdefault("rounds", 1 if format != "swiss" else 5)
    values["options"] = registered.resolve_options(values.get("options"))
    settings = formats.settings_for(registered, format=format, **values)
    formats.check_field(settings, len(versions))
    if len({v.pk for v in versions}) != len(versions):
        raise ValueError("a bot version can enter only once")
    check_budget(organiser, formats.most_games(settings, len(versions)))
    wrong = [v.label for v in versions if v.bot.game != game]
    if wrong:
        raise ValueError(f"not {game} bots: {', '.join(wrong)}")
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name,
            game=game,
            format=format,
            organiser=organiser,
            time_control=time_control,
            **{k: getattr(settings, k) for k in _STORED},
        )
        Entrant.objects.bulk_create(
            Entrant(tournament=tournament, number=i, version=v, label=v.label)
            for i, v in enumerate(versions)
        )
    return tournament


def by_rating(game: str, versions: list[BotVersion]) -> list[BotVersion]:
    """The draw order a site tournament uses: ladder rating (mu - 3 sigma), best first."""
    from webui.ladder.models import Rating

    shown = dict(
        Rating.objects.filter(game=game, version__in=versions).values_list("version_id", "display")
    )
    return sorted(versions, key=lambda v: (-shown.get(v.pk, float("-inf")), v.pk))


_STORED = (
    "rounds",
    "table_size",
    "games_per_pairing",
    "duplicate",
    "advance",
    "seating",
    "seed",
    "options",
)


def start(tournament: Tournament) -> None:
    """Ask the workers to pair round 1 once this transaction commits (the beat also does)."""
    transaction.on_commit(lambda: queue.send(task_names.ADVANCE_TOURNAMENT, tournament.pk))
