from django.contrib import admin

from webui.bots.models import Bot, BotVersion


class VersionInline(admin.TabularInline):
    model = BotVersion
    fields = ("number", "status", "builtin", "sha256", "created")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True


@admin.register(Bot)
class BotAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "game", "created")
    list_filter = ("game",)
    search_fields = ("name", "owner__username")
    inlines = (VersionInline,)


@admin.register(BotVersion)
class BotVersionAdmin(admin.ModelAdmin):
    list_display = ("__str__", "game", "status", "builtin", "created")
    list_filter = ("status", "bot__game")
    search_fields = ("bot__name", "bot__owner__username", "sha256")
    readonly_fields = ("bot", "number", "file", "sha256", "builtin", "created", "dispatched")
    actions = ("retire",)

    @admin.display(description="game")
    def game(self, obj: BotVersion) -> str:
        return obj.bot.game

    @admin.action(description="Retire from the ladder")
    def retire(self, request, queryset) -> None:
        queryset.update(status=BotVersion.Status.RETIRED)
