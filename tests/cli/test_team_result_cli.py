"""`arena play` on a cooperative game says how the table did (issue 36): won or lost, why,
the towers standing and each bot's trophy points, never places that read a loss as a win."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rich.console import Console

import arena.games
from arena.cli.play_cmd import result_table, team_summary
from arena.match.lineup import agents_for
from arena.match.record import MatchRecord
from arena.match.referee import run_match

ARENA = str(Path(sys.executable).with_name("arena"))
GAME = arena.games.get("castle_panic")


def arena_cmd(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ARENA, *args], capture_output=True, text=True, timeout=300, check=False)


def test_a_lost_table_says_the_castle_fell_and_ranks_no_one() -> None:
    result = arena_cmd("play", "castle_panic", "random", "random", "--seed", "3", "--quiet")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Castle fell — every tower destroyed · 0 towers standing" in out  # a random team
    assert "Team result" in out and "trophy points" in out
    assert "1. random" not in out and "win rate" not in out and "avg rank" not in out


def test_many_lost_tables_are_counted_as_losses() -> None:
    result = arena_cmd("play", "castle_panic", "random", "random", "--games", "3", "--quiet")
    assert result.returncode == 0, result.stderr
    assert "The team won 0 of 3 games (Castle fell — every tower destroyed: 3)" in result.stdout
    assert "Team results over 3 games" in result.stdout


def played(seed: int) -> MatchRecord:
    """A greedy pair's game with fixed bot seeds (the key), as `arena play` plays it."""
    agents = agents_for(GAME, ["greedy", "greedy"], key=b"team-result-cli-tests")
    return run_match(GAME.name, agents, seed, GAME.resolve_options({}))


def shown(records: list[MatchRecord]) -> str:
    console = Console(record=True, width=120)
    pairs = [(r, [0, 1]) for r in records]
    console.print(team_summary(pairs, GAME))
    console.print(result_table(["greedy-a", "greedy-b"], pairs, GAME))
    return console.export_text()


def test_a_won_table_says_the_castle_held_with_each_bots_trophy_points() -> None:
    won = next(r for r in map(played, range(40)) if r.table["won"])
    out = shown([won])
    towers = won.table["towers_standing"]
    assert f"Castle held — all monsters slain · {towers} tower" in out
    for name, result in zip(["greedy-a", "greedy-b"], won.outcome, strict=True):
        assert any(name in line and f" {result['points']} " in line for line in out.splitlines())
    assert "1. greedy" not in out and "avg rank" not in out


def test_a_competitive_game_keeps_its_ranks() -> None:
    result = arena_cmd("play", "wandering_towers", "greedy", "random", "--seed", "7", "--quiet")
    assert result.returncode == 0, result.stderr
    assert "1. greedy" in result.stdout and "avg rank" in result.stdout
    assert "Castle" not in result.stdout and "Team result" not in result.stdout


def test_replay_verify_says_how_the_team_did_lost_and_won(tmp_path) -> None:
    from arena import replay

    lost_file = tmp_path / "lost.json"
    played_lost = arena_cmd(
        "play", "castle_panic", "random", "random", "--seed", "4", "--quiet",
        "--replay", str(lost_file),
    )  # fmt: skip
    assert played_lost.returncode == 0, played_lost.stderr
    lost = arena_cmd("replay", "verify", str(lost_file))
    assert lost.returncode == 0, lost.stderr
    assert "Castle fell — every tower destroyed · 0 towers standing" in lost.stdout
    assert "rank" not in lost.stdout and "trophy point" in lost.stdout  # 1 point: singular
    won_record = next(r for r in map(played, range(40)) if r.table["won"])
    won_file = tmp_path / "won.json"
    replay.save(won_record.replay(), str(won_file))
    won = arena_cmd("replay", "verify", str(won_file))
    assert won.returncode == 0, won.stderr
    assert "Castle held — all monsters slain" in won.stdout and "rank" not in won.stdout
