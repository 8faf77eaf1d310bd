"""WizWarState.card_options: the one way a step offers a choice among cards."""

from __future__ import annotations

import arena.games
from arena.games.wiz_war.cards import CARDS


def test_one_option_per_card_with_its_code_label_and_step_arguments() -> None:
    state = arena.games.get("wiz_war").new_state(2, 0)
    options = state.card_options("discard", [3, 7], "Discard {} first", "shed", {"seat": 1})
    assert options == [
        ("discard:card=3", f"Discard {CARDS[3].title} first", "shed", {"seat": 1, "card": 3}),
        ("discard:card=7", f"Discard {CARDS[7].title} first", "shed", {"seat": 1, "card": 7}),
    ]


def test_the_code_may_name_the_card_otherwise_while_the_step_still_gets_card() -> None:
    state = arena.games.get("wiz_war").new_state(2, 0)
    [(code, _, _, args)] = state.card_options("drop", [5], "Drop {}", "reduce", {}, key="item")
    assert (code, args) == ("drop:item=5", {"card": 5})


def test_the_arguments_given_are_not_changed() -> None:
    state = arena.games.get("wiz_war").new_state(2, 0)
    args = {"seat": 0}
    state.card_options("take", [1, 2], "Take {}", "steal", args)
    assert args == {"seat": 0}
