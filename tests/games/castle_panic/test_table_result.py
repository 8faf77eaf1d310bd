"""Castle Panic reports the towers the team kept (§14), beside the outcome, not inside it:
replays recorded before it did still verify."""

from __future__ import annotations

import arena.games
from arena.bots.castle_panic.greedy import GreedyBot
from arena.games.castle_panic.config import TURN_CAP
from arena.games.castle_panic.rules import CastlePanicState
from arena.games.results import team_result


def finished(seed: int, players: int) -> CastlePanicState:
    """A game played by the greedy bot (random play nearly always loses every tower)."""
    state = arena.games.get("castle_panic").new_state(players, seed, {})
    bot = GreedyBot(seed)
    while not state.is_over():
        state.apply(bot.decide(state, state.to_move(), state.legal_actions()))
    return state


def test_the_towers_standing_are_those_left_at_the_end() -> None:
    seen = set()
    for seed in range(12):
        state = finished(seed, 1 + seed % 4)
        towers = state.table_result()["towers_standing"]
        assert towers == sum(1 for standing in state.towers if standing)
        team_won = any(result.get("team_won") for result in state.outcome())
        assert towers > 0 or not team_won, "a team with no tower left has lost (§14.1)"
        assert "towers_standing" not in state.outcome()[0]
        seen.add(towers)
    assert len(seen) > 1, "games end with different castles"


def test_the_table_result_says_whether_the_team_won_and_why() -> None:
    """The pages read the ending here, not from a rank: a lost team shares rank 0."""
    endings = set()
    for seed in range(12):
        state = finished(seed, 1 + seed % 4)
        table = state.table_result()
        team_won = all(result["team_won"] for result in state.outcome())
        assert table["won"] is team_won
        expected = {"monsters": "monsters_slain", "towers": "castle_fell"}[state.end_reason]
        assert table["ending"] == expected
        assert (table["towers_standing"] == 0) is (expected == "castle_fell")
        endings.add(table["ending"])
    assert endings == {"monsters_slain", "castle_fell"}, "both endings among these games"


def test_a_game_stopped_at_the_turn_cap_is_lost_by_the_cap() -> None:
    state = arena.games.get("castle_panic").new_state(2, 1, {})
    state.turn = TURN_CAP  # the next turn is past the safeguard
    state._begin_turn()
    assert state.table_result()["won"] is False
    assert state.table_result()["ending"] == "turn_cap"
    result = team_result(arena.games.get("castle_panic"), state.outcome(), state.table_result())
    assert result is not None and not result.won
    assert result.headline == f"Castle lost — still under siege after turn {TURN_CAP}"


def test_team_result_words_and_none_for_a_competitive_game() -> None:
    state = finished(3, 2)
    game = arena.games.get("castle_panic")
    result = team_result(game, state.outcome(), state.table_result())
    assert result is not None
    assert result.summary.startswith("Castle fell — every tower destroyed · 0 towers standing")
    assert result.seat_text(0).endswith("trophies)") or result.seat_text(0).endswith("trophy)")
    # A summary stored before endings were recorded: the team's result from team_won.
    old = team_result(game, state.outcome(), {"towers_standing": 0})
    assert old is not None and not old.won and old.headline == "Team lost"
    assert team_result(arena.games.get("wandering_towers"), [{"rank": 0}], {}) is None
