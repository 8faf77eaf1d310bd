"""The named steps of the interpreter: the one registry, filled by the `@step` decorator.

A step is a function of a rule module called as `STEPS[name](state, **args)` (the one method,
`keep_specialization`, is set-up's, in rules.py); it is registered under its own name, which
`then` and `now` use to schedule and frames and replays keep, so a step is never renamed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

STEPS: dict[str, Callable[..., None]] = {}


def step(function: Callable[..., Any]) -> Callable[..., Any]:
    """Register `function` as the step named after it."""
    assert function.__name__ not in STEPS, f"two steps named {function.__name__}"
    STEPS[function.__name__] = function
    return function
