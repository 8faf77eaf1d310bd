"""Production keeps uploaded bots, records and replays in PostgreSQL: a file saved by one
process is read by another that shares nothing with it but the database."""

from __future__ import annotations

import subprocess
import sys

from platform_support import REPO


def test_files_round_trip_and_names_never_clash(db) -> None:
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    from webui.files.storage import DatabaseStorage

    assert isinstance(default_storage, DatabaseStorage)  # PostgreSQL: the default
    data = bytes(range(256)) * 4000  # binary, ~1 MB
    first = default_storage.save("bots/x.py", ContentFile(data))
    second = default_storage.save("bots/x.py", ContentFile(b"other"))
    assert first == "bots/x.py" and second != first and second.startswith("bots/x")
    with default_storage.open(first) as handle:
        assert handle.read() == data
    assert default_storage.size(first) == len(data)
    assert default_storage.listdir("bots") == ([], sorted([first[5:], second[5:]]))
    default_storage.delete(first)
    assert not default_storage.exists(first) and default_storage.exists(second)


def test_another_process_with_its_own_data_dir_reads_what_this_one_saved(db, tmp_path) -> None:
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    name = default_storage.save("matches/r.json", ContentFile(b'{"format": "arena-replay/1"}'))
    code = (
        "import django; django.setup();"
        "from django.core.files.storage import default_storage as s;"
        f"print(s.open({name!r}).read().decode())"
    )
    env = {**db, "ARENA_DATA_DIR": str(tmp_path / "elsewhere")}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == '{"format": "arena-replay/1"}'
    assert not (tmp_path / "elsewhere" / "media").exists()
