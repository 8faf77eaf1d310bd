"""Determinization: a state resampled from one seat's view agrees with everything it sees."""

from __future__ import annotations

import random

from engine_contract import determinization_consistent, play
from hypothesis import given

from arena.games.wandering_towers.rules import WanderingTowersState

from .helpers import GAME
from .test_properties import SETTINGS, games


def conserved(real: WanderingTowersState, sample: WanderingTowersState, seat: int) -> list[str]:
    """The 90 cards once each; the seat's own hand and the discard pile untouched; every
    card another seat holds is one `seat` cannot see."""
    problems = sample.check_invariants()
    seen = set(real.hands[seat]) | set(real.discard)
    for p, hand in enumerate(sample.hands):
        if p != seat and seen & set(hand):
            problems.append(f"seat {p} holds a card seat {seat} sees elsewhere")
    if sample.hands[seat] != real.hands[seat] or sample.discard != real.discard:
        problems.append("a card the seat sees moved")
    if len(sample.draw_pile) != len(real.draw_pile):
        problems.append("draw pile size changed")
    return problems


@SETTINGS
@given(games())
def test_a_resampled_state_matches_the_seats_view(game: tuple) -> None:
    play(GAME, *game, every_step=determinization_consistent(GAME, 9, game[2], conserved))


def test_the_hidden_cards_are_drawn_afresh() -> None:
    """Different generators deal the other hand and the draw pile differently."""
    state = GAME.new_state(2, 5)
    view = state.observe(0)
    samples = {
        (tuple(s.hands[1]), tuple(s.draw_pile[-5:]))
        for s in (GAME.determinize(view, 0, random.Random(k)) for k in range(6))
    }
    assert len(samples) == 6


def test_hidden_prisoners_are_scattered_over_the_hidden_places() -> None:
    state = GAME.new_state(3, 2, {"hide_prisoners": True})
    rng = random.Random(0)
    while sum(p["wizards_imprisoned"] for p in state.observe(0)["players"]) < 3:
        state.apply(rng.choice(state.legal_actions()))
    view = state.observe(0)
    layouts = set()
    for k in range(12):
        sample = GAME.determinize(view, 0, random.Random(k))
        layouts.add(tuple(sample.wizard_space))
    assert len(layouts) > 1


def test_a_card_seen_in_a_team_exchange_stays_with_the_partner() -> None:
    state = GAME.new_state(4, 11, {"teams": True})
    rng = random.Random(0)
    while not any(c.startswith("return_card") for c in state.legal_actions()):
        legal = state.legal_actions()
        asks = [c for c in legal if c.startswith(("request_card", "give_card"))]
        state.apply(asks[0] if asks else rng.choice(legal))
    active = state.active
    state.apply(next(c for c in state.legal_actions() if c.startswith("return_card")))
    returned = state.exchange_returned
    partner = state.partner[active]
    for k in range(8):
        sample = GAME.determinize(state.observe(active), active, random.Random(k))
        assert returned in sample.hands[partner]
