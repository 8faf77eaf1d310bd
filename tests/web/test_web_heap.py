"""A web worker freezes what it loaded at start-up out of the garbage collector, so that no
request pays for a full collection over the whole site (docs/decisions/web-heap-frozen.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

WORKER = """
import gc, json, django
django.setup()
from django.urls import get_resolver
get_resolver().url_patterns  # the site loaded, as gunicorn's worker has it
from webui import gunicorn_config
tracked = len(gc.get_objects())
gunicorn_config.post_worker_init(None)
print(json.dumps({"tracked": tracked, "frozen": gc.get_freeze_count(),
                  "left": len(gc.get_objects())}))
"""


def test_a_web_worker_freezes_its_start_up_heap(tmp_path: Path) -> None:
    import json

    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "webui.settings",
        "ARENA_DATA_DIR": str(tmp_path),
        "ARENA_METRICS_DIR": str(tmp_path),
    }
    out = subprocess.run(
        [sys.executable, "-c", WORKER], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    heap = json.loads(out.stdout.strip().splitlines()[-1])
    assert heap["frozen"] > 0.9 * heap["tracked"] > 50_000, heap
    assert heap["left"] < 1000, "a full collection walks only what requests add"
