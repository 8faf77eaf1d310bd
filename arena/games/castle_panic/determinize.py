"""Determinization: a full Castle Panic state drawn from what one seat may know.

Hands are played face up, so a seat's view shows everything but the order of the Castle
deck, the Resource deck and the Monster pile, and the generator behind future dice. Those are
drawn afresh from the caller's `rng`: the unseen cards and tokens shuffled into their piles
and the state's own generator seeded from `rng`. The view is all a seat needs: nothing it saw
happen tells it more about an order that was shuffled face down.

Of a resolution under way a view shows only the Monster tokens still to draw
(`pending_draws`), which the resampled state draws too. The rest (the monsters still to move
while a seat picks which one a Wall stops) is not in the view, and a resampled state lacks
it: it is faithful at every decision but those inside a resolution (`step == "choose"`),
where a search should decide by rule.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from arena.games.castle_panic.rules import _DRAW_TOKEN as DRAW_TOKEN
from arena.games.castle_panic.rules import CastlePanicState
from arena.games.castle_panic.views import state_from_view


def determinize(view: Mapping[str, Any], seat: int, rng: random.Random) -> CastlePanicState:
    """A state whose `observe(seat)` is `view`, with the piles' order and the dice resampled."""
    state = state_from_view(view, seed=rng.randrange(1 << 62))
    state.work = [(DRAW_TOKEN,)] * view["pending_draws"]
    return state
