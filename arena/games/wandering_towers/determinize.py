"""Determinization: a full Wandering Towers state drawn from what one seat may know.

A search bot plays out futures on states like these. What the seat's view hides is drawn
afresh from the caller's generator: the other hands and the draw pile's order (from the 90
cards minus those the seat sees), who is imprisoned where when `hide_prisoners` is on (the
hidden wizards dealt at random over the hidden places), and every future die (the state's own
generator is seeded from `rng`). Everything the view shows is kept as it is.

Only the view is needed: the board, the flasks, the discard pile and the Ravenskeep are
public (§2.4), so the seat's memory of earlier moves adds nothing, except with
`hide_prisoners`, where a seat that remembers every lift knows more than its view shows; the
draw here is then uniform over what the view alone allows. In the team variant, what the
seat saw of an exchange is in its view (`exchange_cards`) and constrains the partners' hands.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from arena.games.wandering_towers.config import DECK_SIZE
from arena.games.wandering_towers.rules import WanderingTowersState
from arena.games.wandering_towers.views import state_from_view


def determinize(view: Mapping[str, Any], seat: int, rng: random.Random) -> WanderingTowersState:
    """A state whose `observe(seat)` is `view`, with everything `seat` cannot see resampled."""
    state = state_from_view(view, seed=rng.randrange(1 << 62))
    if state.hide_prisoners:
        _scatter_prisoners(state, view, rng)
    _deal_unseen(state, view, seat, rng)
    state._legal = None
    return state


def _scatter_prisoners(
    state: WanderingTowersState, view: Mapping[str, Any], rng: random.Random
) -> None:
    """Hidden wizards go to the hidden places in a random order (the counts are public)."""
    hidden = [w["id"] for w in view["wizards"] if w["imprisoned"] and w["space"] < 0]
    rng.shuffle(hidden)
    spaces = {}
    for record in view["spaces"]:
        levels = [
            [*level["wizards"], *(hidden.pop() for _ in range(level["hidden"]))]
            for level in record["levels"]
        ]
        spaces[record["index"]] = (record["towers"], levels)
    state.set_board(spaces, view["ravenskeep"]["space"], view["ravenskeep"]["inside"])


def _deal_unseen(
    state: WanderingTowersState, view: Mapping[str, Any], seat: int, rng: random.Random
) -> None:
    """Other hands and the draw pile from the cards `seat` does not see; a card it saw pass
    in a team exchange stays where it went (§12)."""
    discard = set(state.discard)
    known: dict[int, list[int]] = {p: [] for p in range(state.num_players)}
    known[seat] = list(state.hands[seat])
    exchange = view.get("exchange_cards", {})
    active, partner = state.active, state.partner[state.active]
    given = exchange.get("given", {}).get("id", -1)
    returned = exchange.get("returned", {}).get("id", -1)
    if seat == active and returned >= 0 and returned not in known[seat]:
        known[partner].append(returned)  # the partner is not active: it still holds it
    if seat == partner and given >= 0 and given != returned and given not in discard:
        known[active].append(given)  # unless the active player has played it since
    placed = {c for cards in known.values() for c in cards} | discard
    unseen = [c for c in range(DECK_SIZE) if c not in placed]
    rng.shuffle(unseen)
    for p in range(state.num_players):
        size = len(state.hands[p])
        state.hands[p] = known[p] + [unseen.pop() for _ in range(size - len(known[p]))]
    state.draw_pile = unseen
