"""The engine contract every game implements (see docs/engine-api.md).

A match is fully determined by (game, options, number of players, seed, actions): all
chance comes from the `random.Random` the state owns, and every choice a player makes,
die re-rolls included, is an action.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar


class IllegalAction(ValueError):
    """Raised by `GameState.apply` for a code that is not legal now; the state is unchanged."""


JSON = dict[str, Any]


class GameState(abc.ABC):
    """One game in progress. Subclasses keep all rules; this class fixes the interface."""

    @abc.abstractmethod
    def to_move(self) -> int | None:
        """Seat (0-based) that must decide now, or None once the game is over."""

    @abc.abstractmethod
    def legal_actions(self) -> list[str]:
        """Action codes legal now, in a stable order; never empty before the end."""

    @abc.abstractmethod
    def describe(self, code: str) -> str:
        """A one-line English description of an action code in this state."""

    @abc.abstractmethod
    def apply(self, code: str) -> None:
        """Play `code`; raise IllegalAction (leaving the state unchanged) if it is not legal."""

    @abc.abstractmethod
    def is_over(self) -> bool: ...

    @abc.abstractmethod
    def outcome(self) -> list[JSON]:
        """Per seat: {"rank": 0 best, ties share a rank, "score": number}."""

    @abc.abstractmethod
    def observe(self, seat: int) -> JSON:
        """JSON-able: exactly what `seat` may know."""

    @abc.abstractmethod
    def spectate(self, live: bool = False) -> JSON:
        """JSON-able: what a replay viewer may see; with `live`, what someone watching the
        match while it is played may see: nothing that every seat does not also see
        (a watcher could be helping a player)."""

    @abc.abstractmethod
    def clone(self) -> GameState: ...

    def table_result(self) -> JSON:
        """Numbers about how the table as a whole did, beyond each seat's outcome (Castle Panic:
        the towers still standing), kept with the match record; {} for most games."""
        return {}

    def public_action(self, code: str, seat: int) -> tuple[str, str]:
        """The (code, label) of `code`, about to be played, as `seat` may learn of it.

        Games whose actions can carry secrets (a card passed face down) override this.
        """
        return code, self.describe(code)

    def spectator_action(self, code: str, players: int) -> tuple[str, str]:
        """The (code, label) of `code`, about to be played, as a spectator may learn of it:
        the least that any of the `players` seats but the mover learns."""
        full = (code, self.describe(code))
        mover = self.to_move()
        for seat in range(players):
            if seat != mover:
                seen = tuple(self.public_action(code, seat))
                if seen != full:
                    return seen  # type: ignore[return-value]
        return full


@dataclass(frozen=True, slots=True)
class Views:
    """A game's views (its `views.py`), the one place that decides what each viewer may see.

    The game's registry entry builds this from the module's functions, so the binding is
    code that a reader and a type checker follow, not a module named in a string.
    """

    observe: Callable[[Any, int], JSON]
    #: (state, live=False) -> the spectator's view (`GameState.spectate`).
    spectate: Callable[..., JSON]
    describe: Callable[[Any, str], str]
    #: For games whose actions can carry secrets (`GameState.public_action`).
    public_action: Callable[[Any, str, int], tuple[str, str]] | None = None


class ViewedState(GameState):
    """A state whose views live in its game's `views.py`, the one place that hides anything.

    The game's registry entry (`arena/games/<game>/__init__.py`) binds them with `bind_views`:
    the views module imports the rules, so the rules cannot import it.
    """

    views: ClassVar[Views]

    @classmethod
    def bind_views(cls, views: Views) -> Views:
        cls.views = views
        return views

    def observe(self, seat: int) -> JSON:
        return self.views.observe(self, seat)

    def spectate(self, live: bool = False) -> JSON:
        return self.views.spectate(self, live=live)

    def describe(self, code: str) -> str:
        return self.views.describe(self, code)

    def public_action(self, code: str, seat: int) -> tuple[str, str]:
        hook = self.views.public_action
        return hook(self, code, seat) if hook else super().public_action(code, seat)


#: Characters of a refused code quoted in its IllegalAction: a code may come from a bot or
#: a browser, up to the protocol's message limit, and the message is shown and logged.
QUOTED_CODE_CHARS = 80

#: What a legal code does: a handler called with the state and its argument.
Move = tuple[Callable[[Any, Any], None], Any]
#: Legal codes, in their stable order, each with the move it plays.
LegalMap = dict[str, Move]


class LegalMapState(ViewedState):
    """A state whose legal actions are one map from code to move, worked out once per decision.

    `legal_actions`, `describe` and `apply` in the same decision all need that map, so it is
    built at most once and forgotten before a move is played. Subclasses name the game in
    `GAME_NAME` and build the map in `_compute_legal()`; `_play` is where a game adds what
    follows every move (checking for the end, running queued steps).
    """

    GAME_NAME: str = ""
    _legal: LegalMap | None = None
    #: Builds the legal map for the decision at hand (declared here, defined by each game).
    _compute_legal: Callable[[], LegalMap]

    def legal_actions(self) -> list[str]:
        return list(self._legal_map())  # a fresh list: the map may be shared with clones

    def apply(self, code: str) -> None:
        move = self._legal_map().get(code)
        if move is None:
            shown = code if len(code) <= QUOTED_CODE_CHARS else code[:QUOTED_CODE_CHARS] + "…"
            raise IllegalAction(f"{self.GAME_NAME}: {shown!r} is not legal now{self._where()}")
        self._legal = None
        self._play(*move)

    def _legal_map(self) -> LegalMap:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _play(self, handler: Callable[[Any, Any], None], argument: Any) -> None:
        """Play one legal move; games extend this with what follows every move."""
        handler(self, argument)

    def _where(self) -> str:
        """Where the game stands, for the message of an illegal action ("" if nothing helps)."""
        return ""


class SharedRng:
    """A state's own random generator, shared with its clones until either one draws.

    Most copies made for look-ahead never roll a die, and copying a generator costs more
    than a move. A state sets `self.rng = random.Random(seed)`; its `clone` calls
    `share_rng()` before copying its attributes.
    """

    _rng: random.Random
    _rng_shared: bool = False

    @property
    def rng(self) -> random.Random:
        if self._rng_shared:
            own = random.Random.__new__(random.Random)  # skips seeding from os.urandom
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        self._rng, self._rng_shared = generator, False

    def share_rng(self) -> None:
        """About to be cloned: whichever of the two draws first copies the generator."""
        self._rng_shared = True


def won(result: dict[str, Any]) -> bool:
    """Did this seat win? Rank 0 in a competitive game; at a cooperative table, the team's
    result: every seat of a table that won together, none of one that lost (whose seats
    share rank 0)."""
    if "team_won" in result:
        return result["team_won"] is True
    return result["rank"] == 0


@dataclass(frozen=True)
class Game:
    """A registered game: its metadata, options and the way to start one."""

    name: str
    title: str
    min_players: int
    max_players: int
    #: {option: {"choices": [...], "default": ...}}
    options: Mapping[str, Mapping[str, Any]]
    create: Callable[[int, int, dict[str, Any]], GameState]
    #: What each seat and spectator may see: the game's views.py, bound in code. The
    #: reference bots are players, not rules: `arena.bots.get(name)`.
    views: Views
    #: Draws a spectator view for a terminal.
    render: Callable[[JSON], str] | None = None
    #: Cooperative games rank players within a shared team result.
    cooperative: bool = False
    #: Colour names of the pieces each seat plays, for a player count, where the rules fix
    #: them (Wiz-War's wizards); pages then show each seat in its own pieces' colour.
    seat_colours: Callable[[int], tuple[str, ...]] | None = None
    #: (view, seat, rng) -> a full state whose observe(seat) is that view, everything the
    #: seat cannot see drawn afresh from rng: what search bots play out (docs/engine-api.md).
    determinize: Callable[[JSON, int, random.Random], GameState] | None = None
    #: A cooperative game's endings in words, keyed by `table_result()["ending"]`
    #: (arena.games.results.team_result).
    endings: Mapping[str, str] = field(default_factory=dict)

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and reject unknown options or values, with a message naming them."""
        chosen = dict(options or {})
        unknown = sorted(set(chosen) - set(self.options))
        if unknown:
            raise ValueError(
                f"{self.name}: unknown option {', '.join(unknown)}; "
                f"known: {', '.join(sorted(self.options)) or 'none'}"
            )
        resolved: dict[str, Any] = {}
        for key, spec in self.options.items():
            value = chosen.get(key, spec["default"])
            choices = spec["choices"]
            if value not in choices:
                value = _coerce(value, choices)
            if value not in choices:
                shown = ", ".join(str(c) for c in choices)
                raise ValueError(f"{self.name}: option {key}={value!r} is not one of {shown}")
            resolved[key] = value
        return resolved

    def new_state(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> GameState:
        """Set up a new game; bad input raises ValueError with a clear message."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"{self.name}: players must be an integer, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.name} takes {self.min_players}–{self.max_players} players, got {players}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"{self.name}: seed must be an integer, got {seed!r}")
        return self.create(players, seed, self.resolve_options(options))


def _coerce(value: Any, choices: list[Any]) -> Any:
    """Options given as text (CLI, URLs) match their typed choices: "true" -> True, "3" -> 3."""
    if not isinstance(value, str):
        return value
    for choice in choices:
        if str(choice).lower() == value.lower():
            return choice
    return value
