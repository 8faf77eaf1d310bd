"""Arena SDK: write a bot as a small class, run it locally, submit it."""

from arena_sdk.bot import Action, Bot

__all__ = ["Action", "Bot", "__version__"]
__version__ = "0.1.0"
