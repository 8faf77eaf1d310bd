"""A Django storage that keeps each file as one row of `StoredFile`.

Production runs web processes and workers on several machines with nothing shared but
PostgreSQL and Redis. Uploaded bots (at most 1 MiB), match records and replays (tens to
hundreds of KB) are written once and read whole, which a `bytea` column does well; the
database's own backups then hold them too. Everything in the platform goes through Django's
storage API, so an object store can replace this by configuration alone.
"""

from __future__ import annotations

from datetime import datetime

from django.core.files.base import ContentFile, File
from django.core.files.storage import Storage
from django.db import IntegrityError, transaction
from django.utils.deconstruct import deconstructible

from webui.files.models import StoredFile


@deconstructible
class DatabaseStorage(Storage):
    def _open(self, name: str, mode: str = "rb") -> File:
        if "w" in mode or "a" in mode:
            raise ValueError("stored files are written once, through save()")
        try:
            content = StoredFile.objects.values_list("content", flat=True).get(name=name)
        except StoredFile.DoesNotExist:
            raise FileNotFoundError(name) from None
        return ContentFile(bytes(content), name=name)

    def _save(self, name: str, content: File) -> str:
        content.seek(0)
        data = b"".join(content.chunks())
        while True:
            try:
                with transaction.atomic():
                    StoredFile.objects.create(name=name, content=data, size=len(data))
                return name
            except IntegrityError:  # the same name saved elsewhere meanwhile: another name
                name = self.get_available_name(name)

    def delete(self, name: str) -> None:
        StoredFile.objects.filter(name=name).delete()

    def exists(self, name: str) -> bool:
        return StoredFile.objects.filter(name=name).exists()

    def size(self, name: str) -> int:
        try:
            return StoredFile.objects.values_list("size", flat=True).get(name=name)
        except StoredFile.DoesNotExist:
            raise FileNotFoundError(name) from None

    def listdir(self, path: str) -> tuple[list[str], list[str]]:
        prefix = f"{path.rstrip('/')}/" if path else ""
        folders, files = set(), []
        for name in StoredFile.objects.filter(name__startswith=prefix).values_list(
            "name", flat=True
        ):
            head, _, tail = name[len(prefix) :].partition("/")
            if tail:
                folders.add(head)
            else:
                files.append(head)
        return sorted(folders), sorted(files)

    def get_created_time(self, name: str) -> datetime:
        try:
            return StoredFile.objects.values_list("created", flat=True).get(name=name)
        except StoredFile.DoesNotExist:
            raise FileNotFoundError(name) from None

    get_modified_time = get_created_time

    def url(self, name: str) -> str:
        raise NotImplementedError("stored files are served by the site's own views")
