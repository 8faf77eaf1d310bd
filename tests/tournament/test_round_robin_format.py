"""Round robin: every group meets once a cycle, and every entrant sits in every seat equally."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from tournament_helpers import random_results, simulate
from tournament_helpers import settings as make_settings


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 8), size=st.integers(2, 4), k=st.integers(1, 2))
def test_round_robin_meets_every_group_once_with_every_seat_equally_often(n, size, k):
    if size > n:
        size = n
    config = make_settings("round-robin", table_size=size, games_per_pairing=k)
    history = simulate(config, n, random_results(random.Random(n)))
    assert len(history.rounds) == 1
    groups = [frozenset(t.players) for t in history.rounds[0].tables]
    assert sorted(map(sorted, groups)) == sorted(map(list, itertools.combinations(range(n), size)))
    seats = Counter((e, s) for _, _, _, spec in history.games() for s, e in enumerate(spec.seats))
    per_entrant = math.comb(n - 1, size - 1) * k
    assert set(seats.values()) == {per_entrant}, "seats are not balanced"


def test_permutation_seating_plays_every_order_of_every_table():
    config = make_settings("round-robin", table_size=3, seating="permutations")
    history = simulate(config, 4, random_results(random.Random(0)))
    for table in history.rounds[0].tables:
        assert sorted(g.seats for g in table.games) == sorted(itertools.permutations(table.players))


def test_each_cycle_is_a_round_with_fresh_seeds():
    config = make_settings("round-robin", table_size=2, rounds=2)
    history = simulate(config, 4, random_results(random.Random(0)))
    assert len(history.rounds) == 2
    first = {g.seed for t in history.rounds[0].tables for g in t.games}
    second = {g.seed for t in history.rounds[1].tables for g in t.games}
    assert not first & second


def test_duplicate_round_robin_plays_one_deal_at_every_table_and_every_rotation():
    config = make_settings("round-robin", table_size=3, games_per_pairing=2, duplicate=True)
    history = simulate(config, 5, random_results(random.Random(0)))
    deals = Counter(g.seed for t in history.rounds[0].tables for g in t.games)
    assert len(deals) == 2, "duplicate uses the same deals at every table"
    for table in history.rounds[0].tables:
        for seed in deals:
            seatings = [g.seats for g in table.games if g.seed == seed]
            assert sorted(s[0] for s in seatings) == sorted(table.players)
