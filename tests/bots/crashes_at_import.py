"""Fails before it can even say hello."""

raise RuntimeError("this bot cannot even be imported")
