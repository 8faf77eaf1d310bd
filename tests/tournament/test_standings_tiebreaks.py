"""Standings come from results alone, ordered by points, Buchholz, average rank, head-to-head."""

from __future__ import annotations

import pytest
from tournament_helpers import settings as make_settings

from arena.tournament import GameResult, GameSpec, History, Round, Table, standings, tie_breaks
from arena.tournament.scoring import game_points


def history_of(entrants: int, games: list[tuple[tuple[int, ...], tuple[int, ...] | None]], byes=()):
    """One round per game: (seats, ranks or None for void)."""
    history = History(entrants=tuple(f"e{i}" for i in range(entrants)))
    for number, (seats, ranks) in enumerate(games, 1):
        table = Table(1, seats, (GameSpec(number, seats),))
        history.rounds.append(Round(number, (table,), byes=tuple(byes), bye_points=1.0))
        history.results[(number, 1, 0)] = GameResult(ranks) if ranks else GameResult.void()
    return history


SWISS = make_settings("swiss")


def test_points_are_the_share_of_opponents_beaten_with_ties_shared():
    assert game_points([0, 1]) == [1.0, 0.0]
    assert game_points([0, 0]) == [0.5, 0.5]
    assert game_points([0, 1, 2, 3]) == pytest.approx([1, 2 / 3, 1 / 3, 0])
    assert game_points([0, 0, 1]) == pytest.approx([0.75, 0.75, 0])


def test_more_points_rank_first():
    rows = standings(SWISS, history_of(3, [((0, 1), (1, 0)), ((1, 2), (0, 1))]))
    assert rows[0].entrant == 1
    assert rows[0].points == 2


def test_buchholz_breaks_a_tie_on_points():
    # 0 beat 2 (who also beat 4); 1 beat 3 (who won nothing): 0 and 1 have 1 point each,
    # but 0's opponent scored 1 and 1's opponent 0.
    games = [((0, 2), (0, 1)), ((1, 3), (0, 1)), ((2, 4), (0, 1))]
    rows = {r.entrant: r for r in standings(SWISS, history_of(5, games))}
    assert rows[0].points == rows[1].points == 1
    assert rows[0].average_rank == rows[1].average_rank
    assert (rows[0].buchholz, rows[1].buchholz) == (1, 0)
    assert rows[0].place < rows[1].place


def test_average_rank_breaks_a_tie_on_points_and_buchholz():
    # 2 is last behind two who tied first (0 points, 2nd place); 5 is last of three (0 points,
    # 3rd place). Their opponents average 0.75 points either way.
    games = [((0, 1, 2), (0, 0, 1)), ((3, 4, 5), (0, 1, 2))]
    rows = {r.entrant: r for r in standings(SWISS, history_of(6, games))}
    assert rows[2].points == rows[5].points == 0
    assert rows[2].buchholz == pytest.approx(rows[5].buchholz)
    assert (rows[2].average_rank, rows[5].average_rank) == (2, 3)
    assert rows[2].place < rows[5].place


def test_head_to_head_breaks_a_tie_that_points_buchholz_and_rank_leave():
    # 0 beat 1; 1 beat 2; 3 beat 0; 2 beat 4. 0 and 1: 1 point, Buchholz 2, average rank 1.5.
    games = [((0, 1), (0, 1)), ((1, 2), (0, 1)), ((3, 0), (0, 1)), ((2, 4), (0, 1))]
    rows = {r.entrant: r for r in standings(SWISS, history_of(5, games))}
    assert rows[0].points == rows[1].points == 1
    assert rows[0].buchholz == rows[1].buchholz == 2
    assert rows[0].average_rank == rows[1].average_rank == 1.5
    assert (rows[0].head_to_head, rows[1].head_to_head) == (1, 0)
    assert rows[0].place < rows[1].place
    assert rows[3].head_to_head is None, "head-to-head is only computed for entrants still tied"


def test_entrants_equal_on_every_tie_break_share_a_place():
    # A circle: 0 beat 1, 1 beat 2, 2 beat 3, 3 beat 0 — equal on everything.
    games = [((0, 1), (0, 1)), ((1, 2), (0, 1)), ((2, 3), (0, 1)), ((3, 0), (0, 1))]
    rows = standings(SWISS, history_of(4, games))
    assert {r.place for r in rows} == {1}


def test_a_void_game_counts_for_nobody_and_a_disqualified_seat_as_a_loss():
    history = history_of(2, [((0, 1), None), ((0, 1), (0, 1))])
    rows = {r.entrant: r for r in standings(SWISS, history)}
    assert rows[0].games == rows[1].games == 1
    assert rows[0].points == 1 and rows[1].points == 0


def test_standings_name_their_tie_breaks_in_order():
    assert tie_breaks(SWISS) == ("points", "Buchholz", "average rank", "head-to-head")
    assert tie_breaks(make_settings("double-elim"))[0] == "stage reached"


def test_standings_recompute_identically_from_the_same_results():
    games = [((0, 1, 2), (0, 1, 2)), ((2, 1, 0), (0, 2, 1))]
    one = [r.to_json() for r in standings(SWISS, history_of(3, games))]
    two = [r.to_json() for r in standings(SWISS, history_of(3, games))]
    assert one == two
