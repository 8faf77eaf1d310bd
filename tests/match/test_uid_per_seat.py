"""One host uid per sandbox: a bot that takes a whole per-user kernel quota (every inotify
instance its uid may have) starves no other seat, in its match or in another match played
at the same time, on the `arena play` path and on the workers' path (standby sandboxes);
and the victim, seeing its whole quota free, cannot read the hog's count either."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from arena import replay
from arena.games import get
from arena.match.hosted import sandboxed_agent
from arena.match.lineup import agents_for
from arena.match.record import MatchRecord
from arena.match.referee import TimeControl, run_match
from arena.match.standby import Standby, shared_pool
from arena.sandbox import SandboxConfig
from arena.sandbox.config import IdRange
from arena.sandbox.uids import lease

BOTS = Path(__file__).parent.parent / "bots"
CLOCK = TimeControl(per_decision=5.0, bank=10.0, max_strikes=3)
GAME = "wandering_towers"

pytestmark = pytest.mark.usefixtures("sandbox_required")


def root_only() -> None:
    if os.geteuid() != 0:
        pytest.skip("a referee that is not root runs every bot as its own uid")


def bot_folder(tmp_path: Path, name: str) -> Path:
    """An uploaded version's unpacked folder: the bot file alone."""
    folder = tmp_path / name
    folder.mkdir()
    shutil.copy(BOTS / f"{name}.py", folder / f"{name}.py")
    return folder / f"{name}.py"


def assert_unharmed(record: MatchRecord, seat: int) -> None:
    report = record.seats[seat]
    assert not report.strikes and not report.disqualified, (report.strikes, report.stderr)


def test_arena_play_seats_get_their_own_uids_and_quotas(tmp_path: Path) -> None:
    root_only()
    hog, victim = BOTS / "inotify_hog.py", BOTS / "inotify_victim.py"
    agents = agents_for(get(GAME), [str(hog), str(victim)])
    record = run_match(GAME, agents, seed=4, time_control=CLOCK)
    replay.verify(record.replay())
    assert "hog holds 128 inotify instances" in record.seats[0].stderr, record.seats[0].stderr
    assert "victim made 128 of 128" in record.seats[1].stderr, record.seats[1].stderr
    assert_unharmed(record, 1)


def test_concurrent_matches_on_a_worker_keep_their_quotas_apart(tmp_path: Path) -> None:
    """The workers' path: uploaded versions seated in the process's standby sandboxes, two
    matches at the same time, the hog in one and the victim in the other."""
    root_only()
    hog, victim = bot_folder(tmp_path, "inotify_hog"), bot_folder(tmp_path, "inotify_victim")
    polite = bot_folder(tmp_path, "polite")
    records: dict[str, MatchRecord] = {}
    hog_ready = threading.Event()

    def play(name: str, first: Path, seed: int) -> None:
        agents = [
            sandboxed_agent(first, name, game=GAME, seat=0, standbys=2),
            sandboxed_agent(polite, "polite", game=GAME, seat=1, standbys=2),
        ]
        if name == "victim":
            assert hog_ready.wait(60)
        else:
            hog_ready.set()
        records[name] = run_match(GAME, agents, seed=seed, time_control=CLOCK)

    threads = [
        threading.Thread(target=play, args=("hog", hog, 1)),
        threading.Thread(target=play, args=("victim", victim, 2)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    assert set(records) == {"hog", "victim"}
    assert "hog holds 128" in records["hog"].seats[0].stderr, records["hog"].seats[0].stderr
    assert "victim made 128 of 128" in records["victim"].seats[0].stderr
    for record in records.values():
        assert_unharmed(record, 1)
    assert_unharmed(records["victim"], 0)
    shared_pool(0).close()


def test_standbys_and_seats_never_share_a_uid() -> None:
    root_only()
    standbys = [Standby(launch=False) for _ in range(4)]
    try:
        uids = [standby.config.uid for standby in standbys]
        assert len(set(uids)) == 4 and all(uid in SandboxConfig().uids for uid in uids)
        for standby in standbys:
            assert standby.dir.stat().st_uid == standby.config.uid
    finally:
        for standby in standbys:
            standby.close()


def test_leases_are_shared_by_every_referee_on_the_host_and_given_back(tmp_path: Path) -> None:
    root_only()
    config = SandboxConfig(mode="bwrap", uids=IdRange(70001, 70002), leases=str(tmp_path))
    first, second = lease(config), lease(config)
    assert {first.config.uid, second.config.uid} == {70001, 70002}
    # Another process on the host (a second worker) finds none free.
    probe = (
        "import sys\n"
        "from arena.sandbox import SandboxConfig as C\n"
        "from arena.sandbox.config import IdRange as R\n"
        "from arena.sandbox.uids import lease\n"
        f"try: lease(C(mode='bwrap', uids=R(70001, 70002), leases={config.leases!r}))\n"
        "except Exception as e: print('refused:', e); sys.exit(3)"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert run.returncode == 3 and "in use" in run.stdout, run.stdout + run.stderr
    # A forked child does not keep its parent's leases.
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    first.release()
    third = lease(config)
    assert third.config.uid == first.config.uid
    third.release()
    second.release()
