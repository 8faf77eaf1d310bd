"""The JSON API: the site's data for programs, and bot submission with a token.

Reading needs no account. Changing anything needs a token (or a signed-in session with its
CSRF token), and only the bot's author may change a bot. Submissions share the per-hour
budget of the upload page (webui/bots/limits.py): over it, 429 with Retry-After.
"""

from __future__ import annotations

from django.db.models import Prefetch
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

import arena.games
from webui.api import serializers as s
from webui.api.methods import MethodsFirst
from webui.api.params import ID_SCHEMA, IdLookup, choice_param, id_param, text_filter
from webui.bots import limits
from webui.bots.forms import read_upload
from webui.bots.models import Bot, BotVersion
from webui.bots.submission import SubmissionError, submit
from webui.ladder.views import ladder_rows
from webui.matches import frames, records
from webui.matches.models import Match, MatchSeat
from webui.matches.paging import MatchCursorPagination
from webui.matches.views import gzipped_json

ERROR = OpenApiResponse(
    response={"type": "object", "properties": {"detail": {"type": "string"}}},
    description="what went wrong, for a person to read",
)


def _game(name: str):
    try:
        return arena.games.get(name)
    except KeyError:
        raise Http404(f"no game called {name!r}") from None


class GameViewSet(MethodsFirst, viewsets.GenericViewSet):
    """The games this site runs, and their ladders."""

    serializer_class = s.GameSerializer
    #: A handful of games: the list is the whole list, as its schema says (a ladder pages).
    pagination_class = None

    def get_queryset(self):
        # Games are not rows; the browsable API asks for a queryset when listing them.
        return Bot.objects.none()

    lookup_field = "name"
    lookup_value_regex = "[a-z0-9_]+"

    @extend_schema(responses=s.GameSerializer(many=True))
    def list(self, request: Request) -> Response:
        games = [arena.games.get(name) for name in arena.games.names()]
        return Response(s.GameSerializer(games, many=True, context={"request": request}).data)

    @extend_schema(responses=s.GameSerializer)
    def retrieve(self, request: Request, name: str) -> Response:
        return Response(s.GameSerializer(_game(name), context={"request": request}).data)

    @extend_schema(responses=s.LadderRowSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=PageNumberPagination)
    def ladder(self, request: Request, name: str) -> Response:
        """Active bot versions by display rating (mu - 3 sigma), best first."""
        _game(name)
        rows = ladder_rows(name).order_by("-display", "id")
        paginator = self.paginator
        page = paginator.paginate_queryset(rows, request, view=self)
        data = s.LadderRowSerializer(page, many=True, context={"request": request}).data
        return paginator.get_paginated_response(data)


@extend_schema_view(
    list=extend_schema(
        parameters=[
            OpenApiParameter("game", str, description="only this game's bots"),
            OpenApiParameter("author", str, description="only this person's bots"),
        ]
    )
)
class BotViewSet(MethodsFirst, IdLookup, viewsets.ReadOnlyModelViewSet):
    """Bots: one per author, game and name; each upload is a new version."""

    queryset = Bot.objects.select_related("owner").order_by("id")

    def get_queryset(self):
        bots = self.queryset
        if self.action == "list":
            params = self.request.query_params
            bots = text_filter(bots, params, "game", "game")
            bots = text_filter(bots, params, "author", "owner__username")
        if self.action == "retrieve":
            return bots.prefetch_related(
                Prefetch(
                    "versions",
                    queryset=BotVersion.objects.select_related("bot__owner")
                    .order_by("-number")
                    .prefetch_related("ratings"),
                )
            )
        return bots.prefetch_related("versions")

    def get_serializer_class(self):
        return s.BotDetailSerializer if self.action == "retrieve" else s.BotSerializer

    def _owned(self, request: Request, pk: str) -> Bot:
        bot = get_object_or_404(Bot, pk=pk)
        if not bot.editable_by(request.user):
            raise PermissionDenied("Only the bot's author can change it.")
        return bot

    @extend_schema(
        request=None,
        responses={200: s.BotSerializer, 403: ERROR},
        description="Take your bot off the ladder (its active version retires).",
    )
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def retire(self, request: Request, pk: str) -> Response:
        bot = self._owned(request, pk)
        bot.retire()
        bot = self.get_queryset().get(pk=bot.pk)
        return Response(s.BotSerializer(bot, context={"request": request}).data)

    @extend_schema(
        request={"multipart/form-data": s.VersionUploadSerializer},
        responses={201: s.VersionSerializer, 400: ERROR, 403: ERROR, 429: ERROR},
        description="Upload a new version of your bot (same rules as POST /api/versions/).",
    )
    @action(
        detail=True,
        methods=["post"],
        url_path="versions",
        permission_classes=[IsAuthenticated],
        parser_classes=[MultiPartParser, FormParser],
    )
    def upload(self, request: Request, pk: str) -> Response:
        bot = self._owned(request, pk)
        form = s.VersionUploadSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        return _submit(request, bot.game, bot.name, form.validated_data["file"])


def _submit(request: Request, game: str, name: str, upload) -> Response:
    try:
        data = read_upload(upload)
        version = submit(request.user, game, name, upload.name, data, rate_limited=True)
    except limits.RateLimited as exc:
        return Response(
            {"detail": str(exc)},
            status=status.HTTP_429_TOO_MANY_REQUESTS,
            headers={"Retry-After": str(exc.retry_after)},
        )
    except SubmissionError as exc:
        return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
    version = BotVersion.objects.select_related("bot__owner").get(pk=version.pk)
    data = s.VersionSerializer(version, context={"request": request}).data
    return Response(data, status=status.HTTP_201_CREATED, headers={"Location": data["url"]})


@extend_schema_view(
    list=extend_schema(
        parameters=[OpenApiParameter("bot", ID_SCHEMA, description="only this bot's versions")]
    )
)
class VersionViewSet(
    MethodsFirst,
    IdLookup,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    """Bot versions. POST uploads one: a new bot, or a new version of yours of that name."""

    queryset = (
        BotVersion.objects.select_related("bot__owner").prefetch_related("ratings").order_by("id")
    )
    serializer_class = s.VersionSerializer
    parser_classes = (MultiPartParser, FormParser)

    def get_queryset(self):
        versions = self.queryset
        if self.action != "list":
            return versions
        if (bot := id_param(self.request.query_params, "bot")) is not None:
            versions = versions.filter(bot_id=bot)
        return versions

    @extend_schema(
        request={"multipart/form-data": s.SubmissionSerializer},
        responses={201: s.VersionSerializer, 400: ERROR, 401: ERROR, 429: ERROR},
        description=(
            "Submit a bot: multipart fields game, name and file (.py, .zip or .tar.gz). "
            "The new version is pending until its validation match in the sandbox; poll its "
            "status. Limited per hour per person (429 with Retry-After when over)."
        ),
    )
    def create(self, request: Request) -> Response:
        form = s.SubmissionSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        return _submit(request, data["game"], data["name"], data["file"])


@extend_schema_view(
    list=extend_schema(
        parameters=[
            OpenApiParameter("game", str),
            OpenApiParameter("status", str, enum=Match.Status.values),
            OpenApiParameter("bot", ID_SCHEMA, description="matches this bot played"),
        ]
    )
)
class MatchViewSet(MethodsFirst, IdLookup, viewsets.ReadOnlyModelViewSet):
    """Matches, newest first, with their seats; downloads once finished."""

    serializer_class = s.MatchSerializer
    pagination_class = MatchCursorPagination  # by key: docs/decisions/keyset-paging.md

    def get_queryset(self):
        matches = Match.objects.prefetch_related(
            Prefetch(
                "seats",
                queryset=MatchSeat.objects.select_related("version__bot__owner", "person").order_by(
                    "seat"
                ),
            )
        ).order_by("-id")
        if self.action != "list":
            return matches
        params = self.request.query_params
        matches = text_filter(matches, params, "game", "game")
        if wanted := choice_param(params, "status", Match.Status.values):
            matches = matches.filter(status=wanted)
        if (bot := id_param(params, "bot")) is not None:
            played = MatchSeat.objects.filter(version__bot_id=bot).values("match_id")
            matches = matches.filter(pk__in=played)  # a semi-join: no DISTINCT over its seats
        return matches

    @extend_schema(
        responses={(200, "application/json"): OpenApiTypes.OBJECT, 404: ERROR},
        description="The replay document (arena-replay/1): seed and actions; finished only.",
    )
    @action(detail=True, methods=["get"])
    def replay(self, request: Request, pk: str) -> FileResponse:
        match = get_object_or_404(Match, pk=pk)
        if not (match.is_finished and match.replay):
            raise Http404("this match has no replay yet")
        return FileResponse(match.replay.open("rb"), content_type="application/json")

    @extend_schema(
        responses={(200, "application/json"): OpenApiTypes.OBJECT, 404: ERROR},
        description=(
            "The match record: the replay plus per-decision timings, per-seat strikes and "
            "reports. Each seat's stderr is null unless you wrote that bot."
        ),
    )
    @action(detail=True, methods=["get"])
    def log(self, request: Request, pk: str) -> Response:
        match = get_object_or_404(Match, pk=pk)
        record = records.read(match) if match.is_finished else None
        if record is None:
            raise Http404("this match has no record yet")
        owners = list(match.seats.order_by("seat").values_list("version__bot__owner_id", flat=True))
        return Response(records.redacted(record, owners, request.user))

    @extend_schema(
        parameters=[
            OpenApiParameter("seat", ID_SCHEMA, description="view as this seat (finished)")
        ],
        responses={(200, "application/json"): OpenApiTypes.OBJECT, 403: ERROR, 404: ERROR},
        description="Viewer frames (arena-frames/1, docs/viewer.md): spectator or one seat.",
    )
    @action(detail=True, methods=["get"])
    def frames(self, request: Request, pk: str) -> HttpResponse | Response:
        match = get_object_or_404(Match, pk=pk)
        seat = id_param(request.query_params, "seat", "a seat number")
        try:
            data = frames.frames_gzip(match, seat)
        except frames.FramesUnavailable as exc:
            return Response({"detail": str(exc)}, status=exc.status)
        return gzipped_json(request, data, cacheable=match.is_finished)
