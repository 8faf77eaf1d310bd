"""Scale out with nothing shared but PostgreSQL and Redis: two workers with data folders of
their own play 50 matches between uploaded (sandboxed) bots, and a web process with a third
folder shows every one of them, record and replay included."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from platform_support import GAME, REPO, wait_until

MATCHES = 50
UPLOADED = b"""
from arena_sdk import Bot

class Uploaded(Bot):
    def act(self, view, legal):
        return self.random.choice(legal).code
"""
#: A web process of its own: renders each match page and replay, prints what it saw.
WEB = """
import json, sys
import django
django.setup()
from django.test import Client
client = Client(HTTP_HOST="127.0.0.1")
seen = {}
for pk in json.loads(sys.argv[1]):
    page = client.get(f"/matches/{pk}/")
    replay = client.get(f"/matches/{pk}/replay.json")
    frames = client.get(f"/matches/{pk}/frames.json")
    seen[pk] = [page.status_code, replay.status_code, frames.status_code,
                json.loads(b"".join(replay.streaming_content))["format"]]
print(json.dumps(seen))
"""


def uploaded_versions(count: int) -> list[int]:
    """Active versions of an uploaded bot, stored as the upload page stores them."""
    import hashlib

    from django.contrib.auth import get_user_model
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    from webui.bots.models import Bot, BotVersion
    from webui.ladder.models import Rating

    digest = hashlib.sha256(UPLOADED).hexdigest()
    stored = default_storage.save(f"bots/{digest}.py", ContentFile(UPLOADED))
    ids = []
    for index in range(count):
        owner, _ = get_user_model().objects.get_or_create(username=f"author{index}")
        bot = Bot.objects.create(owner=owner, name=f"uploaded{index}", game=GAME)
        version = BotVersion.objects.create(bot=bot, number=1, file=stored, sha256=digest)
        version.activate()
        Rating.for_version(version.pk, GAME)
        ids.append(version.pk)
    return ids


@pytest.mark.slow
def test_two_workers_and_a_web_process_share_only_the_database(processes, tmp_path) -> None:
    from webui import queue
    from webui.matches.models import Match, MatchSeat

    versions = uploaded_versions(2)
    ids = []
    for seed in range(MATCHES):
        match = Match.objects.create(game=GAME, seed=seed + 1, kind=Match.Kind.LADDER)
        order = versions if seed % 2 == 0 else versions[::-1]
        MatchSeat.objects.bulk_create(
            MatchSeat(match=match, seat=i, version_id=v) for i, v in enumerate(order)
        )
        ids.append(match.pk)
    shared = dict(processes.env)
    for name in ("w1", "w2"):
        processes.env = {**shared, "ARENA_DATA_DIR": str(tmp_path / name)}
        processes.worker(name)
    processes.env = shared
    queue.run_matches(ids)
    finished = Match.objects.filter(pk__in=ids, status=Match.Status.FINISHED)
    wait_until(lambda: finished.count() == MATCHES, 600, f"{MATCHES} matches", every=1)

    played_by = set(finished.values_list("played_by", flat=True))
    assert {owner.split("@")[0] for owner in played_by} == {"w1", "w2"}
    strikes = MatchSeat.objects.filter(match_id__in=ids).values_list("strikes", flat=True)
    assert all(s == [] for s in strikes), [s for s in strikes if s][:3]
    for name in ("w1", "w2"):
        assert not (tmp_path / name / "media").exists()  # nothing kept beside the database
    web_env = {**shared, "ARENA_DATA_DIR": str(tmp_path / "web")}
    done = subprocess.run(
        [sys.executable, "-c", WEB, json.dumps(ids)],
        env=web_env, cwd=REPO, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert all(v == [200, 200, 200, "arena-replay/1"] for v in seen.values()), seen
    assert len(seen) == MATCHES
