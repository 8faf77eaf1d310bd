from django.apps import AppConfig


class LadderConfig(AppConfig):
    name = "webui.ladder"
    label = "ladder"
    verbose_name = "Ladder"
