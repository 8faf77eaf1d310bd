"""The bot interface: what every bot author implements, hosted or local alike."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple


class Action(NamedTuple):
    """One legal action: the code to answer with and a one-line English label."""

    code: str
    label: str


class Bot:
    """Subclass this and override `act`.

    The same class runs in-process for local games and as a sandboxed program on the
    platform, so a bot never sees more than the view its seat is entitled to.
    """

    #: Shown on ladders; defaults to the class name.
    name: str = ""
    #: Hosted, `on_event` is called for other seats' moves just before this bot's next
    #: turn (they ride in one message with it). True asks for each move as it happens,
    #: one message each, for a bot that thinks while the others play.
    live_events: bool = False

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)
        self.seat: int = -1

    def on_start(self, match: Mapping[str, Any]) -> None:
        """Called once with the match header (game, options, seat, players, time control)."""

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        """Return the code of one of `legal`, given what this seat may see."""
        raise NotImplementedError

    def on_event(self, event: Mapping[str, Any]) -> None:
        """Called when something public happened that this bot did not cause."""

    def on_end(self, result: Mapping[str, Any]) -> None:
        """Called once with the outcome and this seat's strikes."""
