"""What binds the parts together is code a reader and a tool can follow, not names in strings:
each game's views and reference bots, the Celery tasks' names, the layers at run time."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import arena.bots
import arena.games
from arena.bots import RandomBot
from webui import task_names

ROOT = Path(__file__).resolve().parents[2]
#: The packages that send, route, define or recognise tasks.
PLATFORM = ("workers", "webui", "arena_platform", "gateway", "arena")


def python_files(*packages: str) -> list[Path]:
    return [path for package in packages for path in sorted((ROOT / package).rglob("*.py"))]


@pytest.mark.parametrize("name", arena.games.names())
def test_each_game_binds_its_own_views_module(name: str) -> None:
    game = arena.games.get(name)
    views = sys.modules[f"arena.games.{name}.views"]
    assert game.views.observe is views.observe
    assert game.views.spectate is views.spectate
    assert game.views.describe is views.describe
    state = game.new_state(game.min_players, 1)
    assert type(state).views is game.views  # type: ignore[attr-defined]
    assert state.observe(0) == views.observe(state, 0)


@pytest.mark.parametrize("name", arena.games.names())
def test_each_game_has_its_reference_bots_and_one_random_bot(name: str) -> None:
    bots = arena.bots.get(name)
    assert set(bots) == {"random", "greedy", "ismcts"}
    assert bots["random"] is RandomBot


def test_an_unknown_game_has_no_bots_and_the_error_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="wandering_towers"):
        arena.bots.get("chess")


def test_the_rules_load_no_bot_and_no_sdk() -> None:
    """The `rules` contract at run time: every game and its views, without a player."""
    code = (
        "import sys, arena.games\n"
        "for name in arena.games.names():\n"
        "    game = arena.games.get(name)\n"
        "    game.new_state(game.min_players, 1).observe(0)\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(('arena.bots', 'arena_sdk')))\n"
        "print(loaded)\n"
        "sys.exit(1 if loaded else 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]


def test_no_module_is_imported_by_a_name_in_a_string() -> None:
    for path in python_files("arena/games", "arena/bots"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "import_module":
                pytest.fail(f"{path.relative_to(ROOT)}:{node.lineno} imports by name")


def test_every_task_name_is_written_once() -> None:
    """Only webui/task_names.py spells a task's name; everything else uses its constants."""
    names = set(task_names.ALL)
    found = []
    for path in python_files(*PLATFORM):
        if path == ROOT / "webui" / "task_names.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Constant) and node.value in names:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value}")
    assert not found


def test_the_workers_define_exactly_the_named_tasks() -> None:
    defined = set()
    for path in python_files("workers"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "shared_task":
                for keyword in node.keywords:
                    if keyword.arg == "name":
                        assert isinstance(keyword.value, ast.Attribute), ast.unparse(node)
                        defined.add(getattr(task_names, keyword.value.attr))
    assert defined == set(task_names.ALL)
    assert len(task_names.ALL) == len(set(task_names.ALL))
