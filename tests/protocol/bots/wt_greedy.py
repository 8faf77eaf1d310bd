"""The reference greedy bot, hosted. It rebuilds a state from its view, so any field lost
or changed on the wire would change its moves."""

from arena.games.wandering_towers.bots import GreedyBot as Bot  # noqa: F401
