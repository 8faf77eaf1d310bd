"""Arena's games for learners: PettingZoo, Gymnasium and OpenSpiel (the `arena[rl]` extra).

- `env(game, players, options)`: a PettingZoo AEC environment (`arena.envs.aec`);
- `GymEnv(game, players, opponents=...)`: one learner against reference bots, Gymnasium
  (`arena.envs.single`);
- `arena.envs.openspiel` (`load(game, players)`): every game as an OpenSpiel Python game.

Observations are built from a seat's view only, through each game's codec
(`arena.envs.codec`: the fixed action enumeration and observation encoding). Importing this
package imports none of PettingZoo, Gymnasium or OpenSpiel: each submodule imports its own,
so the base install never needs them. docs/decisions/rl-encodings.md says why it is built so.
"""

from __future__ import annotations

from typing import Any

__all__ = ["GymEnv", "codec", "env", "raw_env"]


def __getattr__(name: str) -> Any:
    if name in ("env", "raw_env"):
        from arena.envs import aec

        return getattr(aec, name)
    if name == "GymEnv":
        from arena.envs.single import GymEnv

        return GymEnv
    if name == "codec":
        from arena.envs.codec import codec

        return codec
    raise AttributeError(f"module 'arena.envs' has no attribute {name!r}")
