"""Every account, however it was made, keeps the folded form of its name."""

from __future__ import annotations

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from webui.accounts.models import AccountName
from webui.accounts.usernames import username_key


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def keep_account_name(sender, instance, **_: object) -> None:
    AccountName.objects.update_or_create(
        user=instance, defaults={"key": username_key(instance.username)}
    )
