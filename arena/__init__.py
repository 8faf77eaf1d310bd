"""Arena: a tournament and bot-arena platform for board games.

Importing it changes nothing outside it: gRPC's I/O path is chosen where a process starts
(`arena.cli.main`, `arena_sdk.cli.main`; arena_sdk.grpc_io).
"""

__version__ = "0.1.0"
