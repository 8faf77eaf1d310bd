from django.contrib import admin

from webui.tournaments.models import Entrant, Game, Round, Tournament


class EntrantInline(admin.TabularInline):
    model = Entrant
    fields = ("number", "version", "label")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "game", "format", "status", "current_round", "created")
    list_filter = ("status", "format", "game")
    search_fields = ("name",)
    readonly_fields = ("current_round", "created", "finished", "seed")
    inlines = (EntrantInline,)


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "created")
    raw_id_fields = ("tournament",)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("round", "table", "index", "match")
    raw_id_fields = ("round", "match")
