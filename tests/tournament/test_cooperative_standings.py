"""A cooperative table counts as a win for every seat only when the team won (issue 36): a
lost Castle Panic table, whose seats share rank 0, is no win for anyone."""

from __future__ import annotations

from tournament_helpers import settings as make_settings

import arena.games
from arena.bots.castle_panic.greedy import GreedyBot
from arena.tournament import GameResult, GameSpec, History, Round, Table, standings


def outcome(seed: int) -> list[dict]:
    """A 2-player Castle Panic game's outcome, played by the greedy rules on the full state."""
    state = arena.games.get("castle_panic").new_state(2, seed, {})
    bot = GreedyBot(seed)
    while not state.is_over():
        state.apply(bot.decide(state, state.to_move(), state.legal_actions()))
    return state.outcome()


def wins_after(result: list[dict]) -> list[int]:
    history = History(entrants=("a", "b"))
    table = Table(1, (0, 1), (GameSpec(1, (0, 1)),))
    history.rounds.append(Round(1, (table,)))
    history.results[(1, 1, 0)] = GameResult.from_outcome(result)
    rows = standings(make_settings("swiss"), history)
    return [row.wins for row in sorted(rows, key=lambda r: r.entrant)]


def test_a_lost_table_is_no_win_and_a_won_one_a_win_for_every_seat() -> None:
    lost = outcome(3)  # the castle fell: both seats share rank 0
    assert [r["rank"] for r in lost] == [0, 0] and not lost[0]["team_won"]
    assert wins_after(lost) == [0, 0]
    won = outcome(0)  # the castle held: ranked by trophy points inside the win
    assert won[0]["team_won"] and sorted(r["rank"] for r in won) == [0, 1]
    assert wins_after(won) == [1, 1]


def test_competitive_results_keep_rank_zero_as_the_win() -> None:
    result = [{"rank": 1, "score": 3}, {"rank": 0, "score": 9}]
    assert wins_after(result) == [0, 1]


def standings_after(result: list[dict]) -> list:
    history = History(entrants=("a", "b"))
    table = Table(1, (0, 1), (GameSpec(1, (0, 1)),))
    history.rounds.append(Round(1, (table,)))
    history.results[(1, 1, 0)] = GameResult.from_outcome(result)
    return sorted(standings(make_settings("swiss"), history), key=lambda r: r.entrant)


def test_a_lost_table_gives_no_points_and_no_place_a_won_one_a_point_each() -> None:
    lost = standings_after(outcome(3))
    assert [r.points for r in lost] == [0.0, 0.0], "not half a point each, as for a draw"
    assert [r.average_rank for r in lost] == [None, None], "nobody placed first at a loss"
    won = outcome(0)
    rows = standings_after(won)
    assert [r.points for r in rows] == [1.0, 1.0], "the team's win, for every seat"
    assert [r.average_rank for r in rows] == [s["rank"] + 1 for s in won], "places by trophies"
