"""What checking each crafted upload costs the web process: CPU time and peak memory.

    python bench/uploads.py [--repeat 3] [CASE ...]

Each crafted upload of tests/web/hostile_archives.py is checked by `check_upload` (as the
upload page and the API call it) in a fresh process, `--repeat` times; prints the upload's
size, the median CPU time of a check, the process's peak RSS above what it had after setting
up Django (the compiling subprocess's own memory apart), and the start of the refusal. Asserts
nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests" / "web")]


def one(case: str, repeat: int) -> dict:
    """Run in the child process: check `case` `repeat` times."""
    import django

    django.setup()
    from hostile_archives import CRAFTED

    from webui.bots.submission import SubmissionError, check_upload

    crafted = CRAFTED[case]
    data = crafted.data
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    times, outcome = [], ""
    for _ in range(repeat):
        start = time.process_time()
        try:
            check_upload(crafted.filename, data)
            outcome = "ACCEPTED"
        except SubmissionError as exc:
            outcome = str(exc)
        times.append(time.process_time() - start)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {
        "bytes": len(data),
        "cpu": statistics.median(times),
        "growth_kib": peak - before,
        "child_kib": child,
        "outcome": outcome,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cases", nargs="*")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.one, args.repeat)))
        return
    from hostile_archives import CRAFTED

    data = tempfile.mkdtemp(prefix="arena-bench-uploads-")
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="webui.settings", ARENA_DATA_DIR=data)
    env.setdefault("ARENA_SECRET_KEY", "bench")
    print(f"{'case':40} {'upload':>10} {'cpu ms':>8} {'+RSS MiB':>9} {'compiler MiB':>13}  refusal")
    for case in args.cases or list(CRAFTED):
        done = subprocess.run(
            [sys.executable, __file__, "--one", case, "--repeat", str(args.repeat)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        row = json.loads(done.stdout.strip().splitlines()[-1])
        print(
            f"{case:40} {row['bytes']:>10,} {row['cpu'] * 1000:>8.1f} "
            f"{row['growth_kib'] / 1024:>9.1f} {row['child_kib'] / 1024:>13.0f}  "
            f"{row['outcome'][:70]}"
        )


if __name__ == "__main__":
    main()
