# ruff: noqa: RUF012 - the shape Django expects of a migration
"""Tournament names written before they were made plain (webui.plain_text): bidi overrides
and invisible characters removed from the rows that have them."""

from __future__ import annotations

from django.db import migrations


def plain_names(apps, schema_editor) -> None:
    from webui.plain_text import plain_line

    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.only("pk", "name").iterator():
        name = plain_line(tournament.name)
        if name != tournament.name:
            Tournament.objects.filter(pk=tournament.pk).update(name=name or "Tournament")


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]

    operations = [migrations.RunPython(plain_names, migrations.RunPython.noop)]
