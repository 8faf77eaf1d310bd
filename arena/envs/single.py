"""One learner against reference bots, as a Gymnasium environment.

    from arena.envs.single import GymEnv
    e = GymEnv("wandering_towers", players=2, opponents=["greedy"], seat=0)
    obs, info = e.reset(seed=1)          # obs: {"observation", "action_mask"}
    obs, reward, terminated, truncated, info = e.step(action)

The other seats are played by bots (reference bots by name, from the game's roster, or any
SDK `Bot` instance, or a callable `(view, legal) -> code`), each given its own seat's view
and labelled legal actions, as the referee gives them. `seat=None` seats the learner at a
random seat on every reset. The reward is the learner's seat's (`arena.envs.aec`), at the end.

An action outside the mask is treated as the referee treats an illegal code: a strike, and a
legal action drawn with the environment's generator is played instead (`info["strike"]`),
so the episode goes on and stays reproducible from the seed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np

import arena.games
from arena.envs.aec import ArenaAEC
from arena_sdk import Action

Opponent = str | Any  # a reference bot's name, a Bot, or a callable (view, legal) -> code


def reference_bots(game: str) -> Mapping[str, Callable[..., Any]]:
    """The game's reference bots by name, wherever the registry keeps them."""
    try:
        from arena.bots import get  # the players' own registry, above the rules
    except ImportError:
        return arena.games.get(game).bots
    return get(game)


class GymEnv(gym.Env):
    """A Gymnasium view of one seat of an `ArenaAEC` table; the other seats are bots."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        players: int = 2,
        opponents: Sequence[Opponent] = ("random",),
        seat: int | None = 0,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.table = ArenaAEC(game, players, options, render_mode)
        self.render_mode = render_mode
        if len(opponents) == 1:
            opponents = list(opponents) * (players - 1)
        if len(opponents) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents")
        self.opponents = list(opponents)
        self.fixed_seat = seat
        agent = self.table.possible_agents[0]
        self.observation_space = self.table.observation_space(agent)
        self.action_space = self.table.action_space(agent)
        self.seat = 0 if seat is None else seat
        self._bots: list[Any] = []

    def _make_bot(self, opponent: Opponent, seed: int) -> Any:
        if isinstance(opponent, str):
            return reference_bots(self.table.game.name)[opponent](seed)
        return opponent

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self.table.reset(seed=int(self.np_random.integers(0, 2**31 - 1)))
        n = self.table.players
        self.seat = int(self.np_random.integers(n)) if self.fixed_seat is None else self.fixed_seat
        bot_seed = self.table.game_seed
        others = [s for s in range(n) if s != self.seat]
        self._bots = [None] * n
        for i, s in enumerate(others):
            self._bots[s] = self._make_bot(self.opponents[i], bot_seed * 10 + s)
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.table.state
        assert state is not None
        legal = state.legal_actions()
        code = self.table.codec.actions[int(action)]
        strike = code not in legal
        if strike:
            code = legal[int(self.np_random.integers(len(legal)))]
        self.table.step(self.table.codec.action_index(code))
        self._play_others()
        over = self.table.state is not None and self.table.state.is_over()
        agent = self.table.possible_agents[self.seat]
        reward = float(self.table.rewards.get(agent, 0.0)) if over else 0.0
        info = self._info()
        info["strike"] = strike
        return self._observe(), reward, over, False, info

    def render(self) -> str | None:
        return self.table.render()

    def action_masks(self) -> np.ndarray:
        """The legal actions as a boolean mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self._observe()["action_mask"].astype(bool)

    # --- the bots' seats -----------------------------------------------------------------
    def _play_others(self) -> None:
        state = self.table.state
        assert state is not None
        while not state.is_over() and state.to_move() != self.seat:
            seat = state.to_move()
            assert seat is not None
            bot = self._bots[seat]
            view = state.observe(seat)
            legal = [Action(c, state.describe(c)) for c in state.legal_actions()]
            code = bot.act(view, legal) if hasattr(bot, "act") else bot(view, legal)
            self.table.step(self.table.codec.action_index(code))

    def _observe(self) -> dict[str, np.ndarray]:
        return self.table.observe(self.table.possible_agents[self.seat])

    def _info(self) -> dict[str, Any]:
        agent = self.table.possible_agents[self.seat]
        info = dict(self.table.infos.get(agent, {}))
        info["seat"] = self.seat
        return info
