"""resolution.card_options: the one way a step offers a choice among cards."""

from __future__ import annotations

from arena.games.wiz_war.cards import CARDS
from arena.games.wiz_war.resolution import card_options


def test_one_option_per_card_with_its_code_label_and_step_arguments() -> None:
    options = card_options("discard", [3, 7], "Discard {} first", "shed", {"seat": 1})
    assert options == [
        ("discard:card=3", f"Discard {CARDS[3].title} first", "shed", {"seat": 1, "card": 3}),
        ("discard:card=7", f"Discard {CARDS[7].title} first", "shed", {"seat": 1, "card": 7}),
    ]


def test_the_code_may_name_the_card_otherwise_while_the_step_still_gets_card() -> None:
    [(code, _, _, args)] = card_options("drop", [5], "Drop {}", "reduce", {}, key="item")
    assert (code, args) == ("drop:item=5", {"card": 5})


def test_the_arguments_given_are_not_changed() -> None:
    args = {"seat": 0}
    card_options("take", [1, 2], "Take {}", "steal", args)
    assert args == {"seat": 0}
