# ruff: noqa: RUF012 - the shape Django expects of a migration
"""Accounts made before names were folded get their key; a later look-alike of an earlier
name keeps its account but has no key (it cannot be renamed into another look-alike)."""

from django.conf import settings
from django.db import migrations


def backfill(apps, schema_editor) -> None:
    from webui.accounts.usernames import username_key

    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    AccountName = apps.get_model("accounts", "AccountName")
    taken = set(AccountName.objects.values_list("key", flat=True))
    for user in User.objects.order_by("pk"):
        key = username_key(user.username)
        if key not in taken:
            AccountName.objects.get_or_create(user=user, defaults={"key": key})
            taken.add(key)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]
    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
