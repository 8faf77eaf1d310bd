from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "webui.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"
