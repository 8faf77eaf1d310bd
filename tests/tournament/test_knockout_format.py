"""Knockout by table: the top k of each table advance until one final table decides."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tournament_helpers import random_results, simulate, strongest_wins
from tournament_helpers import settings as make_settings

from arena.tournament import History, next_round, standings
from arena.tournament.tables import table_order


def test_top_two_of_each_four_player_table_advance_to_a_final_table():
    config = make_settings("knockout", table_size=4, advance=2)
    history = simulate(config, 16, strongest_wins)
    sizes = [[len(t.players) for t in r.tables] for r in history.rounds]
    assert sizes == [[4, 4, 4, 4], [4, 4], [4]]
    assert history.rounds[-1].tables[0].slot == "F"
    for before, after in zip(history.rounds, history.rounds[1:], strict=False):
        through = {e for t in before.tables for e in table_order(history, before.number, t)[:2]}
        assert {e for t in after.tables for e in t.players} == through
    assert [row.entrant for row in standings(config, history)[:4]] == [0, 1, 2, 3]


@settings(max_examples=40, deadline=None)
@given(n=st.integers(3, 30), size=st.integers(3, 5), seed=st.integers(0, 1000))
def test_knockout_always_ends_with_one_final_table_and_a_champion(n, size, seed):
    if n < size:
        n = size
    config = make_settings("knockout", table_size=size, advance=1)
    history = simulate(config, n, random_results(random.Random(seed)))
    final = history.rounds[-1]
    assert len(final.tables) == 1 and final.tables[0].slot == "F"
    rows = standings(config, history)
    assert rows[0].stage == "champion"
    assert rows[0].entrant == table_order(history, final.number, final.tables[0])[0]
    assert len({row.entrant for row in rows}) == n


def test_byes_in_a_knockout_go_to_the_best_seeds():
    config = make_settings("knockout", table_size=4, advance=2, min_players=4, max_players=4)
    history = History(entrants=tuple(map(str, range(10))))
    rnd = next_round(config, history)
    assert sorted(rnd.byes) == [0, 1]
    assert [len(t.players) for t in rnd.tables] == [4, 4]


def test_snake_seating_spreads_the_best_seeds_over_the_tables():
    config = make_settings("knockout", table_size=4, advance=2)
    rnd = next_round(config, History(entrants=tuple(map(str, range(16)))))
    tops = [sorted(t.players)[0] for t in rnd.tables]
    assert sorted(tops) == [0, 1, 2, 3]


def test_advance_must_leave_someone_out_of_each_table():
    with pytest.raises(ValueError):
        make_settings("knockout", table_size=3, advance=3)
