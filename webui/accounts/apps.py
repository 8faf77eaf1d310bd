from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "webui.accounts"
    label = "accounts"
