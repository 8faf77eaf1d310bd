"""LegalMapState: the legal map is built once per decision and forgotten before each move."""

from __future__ import annotations

from typing import Any

import pytest

from arena.games.base import IllegalAction, LegalMap, LegalMapState


def _count(state: Counter, by: int) -> None:
    state.total += by


class Counter(LegalMapState):
    """A one-seat game: add 1 or 2 until the total reaches 3."""

    GAME_NAME = "counter"

    def __init__(self) -> None:
        self.total = 0
        self.builds = 0
        self.after = 0

    def _compute_legal(self) -> LegalMap:
        self.builds += 1
        return {f"add:n={n}": (_count, n) for n in (1, 2) if self.total + n <= 3}

    def _play(self, handler: Any, argument: Any) -> None:
        super()._play(handler, argument)
        self.after += 1

    def _where(self) -> str:
        return f" (total {self.total})"

    def to_move(self) -> int | None:
        return None if self.is_over() else 0

    def is_over(self) -> bool:
        return self.total == 3

    def outcome(self) -> list[dict]:
        return [{"rank": 0, "score": self.total}]

    def observe(self, seat: int) -> dict:
        return {"total": self.total}

    def spectate(self, live: bool = False) -> dict:
        return {"total": self.total}

    def describe(self, code: str) -> str:
        return code

    def clone(self) -> Counter:
        new = Counter()
        new.__dict__.update(self.__dict__)
        return new


def test_the_map_is_built_once_per_decision() -> None:
    state = Counter()
    assert state.legal_actions() == ["add:n=1", "add:n=2"]
    state.legal_actions()
    state.apply("add:n=2")
    assert state.builds == 1
    assert state.legal_actions() == ["add:n=1"]
    assert state.builds == 2


def test_legal_actions_is_a_fresh_list() -> None:
    state = Counter()
    state.legal_actions().clear()
    assert state.legal_actions() == ["add:n=1", "add:n=2"]


def test_apply_plays_the_move_then_the_games_follow_up() -> None:
    state = Counter()
    state.apply("add:n=1")
    state.apply("add:n=2")
    assert (state.total, state.after, state.is_over()) == (3, 2, True)


def test_an_illegal_code_names_the_game_and_where_it_stands() -> None:
    state = Counter()
    state.apply("add:n=2")
    with pytest.raises(IllegalAction, match=r"counter: 'add:n=2' is not legal now \(total 2\)"):
        state.apply("add:n=2")
    assert (state.total, state.after) == (2, 1)
