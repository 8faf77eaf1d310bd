"""The `arena` command as a user runs it: real processes, exit codes, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ARENA = str(Path(sys.executable).with_name("arena"))


def arena(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [ARENA, *args], capture_output=True, text=True, timeout=300, cwd=cwd, check=False
    )


def test_games_lists_wandering_towers_with_its_options() -> None:
    result = arena("games")
    assert result.returncode == 0, result.stderr
    assert "wandering_towers" in result.stdout
    assert "variant" in result.stdout


def test_play_draws_the_board_and_prints_the_result_table() -> None:
    result = arena("play", "wandering_towers", "greedy", *["random"] * 3, "--seed", "7")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("Ravenskeep") > 5  # a board per turn
    assert "Result" in result.stdout and "1. greedy" in result.stdout


def test_play_writes_a_replay_that_verifies_and_shows(tmp_path) -> None:
    out = tmp_path / "out.json"
    played = arena(
        "play",
        "wandering_towers",
        "greedy",
        "random",
        "random",
        "--seed",
        "3",
        "--option",
        "variant=master_wizard",
        "--replay",
        str(out),
        "--quiet",
    )
    assert played.returncode == 0, played.stderr
    doc = json.loads(out.read_text())
    assert doc["options"]["variant"] == "master_wizard"
    assert doc["players"] == ["greedy", "random", "random"]
    verified = arena("replay", "verify", str(out))
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith("ok:")
    shown = arena("replay", "show", str(out), "--no-step")
    assert shown.returncode == 0, shown.stderr
    assert f"[{len(doc['actions'])}/{len(doc['actions'])}]" in shown.stdout


def test_many_games_show_a_win_table_over_all_games() -> None:
    result = arena("play", "wandering_towers", "greedy", "random", "--games", "4", "--quiet")
    assert result.returncode == 0, result.stderr
    assert "Results over 4 games" in result.stdout
    assert "1. greedy" in result.stdout and "2. random" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess", "random", "random"], "unknown game 'chess'"),
        (["play", "wandering_towers", "random"], "takes 2–6 players"),
        (["play", "wandering_towers", "random", "random", "--option", "variant=huge"], "variant"),
        (["play", "wandering_towers", "random", "random", "--option", "hue=red"], "unknown option"),
        (["play", "wandering_towers", "random", "nosuchbot"], "no built-in bot 'nosuchbot'"),
        (["replay", "verify", "/nonexistent/replay.json"], "cannot read"),
    ],
)
def test_user_mistakes_get_one_clear_line_and_status_2(args, message) -> None:
    result = arena(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr


def test_a_corrupt_replay_is_refused_without_traceback(tmp_path) -> None:
    path = tmp_path / "corrupt.json"
    path.write_text(
        '{"format": "arena-replay/1", "game": "wandering_towers", "options": {}, '
        '"players": ["a", "b"], "seed": 1, "actions": ["bogus"], "outcome": []}'
    )
    result = arena("replay", "verify", str(path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "illegal" in result.stderr


def test_the_table_of_many_games_ranks_bots_by_results_not_by_seat() -> None:
    result = arena(
        "play", "wandering_towers", "random", "greedy", "--games", "6", "--seed", "1", "--quiet"
    )
    assert result.returncode == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if line.startswith("│ ")]
    rates = [int(row.split("│")[4].strip().rstrip("%")) for row in rows]
    assert rates == sorted(rates, reverse=True), result.stdout
    assert rows[0].startswith("│ 1. greedy")  # listed second, won most


def test_replay_show_for_a_seat_masks_the_other_seats_secrets(tmp_path) -> None:
    out = tmp_path / "wiz.json"
    played = arena(
        "play", "wiz_war", "random", "random", "--seed", "5", "--option",
        "specializations=true", "--replay", str(out), "--quiet",
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    doc = json.loads(out.read_text())
    kept = [(i, code) for i, code in enumerate(doc["actions"]) if code.startswith("keep:")]
    assert len(kept) == 2  # each seat kept a Specialization, secretly
    seat1 = arena("replay", "show", str(out), "--seat", "1", "--no-step", "--from", "99999")
    assert seat1.returncode == 0, seat1.stderr
    lines = seat1.stdout.splitlines()
    for index, code in kept:  # line [i/N] is action i-1, with the seat that played it
        line = next(line for line in lines if line.startswith(f"[{index + 1}/"))
        school = code.split(":")[1]
        if "(seat 1)" in line:  # its own choice, in full
            assert school in line.lower() and "Keeps one of two" not in line
        else:  # the other seat's, masked as the referee told seat 1
            assert "(seat 0)" in line and "Keeps one of two" in line and school not in line.lower()
