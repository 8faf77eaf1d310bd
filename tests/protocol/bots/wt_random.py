"""The reference random bot, hosted."""

from arena.bots import RandomBot as Bot  # noqa: F401
