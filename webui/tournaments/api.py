"""Read-only JSON API for tournaments (registered on the site's router as /api/tournaments/)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers, viewsets

import arena.tournament as formats
from webui.api.methods import MethodsFirst
from webui.api.params import IdLookup
from webui.tournaments.models import Game, Tournament


class TournamentSerializer(serializers.ModelSerializer):
    #: Null for a tournament the site's operators made (no person organised it).
    organiser = serializers.CharField(source="organiser.username", default=None, allow_null=True)

    class Meta:
        model = Tournament
        fields = (
            "id",
            "name",
            "game",
            "format",
            "status",
            "rounds",
            "table_size",
            "games_per_pairing",
            "duplicate",
            "advance",
            "seating",
            "seed",
            "options",
            "time_control",
            "current_round",
            "organiser",
            "created",
            "finished",
        )


class TournamentDetailSerializer(TournamentSerializer):
    entrants = serializers.SerializerMethodField()
    tie_breaks = serializers.SerializerMethodField()
    standings = serializers.SerializerMethodField()
    rounds_played = serializers.SerializerMethodField()

    class Meta(TournamentSerializer.Meta):
        fields = (
            *TournamentSerializer.Meta.fields,
            "entrants",
            "tie_breaks",
            "standings",
            "rounds_played",
        )

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_entrants(self, obj: Tournament) -> list[dict[str, Any]]:
        return [
            {"number": e.number, "version": e.version_id, "label": e.label}
            for e in obj.entrants.order_by("number")
        ]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_tie_breaks(self, obj: Tournament) -> list[str]:
        return list(formats.tie_breaks(obj.settings()))

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_standings(self, obj: Tournament) -> list[dict[str, Any]]:
        return obj.standings()

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_rounds_played(self, obj: Tournament) -> list[dict[str, Any]]:
        """Each round's plan, every game with its match id and status."""
        games = {
            (g["round__number"], g["table"], g["index"]): (g["match_id"], g["match__status"])
            for g in Game.objects.filter(round__tournament=obj).values(
                "round__number", "table", "index", "match_id", "match__status"
            )
        }
        rounds = []
        for plan in obj.paired_rounds.order_by("number").values_list("plan", flat=True):
            for table in plan["tables"]:
                for index, game in enumerate(table["games"]):
                    match, status = games.get((plan["number"], table["number"], index), (None, ""))
                    game["match"], game["status"] = match, status
            rounds.append(plan)
        return rounds


class TournamentViewSet(MethodsFirst, IdLookup, viewsets.ReadOnlyModelViewSet):
    """Tournaments, newest first; one tournament with its field, standings and rounds."""

    queryset = Tournament.objects.select_related("organiser").order_by("-id")

    def get_serializer_class(self):
        return TournamentDetailSerializer if self.action == "retrieve" else TournamentSerializer
