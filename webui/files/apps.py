from django.apps import AppConfig


class FilesConfig(AppConfig):
    name = "webui.files"
    label = "files"
