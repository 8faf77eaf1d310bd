"""The bound a platform budgets tournaments by: no tournament plays more games than
`most_games` said before it started, whatever the results (and ties) turn out to be."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tournament_helpers import random_results, simulate
from tournament_helpers import settings as make_settings

from arena.tournament import FORMATS, most_games


@st.composite
def tournaments(draw):
    format = draw(st.sampled_from(FORMATS))
    two_player = format in ("single-elim", "double-elim")
    table_size = 2 if two_player else draw(st.integers(2, 4))
    values = {
        "table_size": table_size,
        "games_per_pairing": draw(st.integers(1, 3)),
        "duplicate": draw(st.booleans()),
        "rounds": draw(st.integers(1, 4)),
        "seed": draw(st.integers(0, 1000)),
    }
    if format == "knockout":
        values["advance"] = draw(st.integers(0, table_size - 1))
    if format == "round-robin":
        values["seating"] = draw(st.sampled_from(["rotations", "permutations"]))
    entrants = draw(st.integers(table_size, 9))
    return make_settings(format, **values), entrants, draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(tournaments(), st.integers(0, 2**32))
def test_no_tournament_plays_more_games_than_its_bound(tournament, seed) -> None:
    config, entrants, ties = tournament
    history = simulate(config, entrants, random_results(random.Random(seed), ties=ties))
    played = sum(1 for _ in history.games())
    assert 0 < played <= most_games(config, entrants), (config, entrants)


def test_the_bound_is_exact_for_a_round_robin() -> None:
    config = make_settings("round-robin", table_size=2, rounds=50, games_per_pairing=1)
    history = simulate(config, 20, random_results(random.Random(1)))
    assert sum(1 for _ in history.games()) == most_games(config, 20) == 50 * 190 * 2
