"""cgroup v2's no-internal-process rule: a worker alone in its cgroup moves itself into a
leaf (`arena-worker`) and makes the bots' cgroups beside it. This machine has cgroup v1, so
the kernel's side is played by a folder whose subtree_control refuses controllers while
cgroup.procs lists a process, as the v2 kernel does (EBUSY)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from arena.sandbox import cgroup


@pytest.fixture
def v2_tree(tmp_path: Path, monkeypatch):
    """/sys/fs/cgroup as a container sees it: its root holds the worker (pids 11 and 12)."""
    root = tmp_path / "cgroup"
    root.mkdir()
    (root / "cgroup.controllers").write_text("cpu memory pids\n")
    (root / "cgroup.subtree_control").write_text("")
    (root / "cgroup.procs").write_text("11\n12\n")
    moved: list[str] = []

    def enable(directory: Path, controller: str) -> None:
        procs = directory / "cgroup.procs"
        if procs.exists() and procs.read_text().split():
            raise OSError(errno.EBUSY, "Device or resource busy")
        (directory / "cgroup.subtree_control").write_text(f"+{controller}")

    real_write = Path.write_text

    def write_text(self: Path, data: str, *args, **kwargs):
        if self.name == "cgroup.procs" and self.parent.name == cgroup.WORKER_LEAF:
            moved.append(data)  # the kernel moves the process out of the parent
            parent = self.parent.parent / "cgroup.procs"
            rest = [p for p in parent.read_text().split() if p != data]
            return real_write(parent, "\n".join(rest))
        return real_write(self, data, *args, **kwargs)

    monkeypatch.setattr(cgroup, "_enable", enable)
    monkeypatch.setattr(Path, "write_text", write_text)
    return root, moved


def test_the_worker_moves_into_a_leaf_and_the_bots_go_beside_it(v2_tree) -> None:
    root, moved = v2_tree
    bot = cgroup.BotCgroup()
    bot._join("pids", cgroup.Hierarchy(root, 2), "bot-1")
    assert sorted(moved) == ["11", "12"]
    assert (root / cgroup.WORKER_LEAF).is_dir()
    assert bot.dirs["pids"] == root / cgroup.PARENT_NAME / "bot-1"
    assert (root / "cgroup.subtree_control").read_text() == "+pids"
    assert (root / cgroup.PARENT_NAME / "cgroup.subtree_control").read_text() == "+pids"


def test_a_process_in_the_leaf_finds_the_cgroup_above_it(tmp_path: Path, monkeypatch) -> None:
    root = tmp_path / "cgroup"
    (root / cgroup.WORKER_LEAF).mkdir(parents=True)
    (root / "cgroup.controllers").write_text("pids\n")
    files = {
        "/proc/self/mountinfo": f"30 23 0:26 / {root} rw - cgroup2 cgroup2 rw\n",
        "/proc/self/cgroup": f"0::/{cgroup.WORKER_LEAF}\n",
    }
    real_read = Path.read_text
    monkeypatch.setattr(
        Path, "read_text", lambda self, *a, **k: files.get(str(self)) or real_read(self, *a, **k)
    )
    cgroup.find_hierarchy.cache_clear()
    try:
        assert cgroup.find_hierarchy("pids") == cgroup.Hierarchy(root, 2)
    finally:
        cgroup.find_hierarchy.cache_clear()
