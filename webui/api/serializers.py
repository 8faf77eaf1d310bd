"""What the API returns. Private fields (stderr) are filled only for the bot's author."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import arena.games
from webui.bots.models import Bot, BotVersion
from webui.bots.submission import NAME_PATTERN
from webui.ladder.models import Rating
from webui.matches import records
from webui.matches.models import Match, MatchSeat
from webui.presentation import match_team_result


def absolute(context: dict[str, Any], name: str, *args: Any) -> str:
    path = reverse(name, args=args)
    request = context.get("request")
    return request.build_absolute_uri(path) if request is not None else path


class GameSerializer(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options = serializers.DictField(help_text="{option: {choices: [...], default: ...}}")
    ladder = serializers.SerializerMethodField(help_text="the ladder in the API")
    ladder_page = serializers.SerializerMethodField(help_text="the ladder page on the site")

    def get_ladder(self, game) -> str:
        return absolute(self.context, "api-game-ladder", game.name)

    def get_ladder_page(self, game) -> str:
        return absolute(self.context, "ladder", game.name)


class RatingSerializer(serializers.ModelSerializer):
    class Meta:
        model = Rating
        fields = ("game", "display", "mu", "sigma", "games", "wins", "last_played")


class LadderRowSerializer(serializers.ModelSerializer):
    rank = serializers.IntegerField(source="position", help_text="1 is best (by display)")
    bot = serializers.IntegerField(source="version.bot_id")
    bot_name = serializers.CharField(source="version.bot.name")
    author = serializers.CharField(source="version.bot.owner.username")
    version = serializers.IntegerField(source="version_id")
    version_number = serializers.IntegerField(source="version.number")
    win_rate = serializers.FloatField(allow_null=True)

    class Meta:
        model = Rating
        fields = (
            "rank",
            "bot",
            "bot_name",
            "author",
            "version",
            "version_number",
            "display",
            "mu",
            "sigma",
            "games",
            "wins",
            "win_rate",
            "last_played",
        )


class VersionSerializer(serializers.ModelSerializer):
    bot_name = serializers.CharField(source="bot.name", read_only=True)
    author = serializers.CharField(source="bot.owner.username", read_only=True)
    game = serializers.CharField(source="bot.game", read_only=True)
    url = serializers.SerializerMethodField(help_text="the version's page on the site")
    rating = serializers.SerializerMethodField()
    validation_stderr = serializers.SerializerMethodField(
        help_text="the validation match's stderr: only for the bot's author (else null)"
    )

    class Meta:
        model = BotVersion
        fields = (
            "id",
            "bot",
            "bot_name",
            "author",
            "game",
            "number",
            "status",
            "rejection_reason",
            "validation_note",
            "validation_stderr",
            "builtin",
            "sha256",
            "created",
            "url",
            "rating",
        )
        read_only_fields = fields

    def get_url(self, version: BotVersion) -> str:
        return absolute(self.context, "version", version.pk)

    @extend_schema_field(RatingSerializer(allow_null=True))
    def get_rating(self, version: BotVersion) -> dict[str, Any] | None:
        rating = next((r for r in version.ratings.all() if r.game == version.bot.game), None)
        return RatingSerializer(rating).data if rating else None

    def get_validation_stderr(self, version: BotVersion) -> str | None:
        user = self.context["request"].user if "request" in self.context else None
        if user is None or not records.can_see_private(user, version.bot.owner_id):
            return None
        return version.validation_stderr


class SubmissionSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=arena.games.names())
    #: As sent: a name with spaces around it is refused, not quietly trimmed.
    name = serializers.RegexField(
        rf"^{NAME_PATTERN}$",
        max_length=64,
        trim_whitespace=False,
        help_text="your bot's name for this game: letters, digits, '_', '-' or '.'",
    )
    file = serializers.FileField(help_text="a .py file, or a .zip / .tar.gz with bot.py")


class VersionUploadSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="a .py file, or a .zip / .tar.gz with bot.py")


class BotSerializer(serializers.ModelSerializer):
    author = serializers.CharField(source="owner.username")
    url = serializers.SerializerMethodField(help_text="the bot's page on the site")
    active_version = serializers.SerializerMethodField()

    class Meta:
        model = Bot
        fields = ("id", "name", "game", "author", "created", "url", "active_version")

    def get_url(self, bot: Bot) -> str:
        return absolute(self.context, "bot", bot.pk)

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_active_version(self, bot: Bot) -> int | None:
        active = [v for v in bot.versions.all() if v.status == BotVersion.Status.ACTIVE]
        return active[0].pk if active else None


class BotDetailSerializer(BotSerializer):
    versions = VersionSerializer(many=True)

    class Meta(BotSerializer.Meta):
        fields = (*BotSerializer.Meta.fields, "versions")


class SeatSerializer(serializers.ModelSerializer):
    bot = serializers.IntegerField(source="version.bot_id", allow_null=True)
    bot_name = serializers.CharField(source="version.bot.name", allow_null=True)
    author = serializers.CharField(source="version.bot.owner.username", allow_null=True)
    version_number = serializers.IntegerField(source="version.number", allow_null=True)
    person = serializers.CharField(
        source="person.username", allow_null=True, help_text="who played it, if a person did"
    )
    strikes = serializers.JSONField(help_text="[{decision, reason, detail}]")
    rank = serializers.IntegerField(
        allow_null=True,
        help_text="0 is best, ties share; in a cooperative game a lost table shares rank 0: "
        "the match's `team` says whether it won",
    )

    class Meta:
        model = MatchSeat
        fields = (
            "seat",
            "bot",
            "bot_name",
            "author",
            "version",
            "version_number",
            "person",
            "rank",
            "score",
            "disqualified",
            "errors",
            "decisions",
            "time_used_ms",
            "strikes",
        )


class TeamSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    points = serializers.IntegerField(help_text="the seat's own trophy points")
    trophies = serializers.IntegerField(help_text="how many trophies (monsters, engines) it took")
    text = serializers.CharField(help_text='in words: "5 trophy points (3 trophies)"')


class TeamResultSerializer(serializers.Serializer):
    """A cooperative table's result (arena.games.results.TeamResult.to_json)."""

    won = serializers.BooleanField(help_text="did the table win together")
    ending = serializers.CharField(
        help_text="how it ended: castle_fell, monsters_slain or turn_cap in Castle Panic; "
        '"" for a match recorded before endings were kept'
    )
    headline = serializers.CharField(help_text='the ending in words: "Castle fell — …"')
    summary = serializers.CharField(help_text="the headline and the towers standing, one line")
    towers_standing = serializers.IntegerField(
        allow_null=True, help_text="Castle Panic: the towers left at the end"
    )
    seats = TeamSeatSerializer(many=True)


class MatchSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True)
    team = serializers.SerializerMethodField(
        help_text="a finished cooperative match: the table's result, won or lost together "
        "(its seats share rank 0 when it lost, so read this, not the ranks); null otherwise"
    )
    seed = serializers.SerializerMethodField(help_text="null until the match has finished")
    url = serializers.SerializerMethodField(help_text="the match page on the site")
    downloads = serializers.SerializerMethodField(help_text="replay, log and frames, once finished")

    class Meta:
        model = Match
        fields = (
            "id",
            "game",
            "kind",
            "status",
            "options",
            "seed",
            "created",
            "started",
            "finished",
            "duration_ms",
            "seats",
            "team",
            "url",
            "downloads",
        )

    @extend_schema_field(TeamResultSerializer(allow_null=True))
    def get_team(self, match: Match) -> dict[str, Any] | None:
        team = match_team_result(match)
        return team.to_json() if team else None

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_seed(self, match: Match) -> int | None:
        # With the seed and the public moves anyone could rebuild every hand: finished only.
        return match.seed if match.is_finished else None

    def get_url(self, match: Match) -> str:
        return absolute(self.context, "match", match.pk)

    @extend_schema_field(serializers.DictField(child=serializers.URLField()))
    def get_downloads(self, match: Match) -> dict[str, str]:
        if not match.is_finished:
            return {}
        return {
            kind: absolute(self.context, f"api-match-{kind}", match.pk)
            for kind in ("replay", "log", "frames")
        }
