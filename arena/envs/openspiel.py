"""Arena's games as OpenSpiel Python games: `arena_wandering_towers`, `arena_castle_panic`,
`arena_wiz_war`.

    import pyspiel
    from arena.envs import openspiel

    openspiel.register()  # once; importing this module does it too
    game = pyspiel.load_game("arena_wandering_towers", {"players": 3, "variant": "master_wizard"})
    state = game.new_initial_state()

Game type: sequential, `SAMPLED_STOCHASTIC` (dice and shuffles stay inside the engine's seeded
generator: there are no chance nodes, and the same seed and actions give the same game),
`IMPERFECT_INFORMATION`, terminal rewards. Utility: `IDENTICAL` for Castle Panic (co-operative:
every seat gets the team's result, +1 won and -1 lost), `GENERAL_SUM` for the competitive games
(`1 - 2 * rank / (players - 1)`, as `arena.envs.aec.rewards_from_outcome`: shared ranks break
the zero sum, even at two players, where Wiz-War's round limit can leave both seats ranked
last).

Parameters: `players`, `seed` (the engine's seed) and each of the game's options under its
own name (`arena.games.get(game).options`), typed as its default. Actions are the indices of
the table's codec (`arena.envs.codec`): `num_distinct_actions` is the size of its fixed action
list; `action_to_string` gives the engine's code. The observer's tensor is `codec.encode` of
the seat's view, its string the view as sorted JSON; the information state is the same view
(it is all a seat knows that bears on play: docs/engine-api.md, with its documented limits).

Serialization rebuilds a state from the seed by replaying its actions (Arena's replay: seed +
actions); a state drawn by `resample_from_infostate` has no such history and pickles its
engine state instead. `resample_from_infostate` is the engine's `determinize`, which
OpenSpiel's ISMCTS needs. Wiz-War's works only at the top of the seat's own turn
(`can_resample`); elsewhere it raises `ValueError`, as Arena's own `ismcts` bot finds, which
then plays by the greedy rules (bench/openspiel_strength.py does the same).

OpenSpiel's `MCTSBot` searches the state it is given: on these games it sees every hidden card
and the engine's future dice, so it is a cheating baseline, not a fair player.

Only this module imports `pyspiel` (the `arena[rl]` extra).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

import arena.games
from arena.envs.aec import rewards_from_outcome
from arena.envs.codec import MODULES, Codec, codec
from arena.games.base import Game, GameState

JSON = dict[str, Any]

#: Short names in OpenSpiel's registry, by Arena game.
SHORT_NAMES = {game: f"arena_{game}" for game in MODULES}

#: A bound on decisions per game (OpenSpiel's `max_game_length`), well above the longest
#: uniformly random games seen (Wandering Towers about 1 500 at two players, Castle Panic
#: 120, Wiz-War 3 400 at four players and the default 100 rounds).
MAX_GAME_LENGTH = {"wandering_towers": 20_000, "castle_panic": 5_000, "wiz_war": 50_000}


# --- the table: one engine state and how to rebuild it ----------------------------------------
class _Table:
    """The engine state behind an OpenSpiel state, and its replay (seed + codes) when it grew
    from the seed. Copying uses the engine's `clone()`; pickling replays the codes."""

    __slots__ = ("codes", "engine", "game", "options", "players", "seed")

    def __init__(
        self,
        game: str,
        players: int,
        seed: int,
        options: JSON,
        engine: GameState | None = None,
        replayable: bool = False,
    ) -> None:
        self.game, self.players, self.seed, self.options = game, players, seed, options
        self.engine = engine or arena.games.get(game).new_state(players, seed, options)
        self.codes: list[str] | None = [] if engine is None or replayable else None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        twin = _Table(self.game, self.players, self.seed, self.options, self.engine.clone())
        twin.codes = None if self.codes is None else list(self.codes)
        return twin

    def __getstate__(self) -> JSON:
        head = {"game": self.game, "players": self.players, "seed": self.seed}
        head["options"] = self.options
        if self.codes is not None:
            return {**head, "codes": list(self.codes)}
        return {**head, "engine": self.engine}

    def __setstate__(self, data: JSON) -> None:
        self.game, self.players = data["game"], data["players"]
        self.seed, self.options = data["seed"], data["options"]
        if "codes" in data:
            self.engine = arena.games.get(self.game).new_state(
                self.players, self.seed, self.options
            )
            self.codes = []
            for code in data["codes"]:
                self.apply(code)
        else:
            self.engine, self.codes = data["engine"], None

    def apply(self, code: str) -> None:
        self.engine.apply(code)
        if self.codes is not None:
            self.codes.append(code)


# --- the game ---------------------------------------------------------------------------------
def _game_type(name: str, utility: Any) -> pyspiel.GameType:
    game = arena.games.get(name)
    parameters: JSON = {"players": game.min_players if game.cooperative else 2, "seed": 0}
    parameters |= {option: spec["default"] for option, spec in game.options.items()}
    return pyspiel.GameType(
        short_name=SHORT_NAMES[name],
        long_name=f"Arena {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def _registered_utility(game: Game) -> Any:
    if game.cooperative:
        return pyspiel.GameType.Utility.IDENTICAL
    return pyspiel.GameType.Utility.GENERAL_SUM


class ArenaGame(pyspiel.Game):
    """One Arena game at one table configuration (players, seed, options)."""

    def __init__(self, name: str, params: Mapping[str, Any]) -> None:
        self.arena_game = arena.games.get(name)
        params = dict(params)
        self.players = int(params.pop("players"))
        self.seed = int(params.pop("seed"))
        self.codec: Codec = codec(name, self.players, params)
        self.options = dict(self.codec.options)
        utility = _registered_utility(self.arena_game)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=MAX_GAME_LENGTH[name],
        )
        self.initial = self.arena_game.new_state(self.players, self.seed, self.options)
        full = {"players": self.players, "seed": self.seed, **self.options}
        super().__init__(_game_type(name, utility), info, full)

    def new_initial_state(self) -> ArenaState:
        return ArenaState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> ArenaObserver:
        return ArenaObserver(self, iig_obs_type, params)


# --- the state ----------------------------------------------------------------------------------
class ArenaState(pyspiel.State):
    """An engine state behind OpenSpiel's state API. The engine state is built on first use,
    so OpenSpiel's `clone()` (a fresh initial state, then a copy of the attributes) pays for
    no extra set-up."""

    def __init__(self, game: ArenaGame) -> None:
        super().__init__(game)
        self._table_: _Table | None = None  # no reference to the game: clone() deep-copies these

    @property
    def _spec(self) -> ArenaGame:
        return self.get_game()

    @property
    def table(self) -> _Table:
        if self._table_ is None:
            g = self._spec
            start = g.initial.clone()  # cheaper than a new set-up
            self._table_ = _Table(g.arena_game.name, g.players, g.seed, g.options, start, True)
        return self._table_

    @property
    def engine(self) -> GameState:
        """The Arena state (full information: what the rules see)."""
        return self.table.engine

    # OpenSpiel's API for a sequential game with sampled chance.
    def current_player(self) -> int:
        seat = self.engine.to_move()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        index = self._spec.codec.action_index
        return sorted(index(code) for code in self.engine.legal_actions())

    def _apply_action(self, action: int) -> None:
        self.table.apply(self._spec.codec.actions[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return self._spec.codec.actions[action]

    def is_terminal(self) -> bool:
        return self.engine.is_over()

    def returns(self) -> list[float]:
        if not self.engine.is_over():
            return [0.0] * self._spec.players
        rewards, _ = rewards_from_outcome(self._spec.arena_game, self.engine)
        return rewards

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ArenaState:
        """A full state drawn from what `player_id` sees (the engine's `determinize`); its
        generator's seed comes from `probability_sampler` (a callable giving floats in
        [0, 1)). Wiz-War raises `ValueError` away from the top of the seat's own turn."""
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else 0
        return self.resample(player_id, random.Random(seed))

    def resample(self, seat: int, rng: random.Random) -> ArenaState:
        """`resample_from_infostate` with a Python generator."""
        game = self._spec.arena_game
        if game.determinize is None:
            raise ValueError(f"{game.name}: no determinization")
        engine = game.determinize(self.engine.observe(seat), seat, rng)
        sample = ArenaState(self._spec)
        t = self.table
        sample._table_ = _Table(t.game, t.players, t.seed, t.options, engine)
        return sample

    def __str__(self) -> str:
        engine = self.engine
        seats = [engine.observe(s) for s in range(self._spec.players)]
        return json.dumps({"spectate": engine.spectate(), "seats": seats}, sort_keys=True)


def can_resample(state: pyspiel.State) -> bool:
    """Whether `resample_from_infostate` works for the player to move (Wiz-War: only at the top
    of its own turn)."""
    assert isinstance(state, ArenaState)
    if state.is_terminal() or state.engine.to_move() is None:
        return False
    if state._spec.arena_game.name != "wiz_war":
        return True
    from arena.games.wiz_war.determinize import supported

    return supported(state.engine.observe(state.current_player()))


def resampler(seed: int) -> Callable[[pyspiel.State, int], pyspiel.State]:
    """A seeded resampler for `ISMCTSBot.set_resampler`: reproducible searches."""
    rng = random.Random(seed)

    def resample(state: pyspiel.State, player: int) -> pyspiel.State:
        assert isinstance(state, ArenaState)
        return state.resample(player, random.Random(rng.getrandbits(63)))

    return resample


# --- the observer -------------------------------------------------------------------------------
class ArenaObserver:
    """A seat's view: the codec's tensor and the view as sorted JSON. The same for the
    observation and the information state (the view is all the seat knows that bears on
    play); public-only observation types are not offered."""

    def __init__(self, game: ArenaGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError("only a seat's own view is offered (public and private info)")
        self.codec = game.codec
        self.tensor = np.zeros(game.codec.size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: ArenaState, player: int) -> None:
        self.tensor[:] = self.codec.encode(state.engine.observe(player))

    def string_from(self, state: ArenaState, player: int) -> str:
        return json.dumps(state.engine.observe(player), sort_keys=True)


# --- registration ---------------------------------------------------------------------------------
def _game_class(name: str) -> type[ArenaGame]:
    """A class per game, as OpenSpiel's own Python games register one (a plain function given
    to `register_game` is released after the interpreter has gone, which aborts the exit)."""

    def __init__(self: ArenaGame, params: Mapping[str, Any] | None = None) -> None:
        ArenaGame.__init__(self, name, params or {})

    title = "".join(word.title() for word in name.split("_"))
    return type(f"{title}Game", (ArenaGame,), {"__init__": __init__, "__module__": __name__})


_registered: set[str] = set()
_CLASSES: dict[str, type[ArenaGame]] = {}


def register() -> None:
    """Register every game with OpenSpiel (idempotent)."""
    for name in MODULES:
        if name in _registered:
            continue
        game = arena.games.get(name)
        pyspiel.register_game(
            _game_type(name, _registered_utility(game)),
            _CLASSES.setdefault(name, _game_class(name)),
        )
        _registered.add(name)


def load(name: str, players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> Any:
    """`pyspiel.load_game` of an Arena game at a table configuration."""
    register()
    resolved = arena.games.get(name).resolve_options(options)
    return pyspiel.load_game(SHORT_NAMES[name], {"players": players, "seed": seed, **resolved})


register()

__all__ = ["ArenaGame", "ArenaState", "can_resample", "load", "register", "resampler"]
