"""OpenSkill Plackett–Luce on ranks: pure functions, no database."""

from __future__ import annotations

import pytest

from arena import ratings
from arena.ratings import Skill


def test_the_winner_gains_and_the_loser_loses():
    winner, loser = ratings.rate([Skill(), Skill()], [0, 1])
    assert winner.mu > ratings.DEFAULT_MU > loser.mu
    assert winner.sigma < ratings.DEFAULT_SIGMA and loser.sigma < ratings.DEFAULT_SIGMA


def test_tied_seats_share_a_rank_and_move_together():
    first, tied_a, tied_b = ratings.rate([Skill()] * 3, [0, 1, 1])
    assert tied_a == tied_b
    assert first.mu > tied_a.mu


def test_a_disqualified_seat_ranked_last_loses_most():
    after = ratings.rate([Skill()] * 4, [0, 1, 2, 3])
    assert after[3].mu == min(s.mu for s in after)


def test_display_is_conservative():
    assert Skill().display == pytest.approx(ratings.DEFAULT_MU - 3 * ratings.DEFAULT_SIGMA)


def test_replaying_a_history_equals_rating_match_by_match():
    history = [
        (["a", "b", "c"], [0, 1, 2], [True, False, False], None),
        (["c", "a"], [0, 1], [True, False], None),
        (["b", "c"], [0, 0], [True, True], None),
    ]
    table = ratings.replay(history)
    a, b, c = Skill(), Skill(), Skill()
    a, b, c = ratings.rate([a, b, c], [0, 1, 2])
    c, a = ratings.rate([c, a], [0, 1])
    b, c = ratings.rate([b, c], [0, 0])
    assert table == {"a": (a, 2, 1), "b": (b, 2, 1), "c": (c, 3, 2)}


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        ratings.rate([Skill()], [0])
    with pytest.raises(ValueError):
        ratings.rate([Skill(), Skill()], [0])


def test_a_team_that_lost_together_is_rated_as_a_tie_and_wins_nothing():
    table = ratings.replay([(["a", "b"], [0, 0], [False, False], None)])
    assert table["a"][1:] == (1, 0) and table["b"][1:] == (1, 0)


def test_stored_wins_come_from_the_outcome_not_the_rank(db):
    from webui.ladder.models import seat_wins

    lost = {"outcome": [{"rank": 0, "score": 3, "team_won": False}] * 2}
    assert seat_wins(lost, [0, 0]) == [False, False]
    assert seat_wins({"outcome": [{"rank": 0}, {"rank": 1}]}, [0, 1]) == [True, False]
    assert seat_wins(None, [1, 0]) == [False, True]


def test_a_cooperative_team_rises_together_when_it_beats_the_game():
    team, game = ratings.rate_against_the_game([Skill(), Skill(25, 3)], Skill(), won=True)
    before = [Skill(), Skill(25, 3)]
    assert all(a.mu > b.mu for a, b in zip(team, before, strict=True))
    assert game.mu < Skill().mu
    lost, stronger = ratings.rate_against_the_game([Skill(), Skill()], Skill(), won=False)
    assert all(s.mu < Skill().mu for s in lost) and stronger.mu > Skill().mu


def test_replaying_cooperative_matches_rates_the_game_too():
    horde = ("horde", "castle_panic", 2)
    table = ratings.replay([(["a", "b"], [0, 0], [False, False], horde)])
    team, game = ratings.rate_against_the_game([Skill(), Skill()], Skill(), won=False)
    assert table == {"a": (team[0], 1, 0), "b": (team[1], 1, 0), horde: (game, 1, 1)}
