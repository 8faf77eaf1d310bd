"""Setting a table: which bots may sit, a person's clock, and the new match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

import arena.games
from arena.games.base import Game
from arena.match import seeds
from webui import queue
from webui.bots.models import BotVersion
from webui.matches.models import Match, MatchSeat

#: A person's clock per game: (seconds per decision, time bank). People think in minutes,
#: bots in seconds; a person who runs out is played by the fallback like a bot.
PEOPLE_CLOCK: dict[str, tuple[float, float]] = {
    "wandering_towers": (60.0, 600.0),
    "castle_panic": (90.0, 900.0),
    "wiz_war": (120.0, 1200.0),
}
DEFAULT_CLOCK = (60.0, 600.0)
#: Strikes (timeouts, in practice) before a seat is disqualified, the ladder's number.
MAX_STRIKES = 3


class TableError(ValueError):
    """What is wrong with the table asked for, in words for the form."""


@dataclass(frozen=True)
class Table:
    game: Game
    options: dict[str, Any]
    #: One entry per seat: None for the person, else the bot version sitting there.
    seats: list[BotVersion | None]


def clock(game: str) -> dict[str, float]:
    """The match's time control: a person's clock for every seat (the bots' is the same,
    and they answer in milliseconds)."""
    per_decision, bank = PEOPLE_CLOCK.get(game, DEFAULT_CLOCK)
    return {"per_decision": per_decision, "bank": bank, "max_strikes": MAX_STRIKES}


def opponents(game: str) -> list[BotVersion]:
    """Every active ladder bot of `game`, hosted or remote, one version per bot."""
    return list(
        BotVersion.objects.filter(status=BotVersion.Status.ACTIVE, bot__game=game)
        .select_related("bot__owner")
        .order_by("bot__owner__username", "bot__name")
    )


def read_table(game_name: str, data: Any) -> Table:
    """The table from the Play form's fields: players, seat, opponent_N, option_<name>."""
    try:
        game = arena.games.get(game_name)
    except KeyError:
        raise TableError(f"no game {game_name!r}") from None
    try:
        players = int(data.get("players", ""))
        seat = int(data.get("seat", "0"))
    except ValueError:
        raise TableError("the number of players and the seat are numbers") from None
    if not game.min_players <= players <= game.max_players:
        raise TableError(f"{game.title} takes {game.min_players}-{game.max_players} players")
    if not 0 <= seat < players:
        raise TableError(f"seat {seat} is not at a table of {players}")
    raw_options: dict[str, Any] = {}
    for name, spec in game.options.items():
        value = data.get(f"option_{name}")
        if value is None:
            continue
        match = [choice for choice in spec["choices"] if str(choice) == value]
        if not match:
            raise TableError(f"{value!r} is not a choice for {name}")
        raw_options[name] = match[0]
    try:
        options = game.resolve_options(raw_options)
    except ValueError as exc:
        raise TableError(str(exc)) from None
    allowed = {version.pk: version for version in opponents(game.name)}
    bots: list[BotVersion] = []
    for index in range(1, players):
        try:
            bots.append(allowed[int(data.get(f"opponent_{index}", ""))])
        except (KeyError, ValueError):
            raise TableError(f"choose an active {game.title} bot for opponent {index}") from None
    bots_seats: list[BotVersion | None] = list(bots)
    bots_seats.insert(seat, None)
    return Table(game, options, bots_seats)


def sit_down(person, table: Table) -> Match:
    """Create the match (kind people, never rated) and send it to the workers."""
    with transaction.atomic():
        match = Match.objects.create(
            game=table.game.name,
            kind=Match.Kind.PEOPLE,
            options=table.options,
            seed=seeds.new_match_seed(),
            time_control=clock(table.game.name),
        )
        MatchSeat.objects.bulk_create(
            MatchSeat(match=match, seat=index, version=version, person=None if version else person)
            for index, version in enumerate(table.seats)
        )
    queue.run_matches([match.pk])
    return match


def person_seat(match: Match, user) -> int | None:
    """The seat `user` plays in `match`, or None."""
    if not user.is_authenticated:
        return None
    return match.seats.filter(person=user).values_list("seat", flat=True).first()
