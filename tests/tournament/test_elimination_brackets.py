"""Single and double elimination: seeding, byes, the losers' bracket and the grand final."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from tournament_helpers import random_results, simulate, strongest_wins
from tournament_helpers import settings as make_settings

from arena.tournament import GameResult, History, next_round, standings
from arena.tournament.bracket import to_text
from arena.tournament.elimination import BYE, champion, resolve, seeding
from arena.tournament.tables import table_order


def losses(history: History) -> Counter[int]:
    lost: Counter[int] = Counter()
    for rnd in history.rounds:
        for table in rnd.tables:
            lost[table_order(history, rnd.number, table)[1]] += 1
    return lost


def test_seeding_meets_the_top_two_only_in_the_final_and_the_first_the_last():
    assert seeding(8) == [0, 7, 3, 4, 1, 6, 2, 5]
    order = seeding(16)
    assert order[:2] == [0, 15]
    assert 0 in order[:8] and 1 in order[8:]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 20), seed=st.integers(0, 1000))
def test_single_elimination_plays_n_minus_1_matches_and_only_the_champion_never_loses(n, seed):
    config = make_settings("single-elim", games_per_pairing=1)
    history = simulate(config, n, random_results(random.Random(seed)))
    tables = [t for r in history.rounds for t in r.tables]
    assert len(tables) == n - 1
    lost = losses(history)
    top = champion(config, history)
    assert lost[top] == 0
    assert all(lost[e] == 1 for e in range(n) if e != top)
    assert standings(config, history)[0].entrant == top


@settings(max_examples=40, deadline=None)
@given(n=st.integers(3, 20))
def test_byes_in_an_elimination_go_to_the_top_seeds(n):
    config = make_settings("single-elim")
    _, states = resolve(config, History(entrants=tuple(map(str, range(n)))))
    walkovers = sorted(s.winner for name, s in states.items() if s.status == "walkover")
    size = 1 << (n - 1).bit_length()
    assert walkovers == list(range(size - n))


def test_the_strongest_seed_wins_a_single_elimination_bracket_through_every_round():
    config = make_settings("single-elim", games_per_pairing=2)
    history = simulate(config, 8, strongest_wins)
    assert len(history.rounds) == 3
    assert [len(r.tables) for r in history.rounds] == [4, 2, 1]
    assert history.rounds[-1].tables[0].players in ((0, 1), (1, 0))
    assert champion(config, history) == 0


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 20), seed=st.integers(0, 1000))
def test_double_elimination_knocks_out_after_two_losses_with_a_grand_final_and_reset(n, seed):
    config = make_settings("double-elim")
    history = simulate(config, n, random_results(random.Random(seed)))
    lost = losses(history)
    top = champion(config, history)
    slots = {t.slot: (r.number, t) for r in history.rounds for t in r.tables}
    assert "GF" in slots
    _, states = resolve(config, history)
    reset = "GF2" in slots
    # The reset is played exactly when the losers' bracket champion wins the first final.
    assert reset == (states["GF"].winner == states["GF"].players[1])
    assert lost[top] <= 1
    assert all(lost[e] == 2 for e in range(n) if e != top), "someone left with fewer than 2 losses"
    games = sum(len(r.tables) for r in history.rounds)
    assert games == 2 * n - 2 + reset
    # Nobody plays again after a second loss.
    seen: Counter[int] = Counter()
    for rnd in history.rounds:
        for table in rnd.tables:
            assert all(seen[p] < 2 for p in table.players)
        for table in rnd.tables:
            seen[table_order(history, rnd.number, table)[1]] += 1


def test_grand_final_reset_happens_only_when_the_losers_bracket_champion_wins():
    config = make_settings("double-elim")
    history = simulate(config, 8, strongest_wins)
    assert "GF2" not in {t.slot for r in history.rounds for t in r.tables}

    # Entrant 1 wins every game except the winners' final, which 0 wins: 1 comes back
    # through the losers' bracket and wins the first grand final, so a reset is played.
    def decide(rnd, table, seats):
        best = 0 if table.slot == "W3-1" else 1
        order = sorted(seats, key=lambda e: (e != best, e))
        return [order.index(e) for e in seats]

    history = History(entrants=tuple(map(str, range(8))))
    while (rnd := next_round(config, history)) is not None:
        history.rounds.append(rnd)
        for table in rnd.tables:
            for index, spec in enumerate(table.games):
                ranks = tuple(decide(rnd, table, spec.seats))
                history.results[(rnd.number, table.number, index)] = GameResult(ranks)
    slots = [t.slot for r in history.rounds for t in r.tables]
    assert slots[-2:] == ["GF", "GF2"]
    assert champion(config, history) == 1
    assert standings(config, history)[1].entrant == 0


def test_losers_bracket_takes_every_winners_bracket_loser():
    config = make_settings("double-elim")
    history = simulate(config, 8, random_results(random.Random(4)))
    wb_losers = set()
    lb_players = set()
    for rnd in history.rounds:
        for table in rnd.tables:
            if table.slot.startswith("W"):
                wb_losers.add(table_order(history, rnd.number, table)[1])
            if table.slot.startswith("L"):
                lb_players.update(table.players)
    assert wb_losers <= lb_players | {BYE}


def test_brackets_are_drawn_as_text_with_the_winner_marked():
    config = make_settings("double-elim")
    history = simulate(config, 4, strongest_wins)
    text = to_text(config, history)
    assert "Winners' bracket" in text and "Losers' bracket" in text and "Grand final" in text
    assert "▸bot0" in text
