"""Every string a bot produces is made storable (no NUL, no lone surrogate, capped) before
it reaches a record, a JSON file or a database; proved with a real sandboxed bot."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from redeal_support import open_folder

from arena import replay
from arena.bots import RandomBot
from arena.match.agents import Agent, AgentError, InProcessAgent
from arena.match.hosted import SandboxedAgent
from arena.match.record import MatchRecord, SeatReport, Strike
from arena.match.referee import TimeControl, run_match
from arena.storable import REPLACEMENT, storable, storable_json

BOTS = Path(__file__).parent.parent / "bots"
GAME = "wandering_towers"


def strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def assert_storable(doc: Any) -> None:
    """What PostgreSQL and a strict JSON reader need: UTF-8 encodable, no NUL anywhere."""
    for text in strings_in(doc):
        text.encode("utf-8")  # a lone surrogate raises here
        assert "\x00" not in text
    strict = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    assert b"\\u0000" not in strict and json.loads(strict) == doc


# --- the function -----------------------------------------------------------------------


def test_nul_and_lone_surrogates_become_the_replacement_character() -> None:
    assert storable("a\x00b") == f"a{REPLACEMENT}b"
    assert storable("x\udcffy\ud800") == f"x{REPLACEMENT}y{REPLACEMENT}"
    assert storable("bytes: " + b"\xff\x00".decode("utf-8", "surrogateescape")) == (
        f"bytes: {REPLACEMENT}{REPLACEMENT}"
    )


def test_a_surrogate_pair_split_in_two_code_points_becomes_its_character() -> None:
    assert storable("\ud83d\ude00") == "\U0001f600"


def test_ordinary_text_is_left_as_it_is() -> None:
    text = "Zürich → 東京, tabs\tand\nnewlines, emoji \U0001f600"
    assert storable(text) == text


def test_long_text_is_cut_to_the_cap_and_says_so() -> None:
    cut = storable("x" * 10_000, 100)
    assert len(cut) == 100 and cut.startswith("x" * 50) and "9,900 more characters cut" in cut


def test_storable_json_cleans_every_string_keys_included() -> None:
    value = {"a\x00": ["ok", {"detail": "b\x00\udc80"}], "n": 3, "f": None}
    assert storable_json(value) == {
        f"a{REPLACEMENT}": ["ok", {"detail": f"b{REPLACEMENT}{REPLACEMENT}"}],
        "n": 3,
        "f": None,
    }


# --- the record cleans what enters it ---------------------------------------------------


def test_a_record_made_from_hostile_text_is_storable() -> None:
    seat = SeatReport(name="evil\x00name\udcff", bot_seed=5)
    seat.strikes.append(Strike(decision=0, reason="error\x00", detail="bot error: \x00" * 400))
    seat.stderr = "junk\x00\udcff" * 50_000
    seat.disqualified_reason = "crash: \x00"
    record = MatchRecord(
        match_id="m",
        game=GAME,
        options={},
        seed=1,
        players=["evil\x00name\udcff", "ok"],
        actions=[],
        outcome=[],
        timings=[],
        seats=[seat, SeatReport(name="ok")],
        time_control={},
        started_at=0.0,
        duration_ms=0.0,
        arena_version="0",
    )
    doc = record.to_dict()
    assert_storable(doc)
    assert doc["players"][0] == f"evil{REPLACEMENT}name{REPLACEMENT}"
    assert len(doc["seats"][0]["strikes"][0]["detail"]) <= 500
    assert len(doc["seats"][0]["stderr"]) <= 80_000


class NulErrors(Agent):
    """An in-process agent whose every failure message is full of NUL bytes."""

    name = "nul\x00agent"

    def decide(self, request, timeout):
        raise AgentError("no\x00pe \udcff")

    def stderr(self) -> str:
        return "stderr\x00\udc80"


def test_a_match_against_an_agent_failing_with_nul_text_records_storable_text() -> None:
    agents = [NulErrors(), InProcessAgent(RandomBot(seed=1), name="random")]
    record = run_match(GAME, agents, seed=3)
    assert record.seats[0].disqualified
    assert_storable(record.to_dict())
    assert record.seats[0].strikes[0].detail == f"no{REPLACEMENT}pe {REPLACEMENT}"


# --- a real sandboxed bot ---------------------------------------------------------------


@pytest.fixture
def bot_dir(sandbox_required: None) -> Iterator[Path]:
    with open_folder() as folder:
        yield folder


def test_a_sandboxed_bot_writing_nul_and_invalid_utf8_gets_a_valid_record(
    bot_dir: Path, tmp_path: Path
) -> None:
    bot = bot_dir / "nul_writer.py"
    bot.write_bytes((BOTS / "nul_writer.py").read_bytes())
    bot.chmod(0o644)
    agents: list[Agent] = [
        SandboxedAgent(bot, game=GAME, seat=0),
        InProcessAgent(RandomBot(seed=2), name="random"),
    ]
    record = run_match(GAME, agents, seed=9, time_control=TimeControl(2.0, 10.0))
    seat = record.seats[0]
    assert seat.disqualified and {s.reason for s in seat.strikes} == {"error"}
    assert "nul:" in seat.stderr and REPLACEMENT in seat.stderr
    # The bot's own message is kept in its stderr (private), storable; the detail is public.
    assert f"bad{REPLACEMENT}byte" in seat.stderr
    assert "bad" not in seat.strikes[0].detail
    doc = record.to_dict()
    assert_storable(doc)
    # The JSON files written for record and replay stay valid and re-simulate.
    replay.save(record.replay(), tmp_path / "game.replay.json")
    replay.verify(replay.load(tmp_path / "game.replay.json"))
    (tmp_path / "game.record.json").write_text(json.dumps(doc), encoding="utf-8")
    assert_storable(json.loads((tmp_path / "game.record.json").read_text(encoding="utf-8")))
