"""`arena tournament` as a user runs it: a real process, reference bots, standings printed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from arena import replay

ARENA = str(Path(sys.executable).with_name("arena"))
BOTS = Path(__file__).resolve().parents[1] / "protocol" / "bots"


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [ARENA, *args], capture_output=True, text=True, timeout=300, check=False,
        env={"COLUMNS": "160", "PATH": "/usr/bin:/bin"},
    )  # fmt: skip


def test_a_small_swiss_of_reference_bots_prints_standings_with_their_tie_breaks(tmp_path):
    result = arena(
        "tournament", "wandering_towers", "greedy", "greedy", "greedy", "random", "random",
        "random", "--format", "swiss", "--rounds", "3", "--table-size", "3", "--seed", "4",
        "--replays", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Standings — swiss, 3 rounds, 6 games" in out
    assert "ordered by points, then Buchholz, then average rank, then head-to-head" in out
    for name in ("greedy#1", "greedy#3", "random#3"):
        assert name in out
    files = sorted(tmp_path.glob("*.replay.json"))
    assert len(files) == 6
    for path in files:
        replay.verify(json.loads(path.read_text()))


def test_a_double_elimination_draws_its_bracket_and_a_sandboxed_bot_file_can_enter():
    result = arena(
        "tournament", "wandering_towers", "greedy", "random", str(BOTS / "wt_greedy.py"),
        "random", "--format", "double-elim", "--seed", "2",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "ordered by stage reached, then points" in out
    assert "Winners' bracket" in out and "Losers' bracket" in out and "Grand final" in out
    assert "champion" in out and "wt_greedy" in out


def test_a_table_the_game_cannot_seat_is_a_one_line_error():
    result = arena("tournament", "wandering_towers", "greedy", "random", "--table-size", "9")
    assert result.returncode == 2
    assert result.stderr.startswith("arena: error:") and "9" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
