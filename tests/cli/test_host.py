"""`arena host` serves one match to bots that join over TCP with their seat's token."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

BIN = Path(sys.executable).parent
POLITE = Path(__file__).parent.parent / "bots" / "polite.py"


def test_two_remote_bots_join_with_their_tokens_and_play_to_the_end(tmp_path) -> None:
    out = tmp_path / "hosted.json"
    host = subprocess.Popen(
        [
            str(BIN / "arena"),
            "host",
            "wandering_towers",
            "--listen",
            "127.0.0.1:0",
            "--players",
            "2",
            "--seed",
            "4",
            "--wait",
            "60",
            "--replay",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert host.stdout is not None
    lines = [host.stdout.readline() for _ in range(3)]
    address = re.search(r"at (\S+)", lines[0]).group(1)
    tokens = [re.search(r"--token (\S+)", line).group(1) for line in lines[1:]]
    runners = [
        subprocess.Popen(
            [str(BIN / "arena-bot"), "run", str(POLITE), "--server", address, "--token", token],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for token in tokens
    ]
    results = [runner.communicate(timeout=120) for runner in runners]
    rest, err = host.communicate(timeout=120)
    assert host.returncode == 0, err
    assert [r.returncode for r in runners] == [0, 0], [e for _, e in results]
    seats = sorted(json.loads(stdout)["seat"] for stdout, _ in results)
    assert seats == [0, 1]
    assert "all in" in rest and "Result" in rest
    doc = json.loads(out.read_text())
    assert len(doc["actions"]) > 10


def test_a_wrong_token_is_refused_and_the_bot_exits_1() -> None:
    host = subprocess.Popen(
        [
            str(BIN / "arena"),
            "host",
            "wandering_towers",
            "--listen",
            "127.0.0.1:0",
            "--players",
            "2",
            "--wait",
            "5",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert host.stdout is not None
    address = re.search(r"at (\S+)", host.stdout.readline()).group(1)
    bot = subprocess.run(
        [str(BIN / "arena-bot"), "run", str(POLITE), "--server", address, "--token", "nope"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    host.kill()
    host.communicate()
    assert bot.returncode == 1
    assert "token" in bot.stderr.lower()
