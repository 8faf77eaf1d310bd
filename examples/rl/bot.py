"""A Wandering Towers bot whose judgement was learned: a linear value over afterstates.

For each legal action the bot rebuilds a throw-away state from its own view
(`state_from_view`: whatever the view hides is filled arbitrarily, so it cannot peek), plays
the action on a copy, lets a priority round pass, and describes the position it reaches with
a few numbers (`features`: wizards home, flasks, prisoners, distance to the Ravenskeep, for
its own seat and for the best other seat). Each action's score is the dot product of those
numbers with weights that `train.py` learned by policy gradient against the random bot; the
bot plays the best-scoring action.

Standard library only at play time (the platform's bot runtime has no NumPy): the weights
come from `policy.npz`, read here with `zipfile` (an .npz is a zip of .npy arrays). Run it:

    arena play wandering_towers examples/rl/ random
"""

from __future__ import annotations

import ast
import struct
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from arena.games.wandering_towers.config import NUM_SPACES
from arena.games.wandering_towers.rules import PRIORITY, WanderingTowersState
from arena.games.wandering_towers.views import state_from_view
from arena_sdk import Action, Bot

WEIGHTS = Path(__file__).with_name("policy.npz")

#: Kinds of action, by the code's first word: a one-hot of the kind is part of the features,
#: so the policy can learn, say, that refreshing costs a turn.
KINDS = ("play", "wizard", "tower", "cast", "claim", "refresh", "reroll", "pass")
#: What each seat's side of the position is described by (see `side_features`).
SIDE = ("in_keep", "filled", "spare_full", "goal", "imprisoned", "visible", "near", "closeness")
FEATURES = (
    *(f"me.{name}" for name in SIDE),
    *(f"them.{name}" for name in SIDE),
    *(f"kind.{kind}" for kind in KINDS),
)
#: Distance to the Ravenskeep counted as "near" (one strong card can bring a wizard home).
NEAR = 6


def side_features(state: WanderingTowersState, player: int) -> list[float]:
    """One seat's progress, each number scaled to about [0, 1]."""
    wizards = state.wizards_each
    keep, towers, levels = state.keep_space, state.towers, state.wizard_level
    imprisoned = visible = near = 0
    closeness = 0.0
    for wizard, space in enumerate(state.wizard_space):
        if space < 0 or state.wizard_owner[wizard] != player:
            continue
        if levels[wizard] == len(towers[space]):
            distance = (keep - space) % NUM_SPACES
            visible += 1
            near += distance <= NEAR
            closeness += 1.0 - distance / NUM_SPACES
        else:
            imprisoned += 1
    return [
        state.in_keep[player] / wizards,
        min(state.flasks_each, state.full[player] + state.spent[player]) / state.flasks_each,
        state.full[player] / state.flasks_each,
        1.0 if state.meets_goal(player) else 0.0,
        imprisoned / wizards,
        visible / wizards,
        near / wizards,
        closeness / wizards,
    ]


def position_features(state: WanderingTowersState, seat: int) -> list[float]:
    """The own seat's side, then the side of the other seat furthest ahead (by wizards home)."""
    others = [p for p in range(state.num_players) if p != seat]
    rival = max(others, key=lambda p: (state.in_keep[p], state.full[p] + state.spent[p]))
    return side_features(state, seat) + side_features(state, rival)


def kind_features(code: str) -> list[float]:
    kind = code.split(":", 1)[0]
    return [1.0 if kind == k else 0.0 for k in KINDS]


def afterstate(state: WanderingTowersState, code: str) -> WanderingTowersState:
    """A copy of `state` after `code`, every priority round passed (nobody claims a spell)."""
    child = state.clone()
    child.apply(code)
    for _ in range(2 * child.num_players):
        if child.phase != PRIORITY or child.is_over():
            break
        child.apply("pass")
    return child


def features(view: Mapping[str, Any], codes: Sequence[str], seed: int) -> list[list[float]]:
    """One row of `FEATURES` per legal code: the position each code leads to, from `view`."""
    seat = view["seat"]
    state = state_from_view(view, seed=seed)
    return [position_features(afterstate(state, c), seat) + kind_features(c) for c in codes]


def read_npz(path: Path) -> dict[str, list[float]]:
    """The 1-D float64 arrays of an .npz file, without NumPy (format: numpy.lib.format)."""
    arrays = {}
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            data = archive.read(name)
            if data[:6] != b"\x93NUMPY":
                raise ValueError(f"{path}: {name} is not a .npy array")
            major = data[6]
            size_bytes = 2 if major == 1 else 4
            (length,) = struct.unpack("<H" if major == 1 else "<I", data[8 : 8 + size_bytes])
            start = 8 + size_bytes + length
            header = ast.literal_eval(data[8 + size_bytes : start].decode("latin1"))
            if header["descr"] != "<f8" or header["fortran_order"] or len(header["shape"]) != 1:
                raise ValueError(f"{path}: {name} is not a 1-D little-endian float64 array")
            count = header["shape"][0]
            arrays[name.removesuffix(".npy")] = list(struct.unpack(f"<{count}d", data[start:]))
    return arrays


class LearnedTowers(Bot):
    name = "learned-towers"

    def __init__(self, seed: int | None = None, weights: Sequence[float] | None = None) -> None:
        super().__init__(seed)
        self.weights = list(weights) if weights is not None else read_npz(WEIGHTS)["weights"]
        if len(self.weights) != len(FEATURES):
            raise ValueError(f"{len(self.weights)} weights for {len(FEATURES)} features")

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        codes = [action.code for action in legal]
        if len(codes) == 1:
            return codes[0]
        rows = features(view, codes, seed=self.random.randrange(1 << 30))
        scores = [sum(w * x for w, x in zip(self.weights, row, strict=True)) for row in rows]
        best = max(scores)
        return self.random.choice(
            [c for c, s in zip(codes, scores, strict=True) if s >= best - 1e-9]
        )
