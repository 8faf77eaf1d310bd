"""The resolution stack (§6.4): steps scheduled one after another, choices a player must
make before resolution goes on, and the game log. Every frame is plain data (rules.py runs
them), so a state copies cheaply and replays exactly.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from arena.games.base import JSON
from arena.games.codes import action_code
from arena.games.wiz_war.cards import CARDS
from arena.games.wiz_war.state import State
from arena.games.wiz_war.steps import STEPS

#: One option of a choice: (code, label, the step it runs, that step's arguments).
ChoiceOption = tuple[str, str, str, JSON]


def then(state: State, step: str, **args: Any) -> None:
    """Schedule a named step after the current one (and after what it schedules)."""
    assert state._sink is not None, "then() outside a step"
    state._sink.append([step, args])


def now(state: State, step: str, **args: Any) -> None:
    """Run a named step at once, in its own program frame."""
    program: JSON = {"kind": "program", "steps": []}
    state.frames.append(program)
    outer, state._sink = state._sink, program["steps"]
    STEPS[step](state, **args)
    state._sink = outer


def push_choice(
    state: State,
    seat: int,
    what: str,
    options: Iterable[ChoiceOption],
    secret: bool = False,
    info: JSON | None = None,
) -> None:
    """Wait for `seat` to pick one of `options`: (code, label, step, args)."""
    entries = [{"code": c, "label": lab, "step": s, "args": a} for c, lab, s, a in options]
    assert entries, f"empty choice {what}"
    state.frames.append(
        {
            "kind": "choice",
            "seat": seat,
            "what": what,
            "options": entries,
            "secret": secret,
            "info": info or {},
        }
    )


def card_options(
    head: str,
    cards: Iterable[int],
    label: str,
    step: str,
    args: JSON,
    key: str = "card",
) -> list[ChoiceOption]:
    """A choice among cards, for `push_choice`: per card the code `head:key=N`, `label`
    with the card's title for its `{}`, and `step` to run with `args` and the card."""
    return [
        (action_code(head, **{key: c}), label.format(CARDS[c].title), step, args | {"card": c})
        for c in cards
    ]


def log_event(state: State, text: str) -> None:
    state.log.append(text)
    if len(state.log) > 40:
        del state.log[:-40]
