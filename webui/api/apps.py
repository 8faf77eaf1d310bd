from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "webui.api"
    label = "api"
