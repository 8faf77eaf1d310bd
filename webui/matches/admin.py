from django.contrib import admin

from webui.matches.models import Match, MatchSeat


class SeatInline(admin.TabularInline):
    model = MatchSeat
    fields = ("seat", "version", "rank", "score", "disqualified", "errors", "strikes")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "kind", "status", "attempts", "lease_owner", "finished")
    list_filter = ("status", "kind", "game")
    readonly_fields = (
        "lease_owner",
        "lease_heartbeat",
        "lease_expires",
        "attempts",
        "created",
        "dispatched",
        "started",
        "finished",
        "duration_ms",
        "record",
        "replay",
        "summary",
    )
    inlines = (SeatInline,)


@admin.register(MatchSeat)
class MatchSeatAdmin(admin.ModelAdmin):
    list_display = ("match", "seat", "version", "rank", "score", "disqualified")
    list_filter = ("disqualified",)
    raw_id_fields = ("match", "version")
