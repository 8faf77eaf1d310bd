"""Tournaments on the platform: a frozen field of bot versions, rounds of ordinary matches.

The pairing and the standings are arena.tournament's pure functions; the database keeps
each round's plan and links every game to its Match, so standings are always recomputed
from the matches' results. A round is paired once: the tournament row is locked while a
round is added, and (tournament, number) is unique.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings as django_settings
from django.db import models
from django.utils import timezone

import arena.tournament as formats
from arena.tournament import GameResult, History, Settings
from arena.tournament import Round as Plan
from webui.matches.models import Match
from webui.plain_text import plain_line


class Tournament(models.Model):
    class Status(models.TextChoices):
        RUNNING = "running"
        FINISHED = "finished"
        CANCELLED = "cancelled"

    name = models.CharField(max_length=100)
    game = models.CharField(max_length=64, db_index=True)
    format = models.CharField(max_length=16, choices=[(f, f) for f in formats.FORMATS])
    #: Swiss rounds, or round-robin cycles; eliminations: decided by the field.
    rounds = models.PositiveIntegerField(default=5)
    table_size = models.PositiveSmallIntegerField(default=2)
    games_per_pairing = models.PositiveSmallIntegerField(default=1)
    duplicate = models.BooleanField(default=False)
    advance = models.PositiveSmallIntegerField(default=0)
    seating = models.CharField(max_length=16, default="rotations")
    seed = models.BigIntegerField(default=1)
    options = models.JSONField(default=dict, blank=True)
    time_control = models.JSONField(default=dict, blank=True)
    organiser = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments",
    )
    status = models.CharField(max_length=16, choices=Status, default=Status.RUNNING)
    #: Rounds paired so far.
    current_round = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(default=timezone.now)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering: ClassVar = ["-id"]
        indexes: ClassVar = [models.Index(fields=["status"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.game}, {self.format})"

    def save(self, *args, **kwargs) -> None:
        # Whoever makes it (the form, the admin, a command): no bidi or invisible characters.
        self.name = plain_line(self.name)
        super().save(*args, **kwargs)

    @property
    def is_elimination(self) -> bool:
        return formats.is_elimination(self.settings())

    def settings(self) -> Settings:
        import arena.games

        game = arena.games.get(self.game)
        return Settings(
            game=self.game,
            format=self.format,
            rounds=self.rounds,
            table_size=self.table_size,
            games_per_pairing=self.games_per_pairing,
            seed=self.seed,
            options=dict(self.options),
            duplicate=self.duplicate,
            advance=self.advance,
            seating=self.seating,
            min_players=game.min_players,
            max_players=game.max_players,
        )

    def history(self) -> History:
        """Entrants, every round's plan, and the results of the games that ended."""
        entrants = tuple(self.entrants.order_by("number").values_list("label", flat=True))
        plans = [
            Plan.from_json(plan)
            for plan in self.paired_rounds.order_by("number").values_list("plan", flat=True)
        ]
        results = {}
        games = Game.objects.filter(round__tournament=self).values_list(
            "round__number", "table", "index", "match__status", "match__summary"
        )
        for number, table, index, status, summary in games:
            if status == Match.Status.FINISHED:
                results[(number, table, index)] = GameResult.from_outcome(summary["outcome"])
            elif status == Match.Status.FAILED:
                results[(number, table, index)] = GameResult.void()
        return History(entrants=entrants, rounds=plans, results=results)

    def standings(self, history: History | None = None) -> list[dict[str, Any]]:
        history = history or self.history()
        return [row.to_json() for row in formats.standings(self.settings(), history)]


class Entrant(models.Model):
    """One bot version in a tournament's frozen field; `number` is its draw (seed) order."""

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="entrants")
    number = models.PositiveIntegerField()
    version = models.ForeignKey(
        "bots.BotVersion", models.PROTECT, related_name="tournament_entries"
    )
    #: The version's label when the tournament started.
    label = models.CharField(max_length=200)

    class Meta:
        ordering: ClassVar = ["tournament", "number"]
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["tournament", "number"], name="entrant_number"),
            models.UniqueConstraint(fields=["tournament", "version"], name="entrant_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id}#{self.number} {self.label}"


class Round(models.Model):
    """A paired round: its plan (arena.tournament.Round as JSON), added exactly once."""

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="paired_rounds")
    number = models.PositiveIntegerField()
    plan = models.JSONField()
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering: ClassVar = ["tournament", "number"]
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id} round {self.number}"


class Game(models.Model):
    """One game of a round's table, played as an ordinary Match."""

    round = models.ForeignKey(Round, models.CASCADE, related_name="games")
    table = models.PositiveIntegerField()
    index = models.PositiveIntegerField()
    match = models.OneToOneField(Match, models.PROTECT, related_name="tournament_game")

    class Meta:
        ordering: ClassVar = ["round", "table", "index"]
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["round", "table", "index"], name="game_once"),
        ]

    def __str__(self) -> str:
        return f"round {self.round_id} table {self.table} game {self.index}"
