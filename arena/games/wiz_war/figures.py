"""The figures on the board (§1.1, §7.6, §8): where each stands, who controls it, what is
maintained on it (its spells and form), its speed; looked up once per decision.
"""

from __future__ import annotations

from arena.games.wiz_war import board as B
from arena.games.wiz_war.cards import CARDS, CREATURES
from arena.games.wiz_war.config import BASE_SPEED
from arena.games.wiz_war.records import MOVE_AND_CAST, WIZARD_SEATS, Spell, SpellIndex, is_wizard
from arena.games.wiz_war.state import State


# --- Figures --------------------------------------------------------------------------------
def figure_alive(state: State, token: str) -> bool:
    seat = WIZARD_SEATS.get(token)
    if seat is not None:
        return state.wizards[seat].alive
    return token in state.creatures


def figure_sq(state: State, token: str) -> int:
    seat = WIZARD_SEATS.get(token)
    if seat is not None:
        return state.wizards[seat].sq
    return state.creatures[token].sq


def controller(state: State, token: str) -> int:
    seat = WIZARD_SEATS.get(token)
    if seat is not None:
        return seat
    return state.creatures[token].controller


def figures(state: State) -> list[str]:
    """Every figure in play: living wizards by seat, then creatures in summoning order."""
    return [w.token for w in state.wizards if w.alive] + list(state.creatures)


def figures_at(state: State, sq: int) -> list[str]:
    return list(by_square(state).get(sq, ()))


def by_square(state: State) -> dict[int, list[str]]:
    found = state._memo.get("by_square")
    if found is None:
        found = {}
        for f in figures(state):
            found.setdefault(figure_sq(state, f), []).append(f)
        state._memo["by_square"] = found
    return found


def occupied(state: State) -> frozenset[int]:
    """Squares that are not empty for a Creation (§5.4)."""
    found = state._memo.get("occupied")
    if found is None:
        squares = set(B.HOME_SQUARES) | set(by_square(state))
        squares |= {t.sq for t in state.treasures if not t.scored and t.sq >= 0}
        squares |= {o.sq for o in state.objects.values()}
        squares |= set(state.floor.values())
        found = state._memo["occupied"] = frozenset(squares)
    return found


def name_of(state: State, token: str) -> str:
    if is_wizard(token):
        return B.COLOURS[state.wizards[int(token[1])].colour]
    if token in CREATURES:
        return CREATURES[token].title
    return token


def spells_on(state: State, token: str) -> list[Spell]:
    if not state.spells:
        return []
    return list(spell_index(state).on.get(token, ()))


def has_spell(state: State, token: str, key: str) -> bool:
    if not state.spells:  # most decisions: nothing maintained, no index to build
        return False
    return (token, key) in spell_index(state).pairs


def spell_in_play(state: State, key: str) -> bool:
    if not state.spells:
        return False
    return key in spell_index(state).keys


def form(state: State, token: str) -> str:
    """The key of the transformation maintained on a figure, or ""."""
    if not state.spells:
        return ""
    return spell_index(state).form_keys.get(token, "")


def form_spell(state: State, token: str) -> Spell | None:
    if not state.spells:
        return None
    return spell_index(state).forms.get(token)


def spell_index(state: State) -> SpellIndex:
    """The maintained spells looked up by target and key; rebuilt after any change."""
    memo = state._memo
    found = memo.get("spells")
    if found is None:
        # kept across decisions while the same records hold the same cards and targets
        # (the kept index holds them, so their ids are not reused)
        key = tuple([(id(sp), sp.card, sp.target) for sp in state.spells.values()])
        kept = state._spells_kept
        if kept is not None and kept[0] == key:
            found = kept[1]
        else:
            found = SpellIndex(state.spells.values())
            state._spells_kept = (key, found)
        memo["spells"] = found
    return found


def carried(state: State, seat: int, key: str) -> int:
    return sum(1 for c in state.wizards[seat].items if CARDS[c].key == key)


def untargetable(state: State, token: str) -> bool:
    """Mist Body cannot be attacked; the Homunculus cannot be targeted at all."""
    return token == "homunculus" or form(state, token) == "mist_body"


def only_counters(state: State, token: str) -> bool:
    """Forms whose text says "may only cast counter spells" (§7.6)."""
    return form(state, token) in ("werewolf_form", "golem_form", "dragon_form", "slime_form")


def base_speed(state: State, token: str) -> int:
    """Form speed replaces the figure's own; then items and Dragon Wings (§7.6, §8.10)."""
    form = form_spell(state, token)
    values = CARDS[form.card].row.values if form else {}
    if "speed" in values:
        speed = values["speed"]
    elif is_wizard(token):
        speed = BASE_SPEED
    else:
        speed = CREATURES[token].speed
    if is_wizard(token):
        wizard = state.wizards[int(token[1])]
        speed += sum(CARDS[c].value("speed") for c in wizard.items if CARDS[c].key == "speedstone")
        for sp in spells_on(state, token):
            if CARDS[sp.card].key == "dragon_wings":
                speed += CARDS[sp.card].value("speed")
        if wizard.slow:
            speed = max(1, speed - wizard.slow)
    return speed


def speed_shift(state: State, token: str, before: int) -> None:
    """Base speed changed mid-turn: the wizard's remaining MP change alike, never below 0
    (§5.1); a creature's new speed counts from its next activation (§8.10)."""
    if not is_wizard(token) or int(token[1]) != state.active or state.phase != MOVE_AND_CAST:
        return
    w = state.wizards[state.active]
    w.mp = max(0, w.mp + base_speed(state, token) - before)


def hovers(state: State, token: str) -> bool:
    """Hover (Genie), Wings (Dragon), Dragon Wings and Mist Body ignore entering effects of
    Rosebush, Thornbush, tacks, Booby Trap tokens and Dust Cloud."""
    return (
        token in ("genie", "dragon")
        or has_spell(state, token, "dragon_wings")
        or form(state, token) == "mist_body"
    )
