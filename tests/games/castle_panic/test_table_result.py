"""Castle Panic reports the towers the team kept (§14), beside the outcome, not inside it:
replays recorded before it did still verify."""

from __future__ import annotations

import arena.games
from arena.games.castle_panic.bots import GreedyBot
from arena.games.castle_panic.rules import CastlePanicState


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
