"""Random play with every option and player count: properties that must always hold."""

from __future__ import annotations

import copy
import random
from typing import Any

from engine_contract import (
    assert_replay_reproduces,
    illegal_codes_refused,
    offered_actions_apply,
    play,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.games.wiz_war import GAME, effects
from arena.games.wiz_war.cards import BESTIAL_SCHOOLS
from arena.games.wiz_war.config import SCHOOL_CHOICES
from arena.games.wiz_war.effects.declaring import _cast_profile, _probe_now
from arena.games.wiz_war.records import MOVE_AND_CAST
from arena.games.wiz_war.rules import WizWarState

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> tuple[int, dict[str, Any], int]:
    """Players, options (any valid combination, short games) and a seed."""
    schools = draw(st.sampled_from(["random", *SCHOOL_CHOICES]))
    options: dict[str, Any] = {
        "schools": schools,
        "round_limit": draw(st.sampled_from([5, 10])),
        "extended_flash_energy": draw(st.booleans()),
        "specializations": draw(st.booleans()),
        "black_cantrip": draw(st.booleans()),
    }
    if schools != "random":
        free = [s for s in BESTIAL_SCHOOLS if s not in schools.split(",")]
        extra = draw(st.lists(st.sampled_from(free), unique=True, max_size=2)) if free else []
        options["more_summons"] = ",".join(sorted(extra)) or "none"
    return draw(st.integers(2, 4)), options, draw(st.integers(0, 2**32 - 1))


@SETTINGS
@given(games())
def test_random_play_ends_and_keeps_every_invariant(game: tuple) -> None:
    def check(state: WizWarState, step: int) -> None:
        assert state.check_invariants() == []
        assert state.to_move() is not None and state.round <= state.round_limit

    state, _ = play(GAME, *game, every_step=check)
    assert state.check_invariants() == [] and state.to_move() is None
    assert min(r["rank"] for r in state.outcome()) == 0


@SETTINGS
@given(games())
def test_every_offered_action_applies_without_error(game: tuple) -> None:
    play(GAME, *game, every_step=offered_actions_apply(every=9))


@SETTINGS
@given(games())
def test_illegal_codes_are_refused_and_leave_the_state_unchanged(game: tuple) -> None:
    bad = {"bogus", "", "step:x", "cast:card=9999", "target:r10c1", "draw:n=99"}
    play(GAME, *game, every_step=illegal_codes_refused(11, bad, seed=game[2]))


def _shuffle_hidden(state: WizWarState, seat: int, seed: int) -> WizWarState:
    """A copy where everything `seat` may not know is dealt differently."""
    other = state.clone()
    rng = random.Random(seed)
    hands = [p for p in range(other.num_players) if p != seat]
    pool = other.deck + [c for p in hands for c in other.wizards[p].hand]
    rng.shuffle(pool)
    for p in hands:
        size = len(other.wizards[p].hand)
        other.wizards[p].hand = [pool.pop() for _ in range(size)]
    other.deck = pool
    for w in other.wizards:
        if w.seat != seat:
            rng.shuffle(w.spec_deck)
    for spell in {o.card for o in other.objects.values() if o.kind == "booby" and o.owner != seat}:
        tokens = [o for o in other.objects.values() if o.card == spell]
        lives = [o.live for o in tokens]
        rng.shuffle(lives)
        for o, live in zip(tokens, lives, strict=True):
            o.live = live
    other._legal = None
    return other


@SETTINGS
@given(games())
def test_observations_never_show_other_hands_or_the_deck_order(game: tuple) -> None:
    def compare(state: WizWarState, step: int) -> None:
        if step % 7:
            return
        seat = state.to_move()
        top = state.frames[-1] if state.frames else {}
        if top.get("kind") == "choice" and top.get("secret"):
            return  # the chooser legitimately sees the cards of his secret choice
        other = _shuffle_hidden(state, seat, step)
        assert other.observe(seat) == state.observe(seat)
        assert other.spectate() == state.spectate()

    play(GAME, *game, every_step=compare)


@SETTINGS
@given(games())
def test_secret_choices_reach_other_seats_masked(game: tuple) -> None:
    def check(state: WizWarState, step: int) -> None:
        decider = state.to_move()
        for code in state.legal_actions():
            head = code.partition(":")[0]
            for seat in range(state.num_players):
                public, label = state.public_action(code, seat)
                if head in ("keep", "take", "bottom", "live") and seat != decider:
                    assert public == head and not any(ch.isdigit() for ch in public)
                    assert "card=" not in label
                elif seat == decider:
                    assert public == code

    play(GAME, *game, every_step=check)


@settings(max_examples=10, deadline=None)
@given(games())
def test_replaying_the_seed_and_actions_reproduces_the_game(game: tuple) -> None:
    assert_replay_reproduces(GAME, *game)


@given(games())
@SETTINGS
def test_a_hand_asked_at_once_is_castable_as_each_card_asked_alone(game: tuple) -> None:
    """`castable` asks whether the actor may attack once per hand, not per card: asking
    for the whole hand must give what asking card by card, from a fresh memo, gives."""
    players, options, seed = game
    state = WizWarState(players, seed, options)
    rng = random.Random(seed)
    while not state.is_over():
        if not state.frames and state.phase == MOVE_AND_CAST and not state.activation:
            seat = state.active
            hand = list(state.wizards[seat].hand)
            whole = effects.castable(state, seat, f"w{seat}", hand)
            for c, modes in zip(hand, whole, strict=True):
                state._memo = {}
                assert effects.castable(state, seat, f"w{seat}", [c]) == [modes], c
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def _completable_by_search(state: WizWarState, frame: dict) -> bool:
    """Whether some choice for each slot in turn, from the slots' full option lists, fills the
    declaration: what a probe answers, found the slow way."""
    slot = effects.next_slot(state, frame)
    if slot is None:
        return True
    for _, _, value in slot.options(state, frame):
        child = copy.deepcopy(frame)
        effects.fill_slot(state, child, value)
        if _completable_by_search(state, child):
            return True
    return False


@given(games())
@SETTINGS
def test_a_probe_answers_what_trying_every_declaration_finds(game: tuple) -> None:
    """Probes answer "can this be declared now?" by shortcuts (the first option, a shared
    answer, a direct rule such as Bull Rush's); each must agree with the full search."""
    players, options, seed = game
    state = WizWarState(players, seed, options)
    rng = random.Random(seed)
    decision = 0
    while not state.is_over():
        decision += 1
        if not state.frames and state.phase == MOVE_AND_CAST and not state.activation:
            seat = state.active
            me = f"w{seat}"
            asks = [("punch", -1, "", "punch")]
            for c in state.wizards[seat].hand:
                profile = _cast_profile(c)
                asks += [(profile.key, c, mode, "hand") for mode, _ in profile.modes]
            for key, c, mode, source in asks:
                if effects.spec_for(key, mode).resolve is None:
                    continue
                state._memo = {}
                quick = _probe_now(state, seat, me, key, c, mode, source)
                frame = {
                    "seat": seat,
                    "actor": me,
                    "key": key,
                    "card": c,
                    "mode": mode,
                    "source": source,
                    "values": {},
                    "purpose": "cast",
                    "against": -1,
                }
                assert quick == _completable_by_search(state, frame), (key, mode, decision)
            state._memo = {}
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
