from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "webui.bots"
    label = "bots"
    verbose_name = "Bots"
