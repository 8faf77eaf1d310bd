"""Cards (§4.3, §6): drawing, discarding, hand size, energy and totems counted."""

from __future__ import annotations

from arena.games.wiz_war import board as B
from arena.games.wiz_war import figures
from arena.games.wiz_war.cards import (
    CARDS,
)
from arena.games.wiz_war.config import (
    MAX_HAND,
)
from arena.games.wiz_war.state import State


# --- Cards, piles and hand size (§4.3, §6) ------------------------------------------------
def draw_card(state: State, seat: int, specialization: bool = False) -> int | None:
    """Top card of the magic deck (or the Specialization deck); an empty deck is refilled
    by shuffling its discard pile [assumed]; nothing if both are empty."""
    w = state.wizards[seat]
    if specialization:
        if not w.spec_deck:
            w.spec_deck, w.spec_discard = w.spec_discard, []
            state.rng.shuffle(w.spec_deck)
        pile = w.spec_deck
    else:
        if not state.deck:
            state.deck, state.discard = state.discard, []
            state.rng.shuffle(state.deck)
        pile = state.deck
    if not pile:
        return None
    c = pile.pop()
    w.hand.append(c)
    return c


def discard_card(state: State, c: int) -> None:
    """To the discard pile, or its Specialization owner's own pile (§8.11 item 3)."""
    owner = state.spec_owner.get(c, -1)
    if owner >= 0 and state.wizards[owner].alive:
        state.wizards[owner].spec_discard.append(c)
    else:
        state.discard.append(c)


def items_count(state: State, seat: int) -> int:
    """Carried items (relics included) counting toward hand size: none in Extra Arms."""
    if figures.form(state, f"w{seat}") == "extra_arms":
        return 0
    return len(state.wizards[seat].items)


def hand_total(state: State, seat: int) -> int:
    """Hand cards + maintained spells + carried items (§1.1)."""
    w = state.wizards[seat]
    maintained = sum(1 for sp in state.spells.values() if sp.caster == seat)
    return len(w.hand) + maintained + items_count(state, seat)


def max_hand(state: State, seat: int) -> int:
    w = state.wizards[seat]
    return MAX_HAND + sum(CARDS[c].value("hand") for c in w.items if CARDS[c].key == "brainstone")


def powerstones(state: State, seat: int) -> int:
    return sum(
        CARDS[c].value("bonus") for c in state.wizards[seat].items if CARDS[c].key == "powerstone"
    )


def energy_of(state: State, seat: int, c: int) -> int:
    """A card's energy value when spent, +1 per Powerstone carried (§6.2)."""
    return CARDS[c].ev + powerstones(state, seat)


def totem_effect(state: State, key: str, sq: int, owner: int = -1, enemy_of: int = -1) -> int:
    """The value of a Totem of this name covering `sq`'s sector, owned by `owner` (or by
    anyone but `enemy_of`); two of the same name do not stack (§8.12)."""
    sector = B.sector_of(sq)
    for o in state.objects.values():
        if o.kind != "totem" or CARDS[o.card].key != key or B.sector_of(o.sq) != sector:
            continue
        if (owner >= 0 and o.owner == owner) or (enemy_of >= 0 and o.owner != enemy_of):
            values = CARDS[o.card].row.values
            return next(iter(values.values()), 1)
    return 0


def totems_of(state: State, seat: int) -> int:
    return sum(1 for o in state.objects.values() if o.kind == "totem" and o.owner == seat)
