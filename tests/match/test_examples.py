"""Every example bot plays a clean sandboxed match, as a new bot author would first run it."""

from __future__ import annotations

from pathlib import Path

import pytest
from example_bots import example_bots

import arena.games
from arena import replay
from arena.match.lineup import agents_for
from arena.match.referee import run_match

EXAMPLES = example_bots()
#: A fixed seed key, so that the bots play the same games on every run.
KEY = b"example-bots-play-reproducibly!!"


def test_there_is_an_example_bot_for_every_game() -> None:
    assert {game for game, _ in EXAMPLES} == set(arena.games.names())


@pytest.mark.parametrize(("name", "path"), EXAMPLES, ids=lambda p: str(p).rsplit("examples/")[-1])
def test_an_example_bot_plays_without_strikes_and_beats_random(name: str, path: Path) -> None:
    game = arena.games.get(name)
    players = max(game.min_players, 2)
    ranks = []
    for seed in range(2):
        specs = [str(path), *["random"] * (players - 1)]
        record = run_match(game.name, agents_for(game, specs, key=KEY), seed)
        assert record.seats[0].strikes == [], record.seats[0].stderr
        replay.verify(record.replay())
        ranks.append(record.outcome[0]["rank"])
    assert min(ranks) == 0, "an example should at least sometimes win against random bots"
