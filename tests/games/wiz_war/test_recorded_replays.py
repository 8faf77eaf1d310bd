"""Games recorded by an earlier engine replay to the same outcome, showing the same frames."""

from __future__ import annotations

from typing import Any

import pytest

from arena import replay

from .recorded import frames, load

DOCS = load()


def _name(doc: dict[str, Any]) -> str:
    options = ",".join(f"{k}={v}" for k, v in sorted(doc["options"].items()))
    return f"{len(doc['players'])}p-seed{doc['seed']}-{options or 'defaults'}"


def test_the_recordings_cover_every_table_size_and_option() -> None:
    assert {len(d["players"]) for d in DOCS} == {2, 3, 4}
    used = {k for d in DOCS for k in d["options"]}
    assert used >= {"schools", "black_cantrip", "extended_flash_energy", "specializations"}
    assert used >= {"more_summons", "round_limit"}


@pytest.mark.parametrize("doc", DOCS, ids=_name)
def test_a_recorded_game_reproduces_its_outcome_and_every_frame(doc: dict[str, Any]) -> None:
    replay.verify(doc)
    assert list(frames(doc)) == doc["frames"]
