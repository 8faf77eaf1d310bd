"""Wandering Towers's reference bots: random, greedy (greedy.py) and ismcts (ismcts.py)."""

from __future__ import annotations

from collections.abc import Mapping

from arena.bots import BotFactory, RandomBot
from arena.bots.wandering_towers.greedy import GreedyBot
from arena.bots.wandering_towers.ismcts import IsmctsBot

BOTS: Mapping[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot}

__all__ = ["BOTS", "GreedyBot", "IsmctsBot", "RandomBot"]
