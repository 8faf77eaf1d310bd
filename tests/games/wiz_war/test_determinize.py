"""Determinization: a state rebuilt from one seat's view agrees with everything it sees, at
the decision points it supports (the top of the seat's own turn, Specializations off)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_contract import play
from hypothesis import HealthCheck, given, settings

from arena.games.wiz_war import GAME
from arena.games.wiz_war.cards import BESTIAL_SCHOOLS, CARDS, CARDS_OF, FLASH
from arena.games.wiz_war.determinize import supported, visible_cards
from arena.games.wiz_war.rules import WizWarState

from .test_properties import games

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])

HIDDEN_ZONES = ("deck", "box")


def possible(state: WizWarState) -> set[int]:
    """Cards that may be in this game: its own, and any Flash Energy the swap could add."""
    cards = set(state.universe)
    if state.extended_flash:
        cards |= {
            c
            for s in BESTIAL_SCHOOLS
            if s not in state.schools
            for c in CARDS_OF[s]
            if CARDS[c].kind == FLASH
        }
    return cards


def conserved(real: WizWarState, sample: WizWarState, seat: int) -> list[str]:
    """Every card once; what the seat sees lies where it lies; the hidden places hold only
    cards the seat does not see, of this game, in the real numbers."""
    problems = sample.check_invariants()
    seen = visible_cards(real.observe(seat))
    ours, theirs = real.zones(), sample.zones()
    for zone, cards in ours.items():
        hidden = zone in HIDDEN_ZONES or (zone.startswith("hand") and zone != f"hand{seat}")
        if not hidden and sorted(theirs[zone]) != sorted(cards):
            problems.append(f"{zone} changed")
        if hidden and len(theirs[zone]) != len(cards) and zone != "box":
            problems.append(f"{zone} has another size")
        if hidden and set(theirs[zone]) & seen:
            problems.append(f"{zone} holds a card the seat sees")
    if not set(sample.universe) <= possible(real):
        problems.append("a card from outside the game")
    return problems


def check_supported_points(every: int, seed: int) -> Any:
    """Every `every` moves, at a supported point: same view, same legal actions, conserved."""
    rng = random.Random(seed)
    counted = [0]

    def check(state: WizWarState, moves: int) -> None:
        seat = state.to_move()
        if moves % every or seat is None:
            return
        view = state.observe(seat)
        if not supported(view):
            return
        sample = GAME.determinize(view, seat, random.Random(rng.randrange(1 << 30)))
        assert sample.observe(seat) == view, "the view changed"
        # as sets: items on the floor are offered in the order they were dropped, which the
        # view (sorted by card) does not keep
        assert sorted(sample.legal_actions()) == sorted(state.legal_actions())
        assert conserved(state, sample, seat) == []
        counted[0] += 1

    check.counted = counted  # type: ignore[attr-defined]
    return check


@SETTINGS
@given(games())
def test_a_resampled_state_matches_the_seats_view(game: tuple) -> None:
    players, options, seed = game
    check = check_supported_points(5, seed)
    play(GAME, players, options, seed, every_step=check)
    assert check.counted[0] > 0 or options["specializations"]


def test_the_hidden_cards_are_drawn_afresh() -> None:
    """Different generators deal the other hand and the deck differently."""
    state = GAME.new_state(2, 5, {})
    view = state.observe(state.to_move())
    seat = view["seat"]
    deals = {
        (tuple(s.wizards[1 - seat].hand), tuple(s.deck[-5:]))
        for s in (GAME.determinize(view, seat, random.Random(k)) for k in range(6))
    }
    assert len(deals) == 6


def test_the_seats_own_cards_and_every_public_card_stay() -> None:
    state = GAME.new_state(3, 8, {"extended_flash_energy": True})
    rng = random.Random(3)
    done = 0
    for _ in range(400):
        seat = state.to_move()
        view = state.observe(seat)
        if supported(view):
            sample = GAME.determinize(view, seat, rng)
            assert sample.wizards[seat].hand == state.wizards[seat].hand
            assert sample.discard == state.discard and sample.spells.keys() == state.spells.keys()
            assert conserved(state, sample, seat) == []
            done += 1
        state.apply(rng.choice(state.legal_actions()))
    assert done > 10


def test_unsupported_points_are_refused() -> None:
    state = GAME.new_state(2, 1, {"specializations": True})
    view = state.observe(state.to_move())
    assert not supported(view)
    with pytest.raises(ValueError):
        GAME.determinize(view, view["seat"], random.Random(0))
    state = GAME.new_state(2, 1, {})
    other = 1 - state.to_move()
    assert not supported(state.observe(other))
