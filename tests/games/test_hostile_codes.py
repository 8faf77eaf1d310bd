"""Every engine refuses whatever code a bot or a browser may send, and changes nothing.

The referee passes a bot's answer (up to the protocol's 32 KiB message limit) to the
engine as text; the strangest such texts must each be an IllegalAction with a short
message, never another exception, a slow parse or a changed state.
"""

from __future__ import annotations

import json
import random

import pytest

import arena.games
from arena.games.base import QUOTED_CODE_CHARS, IllegalAction
from arena.match.limits import MESSAGE_BYTES

HOSTILE = [
    "\x00",
    "cast:card=1\x00",
    "end_phase\x00",
    " end_phase",
    "END_PHASE",
    "x" * MESSAGE_BYTES,
    "cast:card=" + "9" * 5000,  # past Python's 4,300-digit int limit, were it parsed
    "cast:card=-1",
    "step:\ud800",  # a lone surrogate
    "draw:n=1e9",
    "::::",
]


def _mid_game(name: str, seed: int) -> arena.games.GameState:
    """A game some random moves in, where most kinds of action are on offer."""
    game = arena.games.get(name)
    state = game.new_state(game.min_players if name != "castle_panic" else 2, seed)
    rng = random.Random(seed)
    for _ in range(40):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def _snapshot(state: arena.games.GameState) -> str:
    return json.dumps([state.spectate(), state.legal_actions(), state.to_move()], sort_keys=True)


@pytest.mark.parametrize("name", arena.games.names())
@pytest.mark.parametrize("seed", [1, 2])
def test_hostile_codes_are_refused_briefly_and_change_nothing(name: str, seed: int) -> None:
    state = _mid_game(name, seed)
    before = _snapshot(state)
    later = state.clone()
    later.apply(later.legal_actions()[0])
    # codes that will be legal later, or for another seat, are not legal now
    now = set(state.legal_actions())
    stale = [c for c in ([] if later.is_over() else later.legal_actions()) if c not in now]
    for code in HOSTILE + stale[:5]:
        assert code not in now
        with pytest.raises(IllegalAction) as refused:
            state.apply(code)
        assert len(str(refused.value)) < QUOTED_CODE_CHARS + 200, code[:40]
        assert _snapshot(state) == before, code[:40]
    legal = state.legal_actions()
    state.apply(legal[0])  # the state still plays on
