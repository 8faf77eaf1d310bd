"""The reference greedy bot, hosted. It rebuilds a state from its view, so any field lost
or changed on the wire would change its moves."""

from arena.bots.wandering_towers.greedy import GreedyBot as Bot  # noqa: F401
