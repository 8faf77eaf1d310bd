from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "webui.matches"
    label = "matches"
    verbose_name = "Matches"
