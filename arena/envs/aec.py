"""PettingZoo AEC environments over Arena's engines: one agent per seat, acting in turn.

    from arena.envs import env
    e = env("wandering_towers", players=3, options={"variant": "master_wizard"})
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else policy(obs["observation"], obs["action_mask"])
        e.step(action)

Each agent observes a dict `{"observation": float32 vector, "action_mask": int8 vector}`
built from its seat's view only (`state.observe(seat)`, never the state), through the game's
codec (`arena.envs.codec`); the raw view is `info["view"]` of the agent to move (and
`env.view(agent)` for any agent). Actions index the codec's enumeration of every code.
Rewards come at the end, from the outcome (`rewards_from_outcome`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

import arena.games
from arena.envs.codec import Codec, codec
from arena.games.base import Game, GameState

JSON = dict[str, Any]


def rewards_from_outcome(game: Game, state: GameState) -> tuple[list[float], list[JSON]]:
    """Each seat's reward at the end, and what else its info shows.

    Competitive games: 1 for first place, -1 for last, evenly between (ties share a rank,
    so share a reward): `1 - 2 * rank / (players - 1)`. Cooperative games (Castle Panic): the
    team's result, +1 won and -1 lost for every seat (`arena.games.results.team_result`);
    each seat's trophy points and trophies are in its info.
    """
    outcome = state.outcome()
    n = len(outcome)
    if game.cooperative:
        from arena.games.results import team_result

        team = team_result(game, outcome, state.table_result())
        assert team is not None
        reward = 1.0 if team.won else -1.0
        infos = [
            {
                "team_won": team.won,
                "ending": team.ending,
                "trophy_points": team.points[s],
                "trophies": team.trophies[s],
                "towers_standing": team.towers_standing,
            }
            for s in range(n)
        ]
        return [reward] * n, infos
    rewards = [1.0 - 2.0 * r["rank"] / (n - 1) if n > 1 else 1.0 for r in outcome]
    return rewards, [{"rank": r["rank"], "score": r["score"]} for r in outcome]


class ArenaAEC(AECEnv):
    """One Arena game as a PettingZoo AEC environment (agents `player_0` ... by seat)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = arena.games.get(game)
        self.codec: Codec = codec(game, players, options)
        self.players = players
        self.options = dict(self.codec.options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"arena_{game}_v0"}
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        observation = spaces.Box(0.0, 1.0, (self.codec.size,), np.float32)
        mask = spaces.Box(0, 1, (self.codec.num_actions,), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": observation, "action_mask": mask})
            for a in self.possible_agents
        }
        self.action_spaces = {
            a: spaces.Discrete(self.codec.num_actions) for a in self.possible_agents
        }
        self._np_random, _ = seeding.np_random(None)
        self.state: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- the AEC API ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(0, 2**31 - 1))
        self.state = self.game.new_state(self.players, game_seed, self.options)
        self.game_seed = game_seed
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, JSON] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state is not None
        seat = self._seat[agent]
        view = self.state.observe(seat)
        if self.state.to_move() == seat:
            mask = self.codec.mask(self.state.legal_actions())
        else:
            mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        return {"observation": self.codec.encode(view), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None and action is not None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.state.apply(self.codec.actions[int(action)])
        if self.state.is_over():
            rewards, infos = rewards_from_outcome(self.game, self.state)
            for a in self.agents:
                seat = self._seat[a]
                self.rewards[a] = rewards[seat]
                self.terminations[a] = True
                self.infos[a] = {**infos[seat], "view": self.state.observe(seat)}
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        """The board as the terminal shows it (`arena play`): the game's own text drawing."""
        if self.render_mode is None or self.state is None:
            return None
        view = self.state.spectate()
        return self.game.render(view) if self.game.render else str(view)

    def close(self) -> None:
        pass

    # --- beyond the API ------------------------------------------------------------------
    def view(self, agent: str) -> JSON:
        """The raw view of `agent`'s seat (the dict a bot gets)."""
        assert self.state is not None
        return self.state.observe(self._seat[agent])

    def legal_codes(self) -> list[str]:
        """The action codes legal now, for the agent to move."""
        assert self.state is not None
        return self.state.legal_actions()

    def _select(self) -> None:
        assert self.state is not None
        seat = self.state.to_move()
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]
        self.infos[self.agent_selection] = {"view": self.state.observe(seat)}


def raw_env(
    game: str,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> ArenaAEC:
    """The bare environment (no PettingZoo wrappers)."""
    return ArenaAEC(game, players, options, render_mode)


def env(
    game: str,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> AECEnv:
    """The environment inside PettingZoo's order-enforcing wrapper (the usual way in)."""
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(raw_env(game, players, options, render_mode))
