"""A bot's random seed is a keyed hash of (match id, seat): it tells the bot nothing about
the match seed. Proved with a real sandboxed bot that bundles the public engine and tries
to re-deal the game from everything it receives."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from redeal_support import GAME, hidden_deal, open_folder, report_of, write_redealer

import arena.bots
import arena.games
from arena.match import seeds
from arena.match.agents import Agent, InProcessAgent
from arena.match.hosted import SandboxedAgent
from arena.match.lineup import agents_for
from arena.match.referee import TimeControl, run_match

KEY = b"k" * 32
#: Room for the bot's few thousand trial deals on a busy machine.
ROOMY = TimeControl(per_decision=5.0, bank=20.0)


@pytest.fixture
def bot_dir(sandbox_required: None) -> Iterator[Path]:
    """A folder for the bot that the sandbox's uid can read; skips without a sandbox."""
    with open_folder() as folder:
        yield folder


# --- the derivation ---------------------------------------------------------------------


def test_the_same_key_match_and_seat_give_the_same_seed() -> None:
    assert seeds.bot_seed(KEY, "match/7", 1) == seeds.bot_seed(bytes(KEY), "match/7", 1)


def test_any_change_of_key_match_or_seat_gives_another_seed() -> None:
    base = seeds.bot_seed(KEY, "match/7", 1)
    others = {
        seeds.bot_seed(b"K" + KEY[1:], "match/7", 1),
        seeds.bot_seed(KEY, "match/8", 1),
        seeds.bot_seed(KEY, "match/7", 0),
        seeds.bot_seed(KEY, "match/7", 2),
        seeds.bot_seed(KEY, "match/71", 1),
        seeds.bot_seed(KEY, "", 1),
    }
    assert base not in others and len(others) == 6


def test_a_bot_seed_fits_63_bits_and_ignores_nothing_of_its_framing() -> None:
    # "a", seat 12 and "a1", seat 2 must not collide: the parts are framed, not concatenated.
    assert seeds.bot_seed(KEY, "a", 12) != seeds.bot_seed(KEY, "a1", 2)
    values = [seeds.bot_seed(KEY, str(i), 0) for i in range(200)]
    assert all(0 <= v < 2**63 for v in values) and max(values) > 2**60


def test_a_missing_or_short_key_is_refused() -> None:
    for key in (b"", b"short", "a string key"):
        with pytest.raises(ValueError, match="seed key"):
            seeds.bot_seed(key, "m", 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="empty"):
        seeds.key_from_secret("")


def test_the_platform_key_depends_on_the_secret_and_differs_from_the_secret() -> None:
    key = seeds.key_from_secret("django-secret")
    assert len(key) == 32 and key == seeds.key_from_secret(b"django-secret")
    assert key != seeds.key_from_secret("django-secret2")
    assert key != seeds.key_from_secret("django-secret", purpose="sessions")
    assert b"django-secret" not in key


def test_public_match_ids_are_opaque_and_of_one_shape() -> None:
    ids = [seeds.public_match_id(KEY, m) for m in ("match/1", "match/2", "validation/1/ab")]
    assert all(re.fullmatch(r"[0-9a-f]{24}", i) for i in ids)
    assert len(set(ids)) == 3
    assert seeds.public_match_id(KEY, "match/1") == ids[0]


def test_match_seeds_are_unpredictable_63_bit_numbers() -> None:
    drawn = {seeds.new_match_seed() for _ in range(100)}
    assert len(drawn) == 100 and all(0 <= s < 2**63 for s in drawn)
    assert max(drawn) > 2**60, "a seed a bot could search by brute force is too small"


# --- what the record keeps and what the bots are told -----------------------------------


class Listener(Agent):
    """An in-process agent that keeps every header and event it is given."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.bot_seed = inner.bot_seed
        self.heard: list[Any] = []

    def start(self, header: dict[str, Any]) -> None:
        self.heard.append(header)
        self.inner.start(header)

    def decide(self, request, timeout):
        self.heard.append(request.view)
        return self.inner.decide(request, timeout)

    def event(self, event):
        self.heard.append(event)

    def end(self, result):
        self.heard.append(result)


def test_the_record_keeps_each_bots_seed_and_no_bot_hears_any_seed() -> None:
    game = arena.games.get(GAME)
    match_seed = seeds.new_match_seed()
    agents = [Listener(a) for a in agents_for(game, ["random", "greedy"], key=KEY)]
    record = run_match(GAME, agents, match_seed, match_id="m")
    assert [s.bot_seed for s in record.seats] == [seeds.bot_seed(KEY, "", i) for i in range(2)]
    assert record.to_dict()["seats"][1]["bot_seed"] == seeds.bot_seed(KEY, "", 1)
    for agent in agents:
        said = repr(agent.heard)
        assert str(match_seed) not in said
        assert all(str(s.bot_seed) not in said for s in record.seats)
        assert "seed" not in agent.heard[0]


def test_local_matches_draw_a_fresh_key_each_time() -> None:
    game = arena.games.get(GAME)
    first = agents_for(game, ["random", "random"])
    second = agents_for(game, ["random", "random"])
    assert {a.bot_seed for a in first}.isdisjoint({a.bot_seed for a in second})


# --- a real hostile bot tries to re-deal the game ----------------------------------------


def _play_redealer(bot: Agent, match_seed: int, match_id: str = "") -> dict[str, Any]:
    agents = [bot, InProcessAgent(arena.bots.get(GAME)["random"](seed=1), name="random")]
    record = run_match(GAME, agents, match_seed, time_control=ROOMY, match_id=match_id)
    report = report_of(record.seats[0].stderr)
    assert report["engine"], "the bot must have the public engine, or its failure proves nothing"
    report["hidden"] = hidden_deal(2, match_seed, record.options, seat=0)
    return report


def test_the_redealer_reads_every_hand_when_its_seed_comes_from_the_match_seed(
    bot_dir: Path,
) -> None:
    """The control: with the old derivation (match seed * 1009 + seat) the bot wins."""
    match_seed = seeds.new_match_seed()
    bot = SandboxedAgent(write_redealer(bot_dir), game=GAME, seat=0, seed=match_seed * 1009)
    report = _play_redealer(bot, match_seed)
    assert match_seed in report["matched"]
    assert report["hidden"] in report["predictions"]


def test_a_bot_cannot_re_deal_the_game_from_what_it_receives(bot_dir: Path) -> None:
    game = arena.games.get(GAME)
    match_seed = seeds.new_match_seed()
    (bot,) = agents_for(game, [str(write_redealer(bot_dir))])
    report = _play_redealer(bot, match_seed, match_id="match-of-a-local-run")
    assert report["tried"] > 20_000
    assert match_seed not in report["matched"]
    hidden = report["hidden"]
    for guess in [report["guess"], *report["predictions"]]:
        assert guess["hands"]["1"] != hidden["hands"]["1"], "the opponent's hand was predicted"
        assert guess["draw_top"] != hidden["draw_top"], "the next draws were predicted"
