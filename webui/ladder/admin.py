from django.contrib import admin

from webui.ladder.models import Rating, RatingHistory


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("version", "game", "display", "mu", "sigma", "games", "wins", "last_played")
    list_filter = ("game",)
    search_fields = ("version__bot__name", "version__bot__owner__username")
    readonly_fields = ("mu", "sigma", "display", "games", "wins", "last_played")


@admin.register(RatingHistory)
class RatingHistoryAdmin(admin.ModelAdmin):
    list_display = ("rating", "match", "rank", "mu_before", "mu", "sigma", "created")
    raw_id_fields = ("rating", "match")
