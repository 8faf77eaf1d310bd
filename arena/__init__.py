"""Arena: a tournament and bot-arena platform for board games."""

import arena_sdk  # noqa: F401  (chooses gRPC's I/O before any module of arena imports grpc)

__version__ = "0.1.0"
