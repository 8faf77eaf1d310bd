"""A rejection counts turns the way the bot does: its own turns, from 1, as the SDK writes
"turn N" in the bot's stderr."""

from __future__ import annotations

from arena.bots import RandomBot
from arena.match.agents import InProcessAgent
from arena.match.referee import run_match


class FailsOnItsSecondTurn(RandomBot):
    def __init__(self, seed=None):
        super().__init__(seed)
        self.turns = 0

    def act(self, view, legal):
        self.turns += 1
        if self.turns == 2:
            raise RuntimeError(f"my bug on turn {self.turns}")
        return super().act(view, legal)


def test_the_rejection_names_the_turn_the_bot_itself_counted(django_env) -> None:
    from workers.tasks import validation_problem

    agents = [InProcessAgent(RandomBot(1), "other"), InProcessAgent(FailsOnItsSecondTurn(2))]
    record = run_match("wandering_towers", agents, seed=4)
    problem = validation_problem(record, 1)
    assert "on its turn 2 " in problem and "my bug on turn 2" in problem, problem
    decision = record.seats[1].strikes[0].decision
    assert f"(decision {decision} of the match)" in problem and decision > 2
