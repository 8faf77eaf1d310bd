"""The reference random bot, hosted."""

from arena.games.wandering_towers.bots import RandomBot as Bot  # noqa: F401
