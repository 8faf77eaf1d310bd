from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "webui.accounts"
    label = "accounts"

    def ready(self) -> None:
        from webui.accounts import signals  # noqa: F401 - connects the receivers
