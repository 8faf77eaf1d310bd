"""Arena: a tournament and bot-arena platform for board games."""

__version__ = "0.1.0"
